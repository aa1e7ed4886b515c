// Skins on the CPU (morph/anim/Skin.h): joint matrices, the skinning reference against values
// computed by hand, weight normalization, and the importer's skin validation.
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "fixtures/SkinFixtures.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"
#include "morph/anim/Skin.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Blend.h"

namespace morph::skin_test {
namespace {

using fixtures::SkinCase;

Scene importArm(SkinCase skinCase = SkinCase::Arm) {
    auto scene = importGltfMemory(fixtures::skinnedArm(skinCase), "arm.glb", ".");
    EXPECT_TRUE(scene) << scene.error().message;
    return scene ? std::move(scene).value() : Scene{};
}

// The error of an arm that must not import (a failure, and Io, when it does).
Error importError(SkinCase skinCase) {
    auto scene = importGltfMemory(fixtures::skinnedArm(skinCase), "arm.glb", ".");
    if (scene) ADD_FAILURE() << "the arm imported";
    return scene ? Error{ErrorCode::Io, "(imported)"} : scene.error();
}

void expectNear(const glm::vec3& actual, const glm::vec3& expected, float tolerance = 1e-5f) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
    EXPECT_NEAR(actual.z, expected.z, tolerance);
}

// World positions of the arm's primitive at `t` of "bend", through the CPU reference.
MorphedPrimitive armWorld(const Scene& scene, float t) {
    std::vector<NodePose> pose = restPose(scene);
    applyAnimation(scene, scene.animations[0], t, pose);
    const std::vector<glm::mat4> world = worldMatrices(scene, pose);
    const std::vector<glm::mat4> joints = nodeJointMatrices(scene, 3, world);
    const Primitive& primitive = scene.meshes[0].primitives[0];
    MorphedPrimitive out = blend(primitive, pose[3].weights);
    toWorldSpace(primitive, skinnedModel(world[3]), joints, out);
    return out;
}

TEST(FramePose, HoldsThePosesWeightsWorldAndJointMatrices) {
    const Scene scene = importArm();
    std::vector<NodePose> pose = restPose(scene);
    applyAnimation(scene, scene.animations[0], 0.5f, pose);
    ASSERT_FALSE(pose[3].weights.empty());  // the arm has morph targets
    pose[3].weights.assign(pose[3].weights.size(), 0.0f);
    pose[3].weights.back() = 0.75f;
    const FramePose frame = resolveFrame(scene, pose);
    ASSERT_EQ(frame.size(), scene.nodes.size());
    EXPECT_EQ(frame.world, worldMatrices(scene, pose));
    EXPECT_EQ(frame.joints[3], nodeJointMatrices(scene, 3, frame.world));
    EXPECT_FALSE(frame.joints[3].empty());
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        if (n != 3) {
            EXPECT_TRUE(frame.joints[n].empty()) << n;  // no mesh, or no skin
        }
    }
    EXPECT_EQ(frame.weights(3), pose[3].weights);
    EXPECT_EQ(frame.active[3].targets, std::vector<uint32_t>{uint32_t(pose[3].weights.size() - 1)});
    EXPECT_EQ(frame.active[3].values, std::vector<float>{0.75f});
    // A pose of another scene: the rest pose.
    EXPECT_EQ(resolveFrame(scene, {}).world, worldMatrices(scene, restPose(scene)));
}

// Resolving into a frame kept from another pose (a renderer's, every frame) leaves nothing of it.
TEST(FramePose, ResolvedIntoAKeptFrameEqualsAFreshOne) {
    const Scene scene = importArm();
    std::vector<NodePose> bent = restPose(scene);
    applyAnimation(scene, scene.animations[0], 1.0f, bent);
    bent[3].weights.assign(bent[3].weights.size(), 0.5f);
    FramePose kept;
    resolveFrame(scene, bent, kept);
    std::vector<NodePose> rest = restPose(scene);
    resolveFrame(scene, rest, kept);
    const FramePose fresh = resolveFrame(scene, rest);
    EXPECT_EQ(kept.world, fresh.world);
    EXPECT_EQ(kept.joints, fresh.joints);
    EXPECT_EQ(kept.weights(3), fresh.weights(3));
    EXPECT_EQ(kept.active[3].targets, fresh.active[3].targets);
    EXPECT_EQ(kept.active[3].values, fresh.active[3].values);
    // A pose of another scene: the rest pose, as resolveFrame(scene, {}) gives.
    resolveFrame(scene, {}, kept);
    EXPECT_EQ(kept.world, fresh.world);
    EXPECT_EQ(kept.size(), scene.nodes.size());
}

// R90 about z around the elbow (1.5, 0, 0).
glm::vec3 bentAtElbow(const glm::vec3& p) {
    return {1.5f - p.y, p.x - 1.5f, p.z};
}

TEST(Skin, InfluenceCountFollowsCompletePairs) {
    const Scene arm = importArm();
    EXPECT_EQ(influenceCount(arm.meshes[0].primitives[0]), 4u);
    const Scene eight = importArm(SkinCase::EightInfluences);
    EXPECT_EQ(influenceCount(eight.meshes[0].primitives[0]), 8u);
    Primitive p = arm.meshes[0].primitives[0];
    p.weights[0].pop_back();
    EXPECT_EQ(influenceCount(p), 0u);
}

TEST(Skin, JointMatricesAreWorldTimesInverseBind) {
    Skin skin;
    skin.joints = {0, 1};
    skin.inverseBindMatrices = {glm::translate(glm::mat4(1.0f), {-1, 0, 0}), glm::mat4(1.0f)};
    const std::vector<glm::mat4> world = {glm::translate(glm::mat4(1.0f), {3, 0, 0}),
                                          glm::scale(glm::mat4(1.0f), glm::vec3(2.0f))};
    const std::vector<glm::mat4> joints = jointWorldMatrices(skin, world);
    ASSERT_EQ(joints.size(), 2u);
    expectNear(glm::vec3(joints[0] * glm::vec4(1, 0, 0, 1)), {3, 0, 0});
    expectNear(glm::vec3(joints[1] * glm::vec4(1, 1, 1, 1)), {2, 2, 2});
}

TEST(Skin, SingularNodeMatrixFallsBackToIdentity) {
    EXPECT_EQ(skinnedModel(glm::scale(glm::mat4(1.0f), glm::vec3(0.0f))), glm::mat4(1.0f));
    const glm::mat4 moved = glm::translate(glm::mat4(1.0f), {1, 2, 3});
    EXPECT_EQ(skinnedModel(moved), moved);
}

TEST(Skin, RestPoseIgnoresTheMeshNodeTransform) {
    // glTF 2.0 3.7.3.1: the arm node's translation (0, 3, 0) does not move skinned vertices.
    const Scene scene = importArm();
    const MorphedPrimitive world = armWorld(scene, 0.0f);
    const std::vector<float> base = fixtures::armPositions();
    for (size_t v = 0; v < 10; ++v) {
        expectNear(world.positions[v], {base[3 * v], base[3 * v + 1], base[3 * v + 2]});
        expectNear(world.normals[v], {0, 0, 1});
    }
}

TEST(Skin, BentElbowMatchesHandComputedPositions) {
    const Scene scene = importArm();
    const MorphedPrimitive world = armWorld(scene, 1.0f);
    // Shoulder-only vertices stay; v3 carries the bulge (0, 0.2, 0) at weight 1.
    expectNear(world.positions[0], {0.5f, -0.1f, 0});
    expectNear(world.positions[3], {1.0f, 0.3f, 0});
    // Elbow-only: rotated 90 degrees about z around (1.5, 0, 0); v9 morphed first, then skinned.
    expectNear(world.positions[6], bentAtElbow({2.0f, -0.1f, 0}));
    expectNear(world.positions[9], {1.4f, 1.0f, 0.5f});
    // Half and half: the average of the two joints' images (linear blend skinning).
    const glm::vec3 v5(1.5f, 0.1f, 0);
    expectNear(world.positions[5], 0.5f * v5 + 0.5f * bentAtElbow(v5));
    // v9's normal: (0,0,1) + (0,0.5,0), renormalized, rotated by the elbow (y -> -x).
    expectNear(world.normals[9], glm::normalize(glm::vec3(-0.5f, 0, 1)));
    expectNear(world.normals[0], {0, 0, 1});
}

TEST(Skin, HalfwayUsesSlerpAndHalfWeight) {
    const Scene scene = importArm();
    const MorphedPrimitive world = armWorld(scene, 0.5f);
    // 45 degrees at the elbow; the bulge at 0.5: v9 = (2.5, 0.1, 0.25) before skinning.
    const float c = std::sqrt(0.5f);
    const glm::vec3 r(1.0f, 0.1f, 0.25f);
    expectNear(world.positions[9], {1.5f + c * r.x - c * r.y, c * r.x + c * r.y, 0.25f});
}

TEST(Skin, EightInfluencesMatchFour) {
    const Scene four = importArm();
    const Scene eight = importArm(SkinCase::EightInfluences);
    const MorphedPrimitive a = armWorld(four, 0.7f);
    const MorphedPrimitive b = armWorld(eight, 0.7f);
    for (size_t v = 0; v < a.positions.size(); ++v) expectNear(b.positions[v], a.positions[v]);
}

TEST(Skin, QuantizedOverweightIsNormalizedWithOneWarning) {
    const Scene scene = importArm(SkinCase::QuantizedOverweight);
    int weightWarnings = 0;
    for (const std::string& w : scene.warnings) {
        if (w.find("do not sum to 1") != std::string::npos) {
            ++weightWarnings;
            EXPECT_NE(w.find("2 vertices"), std::string::npos) << w;
            EXPECT_NE(w.find("1.043"), std::string::npos) << w;
        }
    }
    EXPECT_EQ(weightWarnings, 1);
    const Primitive& p = scene.meshes[0].primitives[0];
    EXPECT_NEAR(p.weights[0][4].x, 0.5f, 1e-6f);
    EXPECT_NEAR(p.weights[0][4].y, 0.5f, 1e-6f);
    const MorphedPrimitive reference = armWorld(importArm(), 1.0f);
    const MorphedPrimitive quantized = armWorld(scene, 1.0f);
    for (size_t v = 0; v < reference.positions.size(); ++v) {
        expectNear(quantized.positions[v], reference.positions[v]);
    }
}

TEST(Skin, NormalizeHandlesEmptyRowsAndZeroesUnusedJoints) {
    Primitive p;
    p.positions.assign(3, glm::vec3(0.0f));
    p.joints[0] = {{5, 1, 7, 0}, {2, 3, 0, 0}, {4, 9, 9, 9}};
    p.weights[0] = {{0, 0, 0, 0}, {0.5f, 0.5f, 0, 0}, {0, 2, 2, 0}};
    const WeightFixes fixes = normalizeSkinWeights(p);
    EXPECT_EQ(fixes.emptyRows, 1u);
    EXPECT_EQ(fixes.offRows, 1u);  // row 2 sums to 4
    EXPECT_FLOAT_EQ(fixes.worstSum, 4.0f);
    // Bound to nothing: weight 1 on the first influence (three.js's choice).
    EXPECT_EQ(p.weights[0][0], glm::vec4(1, 0, 0, 0));
    EXPECT_EQ(p.joints[0][0], glm::u16vec4(5, 0, 0, 0));
    EXPECT_EQ(p.weights[0][1], glm::vec4(0.5f, 0.5f, 0, 0));
    EXPECT_EQ(p.weights[0][2], glm::vec4(0, 0.5f, 0.5f, 0));
    EXPECT_EQ(p.joints[0][2], glm::u16vec4(0, 9, 9, 0));
}

TEST(Skin, SkinMatrixSkipsZeroWeightsAndOutOfRangeJoints) {
    Primitive p;
    p.positions.assign(1, glm::vec3(0.0f));
    p.joints[0] = {{0, 1, 50, 0}};
    p.weights[0] = {{0.25f, 0.75f, 0, 0}};
    const std::vector<glm::mat4> joints = {glm::translate(glm::mat4(1.0f), {4, 0, 0}),
                                           glm::translate(glm::mat4(1.0f), {0, 4, 0})};
    expectNear(glm::vec3(skinMatrix(p, 0, joints) * glm::vec4(0, 0, 0, 1)), {1, 3, 0});
}

TEST(Skin, UnskinnedNodeUsesItsWorldMatrix) {
    Primitive p;
    p.positions = {{1, 0, 0}};
    p.normals = {{0, 0, 2}};
    MorphedPrimitive m = blend(p, {});
    const glm::mat4 model = glm::rotate(glm::translate(glm::mat4(1.0f), {0, 0, 5}),
                                        glm::radians(90.0f), glm::vec3(0, 1, 0));
    toWorldSpace(p, model, {}, m);
    expectNear(m.positions[0], {0, 0, 4});
    expectNear(m.normals[0], {1, 0, 0});
}

TEST(SkinImport, BadSkinsAreOneLineErrorsNamingTheField) {
    struct Case {
        SkinCase skinCase;
        const char* expected;
        ErrorCode code;
    };
    const Case cases[] = {
        {SkinCase::JointOutOfRange, "JOINTS_0[0] = 2 is out of range of skins[0].joints (2 joints",
         ErrorCode::OutOfBounds},
        {SkinCase::ShortInverseBind, "skins[0].inverseBindMatrices", ErrorCode::Inconsistent},
        {SkinCase::MissingJointNode, "skins[0].joints[1]", ErrorCode::BadReference},
        {SkinCase::FloatJoints, "attributes.JOINTS_0 has componentType 5126", ErrorCode::BadValue},
        {SkinCase::UnnormalizedWeights, "attributes.WEIGHTS_0 has componentType 5121",
         ErrorCode::BadValue},
        {SkinCase::JointsWithoutWeights, "attributes.JOINTS_0 has no WEIGHTS_0",
         ErrorCode::Inconsistent},
        {SkinCase::NegativeWeight, "WEIGHTS_0[0] has a negative weight", ErrorCode::BadValue},
    };
    for (const Case& c : cases) {
        const Error error = importError(c.skinCase);
        const std::string& message = error.message;
        EXPECT_EQ(error.code, c.code) << message;
        EXPECT_NE(message.find(c.expected), std::string::npos) << message;
        EXPECT_EQ(message.rfind("arm.glb: ", 0), 0u) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

TEST(SkinImport, GoodArmImportsWithoutWarnings) {
    const Scene scene = importArm();
    EXPECT_TRUE(scene.warnings.empty()) << scene.warnings.front();
    ASSERT_EQ(scene.skins.size(), 1u);
    EXPECT_EQ(scene.skins[0].joints, (std::vector<int>{1, 2}));
    EXPECT_EQ(scene.skins[0].skeleton, 1);
    EXPECT_EQ(scene.nodes[3].skin, 0);
}

}  // namespace
}  // namespace morph::skin_test
