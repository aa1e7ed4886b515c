#include "morph/anim/TargetWeights.h"

namespace morph {

std::optional<float> TargetWeights::get(size_t mesh, size_t target) const {
    const auto it = mWeights.find({mesh, target});
    if (it == mWeights.end()) return std::nullopt;
    return it->second;
}

void applyTargetWeights(const Scene& scene, const TargetWeights& weights,
                        std::vector<NodePose>& pose) {
    if (weights.empty()) return;
    for (size_t n = 0; n < scene.nodes.size() && n < pose.size(); ++n) {
        const int mesh = scene.nodes[n].mesh;
        if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) continue;
        const size_t count = scene.meshes[size_t(mesh)].targetCount();
        std::vector<float>& nodeWeights = pose[n].weights;
        if (weights.covers(size_t(mesh))) nodeWeights.resize(count, 0.0f);
        for (auto it = weights.firstOf(size_t(mesh));
             it != weights.end() && it->first.first == size_t(mesh); ++it) {
            const size_t target = it->first.second;
            if (target >= count) continue;
            if (nodeWeights.size() <= target) nodeWeights.resize(count, 0.0f);
            nodeWeights[target] = it->second;
        }
    }
}

}  // namespace morph
