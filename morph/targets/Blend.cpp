#include "morph/targets/Blend.h"

#include <algorithm>
#include <cstddef>
#include <type_traits>

namespace morph {

namespace {

// Adds w * delta to the elements the target stores, in the channel's width (glTF 2.0 3.7.2.2:
// relative targets, base + sum of weighted deltas). Dense targets store every vertex; sparse ones
// only the vertices they move (the others' deltas are zero and add nothing), so a sparse target
// costs its entry count, not the vertex count. A target that lacks the channel, or whose entries
// reach past the base (not produced by the importer, but never written past it), contributes
// nothing beyond the base.
template <typename V>
void accumulate(std::vector<V>& out, const MorphTarget& target, MorphChannel c, float w) {
    if (out.empty()) return;
    const size_t n = out.size();
    target.forEach(c, [&](uint32_t v, const glm::vec4& d) {
        if (v >= n) return;
        if constexpr (std::is_same_v<V, glm::vec2>) {
            out[v] += w * glm::vec2(d);
        } else if constexpr (std::is_same_v<V, glm::vec3>) {
            out[v] += w * glm::vec3(d);
        } else if (c == MorphChannel::Tangent) {
            // TANGENT targets carry xyz deltas only (3.7.2.2): the handedness w stays the base's.
            out[v] += glm::vec4(w * glm::vec3(d), 0.0f);
        } else {
            out[v] += w * d;
        }
    });
}

MorphedPrimitive base(const Primitive& primitive) {
    // Only the channels the base has come out: a target delta for an attribute the base lacks has
    // nothing to be added to.
    MorphedPrimitive out;
    out.positions = primitive.positions;
    out.normals = primitive.normals;
    out.tangents = primitive.tangents;
    out.texcoords = primitive.texcoords;
    out.colors = primitive.colors;
    return out;
}

void add(MorphedPrimitive& out, const MorphTarget& target, float w) {
    if (w == 0.0f) return;  // a zero weight adds nothing; skipping it saves a pass
    accumulate(out.positions, target, MorphChannel::Position, w);
    accumulate(out.normals, target, MorphChannel::Normal, w);
    accumulate(out.tangents, target, MorphChannel::Tangent, w);
    accumulate(out.texcoords[0], target, MorphChannel::TexCoord0, w);
    accumulate(out.texcoords[1], target, MorphChannel::TexCoord1, w);
    accumulate(out.colors, target, MorphChannel::Color0, w);
}

}  // namespace

// Normals and tangents are deliberately NOT renormalized here. The sum of deltas is linear, and
// the shader renormalizes once, after the sum, before lighting. Renormalizing here would make
// this reference disagree with the GPU path it checks (which reads the raw sum) and, fed to the
// shader, normalize twice. Callers that light with these normalize at use.
MorphedPrimitive blend(const Primitive& primitive, const std::vector<float>& weights) {
    MorphedPrimitive out = base(primitive);
    const size_t count = std::min(weights.size(), primitive.targets.size());
    for (size_t t = 0; t < count; ++t) add(out, primitive.targets[t], weights[t]);
    return out;
}

MorphedPrimitive blendActive(const Primitive& primitive, const ActiveWeights& active) {
    MorphedPrimitive out = base(primitive);
    for (size_t i = 0; i < active.size(); ++i) {
        if (active.targets[i] >= primitive.targets.size()) break;  // ascending: the rest too
        add(out, primitive.targets[active.targets[i]], active.values[i]);
    }
    return out;
}

}  // namespace morph
