#pragma once
// cs-sparse's GPU data for one primitive (issue 6): its sparse int16 targets
// (morph::SparseTargets, a scale per target) regrouped by vertex (CSR: per vertex the entries of
// every target that moves it, in ascending target order), and the gather pre-pass
// (shaders/sparse_gather.comp) that writes per vertex per instance the sum of w * delta.
//
// Why a per-vertex gather and not a per-entry scatter with integer atomicAdd: both are
// deterministic (no float atomics), but the gather writes each output once with no clear pass,
// no fixed-point conversion and no second finalize pass, and its sum runs in the CPU
// reference's order. What it pays is reading the 4-byte target id of inactive entries; see
// docs/PERFORMANCE.md for the measurement on llvmpipe.
#include <cstdint>

#include "MorphTargets.h"
#include "ShaderLibrary.h"
#include "gl/Buffer.h"
#include "gl/Program.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace renderer {

// The compute programs of the morph stage, one per context (SceneRenderer and GpuMorph own one).
struct MorphPrograms {
    gl::Program gather;
    static morph::Result<MorphPrograms> create(const ShaderLibrary& library = ShaderLibrary());
};

class SparseMorph {
public:
    SparseMorph() = default;
    // Sparsifies `primitive` (POSITION and NORMAL deltas only: morph::sparseCovers must hold)
    // and uploads the CSR arrays.
    static morph::Result<SparseMorph> upload(const morph::Primitive& primitive);

    // Output layout: vec4 slots per vertex and the slot of each channel (-1: not written).
    uint32_t stride() const { return mStride; }
    int positionSlot() const { return mPositionSlot; }
    int normalSlot() const { return mNormalSlot; }
    uint64_t entryCount() const { return mEntryCount; }
    uint64_t residentBytes() const;  // the CSR arrays and scales (not the output)

    // Dispatches the gather for every instance of `weights` into `output`, which must hold
    // instanceCount * vertexCount * stride vec4s. Ends with the barrier the draw needs.
    void run(gl::Program& gather, const MorphWeights& weights, const gl::Buffer& output) const;

private:
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
};

}  // namespace renderer
