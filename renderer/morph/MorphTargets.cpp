#include "renderer/morph/MorphTargets.h"

#include <algorithm>
#include <atomic>
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

// Unique across every MorphWeights (and every thread that draws), so a generation identifies
// one set of weights.
std::atomic<uint64_t> gGeneration{0};

uint64_t nextGeneration() {
    return ++gGeneration;
}

}  // namespace

MorphWeights MorphWeights::create(size_t targetCount) {
    MorphWeights out;
    out.mTargetCount = targetCount;
    out.updated();
    return out;
}

void MorphWeights::update(const morph::ActiveWeights& active) {
    // Every frame, for every morphed node: a copy of the frame's list into capacity kept across
    // frames, and nothing else. No per-target state: with a few active targets out of hundreds,
    // each would be a cache line the frame's draw has evicted.
    mActive.resize(1);
    morph::ActiveWeights& mine = mActive[0];
    const auto end = std::lower_bound(active.targets.begin(), active.targets.end(),
                                      uint32_t(std::min<size_t>(mTargetCount, UINT32_MAX)));
    const size_t n = size_t(end - active.targets.begin());
    mine.targets.assign(active.targets.begin(), end);
    mine.values.assign(active.values.begin(), active.values.begin() + ptrdiff_t(n));
    updated();
}

void MorphWeights::update(const std::vector<float>& weights) {
    mActive.resize(1);
    morph::collectActive(weights.data(), std::min(weights.size(), mTargetCount), mActive[0].targets,
                         mActive[0].values);
    updated();
}

void MorphWeights::updateInstances(const std::vector<std::vector<float>>& rows) {
    mActive.resize(std::max<size_t>(rows.size(), 1));
    for (size_t k = 0; k < mActive.size(); ++k) {
        const float* weights = k < rows.size() ? rows[k].data() : nullptr;
        const size_t n = k < rows.size() ? std::min(rows[k].size(), mTargetCount) : 0;
        morph::collectActive(weights, n, mActive[k].targets, mActive[k].values);
    }
    updated();
}

void MorphWeights::updated() {
    mActiveCount = 0;
    for (const morph::ActiveWeights& a : mActive)
        mActiveCount = std::max(mActiveCount, uint32_t(a.size()));
    mGeneration = nextGeneration();
}

void MorphWeights::upload(uint32_t buffers) {
    if ((buffers & kWeightPairs) && mPairsGeneration != mGeneration) uploadPairs();
    if ((buffers & kWeightRows) && mRowsGeneration != mGeneration) uploadRows();
}

void MorphWeights::uploadPairs() {
    // Layout of MorphWeights in morph.glsl (std430): uint stride, then (uint, float) pairs.
    const size_t stride = mActiveCount;
    mScratch.assign(1 + 2 * std::max<size_t>(stride * mActive.size(), 1), 0u);
    mScratch[0] = uint32_t(stride);
    for (size_t k = 0; k < mActive.size(); ++k) {
        for (size_t i = 0; i < mActive[k].size(); ++i) {
            const float w = mActive[k].values[i];
            mScratch[1 + 2 * (k * stride + i)] = mActive[k].targets[i];
            std::memcpy(&mScratch[2 + 2 * (k * stride + i)], &w, sizeof(float));
        }
    }
    // The first build sizes the buffer for every target, so a single instance never regrows.
    const size_t capacity = std::max(mScratch.size(), 1 + 2 * std::max<size_t>(mTargetCount, 1));
    if (mPairs.id() == 0 || size_t(mPairs.size()) < capacity * sizeof(uint32_t)) {
        mPairs = gl::Buffer::create(GLsizeiptr(capacity * sizeof(uint32_t)), nullptr,
                                    GL_DYNAMIC_STORAGE_BIT);
    }
    mPairs.subData(0, GLsizeiptr(mScratch.size() * sizeof(uint32_t)), mScratch.data());
    mPairsGeneration = mGeneration;
}

void MorphWeights::uploadRows() {
    const size_t stride = std::max<size_t>(mTargetCount, 1);
    const size_t bytes = stride * mActive.size() * sizeof(float);
    // Never shrinks: a crowd that gets smaller keeps its storage.
    if (mRows.id() == 0 || size_t(mRows.size()) < bytes) {
        mRows = gl::Buffer::create(GLsizeiptr(bytes), nullptr,
                                   GL_DYNAMIC_STORAGE_BIT | GL_MAP_WRITE_BIT);
    }
    // Written into the mapped buffer straight from the active lists: zeros, then the entries.
    auto* rows = static_cast<float*>(glMapNamedBufferRange(
        mRows.id(), 0, GLsizeiptr(bytes), GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
    if (rows != nullptr) {
        std::fill(rows, rows + stride * mActive.size(), 0.0f);
        for (size_t k = 0; k < mActive.size(); ++k) {
            for (size_t i = 0; i < mActive[k].size(); ++i)
                rows[k * stride + mActive[k].targets[i]] = mActive[k].values[i];
        }
        glUnmapNamedBuffer(mRows.id());
    }
    mRowsGeneration = mGeneration;
}

uint32_t vertexWeightBuffers(MorphPath path) {
    if (path == MorphPath::VsDense) return kWeightRows;
    return path == MorphPath::VsActive ? kWeightPairs : kNoWeightBuffers;
}

void bindNoMorph(gl::Program& program) {
    program.set(location(UniformLocation::MorphLayout), glm::ivec4(0));
    program.set(location(UniformLocation::MorphMode), glm::ivec4(0));
}

void bindMorph(gl::Program& program, const MorphTargets* targets, const MorphWeights* weights,
               MorphPath path) {
    const bool morphs = targets != nullptr && !targets->empty() && weights != nullptr;
    if (!morphs) {
        bindNoMorph(program);
        return;
    }
    for (size_t i = 0; i < targets->textures().size(); ++i) {
        targets->textures()[i].bindUnit(unit(TextureUnit::MorphTargets) + GLuint(i));
    }
    if (path == MorphPath::VsDense) {
        weights->rowsBuffer().bindBase(GL_SHADER_STORAGE_BUFFER,
                                       binding(StorageBlock::MorphWeightRows));
    } else {
        path = MorphPath::VsActive;
        weights->pairsBuffer().bindBase(GL_SHADER_STORAGE_BUFFER,
                                        binding(StorageBlock::MorphWeights));
    }
    program.set(location(UniformLocation::MorphMode),
                glm::ivec4(int(path), 0, int(std::max<size_t>(weights->targetCount(), 1)), 0));
    program.set(location(UniformLocation::MorphLayout),
                glm::ivec4(int(targets->stride()), int(targets->width()),
                           int(targets->layersPerTexture()), int(targets->targetCount())));
    const auto& slots = targets->slots();
    program.set(location(UniformLocation::MorphSlots),
                std::vector<int>(slots.begin(), slots.end()));
}

}  // namespace renderer
