#pragma once
// The texture-array packing of one primitive's targets, computed on the CPU:
// one RGBA32F texel per vertex per morphed channel, `stride` texels per vertex,
// texel index = vertex * stride + channel, rows of `width` texels, one layer per target.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "morph/MorphChannel.h"
#include "morph/Scene.h"

namespace morph {

struct PackedTargets {
    uint32_t vertexCount = 0;
    uint32_t targetCount = 0;
    uint32_t stride = 0;                 // morphed channels of the primitive
    uint32_t width = 0;                  // <= maxTextureSize
    uint32_t height = 0;                 // ceil(vertexCount * stride / width)
    std::vector<MorphChannel> channels;  // channel slot s of a vertex holds channels[s]
    std::vector<glm::vec4> texels;       // targetCount layers of width * height texels

    uint64_t layerTexels() const { return uint64_t(width) * height; }
    uint64_t bytes() const { return layerTexels() * targetCount * sizeof(glm::vec4); }
};

// Layout only (no texels): what packTargets() would produce.
PackedTargets packLayout(const Primitive& primitive, uint32_t maxTextureSize);
PackedTargets packTargets(const Primitive& primitive, uint32_t maxTextureSize);

// three.js's layout (WebGLMorphtargets): targets x vertices x 16 bytes x its stride, where its
// stride counts only POSITION, NORMAL and COLOR (it never morphs tangents or UVs).
uint64_t threejsMorphBytes(const Primitive& primitive);

struct PackingSummary {
    uint64_t bytes = 0;
    uint64_t threejsBytes = 0;
};
// Over every primitive with targets; the default max texture size is GL 4.5's guaranteed minimum
// for GL_MAX_TEXTURE_SIZE (16384).
PackingSummary packingSummary(const Scene& scene, uint32_t maxTextureSize = 16384);

}  // namespace morph
