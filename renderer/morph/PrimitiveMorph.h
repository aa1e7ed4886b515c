#pragma once
// One primitive's morph on the GPU, for every path of MorphPath.h (issue 6). A path's resources
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

// One drawer's morph of one primitive: the path data it has built (on first use) and the output
// its pre-pass writes. Owned by whoever draws (SceneRenderer's DrawState, the overlays, the
// oracle), never by the scene, so two drawers never write into each other's buffers.
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
    // GPU bytes held now by whatever paths have been prepared.
    uint64_t residentBytes() const;

    // The pre-pass of `path` (prepared): cs-sparse dispatches the gather, cpu blends the active
    // targets and uploads, the vs paths do nothing (they morph in the draw). Skipped when the
    // same weights generation already ran for this path, so every pass of a frame (and a
    // transform feedback read-back after a draw) reuses the buffer.
    void run(MorphPath path, const MorphWeights& weights, MorphPrograms& programs);
    // Points `program` (one that includes morph.glsl) at `path`'s data for a draw; None (or an
    // empty primitive): no morph.
    void bind(gl::Program& program, MorphPath path, const MorphWeights& weights) const;

    // cs-sparse's pre-pass (SparseMethod); a change drops the sparse data built for the other.
    void setSparseMethod(SparseMethod method);
    SparseMethod sparseMethod() const { return mSparseMethod; }

    // The texture array, when vs-dense or vs-active has been prepared (else null).
    const MorphTargets* denseTargets() const { return mDense ? &*mDense : nullptr; }

private:
    morph::Status build(MorphPath path);
    void ensureOutput(uint64_t bytes);

    std::shared_ptr<const MorphSource> mSource;
    MorphLimits mLimits;
    GpuBudget* mBudget = nullptr;
    std::optional<MorphTargets> mDense;
    std::optional<SparseMorph> mSparse;
    uint64_t mDenseCharged = 0;  // bytes charged to mBudget for mDense, mSparse
    uint64_t mSparseCharged = 0;
    SparseMethod mSparseMethod = kDefaultSparseMethod;
    gl::Buffer mOutput;  // cs-sparse sums or cpu values, instance-major
    std::vector<glm::vec4> mCpuScratch;
    // Per concrete path, why prepare failed (not retried; an empty message: not failed).
    std::array<morph::Error, kConcreteMorphPathCount> mFailures;
    MorphPath mRanPath = MorphPath::None;
    uint64_t mRanGeneration = 0;
};

}  // namespace renderer
