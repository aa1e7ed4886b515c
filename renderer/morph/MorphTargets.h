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

// A mesh's weights as the morph paths read them: per instance the active list (the non-zero
// weights, ascending), and nothing dense. The GPU buffers are written from those lists when a
// path first asks for them after an update.
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

    // The longest active list over the instances (the vs-active loop count).
    uint32_t activeCount() const { return mActiveCount; }
    uint32_t instanceCount() const { return uint32_t(mActive.size()); }
    size_t targetCount() const { return mTargetCount; }
    // Per instance, the targets with a non-zero weight, ascending, and their weights.
    const std::vector<morph::ActiveWeights>& active() const { return mActive; }
    // New (and unique across all MorphWeights) after every update: a pre-pass that ran for this
    // generation need not run again.
    uint64_t generation() const { return mGeneration; }

    // vs-active: uint stride (= activeCount()), then per instance `stride` (target, weight)
    // pairs in ascending target order (padded with zero weights), so the shader's sum runs in
    // the same order as morph::blend's.
    const gl::Buffer& buffer() const;
    // vs-dense and cs-sparse's gather: instanceCount() rows of targetCount() floats, written
    // into the mapped buffer straight from the active lists (zeros, then the active entries).
    const gl::Buffer& rowsBuffer() const;

private:
    void updated();

    mutable gl::Buffer mBuffer;
    mutable gl::Buffer mRowsBuffer;
    mutable bool mPairsDirty = true;
    mutable bool mRowsDirty = true;
    size_t mTargetCount = 0;
    uint32_t mActiveCount = 0;
    uint64_t mGeneration = 0;
    std::vector<morph::ActiveWeights> mActive{1};
    mutable std::vector<uint32_t> mScratch;  // the words of buffer(), kept to avoid reallocating
};

// Binds `targets`' textures and `weights`' buffer to the units/binding points of Bindings.h and
// sets the program's morph uniforms for `path` (vs-dense or vs-active: what morph.glsl's
// uMorphMode.x holds). `targets` empty (or null): the shader skips morphing.
void bindMorph(gl::Program& program, const MorphTargets* targets, const MorphWeights* weights,
               MorphPath path = MorphPath::VsActive);
// The shader skips morphing (uMorphLayout.x = 0).
void bindNoMorph(gl::Program& program);

}  // namespace renderer
