#pragma once
// Bounds of morphed geometry for camera framing and culling, without morphing on the CPU.
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"

namespace renderer {

struct Aabb {
    glm::vec3 min{0.0f};
    glm::vec3 max{0.0f};
    bool valid = false;  // false: nothing inside yet

    void extend(const glm::vec3& p);
    void extend(const Aabb& other);
    // Moves every face outwards by `margin`.
    Aabb grown(float margin) const;
    glm::vec3 center() const { return (min + max) * 0.5f; }
    // Corner i of 8: bit 0 of i picks max.x over min.x, bit 1 max.y, bit 2 max.z.
    glm::vec3 corner(int i) const {
        return {(i & 1) ? max.x : min.x, (i & 2) ? max.y : min.y, (i & 4) ? max.z : min.z};
    }
    float diagonal() const { return valid ? glm::length(max - min) : 0.0f; }
    // The box of this box's eight corners under `matrix`.
    Aabb transformed(const glm::mat4& matrix) const;
};

Aabb baseBounds(const morph::Primitive& primitive);

// The base bounds grown by sum_i |w_i| * extent_i, extent_i the largest POSITION delta of target
// i (morph::TargetStats::maxPositionDelta): no vertex moves further than that, so the box holds
// every morphed position for these weights. Uses primitive.targetStats when it is filled, else
// measures the deltas.
Aabb morphedBounds(const morph::Primitive& primitive, const std::vector<float>& weights);

}  // namespace renderer
