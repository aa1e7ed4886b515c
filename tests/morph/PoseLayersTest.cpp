// A pose as an ordered list of layers (morph/anim/PoseLayers.h): the rest pose under them, each
// over what the earlier left, a range of them for a caller that keeps the pose between, and a
// layer found by name.
#include <gtest/gtest.h>

#include "morph/anim/PoseLayers.h"

namespace morph::pose_layers_test {
namespace {

// Node 0: a mesh with two targets, defaults 0.25 and 0; node 1: no mesh.
Scene twoNodes() {
    Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = {"a", "b"};
    scene.meshes[0].defaultWeights = {0.25f, 0.0f};
    scene.nodes.resize(2);
    scene.nodes[0].mesh = 0;
    return scene;
}

// A layer that writes `value` into target `target` of node 0.
PoseLayer setWeight(const std::string& name, size_t target, float value) {
    return {name, [target, value](const Scene&, std::vector<NodePose>& pose) {
                pose[0].weights[target] = value;
            }};
}

TEST(PoseLayers, NoLayersIsTheRestPose) {
    const Scene scene = twoNodes();
    const std::vector<NodePose> pose = resolvePoseLayers(scene, {});
    ASSERT_EQ(pose.size(), 2u);
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.25f, 0.0f}));
    EXPECT_TRUE(pose[1].weights.empty());
}

TEST(PoseLayers, ALaterLayerWinsWhereTwoWriteTheSameWeight) {
    const Scene scene = twoNodes();
    const PoseLayers layers = {setWeight("low", 0, 0.5f), setWeight("other", 1, 0.75f),
                               setWeight("high", 0, 1.0f)};
    EXPECT_EQ(resolvePoseLayers(scene, layers)[0].weights, (std::vector<float>{1.0f, 0.75f}));
}

TEST(PoseLayers, ARangeAppliesOnlyItsLayersAndTheRestContinuesFromThere) {
    const Scene scene = twoNodes();
    const PoseLayers layers = {setWeight("clip", 0, 0.5f), setWeight("user", 0, 0.9f),
                               setWeight("mute", 1, 0.0f)};
    std::vector<NodePose> pose = restPose(scene);
    applyPoseLayers(scene, layers, pose, 0, layerNamed(layers, "user"));
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.5f, 0.0f}));  // under the user's layer
    applyPoseLayers(scene, layers, pose, layerNamed(layers, "user"));
    const std::vector<NodePose> whole = resolvePoseLayers(scene, layers);
    EXPECT_EQ(pose[0].weights, whole[0].weights);
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.9f, 0.0f}));
    // An end past the list stops at its end.
    std::vector<NodePose> all = restPose(scene);
    applyPoseLayers(scene, layers, all, 0, 99);
    EXPECT_EQ(all[0].weights, (std::vector<float>{0.9f, 0.0f}));
}

TEST(PoseLayers, ALayerWithoutAFunctionAddsNothing) {
    const Scene scene = twoNodes();
    const PoseLayers layers = {setWeight("clip", 1, 0.5f), {"reserved", nullptr}};
    EXPECT_EQ(resolvePoseLayers(scene, layers)[0].weights, (std::vector<float>{0.25f, 0.5f}));
}

TEST(PoseLayers, ALayersTargetWeightsGoOnEveryNodeShowingTheMeshAfterItsFunction) {
    Scene scene = twoNodes();
    scene.nodes.resize(3);
    scene.nodes[2].mesh = 0;  // a second node showing the mesh
    PoseLayer layer = setWeight("source", 1, 0.25f);
    layer.weights = {{{0, 1}, 0.5f}, {{0, 7}, 1.0f}, {{3, 0}, 1.0f}};
    const std::vector<NodePose> pose = resolvePoseLayers(scene, {layer});
    // Target 7 and mesh 3 are past the scene's: left out.
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.25f, 0.5f}));
    EXPECT_EQ(pose[2].weights, (std::vector<float>{0.25f, 0.5f}));
    EXPECT_TRUE(pose[1].weights.empty());
}

TEST(PoseLayers, ALayerThatCoversAMeshSizesItsNodesWeightsFirst) {
    const Scene scene = twoNodes();
    std::vector<NodePose> pose = restPose(scene);
    pose[0].weights = {0.5f, 0.5f, 0.5f};  // what a layer before left, past the mesh's targets
    PoseLayer layer{"user", nullptr, {}, {{{0, 1}, 1.0f}}};
    applyPoseLayers(scene, {layer}, pose);
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.5f, 1.0f, 0.5f}));  // entries only
    layer.weights.coverMesh(0);
    applyPoseLayers(scene, {layer}, pose);
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.5f, 1.0f}));
}

TEST(PoseLayers, ALayersRotationsTurnTheirNodesBeforeItsWeights) {
    const Scene scene = twoNodes();
    const glm::quat turn = glm::angleAxis(0.5f, glm::vec3(0, 1, 0));
    PoseLayer layer{"head", nullptr, {{1, turn}, {9, turn}}, {}};  // node 9: past the pose
    const std::vector<NodePose> pose = resolvePoseLayers(scene, {layer});
    EXPECT_EQ(pose[1].rotation, turn);
    EXPECT_EQ(pose[0].rotation, glm::quat(1, 0, 0, 0));
}

TEST(PoseLayers, TargetWeightsSetGetAndClear) {
    TargetWeights weights;
    EXPECT_TRUE(weights.empty());
    weights.set(1, 2, 0.5f);
    weights.set(1, 2, 0.75f);
    EXPECT_EQ(weights.size(), 1u);
    EXPECT_EQ(weights.get(1, 2), 0.75f);
    EXPECT_EQ(weights.get(2, 1), std::nullopt);
    EXPECT_EQ(weights, (TargetWeights{{{1, 2}, 0.75f}}));
    weights.clear();
    EXPECT_TRUE(weights.empty());
}

TEST(PoseLayers, LayerNamedIsTheFirstOfThatNameElseTheEnd) {
    const PoseLayers layers = {setWeight("a", 0, 0), setWeight("b", 0, 0), setWeight("b", 1, 0)};
    EXPECT_EQ(layerNamed(layers, "a"), 0u);
    EXPECT_EQ(layerNamed(layers, "b"), 1u);
    EXPECT_EQ(layerNamed(layers, "speech"), 3u);
}

}  // namespace
}  // namespace morph::pose_layers_test
