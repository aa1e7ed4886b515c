// Default weights, animation application and world matrices.
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "morph/anim/Animate.h"

namespace morph::animate_test {
namespace {

Mesh meshWithTargets(size_t count, std::vector<float> defaults = {}) {
    Mesh mesh;
    for (size_t i = 0; i < count; ++i) mesh.targetNames.push_back(std::to_string(i));
    mesh.defaultWeights = std::move(defaults);
    return mesh;
}

Node meshNode(int mesh, std::vector<float> weights = {}) {
    Node n;
    n.mesh = mesh;
    n.weights = std::move(weights);
    return n;
}

TEST(Animate, NodeWeightsOverrideMeshWeights) {
    Scene scene;
    scene.meshes = {meshWithTargets(2, {0.25f, 0.5f}), meshWithTargets(3)};
    scene.nodes = {meshNode(0), meshNode(0, {1.0f, 0.75f}), meshNode(1), Node{},
                   meshNode(1, {0.5f})};
    EXPECT_EQ(defaultWeights(scene, 0), (std::vector<float>{0.25f, 0.5f}));
    EXPECT_EQ(defaultWeights(scene, 1), (std::vector<float>{1.0f, 0.75f}));
    EXPECT_EQ(defaultWeights(scene, 2), (std::vector<float>{0, 0, 0}));     // neither: zeros
    EXPECT_TRUE(defaultWeights(scene, 3).empty());                          // no mesh
    EXPECT_EQ(defaultWeights(scene, 4), (std::vector<float>{0.5f, 0, 0}));  // sized to the mesh
    EXPECT_TRUE(defaultWeights(scene, 99).empty());
    EXPECT_TRUE(defaultWeights(scene, -1).empty());
}

TEST(Animate, RestPoseCopiesTrsAndDefaults) {
    Scene scene;
    scene.meshes = {meshWithTargets(1, {0.5f})};
    Node n = meshNode(0);
    n.translation = {1, 2, 3};
    n.rotation = glm::quat(0.0f, 1.0f, 0.0f, 0.0f);
    n.scale = {2, 2, 2};
    scene.nodes = {n};
    const std::vector<NodePose> pose = restPose(scene);
    ASSERT_EQ(pose.size(), 1u);
    EXPECT_EQ(pose[0].translation, glm::vec3(1, 2, 3));
    EXPECT_EQ(pose[0].rotation, glm::quat(0.0f, 1.0f, 0.0f, 0.0f));
    EXPECT_EQ(pose[0].scale, glm::vec3(2));
    EXPECT_EQ(pose[0].weights, std::vector<float>{0.5f});
}

TEST(Animate, ApplyAnimationWritesEveryChannel) {
    Scene scene;
    scene.meshes = {meshWithTargets(2)};
    scene.nodes = {meshNode(0), Node{}};
    Animation animation;
    AnimationSampler weights;
    weights.input = {1, 2};
    weights.output = {0, 1, 1, 0};
    weights.width = 2;
    AnimationSampler translation;
    translation.input = {0, 2};
    translation.output = {0, 0, 0, 4, 2, 0};
    translation.width = 3;
    AnimationSampler rotation;
    rotation.interpolation = Interpolation::Step;
    rotation.input = {0};
    rotation.output = {0, 0, 1, 0};  // 180 degrees about z, x y z w
    rotation.width = 4;
    animation.samplers = {weights, translation, rotation};
    animation.channels = {{0, 0, AnimationPath::Weights},
                          {1, 1, AnimationPath::Translation},
                          {2, 1, AnimationPath::Rotation},
                          {7, 0, AnimationPath::Scale},     // bad sampler: ignored
                          {0, 9, AnimationPath::Weights}};  // bad node: ignored
    std::vector<NodePose> pose = restPose(scene);
    applyAnimation(scene, animation, 1.5f, pose);
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.5f, 0.5f}));
    EXPECT_EQ(pose[1].translation, glm::vec3(3, 1.5f, 0));
    EXPECT_EQ(pose[1].rotation, glm::quat(0.0f, 0.0f, 0.0f, 1.0f));  // w first in glm
    EXPECT_EQ(pose[0].scale, glm::vec3(1));
}

TEST(Animate, LocalMatrixIsTrsOrTheNodesMatrix) {
    Node node;
    NodePose pose;
    pose.translation = {10, 0, 0};
    pose.rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
    pose.scale = {2, 2, 2};
    // T * R * S applied to (1, 0, 0): scaled to (2, 0, 0), rotated to (0, 2, 0), moved.
    const glm::vec4 p = localMatrix(node, pose) * glm::vec4(1, 0, 0, 1);
    EXPECT_NEAR(p.x, 10.0f, 1e-5f);
    EXPECT_NEAR(p.y, 2.0f, 1e-5f);
    EXPECT_NEAR(p.z, 0.0f, 1e-5f);

    node.hasMatrix = true;
    node.matrix = glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 5));
    EXPECT_EQ(localMatrix(node, pose), node.matrix);
}

TEST(Animate, WorldMatricesComposeParentFirst) {
    Scene scene;
    scene.nodes.resize(3);
    // Node 0 is the child of node 2, which is the child of node 1: indices out of order.
    scene.nodes[1].children = {2};
    scene.nodes[2].parent = 1;
    scene.nodes[2].children = {0};
    scene.nodes[0].parent = 2;
    scene.nodes[1].translation = {1, 0, 0};
    scene.nodes[2].scale = {2, 2, 2};
    scene.nodes[0].translation = {0, 1, 0};
    scene.roots = {1};
    const std::vector<glm::mat4> world = worldMatrices(scene, restPose(scene));
    // world(0) = T(1,0,0) * S(2) * T(0,1,0): the origin lands at (1, 2, 0).
    const glm::vec4 origin = world[0] * glm::vec4(0, 0, 0, 1);
    EXPECT_EQ(glm::vec3(origin), glm::vec3(1, 2, 0));
    EXPECT_EQ(glm::vec3(world[2] * glm::vec4(0, 0, 0, 1)), glm::vec3(1, 0, 0));
}

TEST(Animate, DeepChainNeedsNoRecursion) {
    constexpr int kDepth = 100000;
    Scene scene;
    scene.nodes.resize(kDepth);
    for (int i = 0; i < kDepth; ++i) {
        scene.nodes[i].translation = {1, 0, 0};
        if (i > 0) scene.nodes[i].parent = i - 1;
        if (i + 1 < kDepth) scene.nodes[i].children = {i + 1};
    }
    scene.roots = {0};
    const std::vector<glm::mat4> world = worldMatrices(scene, restPose(scene));
    ASSERT_EQ(world.size(), size_t(kDepth));
    // Integers up to 2^24 are exact in float, so the sum of unit steps is exact.
    EXPECT_EQ(world.back()[3].x, float(kDepth));
    EXPECT_EQ(world[41][3].x, 42.0f);
}

TEST(Animate, CyclesAndBadIndicesDoNotHang) {
    Scene scene;
    scene.nodes.resize(2);
    scene.nodes[0].children = {1, 5, -1};
    scene.nodes[1].children = {0};
    scene.nodes[0].translation = {1, 0, 0};
    const std::vector<glm::mat4> world = worldMatrices(scene, restPose(scene));
    ASSERT_EQ(world.size(), 2u);
    EXPECT_EQ(world[0][3].x, 1.0f);
}

}  // namespace
}  // namespace morph::animate_test
