#include "morph/edit/MorphedRegion.h"

#include <algorithm>

#include "morph/anim/Skin.h"
#include "morph/targets/Blend.h"

namespace morph {

void appendTargetRegions(const Primitive& primitive, const std::vector<float>& weights,
                         const glm::mat4& model, const std::vector<glm::mat4>& joints,
                         std::vector<TargetRegion>& out, int onlyTarget) {
    if (primitive.targets.empty() || primitive.positions.empty()) return;
    if (onlyTarget >= 0 && size_t(onlyTarget) >= primitive.targets.size()) return;
    MorphedPrimitive placed = blend(primitive, weights);
    toWorldSpace(primitive, model, joints, placed);
    const uint32_t vertices = primitive.vertexCount();
    for (size_t t = 0; t < primitive.targets.size(); ++t) {
        if (onlyTarget >= 0 && t != size_t(onlyTarget)) continue;
        const MorphTarget& target = primitive.targets[t];
        TargetRegion region;
        target.forEach(MorphChannel::Position, [&](uint32_t v, const glm::vec4& delta) {
            if (v >= vertices || (delta.x == 0.0f && delta.y == 0.0f && delta.z == 0.0f)) return;
            region.box.extend(placed.positions[v]);
            ++region.moved;
        });
        if (region.moved > 0) out.push_back(region);
    }
}

std::optional<Box> morphedRegion(const std::vector<TargetRegion>& regions) {
    if (regions.empty()) return std::nullopt;
    std::vector<float> diagonals;
    diagonals.reserve(regions.size());
    for (const TargetRegion& r : regions) diagonals.push_back(r.box.diagonal());
    auto middle = diagonals.begin() + ptrdiff_t(diagonals.size() / 2);
    std::nth_element(diagonals.begin(), middle, diagonals.end());
    const float limit = kRegionOutlierFactor * *middle;
    Box box;
    for (const TargetRegion& r : regions) {
        // A median of 0 (most targets move one vertex, or vertices that coincide): keep those.
        if (r.box.diagonal() <= limit || *middle == 0.0f) box.extend(r.box);
    }
    if (!box.valid()) return std::nullopt;
    return box;
}

}  // namespace morph
