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
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/Texture.h"

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

class MorphWeights {
public:
    MorphWeights() = default;
    // Storage for `targetCount` weights (all of a mesh's primitives share them).
    static MorphWeights create(size_t targetCount);

    // One instance: writes the weights (entries past targetCount are ignored, missing ones
    // count as 0). The GPU buffers are written when a path first asks for them.
    void update(const std::vector<float>& weights);
    // Crowds: instance k draws with rows[k] (the shaders index by gl_InstanceID, as three.js's
    // setMorphAt does). An empty list counts as one row of zeros.
    void updateInstances(const std::vector<std::vector<float>>& rows);

    // The longest active list over the instances (the vs-active loop count).
    uint32_t activeCount() const { return mActiveCount; }
    uint32_t instanceCount() const { return mInstanceCount; }
    size_t targetCount() const { return mTargetCount; }
    // Per instance, the targets with a non-zero weight, ascending, and their weights.
    const std::vector<std::vector<uint32_t>>& activeTargets() const { return mActiveTargets; }
    const std::vector<std::vector<float>>& activeWeights() const { return mActiveWeights; }
    // instanceCount() rows of targetCount() weights, written out on first use after an update
    // (only the vs-dense and gather paths and the cpu blend read whole rows).
    const std::vector<float>& rows() const;
    // New (and unique across all MorphWeights) after every update: a pre-pass that ran for this
    // generation need not run again.
    uint64_t generation() const { return mGeneration; }

    // vs-active: uint stride (= activeCount()), then per instance `stride` (target, weight)
    // pairs in ascending target order (padded with zero weights), so the shader's sum runs in
    // the same order as morph::blend's.
    const gl::Buffer& buffer() const;
    // vs-dense and cs-sparse: the rows as floats, instance-major.
    const gl::Buffer& rowsBuffer() const;

private:
    // `count` rows (none: one row of zeros) become the active lists.
    void setRows(const std::vector<float>* rows, size_t count);

    mutable gl::Buffer mBuffer;
    mutable gl::Buffer mRowsBuffer;
    mutable bool mPairsDirty = true;
    mutable bool mRowsDirty = true;  // rowsBuffer() is behind the weights
    mutable bool mRowsStale = true;  // mRows is behind the weights
    size_t mTargetCount = 0;
    uint32_t mInstanceCount = 1;
    uint32_t mActiveCount = 0;
    uint64_t mGeneration = 0;
    mutable std::vector<float> mRows;
    std::vector<std::vector<uint32_t>> mActiveTargets;
    std::vector<std::vector<float>> mActiveWeights;
    mutable std::vector<uint32_t> mScratch;  // the words of buffer(), kept to avoid reallocating
};

// Values of MV_UNIFORM_MORPH_MODE.x (see morph.glsl); 0 so that a program that never sets it
// keeps the vs-active reading.
enum class MorphShaderMode : int { VsActive = 0, VsDense = 1, AddSums = 2, ReplaceValues = 3 };

// Binds `targets`' textures and `weights`' buffer to the units/binding points of Bindings.h and
// sets the program's morph uniforms for `mode` (VsActive or VsDense). `targets` empty (or
// null): the shader skips morphing.
void bindMorph(gl::Program& program, const MorphTargets* targets, const MorphWeights* weights,
               MorphShaderMode mode = MorphShaderMode::VsActive);

}  // namespace renderer
