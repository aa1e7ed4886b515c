#pragma once
// A stored normal carried along with its surface: the rotation that took the geometric normal
// from `from` to `to`, applied to the stored one. The audit's normals check and fix's
// --recompute-normals both turn a target's stored normal this way.
#include <glm/glm.hpp>

namespace morph {

// `v` turned by the rotation that takes unit vector `from` to unit vector `to` (Rodrigues).
inline glm::vec3 turnedLike(const glm::vec3& from, const glm::vec3& to, const glm::vec3& v) {
    glm::vec3 axis = glm::cross(from, to);
    const float s = glm::length(axis), c = glm::dot(from, to);
    if (s < 1e-7f) return v;  // no turn (or a half turn, whose axis is undefined)
    axis /= s;
    return v * c + glm::cross(axis, v) * s + axis * glm::dot(axis, v) * (1.0f - c);
}

}  // namespace morph
