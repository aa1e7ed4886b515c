#include "morph/anim/Animate.h"

#include <algorithm>
#include <cstdint>

#include <glm/gtc/matrix_transform.hpp>

#include "morph/anim/Sampler.h"

namespace morph {

std::vector<float> defaultWeights(const Scene& scene, int node) {
    if (node < 0 || size_t(node) >= scene.nodes.size()) return {};
    const Node& n = scene.nodes[size_t(node)];
    if (n.mesh < 0 || size_t(n.mesh) >= scene.meshes.size()) return {};
    const Mesh& mesh = scene.meshes[size_t(n.mesh)];
    // glTF 2.0 3.7.2.2: node.weights overrides mesh.weights; with neither, every weight is 0.
    // Either is sized to the mesh's target count (a short list is padded with zeros).
    std::vector<float> weights = !n.weights.empty() ? n.weights : mesh.defaultWeights;
    weights.resize(mesh.targetCount(), 0.0f);
    return weights;
}

std::vector<NodePose> restPose(const Scene& scene) {
    std::vector<NodePose> pose(scene.nodes.size());
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const Node& node = scene.nodes[i];
        pose[i].translation = node.translation;
        pose[i].rotation = node.rotation;
        pose[i].scale = node.scale;
        pose[i].weights = defaultWeights(scene, static_cast<int>(i));
    }
    return pose;
}

void applyAnimation(const Scene& scene, const Animation& animation, float t,
                    std::vector<NodePose>& pose) {
    (void)scene;
    std::vector<float> buffer;
    for (const AnimationChannel& channel : animation.channels) {
        if (channel.sampler < 0 || size_t(channel.sampler) >= animation.samplers.size()) continue;
        if (channel.node < 0 || size_t(channel.node) >= pose.size()) continue;
        const AnimationSampler& sampler = animation.samplers[size_t(channel.sampler)];
        NodePose& p = pose[size_t(channel.node)];
        buffer.assign(sampler.width, 0.0f);
        sampleInto(sampler, channel.path, t, buffer.data());
        switch (channel.path) {
            case AnimationPath::Translation:
                if (buffer.size() >= 3) p.translation = glm::vec3(buffer[0], buffer[1], buffer[2]);
                break;
            case AnimationPath::Rotation:
                // glTF stores x, y, z, w; glm::quat's constructor takes w first.
                if (buffer.size() >= 4)
                    p.rotation = glm::quat(buffer[3], buffer[0], buffer[1], buffer[2]);
                break;
            case AnimationPath::Scale:
                if (buffer.size() >= 3) p.scale = glm::vec3(buffer[0], buffer[1], buffer[2]);
                break;
            case AnimationPath::Weights:
                // glTF 2.0 3.11: one output per morph target. A node posed without a mesh has no
                // weights to size by; it takes the sampler's.
                if (p.weights.empty()) {
                    p.weights = buffer;
                } else {
                    std::copy_n(buffer.begin(), std::min(buffer.size(), p.weights.size()),
                                p.weights.begin());
                }
                break;
        }
    }
}

glm::mat4 localMatrix(const Node& node, const NodePose& pose) {
    // glTF 2.0 5.25: a node with a matrix is never animated (matrix and TRS are exclusive and
    // animation targets TRS), so its matrix is its local transform.
    if (node.hasMatrix) return node.matrix;
    return glm::translate(glm::mat4(1.0f), pose.translation) * glm::mat4_cast(pose.rotation) *
           glm::scale(glm::mat4(1.0f), pose.scale);
}

std::vector<glm::mat4> worldMatrices(const Scene& scene, const std::vector<NodePose>& pose) {
    const size_t count = scene.nodes.size();
    std::vector<glm::mat4> world(count, glm::mat4(1.0f));
    if (pose.size() < count) return world;  // a pose of another scene: nothing sensible to do
    std::vector<uint8_t> done(count, 0);
    // An explicit stack instead of recursion: a 100,000-deep chain must not overflow the call
    // stack. Every node that is no one's child starts a walk (not only Scene::roots: nodes outside
    // the default scene still get matrices), and a node is visited once, so a cyclic hierarchy
    // (invalid glTF) terminates.
    std::vector<int> stack;
    auto walkFrom = [&](int root) {
        world[size_t(root)] = localMatrix(scene.nodes[size_t(root)], pose[size_t(root)]);
        done[size_t(root)] = 1;
        stack.push_back(root);
        while (!stack.empty()) {
            const int parent = stack.back();
            stack.pop_back();
            for (int child : scene.nodes[size_t(parent)].children) {
                if (child < 0 || size_t(child) >= count || done[size_t(child)]) continue;
                world[size_t(child)] = world[size_t(parent)] *
                                       localMatrix(scene.nodes[size_t(child)], pose[size_t(child)]);
                done[size_t(child)] = 1;
                stack.push_back(child);
            }
        }
    };
    // Roots come from the children lists (the data the walk follows), so a scene whose
    // Node::parent is unset or disagrees cannot visit a child before its parent.
    std::vector<uint8_t> isChild(count, 0);
    for (const Node& node : scene.nodes) {
        for (int child : node.children) {
            if (child >= 0 && size_t(child) < count) isChild[size_t(child)] = 1;
        }
    }
    for (size_t i = 0; i < count; ++i) {
        if (!isChild[i]) walkFrom(static_cast<int>(i));
    }
    // Nodes only reachable through a cycle: their local transform alone.
    for (size_t i = 0; i < count; ++i) {
        if (!done[i]) walkFrom(static_cast<int>(i));
    }
    return world;
}

}  // namespace morph
