#pragma once
// cs-sparse's GPU data for one primitive: its sparse int16 targets
// (morph::SparseTargets, a scale per target) regrouped by vertex (CSR: per vertex the entries of
// every target that moves it, in ascending target order), and the gather pre-pass
// (shaders/sparse_gather.comp) that writes per vertex per instance the sum of w * delta.
//
// Two deterministic pre-passes (no float atomics), chosen by SparseMethod:
//   Gather:  one invocation per vertex walks that vertex's entries (CSR by vertex) in target
//            order and writes the sum once; it reads the 4-byte target id of every entry,
//            active or not (sparse_gather.comp).
//   Scatter: one invocation per entry of an active target only, adding fixed-point terms to
//            per-vertex int32 sums with atomicAdd; then a clear and a finalize pass over the
//            vertices (sparse_scatter.comp, sparse_finalize.comp).
// SparseMethod and kDefaultSparseMethod (and why) are in MorphPath.h, with the cost model.
#include <cstdint>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/MorphTargets.h"

namespace renderer {

// The compute programs of the morph stage, one per context (SceneRenderer and GpuOracle own one).
struct MorphPrograms {
    gl::Program gather;
    gl::Program scatter;
    gl::Program finalize;
    static morph::Result<MorphPrograms> create(const ShaderLibrary& library = ShaderLibrary());
};

class SparseMorph {
public:
    SparseMorph() = default;
    // Sparsifies `primitive` (POSITION and NORMAL deltas only: morph::sparseCovers must hold)
    // and uploads the CSR arrays.
    static morph::Result<SparseMorph> upload(const morph::Primitive& primitive,
                                             SparseMethod method = kDefaultSparseMethod);
    SparseMethod method() const { return mMethod; }

    // Output layout: vec4 slots per vertex and the slot of each channel (-1: not written).
    uint32_t stride() const { return mStride; }
    int positionSlot() const { return mPositionSlot; }
    int normalSlot() const { return mNormalSlot; }
    uint64_t entryCount() const { return mEntryCount; }
    uint64_t residentBytes() const;  // the CSR arrays and scales (not the output)

    // Dispatches the gather for every instance of `weights` into `output`, which must hold
    // instanceCount * vertexCount * stride vec4s. Ends with the barrier the draw needs.
    void run(MorphPrograms& programs, const MorphWeights& weights, const gl::Buffer& output);

private:
    void runGather(gl::Program& gather, const MorphWeights& weights,
                   const gl::Buffer& output) const;
    void runScatter(MorphPrograms& programs, const MorphWeights& weights, const gl::Buffer& output);

    gl::Buffer mRows;
    gl::Buffer mTargets;
    gl::Buffer mDeltas;
    gl::Buffer mScales;
    uint32_t mVertexCount = 0;
    uint32_t mTargetCount = 0;
    uint64_t mEntryCount = 0;
    uint32_t mStride = 0;
    int mPositionSlot = -1;
    int mNormalSlot = -1;
    SparseMethod mMethod = kDefaultSparseMethod;
    // Scatter: per target its first entry and count, quanta and scales (the fixed-point bound);
    // per frame the jobs, their factors, the instances' quanta and the accumulators.
    std::vector<uint32_t> mTargetFirst;
    std::vector<uint32_t> mTargetEntries;
    std::vector<glm::vec2> mTargetQuanta;
    std::vector<glm::vec2> mTargetScales;
    gl::Buffer mJobs;
    gl::Buffer mFactors;
    gl::Buffer mInstanceQuanta;
    gl::Buffer mAccumulators;
    std::vector<glm::uvec4> mJobScratch;
    std::vector<glm::vec2> mFactorScratch;
    std::vector<glm::vec2> mQuantaScratch;
};

}  // namespace renderer
