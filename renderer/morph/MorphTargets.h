#pragma once
// The GPU side of morphing. MorphTargets: one primitive's packed deltas (morph::packTargets) in
// GL_TEXTURE_2D_ARRAY RGBA32F textures, uploaded once at load. MorphWeights: a mesh's weights
// in a shader storage buffer, the only thing written per frame. bindMorph() points a program at
// both (see shaders/morph.glsl for the reading side).
#include <array>
#include <cstdint>
#include <vector>

#include "morph/MorphChannel.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/targets/ActiveWeights.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/Texture.h"
#include "renderer/morph/MorphPath.h"

namespace renderer {

struct MorphLimits {
    uint32_t maxTextureSize = 16384;  // GL_MAX_TEXTURE_SIZE
    uint32_t maxLayers = 2048;        // GL_MAX_ARRAY_TEXTURE_LAYERS
    // The driver rasterizes on the CPU (isSoftwareRenderer(GL_RENDERER)): auto morphs there.
    bool softwareRenderer = false;
    // The current context's limits.
    static MorphLimits query();
};

class MorphTargets {
public:
    MorphTargets() = default;
    // Packs and uploads `primitive`'s targets. A primitive without targets (or without morphed
    // channels) gives an empty MorphTargets, which bindMorph() turns into "no morph". Targets
    // beyond limits.maxLayers go into further arrays (with a log note); more than
    // kMaxMorphTextures arrays' worth is an error, as is a layer taller than maxTextureSize.
    static morph::Result<MorphTargets> upload(const morph::Primitive& primitive,
                                              const MorphLimits& limits);

    bool empty() const { return mStride == 0; }
    uint32_t targetCount() const { return mTargetCount; }
    uint32_t stride() const { return mStride; }
    uint32_t width() const { return mWidth; }
    uint32_t height() const { return mHeight; }
    uint32_t layersPerTexture() const { return mLayersPerTexture; }
    // Texel slot of each morph::MorphChannel (by index), -1 when not morphed.
    const std::array<int, morph::kMorphChannelCount>& slots() const { return mSlots; }
    const std::vector<gl::Texture>& textures() const { return mTextures; }

private:
    std::vector<gl::Texture> mTextures;
    std::array<int, morph::kMorphChannelCount> mSlots{};
    uint32_t mTargetCount = 0;
    uint32_t mStride = 0;
    uint32_t mWidth = 0;
    uint32_t mHeight = 0;
    uint32_t mLayersPerTexture = 0;
};

// What a morph path reads of a mesh's weights on the GPU (MorphWeights::upload): the
// (target, weight) pairs of vs-active, the dense rows of vs-dense and cs-sparse's gather, or
// nothing (cs-sparse's scatter and cpu read the active lists on the CPU).
enum WeightBuffers : uint32_t {
    kNoWeightBuffers = 0,
    kWeightPairs = 1u << 0,
    kWeightRows = 1u << 1,
};

// A mesh's weights as the morph paths read them: per instance the active list (the non-zero
// weights, ascending), and nothing dense. update() copies the frame's lists; upload() writes
// the GPU buffers a path reads from them, once per update, and is the only place they are
// written: the getters never upload.
class MorphWeights {
public:
    MorphWeights() = default;
    // Storage for `targetCount` weights (all of a mesh's primitives share them).
    static MorphWeights create(size_t targetCount);

    // One instance, from the frame's active list (targets past targetCount are dropped).
    void update(const morph::ActiveWeights& active);
    // One instance from dense weights (entries past targetCount are ignored, missing ones count
    // as 0).
    void update(const std::vector<float>& weights);
    // Crowds: instance k draws with rows[k] (the shaders index by gl_InstanceID, as three.js's
    // setMorphAt does). An empty list counts as one row of zeros.
    void updateInstances(const std::vector<std::vector<float>>& rows);

    // Writes `buffers` (WeightBuffers bits) from the active lists, each unless it already holds
    // this generation's weights: run by whoever draws, once the paths of the frame are known
    // and before the pre-pass and the draws read them (MorphStage::preparePrimitive).
    void upload(uint32_t buffers);

    // The longest active list over the instances (the vs-active loop count).
    uint32_t activeCount() const { return mActiveCount; }
    uint32_t instanceCount() const { return uint32_t(mActive.size()); }
    size_t targetCount() const { return mTargetCount; }
    // Per instance, the targets with a non-zero weight, ascending, and their weights.
    const std::vector<morph::ActiveWeights>& active() const { return mActive; }
    // New (and unique across all MorphWeights) after every update: a pre-pass that ran for this
    // generation need not run again.
    uint64_t generation() const { return mGeneration; }

    // vs-active (kWeightPairs): uint stride (= activeCount()), then per instance `stride`
    // (target, weight) pairs in ascending target order (padded with zero weights), so the
    // shader's sum runs in the same order as morph::blend's. As last uploaded.
    const gl::Buffer& pairsBuffer() const { return mPairs; }
    // vs-dense and cs-sparse's gather (kWeightRows): instanceCount() rows of targetCount()
    // floats, zeros but for the active entries. As last uploaded.
    const gl::Buffer& rowsBuffer() const { return mRows; }

private:
    void updated();
    void uploadPairs();
    void uploadRows();

    gl::Buffer mPairs;
    gl::Buffer mRows;
    uint64_t mPairsGeneration = 0;  // the generation each buffer holds (0: none yet)
    uint64_t mRowsGeneration = 0;
    size_t mTargetCount = 0;
    uint32_t mActiveCount = 0;
    uint64_t mGeneration = 0;
    std::vector<morph::ActiveWeights> mActive{1};
    std::vector<uint32_t> mScratch;  // the words of mPairs, kept to avoid reallocating
};

// Binds `targets`' textures and `weights`' buffer to the units/binding points of Bindings.h and
// sets the program's morph uniforms for `path` (vs-dense or vs-active: what morph.glsl's
// uMorphMode.x holds). The buffer must have been uploaded (weightBuffersFor(path)).
// `targets` empty (or null): the shader skips morphing.
void bindMorph(gl::Program& program, const MorphTargets* targets, const MorphWeights* weights,
               MorphPath path = MorphPath::VsActive);
// The WeightBuffers a vs path's draw reads (bindMorph): pairs for vs-active, rows for vs-dense.
uint32_t vertexWeightBuffers(MorphPath path);
// The shader skips morphing (uMorphLayout.x = 0).
void bindNoMorph(gl::Program& program);

}  // namespace renderer
