#pragma once
// The context limits every upload is checked against, and the GPU memory budget, so that a
// mesh past GL limits falls back or is refused with a message, never a GL error. The limits
// are plain values so tests can inject tiny ones; GpuLimits::query() reads the current context.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "renderer/morph/MorphTargets.h"

namespace renderer {

struct GpuLimits {
    uint32_t maxTextureSize = 16384;            // GL_MAX_TEXTURE_SIZE (4.5 minimum)
    uint32_t maxArrayLayers = 2048;             // GL_MAX_ARRAY_TEXTURE_LAYERS
    uint32_t maxVertexAttribs = 16;             // GL_MAX_VERTEX_ATTRIBS
    uint64_t maxStorageBlockSize = 1ull << 27;  // GL_MAX_SHADER_STORAGE_BLOCK_SIZE
    uint64_t maxElementIndex = 0xffffffffull;   // GL_MAX_ELEMENT_INDEX
    uint32_t maxFragmentTextureUnits = 16;      // GL_MAX_TEXTURE_IMAGE_UNITS
    // Not a GL query: draw calls take GLsizei counts, so 2^31 - 1 vertices or indices at most.
    uint64_t maxDrawCount = 0x7fffffffull;
    // Not a limit: GL_RENDERER names a CPU rasterizer (isSoftwareRenderer), where auto picks
    // the cpu morph path (MorphPath.h, chooseMorphPath).
    bool softwareRenderer = false;

    static GpuLimits query();
    MorphLimits morph() const {
        return MorphLimits{maxTextureSize, maxArrayLayers, softwareRenderer};
    }
};

// How GpuScene::upload checks what it uploads.
struct UploadOptions {
    std::optional<GpuLimits> limits;  // the current context's when empty
    uint64_t maxBytes = 4ull << 30;   // GPU bytes the scene may take (--max-memory, default 4 GiB)
};

// Bytes of GPU memory charged against UploadOptions::maxBytes, refusing what does not fit.
class GpuBudget {
public:
    explicit GpuBudget(uint64_t maxBytes, uint64_t usedBytes = 0)
        : mMax(maxBytes), mUsed(usedBytes) {}
    // Ok and charged when `bytes` fit in what is left, else "<what> needs N MiB of GPU memory;
    // M MiB of the --max-memory budget of X MiB are left".
    morph::Status charge(uint64_t bytes, const std::string& what);
    // Gives back what a charge took, when the resource is freed.
    void refund(uint64_t bytes) { mUsed -= std::min(bytes, mUsed); }
    uint64_t used() const { return mUsed; }
    uint64_t left() const { return mUsed <= mMax ? mMax - mUsed : 0; }
    uint64_t max() const { return mMax; }

private:
    uint64_t mMax;
    uint64_t mUsed = 0;
};

// Bytes the vertex and index buffers of `primitive` take (PrimitiveBuffers::upload).
uint64_t vertexBufferBytes(const morph::Primitive& primitive);
// Bytes of the morph texture arrays of `primitive` (MorphTargets::upload; packLayout only).
uint64_t morphTextureBytes(const morph::Primitive& primitive, uint32_t maxTextureSize);
// Bytes of a mesh's MorphWeights storage buffer (std430: count, then (target, weight) pairs).
uint64_t weightBufferBytes(size_t targetCount);

// The draw-count, element-index, vertex-attribute and storage-block limits a primitive of
// `targetCount` targets must fit; the message says which limit and by how much.
morph::Status checkPrimitiveLimits(const morph::Primitive& primitive, size_t targetCount,
                                   const GpuLimits& limits);

// Drains glGetError: an error "<what>: out of GPU memory (GL_OUT_OF_MEMORY)" when an allocation
// failed, or "<what>: GL error ..." for any other error, so a failed upload is a message.
morph::Status checkUpload(const std::string& what);

}  // namespace renderer
