#pragma once
// Where the morph targets act, as a framing target beside the whole model: on an avatar the
// face's targets move a head-sized part of a full body, and the viewer and `capture --frame
// morphed` frame that part. Per target, the box of the vertices it moves where the frame puts
// them (morphed, skinned, moved by the node); the region is the union of those boxes, leaving
// out the targets that move something far larger than the typical target (body-shape targets
// such as Ready Player Me's `male`/`female`, which move a whole body).
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"

namespace morph {

struct Box {
    glm::vec3 min{std::numeric_limits<float>::max()};
    glm::vec3 max{std::numeric_limits<float>::lowest()};
    bool valid() const { return min.x <= max.x && min.y <= max.y && min.z <= max.z; }
    void extend(const glm::vec3& p) {
        min = glm::min(min, p);
        max = glm::max(max, p);
    }
    void extend(const Box& b) {
        if (!b.valid()) return;
        min = glm::min(min, b.min);
        max = glm::max(max, b.max);
    }
    float diagonal() const { return valid() ? glm::length(max - min) : 0.0f; }
};

// One target's moved vertices in world space.
struct TargetRegion {
    Box box;
    uint32_t moved = 0;  // vertices whose POSITION delta is not zero
};

// A target whose box's diagonal is more than this many times the median target's is left out
// of the region. Face targets differ among themselves by about 10x (an eyelid against the jaw),
// a body-shape target is 10-20x the median face target: 4 keeps the first and drops the second.
inline constexpr float kRegionOutlierFactor = 4.0f;

// Appends, for every target of `primitive` that moves a vertex, the box of the vertices it moves
// (POSITION delta not zero) where the frame puts them: morphed by `weights`, skinned by `joints`
// (node-space joint matrices; empty: not skinned), then moved by `model` (as morph::toWorldSpace).
// `onlyTarget` >= 0: that target's box alone (the viewer frames one target's region).
void appendTargetRegions(const Primitive& primitive, const std::vector<float>& weights,
                         const glm::mat4& model, const std::vector<glm::mat4>& joints,
                         std::vector<TargetRegion>& out, int onlyTarget = -1);

// The union of `regions` without the outliers (kRegionOutlierFactor times the median diagonal);
// nullopt when no target moves anything.
std::optional<Box> morphedRegion(const std::vector<TargetRegion>& regions);

}  // namespace morph
