#include "morph/anim/PoseLayers.h"

#include <algorithm>

#include "morph/rig/RigLogic.h"

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

PoseLayer rigLogicLayer() {
    PoseLayer layer;
    layer.name = kRigLogicLayer;
    layer.apply = applyRigLogic;
    return layer;
}

void applyRigLogic(const Scene& scene, std::vector<NodePose>& pose) {
    for (size_t n = 0; n < scene.nodes.size() && n < pose.size(); ++n) {
        const int mesh = scene.nodes[n].mesh;
        if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) continue;
        applyRigRules(scene.meshes[size_t(mesh)].rigRules, pose[n].weights);
    }
}

}  // namespace morph
