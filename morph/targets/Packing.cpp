#include "morph/targets/Packing.h"

#include <algorithm>

namespace morph {

namespace {

// Channels three.js packs into its morph texture (WebGLMorphtargets: position, normal, color);
// it never morphs tangents or UVs.
constexpr MorphChannel kThreejsChannels[] = {MorphChannel::Position, MorphChannel::Normal,
                                             MorphChannel::Color0};

}  // namespace

PackedTargets packLayout(const Primitive& primitive, uint32_t maxTextureSize) {
    PackedTargets packed;
    packed.vertexCount = primitive.vertexCount();
    packed.targetCount = static_cast<uint32_t>(primitive.targets.size());
    packed.channels = primitive.morphedChannels();
    packed.stride = static_cast<uint32_t>(packed.channels.size());

    // No vertices or no morphed channel (which includes no targets): nothing to store, an empty
    // 0 x 0 layout rather than a division by zero. The renderer skips such primitives.
    const uint64_t texelsPerLayer = uint64_t(packed.vertexCount) * packed.stride;
    if (texelsPerLayer == 0 || packed.targetCount == 0) {
        packed.width = 0;
        packed.height = 0;
        return packed;
    }
    // A max texture size of 0 is nonsense; one texel per row still gives a valid layout.
    const uint64_t maxWidth = std::max<uint32_t>(maxTextureSize, 1);
    packed.width = static_cast<uint32_t>(std::min<uint64_t>(maxWidth, texelsPerLayer));
    packed.height = static_cast<uint32_t>((texelsPerLayer + packed.width - 1) / packed.width);
    return packed;
}

PackedTargets packTargets(const Primitive& primitive, uint32_t maxTextureSize) {
    PackedTargets packed = packLayout(primitive, maxTextureSize);
    const uint64_t layer = packed.layerTexels();
    // Texels past V * stride in the last row, and channels a target lacks, stay zero: a zero
    // delta is exactly "this target does not move that channel" (glTF 2.0 3.7.2.2).
    packed.texels.assign(layer * packed.targetCount, glm::vec4(0.0f));
    if (layer == 0) return packed;

    for (uint32_t t = 0; t < packed.targetCount; ++t) {
        const MorphTarget& target = primitive.targets[t];
        glm::vec4* layerStart = packed.texels.data() + layer * t;
        for (uint32_t slot = 0; slot < packed.stride; ++slot) {
            // A sparse target writes its entries over the zeros; a dense one every vertex.
            target.forEach(packed.channels[slot], [&](uint32_t v, const glm::vec4& d) {
                if (v < packed.vertexCount) layerStart[size_t(v) * packed.stride + slot] = d;
            });
        }
    }
    return packed;
}

uint64_t threejsMorphBytes(const Primitive& primitive) {
    uint64_t stride = 0;
    for (MorphChannel c : kThreejsChannels) {
        if (primitive.morphs(c)) ++stride;
    }
    return uint64_t(primitive.targets.size()) * primitive.vertexCount() * 16u * stride;
}

PackingSummary packingSummary(const Scene& scene, uint32_t maxTextureSize) {
    PackingSummary summary;
    for (const Mesh& mesh : scene.meshes) {
        for (const Primitive& primitive : mesh.primitives) {
            if (primitive.targets.empty()) continue;
            summary.bytes += packLayout(primitive, maxTextureSize).bytes();
            summary.threejsBytes += threejsMorphBytes(primitive);
        }
    }
    return summary;
}

}  // namespace morph
