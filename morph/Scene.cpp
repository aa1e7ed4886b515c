#include "Scene.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace morph {

bool Primitive::morphs(MorphChannel c) const {
    return std::any_of(targets.begin(), targets.end(),
                       [c](const MorphTarget& t) { return t.has(c); });
}

std::vector<MorphChannel> Primitive::morphedChannels() const {
    std::vector<MorphChannel> channels;
    for (size_t i = 0; i < kMorphChannelCount; ++i) {
        auto c = static_cast<MorphChannel>(i);
        if (morphs(c)) channels.push_back(c);
    }
    return channels;
}

glm::mat4 Node::localMatrix() const {
    if (hasMatrix) return matrix;
    // glTF 2.0 5.25: T * R * S.
    return glm::translate(glm::mat4(1.0f), translation) * glm::mat4_cast(rotation) *
           glm::scale(glm::mat4(1.0f), scale);
}

glm::mat3 TextureTransform::matrix() const {
    // KHR_texture_transform: T * R * S, with the rotation as the extension's reference shader
    // writes it (counter-clockwise in UV space, whose v axis points down).
    const float c = std::cos(rotation), s = std::sin(rotation);
    glm::mat3 t(1.0f), r(1.0f), sc(1.0f);
    t[2] = glm::vec3(offset, 1.0f);
    r[0] = glm::vec3(c, -s, 0.0f);
    r[1] = glm::vec3(s, c, 0.0f);
    sc[0][0] = scale.x;
    sc[1][1] = scale.y;
    return t * r * sc;
}

void computeTargetStats(Primitive& primitive) {
    primitive.targetStats.assign(primitive.targets.size(), TargetStats{});
    for (size_t t = 0; t < primitive.targets.size(); ++t) {
        const auto& deltas = primitive.targets[t][MorphChannel::Position];
        TargetStats& stats = primitive.targetStats[t];
        for (const glm::vec4& d : deltas) {
            const float length = glm::length(glm::vec3(d));
            if (d.x != 0.0f || d.y != 0.0f || d.z != 0.0f) ++stats.movedVertices;
            stats.maxPositionDelta = std::max(stats.maxPositionDelta, length);
        }
    }
}

void computeTargetStats(Scene& scene) {
    for (Mesh& mesh : scene.meshes) {
        for (Primitive& primitive : mesh.primitives) computeTargetStats(primitive);
    }
}

}  // namespace morph
