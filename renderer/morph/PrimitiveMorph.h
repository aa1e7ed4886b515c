#pragma once
// One primitive's morph on the GPU, for every path of MorphPath.h (issue 6). It keeps the CPU
// primitive and builds a path's resources only when that path is first used (prepare), so a
// 1,000,000-vertex x 64-target mesh never gets its 2 GB texture array unless vs-dense or
// vs-active asks for it; release() frees them again.
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

class PrimitiveMorph {
public:
    PrimitiveMorph() = default;
    // Measures the primitive (MorphShape) and keeps `source`; builds nothing on the GPU yet.
    static PrimitiveMorph create(std::shared_ptr<const morph::Primitive> source,
                                 const MorphLimits& limits);

    bool empty() const { return mShape.targetCount == 0 || mShape.vertexCount == 0; }
    const MorphShape& shape() const { return mShape; }
    const morph::Primitive* source() const { return mSource.get(); }

    // The concrete path that runs for `requested`: auto's choice (chooseMorphPath) for Auto,
    // vs-active for cs-sparse when the primitive morphs channels sparse targets do not hold
    // (TANGENT, TEXCOORD, COLOR), else `requested`.
    MorphPath resolve(MorphPath requested, uint32_t activeCount, uint32_t passes = 1) const;

    // Builds what `path` (concrete) needs if not built yet. Errors: GL limits (texture size,
    // layers), sparse encoding; they name the path.
    morph::Status prepare(MorphPath path);
    // Frees what only `path` uses (Auto: everything). prepare() builds it again on next use.
    void release(MorphPath path);
    // GPU bytes held now by whatever paths have been prepared.
    uint64_t residentBytes() const;

    // The morph stage of a frame for `path` (prepared): cs-sparse dispatches the gather, cpu
    // blends and uploads, the vs paths do nothing (they morph in the draw). Skipped when the
    // same weights generation already ran for this path, so every pass of a frame (and a
    // transform feedback read-back after a draw) reuses the buffer.
    void run(MorphPath path, const MorphWeights& weights, MorphPrograms& programs);
    // Points `program` (one that includes morph.glsl) at `path`'s data for a draw.
    void bind(gl::Program& program, MorphPath path, const MorphWeights& weights) const;

    // cs-sparse's pre-pass (SparseMethod); a change drops the sparse data built for the other.
    void setSparseMethod(SparseMethod method);
    SparseMethod sparseMethod() const { return mSparseMethod; }

    // The texture array, when vs-dense or vs-active has been prepared (else null).
    const MorphTargets* denseTargets() const { return mDense ? &*mDense : nullptr; }

private:
    morph::Status build(MorphPath path);
    void ensureOutput(uint64_t bytes);

    std::shared_ptr<const morph::Primitive> mSource;
    MorphLimits mLimits;
    MorphShape mShape;
    std::optional<MorphTargets> mDense;
    std::optional<SparseMorph> mSparse;
    SparseMethod mSparseMethod = kDefaultSparseMethod;
    gl::Buffer mOutput;  // cs-sparse sums or cpu values, instance-major
    std::array<int, morph::kMorphChannelCount> mCpuSlots{};
    std::vector<glm::vec4> mCpuScratch;
    std::array<morph::Error, 4> mFailures;  // per concrete path, why prepare failed (not retried)
    MorphPath mRanPath = MorphPath::Auto;
    uint64_t mRanGeneration = 0;
};

}  // namespace renderer
