#pragma once
// One primitive's morph on the GPU, for every path of MorphPath.h. A path's resources
// are built only when that path is first used (prepare), so a 1,000,000-vertex x 64-target mesh
// never gets its 2 GB texture array unless vs-dense or vs-active asks for it; release() frees
// them again.
//   vs-dense, vs-active: the texture array (MorphTargets), read in the vertex shader.
//   cs-sparse: SparseMorph's CSR arrays and an output buffer the gather pre-pass writes.
//   cpu: an output buffer of morph::blend's values, uploaded each frame.
#include <array>
#include <memory>
#include <optional>
#include <string>

#include "morph/MorphChannel.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Program.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/MorphTargets.h"
#include "renderer/morph/SparseMorph.h"

namespace renderer {

class GpuBudget;

// What a primitive's morph is made from, measured once at upload and never changed: the CPU
// primitive (kept for the lazily built path data and the cpu path) and its MorphShape. GpuScene
// holds one per morphed primitive; every drawer's PrimitiveMorph shares it.
struct MorphSource {
    std::shared_ptr<const morph::Primitive> primitive;
    std::string where;  // "<file>: meshes[m].primitives[p]", for budget messages
    MorphShape shape;
    // The vec4 slot of each channel in the cpu path's output (-1: not written).
    std::array<int, morph::kMorphChannelCount> cpuSlots{};

    static std::shared_ptr<const MorphSource> measure(
        std::shared_ptr<const morph::Primitive> primitive, std::string where = "a primitive");
    bool empty() const { return shape.targetCount == 0 || shape.vertexCount == 0; }
};

// One drawer's morph of one primitive as one node draws it: the path data built on first use
// (texture arrays, sparse CSR arrays: shared by every node of the drawer that draws the
// primitive, see share()) and the output its pre-pass writes (cpu values, cs-sparse sums: this
// draw's own). Owned by whoever draws (SceneRenderer's DrawState, the overlays, the oracle),
// never by the scene, so two drawers never write into each other's buffers; and a mesh used by
// two nodes with different weights gets one output per node, so neither overwrites the other's
// before the draws.
class PrimitiveMorph {
public:
    PrimitiveMorph() = default;
    // Builds nothing on the GPU yet. Path data built later is charged to `budget` when given
    // (it must outlive this; a charge that does not fit fails prepare, and the stage falls back).
    static PrimitiveMorph create(std::shared_ptr<const MorphSource> source,
                                 const MorphLimits& limits, GpuBudget* budget = nullptr);
    // Measures `primitive` first (tests, eval).
    static PrimitiveMorph create(std::shared_ptr<const morph::Primitive> primitive,
                                 const MorphLimits& limits);
    // Another draw of the same primitive (a second node using the mesh): the same path data
    // (built once, charged once, released for both), its own pre-pass output.
    PrimitiveMorph share() const;

    bool empty() const { return !mSource || mSource->empty(); }
    const MorphShape& shape() const;
    const morph::Primitive* source() const { return mSource ? mSource->primitive.get() : nullptr; }

    // The concrete path that runs for `requested` (resolveMorphPath with this primitive's
    // shape, limits and sparse method).
    MorphPath resolve(MorphPath requested, uint32_t activeCount, uint32_t passes = 1) const;

    // Builds what `path` (concrete) needs if not built yet. Errors: GL limits (texture size,
    // layers), the memory budget, sparse encoding; they name the path. A path that failed is not
    // retried.
    morph::Status prepare(MorphPath path);
    // Frees what only `path` (concrete) uses; prepare() builds it again on next use.
    void release(MorphPath path);
    void releaseAll();
    // GPU bytes held now by whatever paths have been prepared: the path data (shared with
    // share()'s copies) and this draw's output.
    uint64_t residentBytes() const;
    // Of those, this draw's own: the pre-pass output.
    uint64_t outputBytes() const { return uint64_t(mOutput.size()); }

    // The WeightBuffers that `path`'s pre-pass and draws read on the GPU (MorphWeights::upload).
    uint32_t weightBuffers(MorphPath path) const;
    // The pre-pass of `path` (prepared): cs-sparse dispatches the gather, cpu blends the active
    // targets and uploads, the vs paths do nothing (they morph in the draw). Skipped when the
    // same weights generation already ran for this path, so every pass of a frame (and a
    // transform feedback read-back after a draw) reuses the buffer.
    void run(MorphPath path, const MorphWeights& weights, MorphPrograms& programs);
    // Points `program` (one that includes morph.glsl) at `path`'s data for a draw; None (or an
    // empty primitive): no morph.
    void bind(gl::Program& program, MorphPath path, const MorphWeights& weights) const;

    // cs-sparse's pre-pass (SparseMethod); a change drops the sparse data built for the other
    // (for every share() of this primitive).
    void setSparseMethod(SparseMethod method);
    SparseMethod sparseMethod() const { return mData ? mData->sparseMethod : kDefaultSparseMethod; }

    // The texture array, when vs-dense or vs-active has been prepared (else null).
    const MorphTargets* denseTargets() const {
        return mData && mData->dense ? &*mData->dense : nullptr;
    }

private:
    // The path data: immutable once built, the same for every node that draws the primitive.
    struct PathData {
        MorphLimits limits;
        GpuBudget* budget = nullptr;
        std::optional<MorphTargets> dense;
        std::optional<SparseMorph> sparse;  // its scatter scratch is rewritten by each run
        uint64_t denseCharged = 0;          // bytes charged to budget for dense, sparse
        uint64_t sparseCharged = 0;
        SparseMethod sparseMethod = kDefaultSparseMethod;
        // Per concrete path, why prepare failed (not retried; an empty message: not failed).
        std::array<morph::Error, kConcreteMorphPathCount> failures;
        // Bumped whenever data is freed or changed, so no draw reuses an output made from it.
        uint64_t version = 0;
    };

    morph::Status build(MorphPath path);
    void ensureOutput(uint64_t bytes);

    std::shared_ptr<const MorphSource> mSource;
    std::shared_ptr<PathData> mData;  // null only for a default-made (empty) PrimitiveMorph
    gl::Buffer mOutput;               // cs-sparse sums or cpu values, instance-major
    std::vector<glm::vec4> mCpuScratch;
    MorphPath mRanPath = MorphPath::None;
    uint64_t mRanGeneration = 0;
    uint64_t mRanVersion = 0;
};

}  // namespace renderer
