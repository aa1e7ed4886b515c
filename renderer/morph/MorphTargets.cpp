#include "renderer/morph/MorphTargets.h"

#include <algorithm>
#include <cstring>

#include "morph/targets/ActiveWeights.h"
#include "morph/targets/Packing.h"
#include "renderer/gl/Bindings.h"
#include "renderer/gl/Log.h"
#include "renderer/morph/GpuLimits.h"

namespace renderer {

// One reading of the context for every limit (GpuLimits), so the two cannot disagree.
MorphLimits MorphLimits::query() {
    return GpuLimits::query().morph();
}

morph::Result<MorphTargets> MorphTargets::upload(const morph::Primitive& primitive,
                                                 const MorphLimits& limits) {
    MorphTargets out;
    out.mSlots.fill(-1);
    const morph::PackedTargets layout = morph::packLayout(primitive, limits.maxTextureSize);
    if (layout.stride == 0 || layout.targetCount == 0 || layout.layerTexels() == 0) return out;

    if (layout.height > limits.maxTextureSize) {
        return morph::Error{
            morph::ErrorCode::Gpu,
            "morph targets: " + std::to_string(layout.vertexCount) + " vertices x " +
                std::to_string(layout.stride) + " channels need a " + std::to_string(layout.width) +
                " x " + std::to_string(layout.height) + " layer, over GL_MAX_TEXTURE_SIZE " +
                std::to_string(limits.maxTextureSize)};
    }
    const uint32_t layersPerTexture = std::min(layout.targetCount, std::max(limits.maxLayers, 1u));
    const uint32_t textureCount = (layout.targetCount + layersPerTexture - 1) / layersPerTexture;
    if (textureCount > kMaxMorphTextures) {
        return morph::Error{morph::ErrorCode::Limit,
                            "morph targets: " + std::to_string(layout.targetCount) +
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

namespace {

// Unique across every MorphWeights, so a generation identifies one set of weights.
uint64_t nextGeneration() {
    static uint64_t generation = 0;
    return ++generation;
}

}  // namespace

MorphWeights MorphWeights::create(size_t targetCount) {
    MorphWeights out;
    out.mTargetCount = targetCount;
    out.updateInstances({});
    return out;
}

void MorphWeights::update(const std::vector<float>& weights) {
    setRows(&weights, 1);
}

void MorphWeights::updateInstances(const std::vector<std::vector<float>>& rows) {
    setRows(rows.data(), rows.size());
}

void MorphWeights::setRows(const std::vector<float>* rows, size_t count) {
    // Every frame, for every morphed node: a scan of the caller's weights (in cache: they were
    // just written) into the active lists, and nothing else. Per-target state (the dense rows)
    // is written only for the paths that read it, when they ask for it: with a few active
    // targets out of hundreds, each would be a cache line the frame's draw has evicted.
    const size_t instances = std::max<size_t>(count, 1);
    mInstanceCount = uint32_t(instances);
    mActiveTargets.resize(instances);
    mActiveWeights.resize(instances);
    mActiveCount = 0;
    for (size_t k = 0; k < instances; ++k) {
        const float* weights = k < count ? rows[k].data() : nullptr;
        const size_t n = k < count ? std::min(rows[k].size(), mTargetCount) : 0;
        morph::collectActive(weights, n, mActiveTargets[k], mActiveWeights[k]);
        mActiveCount = std::max(mActiveCount, uint32_t(mActiveTargets[k].size()));
    }
    mPairsDirty = mRowsDirty = mRowsStale = true;
    mGeneration = nextGeneration();
}

const std::vector<float>& MorphWeights::rows() const {
    if (!mRowsStale) return mRows;
    const size_t stride = std::max<size_t>(mTargetCount, 1);
    mRows.assign(stride * mInstanceCount, 0.0f);
    for (size_t k = 0; k < mActiveTargets.size(); ++k) {
        for (size_t i = 0; i < mActiveTargets[k].size(); ++i) {
            mRows[k * stride + mActiveTargets[k][i]] = mActiveWeights[k][i];
        }
    }
    mRowsStale = false;
    return mRows;
}

namespace {

// Grows `buffer` (never shrinks: a crowd that gets smaller keeps its storage) and writes `words`.
void writeGrowing(gl::Buffer& buffer, const void* data, size_t bytes) {
    if (buffer.id() == 0 || size_t(buffer.size()) < bytes) {
        buffer = gl::Buffer::create(GLsizeiptr(bytes), data, GL_DYNAMIC_STORAGE_BIT);
    } else if (bytes > 0) {
        buffer.subData(0, GLsizeiptr(bytes), data);
    }
}

}  // namespace

const gl::Buffer& MorphWeights::buffer() const {
    if (!mPairsDirty) return mBuffer;
    // Layout of MorphWeights in morph.glsl (std430): uint stride, then (uint, float) pairs.
    const size_t stride = mActiveCount;
    mScratch.assign(1 + 2 * std::max<size_t>(stride * mInstanceCount, 1), 0u);
    mScratch[0] = uint32_t(stride);
    for (size_t k = 0; k < mActiveTargets.size(); ++k) {
        for (size_t i = 0; i < mActiveTargets[k].size(); ++i) {
            const uint32_t t = mActiveTargets[k][i];
            const float w = mActiveWeights[k][i];
            mScratch[1 + 2 * (k * stride + i)] = t;
            std::memcpy(&mScratch[2 + 2 * (k * stride + i)], &w, sizeof(float));
        }
    }
    // The first build sizes the buffer for every target, so a single instance never regrows.
    const size_t capacity = std::max(mScratch.size(), 1 + 2 * std::max<size_t>(mTargetCount, 1));
    if (mBuffer.id() == 0 || size_t(mBuffer.size()) < capacity * sizeof(uint32_t)) {
        mBuffer = gl::Buffer::create(GLsizeiptr(capacity * sizeof(uint32_t)), nullptr,
                                     GL_DYNAMIC_STORAGE_BIT);
    }
    writeGrowing(mBuffer, mScratch.data(), mScratch.size() * sizeof(uint32_t));
    mPairsDirty = false;
    return mBuffer;
}

const gl::Buffer& MorphWeights::rowsBuffer() const {
    if (mRowsDirty) {
        const std::vector<float>& all = rows();
        writeGrowing(mRowsBuffer, all.data(), all.size() * sizeof(float));
        mRowsDirty = false;
    }
    return mRowsBuffer;
}

void bindMorph(gl::Program& program, const MorphTargets* targets, const MorphWeights* weights,
               MorphShaderMode mode) {
    const bool morphs = targets != nullptr && !targets->empty() && weights != nullptr;
    if (!morphs) {
        program.set(location(UniformLocation::MorphLayout), glm::ivec4(0));
        program.set(location(UniformLocation::MorphMode), glm::ivec4(0));
        return;
    }
    for (size_t i = 0; i < targets->textures().size(); ++i) {
        targets->textures()[i].bindUnit(unit(TextureUnit::MorphTargets) + GLuint(i));
    }
    if (mode == MorphShaderMode::VsDense) {
        weights->rowsBuffer().bindBase(GL_SHADER_STORAGE_BUFFER,
                                       binding(StorageBlock::MorphWeightRows));
    } else {
        mode = MorphShaderMode::VsActive;
        weights->buffer().bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphWeights));
    }
    program.set(location(UniformLocation::MorphMode),
                glm::ivec4(int(mode), 0, int(std::max<size_t>(weights->targetCount(), 1)), 0));
    program.set(location(UniformLocation::MorphLayout),
                glm::ivec4(int(targets->stride()), int(targets->width()),
                           int(targets->layersPerTexture()), int(targets->targetCount())));
    const auto& slots = targets->slots();
    program.set(location(UniformLocation::MorphSlots),
                std::vector<int>(slots.begin(), slots.end()));
}

}  // namespace renderer
