#include "morph/targets/PoseTargets.h"

namespace morph {

namespace {

// glTF 2.0 3.7.2.2 targets are relative: an absolute pose becomes pose - base, per vertex.
// Since base + w (pose - base) = base (1 - w) + w pose, blending it is the classic tween.
template <typename V>
std::vector<glm::vec4> differences(const std::vector<V>& pose, const std::vector<V>& base) {
    std::vector<glm::vec4> deltas(base.size(), glm::vec4(0.0f));
    for (size_t v = 0; v < base.size(); ++v) {
        // Only xyz: a TANGENT delta has no handedness (glTF 2.0 3.7.2.2), and the w of a
        // POSITION/NORMAL delta is unused.
        deltas[v] = glm::vec4(glm::vec3(pose[v]) - glm::vec3(base[v]), 0.0f);
    }
    return deltas;
}

std::string fileOf(const Scene& scene, const char* fallback) {
    return scene.path.empty() ? std::string(fallback) : scene.path;
}

}  // namespace

Status addPoseTarget(Scene& scene, const Scene& pose, const std::string& name) {
    const std::string poseFile = fileOf(pose, "pose");
    const std::string modelFile = fileOf(scene, "model");
    if (scene.meshes.empty()) {
        return Error{ErrorCode::Inconsistent,
                     modelFile + ": has no mesh to add the pose '" + name + "' to"};
    }
    if (pose.meshes.empty())
        return Error{ErrorCode::Inconsistent, poseFile + ": has no mesh to use as a pose"};
    Mesh& mesh = scene.meshes[0];
    const Mesh& poseMesh = pose.meshes[0];
    if (poseMesh.primitives.size() != mesh.primitives.size()) {
        return Error{ErrorCode::Inconsistent, poseFile + ": its first mesh has " +
                                                  std::to_string(poseMesh.primitives.size()) +
                                                  " primitives, the model's has " +
                                                  std::to_string(mesh.primitives.size())};
    }
    // Validate everything before changing the scene, so an error leaves it as it was.
    for (size_t p = 0; p < mesh.primitives.size(); ++p) {
        const uint32_t have = poseMesh.primitives[p].vertexCount();
        const uint32_t want = mesh.primitives[p].vertexCount();
        if (have != want) {
            return Error{ErrorCode::Inconsistent, poseFile + ": primitive " + std::to_string(p) +
                                                      " has " + std::to_string(have) +
                                                      " vertices, the model's has " +
                                                      std::to_string(want)};
        }
    }

    const size_t oldCount = mesh.targetCount();
    for (size_t p = 0; p < mesh.primitives.size(); ++p) {
        Primitive& base = mesh.primitives[p];
        const Primitive& shape = poseMesh.primitives[p];
        MorphTarget target;
        target.set(MorphChannel::Position, differences(shape.positions, base.positions));
        // NORMAL and TANGENT only where both have them; a missing one is "not morphed".
        if (!base.normals.empty() && shape.normals.size() == base.normals.size()) {
            target.set(MorphChannel::Normal, differences(shape.normals, base.normals));
        }
        if (!base.tangents.empty() && shape.tangents.size() == base.tangents.size()) {
            target.set(MorphChannel::Tangent, differences(shape.tangents, base.tangents));
        }
        // All primitives share the mesh's weight vector (glTF 2.0 3.7.2.1): the new target is
        // number oldCount in each, so pad a primitive with fewer targets with empty ones.
        if (base.targets.size() < oldCount) base.targets.resize(oldCount);
        base.targets.push_back(std::move(target));
        computeTargetStats(base);
    }

    mesh.targetNames.resize(oldCount);
    mesh.targetNames.push_back(name);
    mesh.defaultWeights.resize(oldCount, 0.0f);
    mesh.defaultWeights.push_back(0.0f);
    // node.weights, when present, must keep one entry per target (glTF 2.0 5.25).
    for (Node& node : scene.nodes) {
        if (node.mesh == 0 && !node.weights.empty()) {
            node.weights.resize(oldCount, 0.0f);
            node.weights.push_back(0.0f);
        }
    }
    return {};
}

}  // namespace morph
