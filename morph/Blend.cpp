#include "Blend.h"

#include <algorithm>
#include <cstddef>
#include <type_traits>

namespace morph {

namespace {

// Adds w * delta to every element of `out`, in the channel's width (glTF 2.0 3.7.2.2:
// relative targets, base + sum of weighted deltas). A target that lacks the channel, or whose
// channel is shorter than the base (not produced by the importer, but never read past it),
// contributes nothing beyond its data.
template <typename V>
void accumulate(std::vector<V>& out, const std::vector<glm::vec4>& deltas, float w) {
    const size_t n = std::min(out.size(), deltas.size());
    for (size_t v = 0; v < n; ++v) {
        const glm::vec4& d = deltas[v];
        if constexpr (std::is_same_v<V, glm::vec2>) {
            out[v] += w * glm::vec2(d);
        } else if constexpr (std::is_same_v<V, glm::vec3>) {
            out[v] += w * glm::vec3(d);
        } else {
            out[v] += w * d;
        }
    }
}

// TANGENT targets carry xyz deltas only (glTF 2.0 3.7.2.2): the handedness w stays the base's.
void accumulateTangents(std::vector<glm::vec4>& out, const std::vector<glm::vec4>& deltas,
                        float w) {
    const size_t n = std::min(out.size(), deltas.size());
    for (size_t v = 0; v < n; ++v) {
        out[v] += glm::vec4(w * glm::vec3(deltas[v]), 0.0f);
    }
}

}  // namespace

MorphedPrimitive blend(const Primitive& primitive, const std::vector<float>& weights) {
    // Only the channels the base has come out: a target delta for an attribute the base lacks has
    // nothing to be added to.
    MorphedPrimitive out;
    out.positions = primitive.positions;
    out.normals = primitive.normals;
    out.tangents = primitive.tangents;
    out.texcoords = primitive.texcoords;
    out.colors = primitive.colors;

    const size_t count = std::min(weights.size(), primitive.targets.size());
    for (size_t t = 0; t < count; ++t) {
        const float w = weights[t];
        if (w == 0.0f) continue;  // a zero weight adds nothing; skipping it saves a pass
        const MorphTarget& target = primitive.targets[t];
        accumulate(out.positions, target[MorphChannel::Position], w);
        accumulate(out.normals, target[MorphChannel::Normal], w);
        accumulateTangents(out.tangents, target[MorphChannel::Tangent], w);
        accumulate(out.texcoords[0], target[MorphChannel::TexCoord0], w);
        accumulate(out.texcoords[1], target[MorphChannel::TexCoord1], w);
        accumulate(out.colors, target[MorphChannel::Color0], w);
    }
    // Normals and tangents are deliberately NOT renormalized here. The sum of deltas is linear,
    // and the shader renormalizes once, after the sum, before lighting. Renormalizing here would
    // make this reference disagree with the GPU path it checks (which reads the raw sum) and, fed
    // to the shader, normalize twice. Callers that light with these normalize at use.
    return out;
}

}  // namespace morph
