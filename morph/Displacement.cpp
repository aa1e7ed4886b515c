#include "Displacement.h"

#include <algorithm>

namespace morph {

float maxDisplacement(const Primitive& primitive, const std::vector<float>& weights,
                      const glm::mat3& linear) {
    const size_t count = std::min(weights.size(), primitive.targets.size());
    std::vector<glm::vec3> sum;
    for (size_t t = 0; t < count; ++t) {
        const float w = weights[t];
        const std::vector<glm::vec4>& deltas = primitive.targets[t][MorphChannel::Position];
        if (w == 0.0f || deltas.empty()) continue;
        if (sum.empty()) sum.assign(primitive.positions.size(), glm::vec3(0.0f));
        const size_t n = std::min(sum.size(), deltas.size());
        for (size_t v = 0; v < n; ++v) sum[v] += w * glm::vec3(deltas[v]);
    }
    float largest = 0;
    for (const glm::vec3& d : sum) largest = std::max(largest, glm::length(linear * d));
    return largest;
}

}  // namespace morph
