// Absolute poses become relative targets: base + w (pose - base) == base (1 - w) + w pose.
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "morph/targets/Blend.h"
#include "morph/targets/PoseTargets.h"

namespace morph::pose_test {
namespace {

Scene model() {
    Scene scene;
    scene.path = "model.glb";
    Mesh mesh;
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    p.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    p.tangents = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, -1}};
    MorphTarget existing;
    existing.set(MorphChannel::Position,
                 std::vector<glm::vec4>{{0, 0, 1, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
    p.targets = {existing};
    mesh.primitives = {p};
    mesh.targetNames = {"lift"};
    mesh.defaultWeights = {0.5f};
    scene.meshes = {mesh};
    Node withWeights, withoutWeights, other;
    withWeights.mesh = 0;
    withWeights.weights = {1.0f};
    withoutWeights.mesh = 0;
    scene.nodes = {withWeights, withoutWeights, other};
    computeTargetStats(scene);
    return scene;
}

Scene poseOf(std::vector<glm::vec3> positions, std::vector<glm::vec3> normals = {}) {
    Scene scene;
    scene.path = "pose.glb";
    Mesh mesh;
    Primitive p;
    p.positions = std::move(positions);
    p.normals = std::move(normals);
    mesh.primitives = {p};
    scene.meshes = {mesh};
    return scene;
}

TEST(Pose, AddsATargetWhoseBlendIsTheTween) {
    Scene scene = model();
    const Scene pose = poseOf({{0, 0, 0}, {2, 0, 0}, {0, 1, 3}}, {{0, 1, 0}, {0, 0, 1}, {0, 0, 1}});
    const Status status = addPoseTarget(scene, pose, "pose");
    ASSERT_TRUE(status) << status.error().message;

    const Mesh& mesh = scene.meshes[0];
    EXPECT_EQ(mesh.targetNames, (std::vector<std::string>{"lift", "pose"}));
    EXPECT_EQ(mesh.defaultWeights, (std::vector<float>{0.5f, 0.0f}));
    EXPECT_EQ(scene.nodes[0].weights, (std::vector<float>{1.0f, 0.0f}));
    EXPECT_TRUE(scene.nodes[1].weights.empty());
    const Primitive& p = mesh.primitives[0];
    ASSERT_EQ(p.targets.size(), 2u);
    EXPECT_TRUE(p.targets[1].has(MorphChannel::Normal));
    EXPECT_FALSE(p.targets[1].has(MorphChannel::Tangent));  // the pose has no tangents
    ASSERT_EQ(p.targetStats.size(), 2u);
    EXPECT_EQ(p.targetStats[1].movedVertices, 2u);
    EXPECT_FLOAT_EQ(p.targetStats[1].maxPositionDelta, 3.0f);

    const Primitive& shape = pose.meshes[0].primitives[0];
    for (float w : {0.0f, 0.25f, 0.5f, 1.0f}) {
        const MorphedPrimitive m = blend(p, {0.0f, w});
        for (size_t v = 0; v < 3; ++v) {
            const glm::vec3 expected = p.positions[v] * (1 - w) + w * shape.positions[v];
            EXPECT_NEAR(m.positions[v].x, expected.x, 1e-6f);
            EXPECT_NEAR(m.positions[v].y, expected.y, 1e-6f);
            EXPECT_NEAR(m.positions[v].z, expected.z, 1e-6f);
            const glm::vec3 normal = p.normals[v] * (1 - w) + w * shape.normals[v];
            EXPECT_NEAR(glm::distance(m.normals[v], normal), 0.0f, 1e-6f);
        }
    }
}

TEST(Pose, TangentDeltasAreXyzOnly) {
    Scene scene = model();
    Scene pose = poseOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    pose.meshes[0].primitives[0].tangents = {{0, 1, 0, -1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
    ASSERT_TRUE(addPoseTarget(scene, pose, "twist"));
    const auto& deltas = scene.meshes[0].primitives[0].targets[1].dense(
        MorphChannel::Tangent, scene.meshes[0].primitives[0].vertexCount());
    ASSERT_EQ(deltas.size(), 3u);
    EXPECT_EQ(deltas[0], glm::vec4(-1, 1, 0, 0));
    EXPECT_EQ(deltas[2], glm::vec4(0, 0, 0, 0));  // handedness differences are not a delta
    EXPECT_FALSE(scene.meshes[0].primitives[0].targets[1].has(MorphChannel::Normal));
}

TEST(Pose, VertexCountMismatchNamesBothCounts) {
    Scene scene = model();
    const Scene pose = poseOf({{0, 0, 0}, {1, 0, 0}});
    const Status status = addPoseTarget(scene, pose, "pose");
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code, ErrorCode::Inconsistent);  // the pose does not fit
    EXPECT_EQ(status.error().message, "pose.glb: primitive 0 has 2 vertices, the model's has 3");
    EXPECT_EQ(scene.meshes[0].targetCount(), 1u);  // unchanged
    EXPECT_EQ(scene.meshes[0].primitives[0].targets.size(), 1u);
}

TEST(Pose, PrimitiveCountMismatchAndMissingMeshesAreErrors) {
    Scene scene = model();
    Scene pose = poseOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    pose.meshes[0].primitives.push_back(pose.meshes[0].primitives[0]);
    Status status = addPoseTarget(scene, pose, "pose");
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code, ErrorCode::Inconsistent);  // the pose does not fit
    EXPECT_EQ(status.error().message,
              "pose.glb: its first mesh has 2 primitives, the model's has 1");

    Scene empty;
    empty.path = "empty.glb";
    status = addPoseTarget(scene, empty, "pose");
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code, ErrorCode::Inconsistent);  // the pose does not fit
    EXPECT_EQ(status.error().message, "empty.glb: has no mesh to use as a pose");
    status = addPoseTarget(empty, pose, "pose");
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code, ErrorCode::Inconsistent);  // the pose does not fit
    EXPECT_EQ(status.error().message, "empty.glb: has no mesh to add the pose 'pose' to");
}

TEST(Pose, AModelWithoutTargetsGetsItsFirst) {
    Scene scene = poseOf({{0, 0, 0}, {1, 0, 0}});
    scene.path = "plain.glb";
    const Scene pose = poseOf({{0, 0, 1}, {1, 0, 1}});
    ASSERT_TRUE(addPoseTarget(scene, pose, "up"));
    const Mesh& mesh = scene.meshes[0];
    EXPECT_EQ(mesh.targetNames, std::vector<std::string>{"up"});
    EXPECT_EQ(mesh.defaultWeights, std::vector<float>{0.0f});
    const MorphedPrimitive m = blend(mesh.primitives[0], {1.0f});
    EXPECT_EQ(m.positions[1], glm::vec3(1, 0, 1));
}

}  // namespace
}  // namespace morph::pose_test
