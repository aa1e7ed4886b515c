#pragma once
// The GPU side of morphing. MorphTargets: one primitive's packed deltas (morph::packTargets) in
// GL_TEXTURE_2D_ARRAY RGBA32F textures, uploaded once at load. MorphWeights: a mesh's weights
// in a shader storage buffer, the only thing written per frame. bindMorph() points a program at
// both (see shaders/morph.glsl for the reading side).
#include <array>
#include <cstdint>
#include <vector>

#include "gl/Buffer.h"
#include "gl/Program.h"
#include "gl/Texture.h"
#include "morph/MorphChannel.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace renderer {

struct MorphLimits {
    uint32_t maxTextureSize = 16384;  // GL_MAX_TEXTURE_SIZE
    uint32_t maxLayers = 2048;        // GL_MAX_ARRAY_TEXTURE_LAYERS
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

class MorphWeights {
public:
    MorphWeights() = default;
    // Storage for `targetCount` weights (all of a mesh's primitives share them).
    static MorphWeights create(size_t targetCount);

    // Writes the non-zero weights as (target, weight) pairs in ascending target order, so the
    // shader's sum runs in the same order as morph::blend's. Entries past targetCount are
    // ignored; missing entries count as 0.
    void update(const std::vector<float>& weights);
    uint32_t activeCount() const { return mActiveCount; }
    size_t targetCount() const { return mTargetCount; }
    const gl::Buffer& buffer() const { return mBuffer; }

private:
    gl::Buffer mBuffer;
    size_t mTargetCount = 0;
    uint32_t mActiveCount = 0;
    std::vector<uint32_t> mScratch;  // the words written to the buffer, kept to avoid reallocating
};

// Binds `targets`' textures and `weights`' buffer to the units/binding points of Bindings.h and
// sets the program's morph uniforms. `targets` empty (or null): the shader skips morphing.
void bindMorph(gl::Program& program, const MorphTargets* targets, const MorphWeights* weights);

}  // namespace renderer
