#pragma once
// Scene state at a moment: node TRS and morph weights, and world matrices from them.
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "morph/Scene.h"

namespace morph {

struct NodePose {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 scale{1.0f};
    std::vector<float> weights;  // size == the node's mesh's target count (empty: no mesh)
};

// Defaults. glTF 2.0 3.7.2.2: node.weights overrides mesh.weights; neither: zeros.
std::vector<float> defaultWeights(const Scene& scene, int node);
std::vector<NodePose> restPose(const Scene& scene);

// Overwrites the animated properties of `pose` with `animation` sampled at t.
void applyAnimation(const Scene& scene, const Animation& animation, float t,
                    std::vector<NodePose>& pose);

glm::mat4 localMatrix(const Node& node, const NodePose& pose);  // matrix nodes keep their matrix
// World matrices of every node, computed without recursion (deep hierarchies are fine).
std::vector<glm::mat4> worldMatrices(const Scene& scene, const std::vector<NodePose>& pose);

}  // namespace morph
