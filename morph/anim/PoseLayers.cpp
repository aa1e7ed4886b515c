#include "morph/anim/PoseLayers.h"

#include <algorithm>

namespace morph {

void applyPoseLayers(const Scene& scene, const PoseLayers& layers, std::vector<NodePose>& pose,
                     size_t begin, size_t end) {
    end = std::min(end, layers.size());
    for (size_t i = begin; i < end; ++i) {
        if (layers[i].apply) layers[i].apply(scene, pose);
        for (const auto& [node, rotation] : layers[i].rotations) {
            if (node < pose.size()) pose[node].rotation = pose[node].rotation * rotation;
        }
        applyTargetWeights(scene, layers[i].weights, pose);
    }
}

std::vector<NodePose> resolvePoseLayers(const Scene& scene, const PoseLayers& layers) {
    std::vector<NodePose> pose = restPose(scene);
    applyPoseLayers(scene, layers, pose);
    return pose;
}

size_t layerNamed(const PoseLayers& layers, const std::string& name) {
    const auto it = std::find_if(layers.begin(), layers.end(),
                                 [&](const PoseLayer& layer) { return layer.name == name; });
    return size_t(it - layers.begin());
}

}  // namespace morph
