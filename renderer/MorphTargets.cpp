#include "MorphTargets.h"

#include <algorithm>
#include <cstring>

#include "Bindings.h"
#include "GpuLimits.h"
#include "Log.h"
#include "morph/Packing.h"

namespace renderer {

// One reading of the context for every limit (GpuLimits), so the two cannot disagree.
MorphLimits MorphLimits::query() { return GpuLimits::query().morph(); }

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

namespace {

// Unique across every MorphWeights, so a generation identifies one set of weights.
uint64_t nextGeneration() {
    static uint64_t generation = 0;
    return ++generation;
}

// Replaces `active` by the indices of the non-zero weights in [0, count), ascending. A zero
// weight adds nothing (and -0 is zero). Words of eight floats with no bit set beyond the sign
// bits are skipped whole: with a few active targets out of hundreds, most are.
void appendActive(const float* weights, size_t count, std::vector<uint32_t>& active) {
    active.clear();
    constexpr uint32_t kMagnitude = 0x7fffffffu;
    size_t t = 0;
    for (; t + 8 <= count; t += 8) {
        uint32_t bits[8];
        std::memcpy(bits, weights + t, sizeof bits);
        uint32_t any = 0;
        for (uint32_t b : bits) any |= b & kMagnitude;
        if (any == 0) continue;
        for (size_t i = 0; i < 8; ++i) {
            if (weights[t + i] != 0.0f) active.push_back(uint32_t(t + i));
        }
    }
    for (; t < count; ++t) {
        if (weights[t] != 0.0f) active.push_back(uint32_t(t));
    }
}

}  // namespace

MorphWeights MorphWeights::create(size_t targetCount) {
    MorphWeights out;
    out.mTargetCount = targetCount;
    out.updateInstances({});
    return out;
}

void MorphWeights::update(const std::vector<float>& weights) {
    // Every frame, for every morphed node. The row keeps zeros everywhere but at the active
    // targets, so only the last update's and this one's actives are written: a scan of the
    // caller's T floats (eight at a time, in cache: they were just computed) and O(active)
    // writes, rather than T writes into a row the frame's draw has long evicted from the cache.
    const size_t stride = std::max<size_t>(mTargetCount, 1);
    if (mInstanceCount != 1 || mRows.size() != stride || mActiveTargets.size() != 1) {
        mRows.assign(stride, 0.0f);
    } else {
        for (uint32_t t : mActiveTargets[0]) mRows[t] = 0.0f;
    }
    mInstanceCount = 1;
    mActiveTargets.resize(1);
    const size_t count = std::min(weights.size(), mTargetCount);
    appendActive(weights.data(), count, mActiveTargets[0]);
    for (uint32_t t : mActiveTargets[0]) mRows[t] = weights[t];
    mActiveCount = uint32_t(mActiveTargets[0].size());
    mPairsDirty = mRowsDirty = true;
    mGeneration = nextGeneration();
}

void MorphWeights::updateInstances(const std::vector<std::vector<float>>& rows) {
    if (rows.size() <= 1) {
        update(rows.empty() ? std::vector<float>() : rows[0]);
        return;
    }
    const size_t stride = std::max<size_t>(mTargetCount, 1);
    mInstanceCount = uint32_t(rows.size());
    mRows.assign(stride * rows.size(), 0.0f);
    mActiveTargets.resize(rows.size());
    mActiveCount = 0;
    for (size_t k = 0; k < rows.size(); ++k) {
        const size_t count = std::min(rows[k].size(), mTargetCount);
        std::copy_n(rows[k].begin(), count, mRows.begin() + ptrdiff_t(k * stride));
        appendActive(mRows.data() + k * stride, count, mActiveTargets[k]);
        mActiveCount = std::max(mActiveCount, uint32_t(mActiveTargets[k].size()));
    }
    mPairsDirty = mRowsDirty = true;
    mGeneration = nextGeneration();
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
            const float w = mRows[k * std::max<size_t>(mTargetCount, 1) + t];
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
        writeGrowing(mRowsBuffer, mRows.data(), mRows.size() * sizeof(float));
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
        weights->rowsBuffer().bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::MorphWeightRows));
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
    program.set(location(UniformLocation::MorphSlots), std::vector<int>(slots.begin(), slots.end()));
}

}  // namespace renderer
