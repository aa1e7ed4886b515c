// What VRM expressions do to target weights (morph/edit/ExpressionWeights.h) and `--weights
// vrm:NAME=V` (morph/edit/WeightSpec.h): binds across meshes, clamping, isBinary and the
// procedural overrides of VRMC_vrm-1.0 expressions.md.
#include <gtest/gtest.h>

#include "fixtures/VrmFixtures.h"
#include "morph/edit/ExpressionWeights.h"
#include "morph/edit/WeightSpec.h"
#include "morph/gltf/GltfImport.h"

namespace morph::expression_weights_test {
namespace {

Scene importFixture(const std::vector<uint8_t>& bytes) {
    auto r = importGltfMemory(bytes, "avatar.vrm", "");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : Scene{};
}

std::vector<NodePose> applied(const Scene& scene, const std::string& spec) {
    std::vector<NodePose> pose = restPose(scene);
    const auto parsed = parseWeightSpec(spec);
    EXPECT_TRUE(parsed) << (parsed ? "" : parsed.error().message);
    if (!parsed) return pose;
    const Status status = applyWeightSpec(scene, *parsed, pose);
    EXPECT_TRUE(status) << status.error().message;
    return pose;
}

// One mesh with six targets on node 0, and expressions on them (built here, not imported, to
// cover each rule alone).
Scene ruleScene() {
    Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = {"smile", "blinkL", "mouthA", "look", "extra", "blinkB"};
    scene.meshes[0].defaultWeights.assign(6, 0.0f);
    scene.nodes.resize(1);
    scene.nodes[0].mesh = 0;
    const auto expression = [](const std::string& name, ExpressionPreset preset, uint32_t target) {
        Expression e;
        e.name = name;
        e.preset = preset;
        e.binds = {{0, target, 1.0f}};
        return e;
    };
    scene.expressions = {expression("happy", ExpressionPreset::Happy, 0),           // 0
                         expression("blink", ExpressionPreset::Blink, 1),           // 1
                         expression("aa", ExpressionPreset::Aa, 2),                 // 2
                         expression("lookUp", ExpressionPreset::LookUp, 3),         // 3
                         expression("custom", ExpressionPreset::Custom, 4),         // 4
                         expression("blinkLeft", ExpressionPreset::BlinkLeft, 5)};  // 5
    scene.expressions[5].isBinary = true;
    return scene;
}

TEST(ExpressionWeights, ParseVrmItems) {
    const auto parsed = parseWeightSpec("vrm:happy=1, vrm: Blink_L =0.5,smile=0");
    ASSERT_TRUE(parsed) << parsed.error().message;
    ASSERT_EQ(parsed->size(), 3u);
    EXPECT_EQ((*parsed)[0].kind, WeightAssignment::Kind::Expression);
    EXPECT_EQ((*parsed)[0].name, "happy");
    EXPECT_EQ((*parsed)[1].name, "Blink_L");
    EXPECT_FLOAT_EQ((*parsed)[1].value, 0.5f);
    EXPECT_EQ((*parsed)[2].kind, WeightAssignment::Kind::Name);

    const auto empty = parseWeightSpec("vrm:=1");
    ASSERT_FALSE(empty);
    EXPECT_EQ(empty.error().code, ErrorCode::Usage);
    EXPECT_EQ(empty.error().message, "--weights: 'vrm:=1' has no expression name");
}

TEST(ExpressionWeights, VrmHappyMovesBothMeshesTargetsByTheirBindWeights) {
    for (const auto& bytes : {fixtures::vrm1Expressions(), fixtures::vrm0Expressions()}) {
        const Scene scene = importFixture(bytes);
        // VRM 1.0 "happy", and VRM 0.x "Joy" found by its preset name: mesh 0 target 0 at 1,
        // mesh 1 target 0 at 0.5.
        const std::vector<NodePose> pose = applied(scene, "vrm:happy=1");
        EXPECT_EQ(pose[0].weights, (std::vector<float>{1.0f, 0.0f}));
        EXPECT_EQ(pose[1].weights, (std::vector<float>{0.5f, 0.0f}));
        EXPECT_TRUE(pose[2].weights.empty());

        const std::vector<NodePose> half = applied(scene, "vrm:happy=0.5");
        EXPECT_EQ(half[0].weights, (std::vector<float>{0.5f, 0.0f}));
        EXPECT_EQ(half[1].weights, (std::vector<float>{0.25f, 0.0f}));
    }
}

TEST(ExpressionWeights, TargetItemsSetTargetsAfterTheExpressions) {
    const Scene scene = importFixture(fixtures::vrm1Expressions());
    // As in the viewer, where the user's override of a target wins over the expression sliders.
    const std::vector<NodePose> pose = applied(scene, "smile=0.25,vrm:happy=1");
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.25f, 0.0f}));
    EXPECT_EQ(pose[1].weights, (std::vector<float>{0.25f, 0.0f}));
    // Expressions add to what is there (defaults, the clip).
    std::vector<NodePose> base = restPose(scene);
    base[0].weights = {0.125f, 0.5f};
    const auto parsed = parseWeightSpec("vrm:happy=0.5");
    ASSERT_TRUE(parsed);
    ASSERT_TRUE(applyWeightSpec(scene, *parsed, base));
    EXPECT_EQ(base[0].weights, (std::vector<float>{0.625f, 0.5f}));
}

TEST(ExpressionWeights, AnUnknownExpressionIsAnErrorNamingIt) {
    const Scene scene = importFixture(fixtures::vrm1Expressions());
    std::vector<NodePose> pose = restPose(scene);
    const auto parsed = parseWeightSpec("vrm:happy=1,vrm:grin=1");
    ASSERT_TRUE(parsed);
    const Status status = applyWeightSpec(scene, *parsed, pose);
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code, ErrorCode::Usage);
    EXPECT_EQ(status.error().message,
              "--weights: no VRM expression named 'grin' (the file has happy, aa, blink, wink)");
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.0f, 0.0f}));  // nothing applied

    Scene plain;
    plain.meshes.resize(1);
    const Status none = applyWeightSpec(plain, *parseWeightSpec("vrm:happy=1"), pose);
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().message,
              "--weights: no VRM expression named 'happy' (the file has none)");
}

TEST(ExpressionWeights, ValuesAreClampedAndBinaryExpressionsStep) {
    const Scene scene = ruleScene();
    // "Expression control": outside 0..1 is clamped.
    EXPECT_EQ(expressionOutputs(scene, {2.0f, -1.0f})[0], 1.0f);
    EXPECT_EQ(expressionOutputs(scene, {2.0f, -1.0f})[1], 0.0f);
    // isBinary: above 0.5 is 1, else 0.
    std::vector<float> values(6, 0.0f);
    values[5] = 0.5f;
    EXPECT_EQ(expressionOutputs(scene, values)[5], 0.0f);
    values[5] = 0.51f;
    EXPECT_EQ(expressionOutputs(scene, values)[5], 1.0f);
    // Missing values count as 0.
    EXPECT_EQ(expressionOutputs(scene, {}), std::vector<float>(6, 0.0f));
}

TEST(ExpressionWeights, BlockAndBlendOverrideTheProceduralPresets) {
    Scene scene = ruleScene();
    scene.expressions[0].overrideBlink = ExpressionOverride::Block;
    scene.expressions[0].overrideMouth = ExpressionOverride::Blend;
    // Overriding the blink kind from a blink preset is ignored ("settings for the same kind are
    // treated as invalid").
    scene.expressions[1].overrideBlink = ExpressionOverride::Block;

    std::vector<float> values = {0.25f, 1, 1, 1, 1, 0};
    std::vector<float> out = expressionOutputs(scene, values);
    EXPECT_EQ(out[1], 0.0f);         // blink: blocked while happy > 0
    EXPECT_FLOAT_EQ(out[2], 0.75f);  // aa: blended, 1 * (1 - 0.25)
    EXPECT_EQ(out[3], 1.0f);         // lookUp: happy does not override gaze
    EXPECT_EQ(out[4], 1.0f);         // custom expressions are never overridden
    EXPECT_FLOAT_EQ(out[0], 0.25f);  // the overrider itself is unchanged

    values[0] = 0;  // happy off: nothing is overridden
    out = expressionOutputs(scene, values);
    EXPECT_EQ(out[1], 1.0f);
    EXPECT_EQ(out[2], 1.0f);

    // An overridden isBinary expression is suppressed by any effect: blinkLeft at 1 under a
    // blend of 0.25.
    scene.expressions[0].overrideBlink = ExpressionOverride::Blend;
    values = {0.25f, 0, 0, 0, 0, 1};
    EXPECT_EQ(expressionOutputs(scene, values)[5], 0.0f);
    // An isBinary overrider overrides with its binary output: happy at 0.4 acts as 0.
    scene.expressions[0].isBinary = true;
    values = {0.4f, 1, 1, 0, 0, 0};
    out = expressionOutputs(scene, values);
    EXPECT_EQ(out[1], 1.0f);
    EXPECT_EQ(out[2], 1.0f);
    values[0] = 0.6f;
    out = expressionOutputs(scene, values);
    EXPECT_EQ(out[2], 0.0f);  // blend by 1: saturated
}

TEST(ExpressionWeights, BindsOnOneTargetAddUpWithoutClamping) {
    Scene scene = ruleScene();
    scene.expressions[4].binds.push_back({0, 0, 1.0f});  // custom also moves "smile"
    std::vector<NodePose> pose = restPose(scene);
    applyExpressions(scene, {1, 0, 0, 0, 1, 0}, pose);
    // "Expression update algorithm": accumulated; the sum is left as is.
    EXPECT_EQ(pose[0].weights[0], 2.0f);
    EXPECT_EQ(pose[0].weights[4], 1.0f);
}

TEST(ExpressionWeights, FindAndDisplayOrder) {
    const Scene v0 = importFixture(fixtures::vrm0Expressions());
    EXPECT_EQ(findExpression(v0, "Joy"), 0);
    EXPECT_EQ(findExpression(v0, "happy"), 0);  // the 1.0 preset name
    EXPECT_EQ(findExpression(v0, "blinkLeft"), 2);
    EXPECT_EQ(findExpression(v0, "GRIN"), 3);  // ignoring case, last
    EXPECT_EQ(findExpression(v0, "surprised"), -1);
    // Presets in the 1.0 order (happy, sad, aa, blinkLeft), then custom.
    EXPECT_EQ(expressionDisplayOrder(v0), (std::vector<size_t>{0, 4, 1, 2, 3}));
}

}  // namespace
}  // namespace morph::expression_weights_test
