#include "renderer/scene/Bounds.h"

#include <algorithm>
#include <cmath>

namespace renderer {

void Aabb::extend(const glm::vec3& p) {
    if (!valid) {
        min = max = p;
        valid = true;
        return;
    }
    min = glm::min(min, p);
    max = glm::max(max, p);
}

void Aabb::extend(const Aabb& other) {
    if (!other.valid) return;
    extend(other.min);
    extend(other.max);
}

Aabb Aabb::grown(float margin) const {
    Aabb out = *this;
    if (valid) {
        out.min -= glm::vec3(margin);
        out.max += glm::vec3(margin);
    }
    return out;
}

Aabb Aabb::transformed(const glm::mat4& matrix) const {
    Aabb out;
    if (!valid) return out;
    for (int corner = 0; corner < 8; ++corner) {
        out.extend(glm::vec3(matrix * glm::vec4(this->corner(corner), 1.0f)));
    }
    return out;
}

Aabb baseBounds(const morph::Primitive& primitive) {
    Aabb box;
    for (const glm::vec3& p : primitive.positions) {
        if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) box.extend(p);
    }
    return box;
}

Aabb morphedBounds(const morph::Primitive& primitive, const std::vector<float>& weights) {
    const bool haveStats = primitive.targetStats.size() == primitive.targets.size();
    float margin = 0.0f;
    const size_t count = std::min(weights.size(), primitive.targets.size());
    for (size_t t = 0; t < count; ++t) {
        if (weights[t] == 0.0f) continue;
        float extent = 0.0f;
        if (haveStats) {
            extent = primitive.targetStats[t].maxPositionDelta;
        } else {
            primitive.targets[t].forEach(morph::MorphChannel::Position,
                                         [&](uint32_t, const glm::vec4& d) {
                                             extent = std::max(extent, glm::length(glm::vec3(d)));
                                         });
        }
        margin += std::abs(weights[t]) * extent;
    }
    return baseBounds(primitive).grown(margin);
}

}  // namespace renderer
