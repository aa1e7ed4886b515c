#include "morph/targets/Displacement.h"

#include <algorithm>

namespace morph {

float maxDisplacement(const Primitive& primitive, const std::vector<float>& weights,
                      const glm::mat3& linear) {
    const size_t count = std::min(weights.size(), primitive.targets.size());
    std::vector<glm::vec3> sum;
    for (size_t t = 0; t < count; ++t) {
        const float w = weights[t];
        const MorphTarget& target = primitive.targets[t];
        if (w == 0.0f || target.entries(MorphChannel::Position).empty()) continue;
        if (sum.empty()) sum.assign(primitive.positions.size(), glm::vec3(0.0f));
        target.forEach(MorphChannel::Position, [&](uint32_t v, const glm::vec4& d) {
            if (v < sum.size()) sum[v] += w * glm::vec3(d);
        });
    }
    float largest = 0;
    for (const glm::vec3& d : sum) largest = std::max(largest, glm::length(linear * d));
    return largest;
}

}  // namespace morph
