#include "MorphTargets.h"

#include <algorithm>
#include <cstring>

#include "Bindings.h"
#include "Log.h"
#include "morph/Packing.h"

namespace renderer {

MorphLimits MorphLimits::query() {
    GLint size = 0, layers = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
    glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
    MorphLimits limits;
    limits.maxTextureSize = uint32_t(std::max(size, 1));
    limits.maxLayers = uint32_t(std::max(layers, 1));
    return limits;
}

morph::Result<MorphTargets> MorphTargets::upload(const morph::Primitive& primitive,
                                                 const MorphLimits& limits) {
    MorphTargets out;
    out.mSlots.fill(-1);
    const morph::PackedTargets layout = morph::packLayout(primitive, limits.maxTextureSize);
    if (layout.stride == 0 || layout.targetCount == 0 || layout.layerTexels() == 0) return out;

    if (layout.height > limits.maxTextureSize) {
        return morph::Error{"morph targets: " + std::to_string(layout.vertexCount) +
                            " vertices x " + std::to_string(layout.stride) +
                            " channels need a " + std::to_string(layout.width) + " x " +
                            std::to_string(layout.height) + " layer, over GL_MAX_TEXTURE_SIZE " +
                            std::to_string(limits.maxTextureSize)};
    }
    const uint32_t layersPerTexture = std::min(layout.targetCount, std::max(limits.maxLayers, 1u));
    const uint32_t textureCount = (layout.targetCount + layersPerTexture - 1) / layersPerTexture;
    if (textureCount > kMaxMorphTextures) {
        return morph::Error{"morph targets: " + std::to_string(layout.targetCount) +
                            " targets need " + std::to_string(textureCount) +
                            " texture arrays of " + std::to_string(layersPerTexture) +
                            " layers; the renderer binds at most " +
                            std::to_string(kMaxMorphTextures)};
    }
    if (textureCount > 1) {
        logNote("morph targets: " + std::to_string(layout.targetCount) +
                " targets exceed GL_MAX_ARRAY_TEXTURE_LAYERS (" + std::to_string(limits.maxLayers) +
                "); split across " + std::to_string(textureCount) + " texture arrays");
    }

    const morph::PackedTargets packed = morph::packTargets(primitive, limits.maxTextureSize);
    out.mTargetCount = packed.targetCount;
    out.mStride = packed.stride;
    out.mWidth = packed.width;
    out.mHeight = packed.height;
    out.mLayersPerTexture = layersPerTexture;
    for (size_t s = 0; s < packed.channels.size(); ++s) {
        out.mSlots[morph::index(packed.channels[s])] = int(s);
    }
    const uint64_t layerTexels = packed.layerTexels();
    for (uint32_t t = 0; t < textureCount; ++t) {
        const uint32_t firstLayer = t * layersPerTexture;
        const uint32_t layers = std::min(layersPerTexture, packed.targetCount - firstLayer);
        gl::Texture texture = gl::Texture::create(GL_TEXTURE_2D_ARRAY);
        texture.storage3D(1, GL_RGBA32F, GLsizei(packed.width), GLsizei(packed.height),
                          GLsizei(layers));
        // Read with texelFetch only; NEAREST keeps the texture complete without mipmaps.
        texture.parameter(GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        texture.parameter(GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        texture.subImage3D(0, 0, 0, 0, GLsizei(packed.width), GLsizei(packed.height),
                           GLsizei(layers), GL_RGBA, GL_FLOAT,
                           packed.texels.data() + layerTexels * firstLayer);
        out.mTextures.push_back(std::move(texture));
    }
    return out;
}

MorphWeights MorphWeights::create(size_t targetCount) {
    MorphWeights out;
    out.mTargetCount = targetCount;
    // Layout of MorphWeights in morph.glsl (std430): uint activeCount, then (uint, float) pairs.
    const size_t words = 1 + 2 * std::max<size_t>(targetCount, 1);
    out.mScratch.assign(words, 0u);
    out.mBuffer = gl::Buffer::create(GLsizeiptr(words * sizeof(uint32_t)), out.mScratch.data(),
                                     GL_DYNAMIC_STORAGE_BIT);
    return out;
}

void MorphWeights::update(const std::vector<float>& weights) {
    const size_t count = std::min(weights.size(), mTargetCount);
    uint32_t active = 0;
    for (size_t t = 0; t < count; ++t) {
        if (weights[t] == 0.0f) continue;  // zero weights are skipped: they add nothing
        mScratch[1 + 2 * active] = uint32_t(t);
        std::memcpy(&mScratch[2 + 2 * active], &weights[t], sizeof(float));
        ++active;
    }
    mScratch[0] = active;
    mActiveCount = active;
    mBuffer.subData(0, GLsizeiptr((1 + 2 * size_t(active)) * sizeof(uint32_t)), mScratch.data());
}

void bindMorph(gl::Program& program, const MorphTargets* targets, const MorphWeights* weights) {
    const bool morphs = targets != nullptr && !targets->empty() && weights != nullptr;
    if (!morphs) {
        program.set(location(UniformLocation::MorphLayout), glm::ivec4(0));
        return;
    }
    for (size_t i = 0; i < targets->textures().size(); ++i) {
        targets->textures()[i].bindUnit(unit(TextureUnit::MorphTargets) + GLuint(i));
    }
    weights->buffer().bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphWeights));
    program.set(location(UniformLocation::MorphLayout),
                glm::ivec4(int(targets->stride()), int(targets->width()),
                           int(targets->layersPerTexture()), int(targets->targetCount())));
    const auto& slots = targets->slots();
    program.set(location(UniformLocation::MorphSlots), std::vector<int>(slots.begin(), slots.end()));
}

}  // namespace renderer
