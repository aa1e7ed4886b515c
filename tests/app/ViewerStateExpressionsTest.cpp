// The viewer's VRM expression sliders without a window (app/document/
// ViewerStateExpressions.h): where they sit in the resolution order (after the clip, before the
// user's overrides and solo/mute), clamping, the revision, and reload by expression name.
#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "app/document/ViewerStateExpressions.h"
#include "fixtures/VrmFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace viewer_state_expressions_test {

namespace {

using app::ViewerState;

morph::Scene importFixture(const std::vector<uint8_t>& bytes, const std::string& name) {
    auto r = morph::importGltfMemory(bytes, name, "");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : morph::Scene{};
}

// VRM 1.0: expressions aa (0), blink (1), happy (2), wink (3); happy moves mesh 0 target 0 by 1
// and mesh 1 target 0 by 0.5.
constexpr size_t kHappy = 2, kWink = 3;

TEST(ViewerStateExpressions, OneSliderPerExpressionStartingAtZero) {
    const morph::Scene scene = importFixture(fixtures::vrm1Expressions(), "a.vrm");
    const ViewerState state = app::makeViewerState(scene);
    EXPECT_EQ(state.expressionWeights, std::vector<float>(4, 0.0f));
    EXPECT_TRUE(app::makeViewerState(morph::Scene{}).expressionWeights.empty());
}

TEST(ViewerStateExpressions, EditsClampAndBumpTheRevision) {
    const morph::Scene scene = importFixture(fixtures::vrm1Expressions(), "a.vrm");
    ViewerState state = app::makeViewerState(scene);
    const uint64_t before = state.revision;
    app::setExpressionWeight(state, scene, kHappy, 1.5f);
    EXPECT_GT(state.revision, before);
    EXPECT_EQ(state.expressionWeights[kHappy], 1.0f);  // VRM clamps an expression to 0..1
    app::setExpressionWeight(state, scene, kHappy, -2.0f);
    EXPECT_EQ(state.expressionWeights[kHappy], 0.0f);
    EXPECT_TRUE(app::setExpressionWeight(state, scene, "wink", 0.5f));
    EXPECT_EQ(state.expressionWeights[kWink], 0.5f);
    EXPECT_FALSE(app::setExpressionWeight(state, scene, "grin", 0.5f));
    app::setExpressionWeight(state, scene, size_t(99), 1.0f);  // out of range: ignored
    app::resetExpressionWeights(state);
    EXPECT_EQ(state.expressionWeights, std::vector<float>(4, 0.0f));
}

TEST(ViewerStateExpressions, ResolvedAfterTheClipAndBeforeOverridesInEveryResolution) {
    const morph::Scene scene = importFixture(fixtures::vrm1Expressions(), "a.vrm");
    ViewerState state = app::makeViewerState(scene);
    app::setExpressionWeight(state, scene, kHappy, 1.0f);

    // The frame, the pose and the panel's per-mesh view all see the expression, on both meshes.
    const app::ViewerFrame frame = app::resolveFrame(scene, state);
    EXPECT_EQ(frame.pose.weights(0), (std::vector<float>{1.0f, 0.0f}));
    EXPECT_EQ(frame.pose.weights(1), (std::vector<float>{0.5f, 0.0f}));
    const std::vector<morph::NodePose> pose = app::resolvePose(scene, state);
    EXPECT_EQ(pose[1].weights, (std::vector<float>{0.5f, 0.0f}));
    EXPECT_EQ(app::resolveMeshWeights(scene, state, frame, 1).weights,
              (std::vector<float>{0.5f, 0.0f}));
    EXPECT_EQ(app::resolveMeshWeights(scene, state, 0).beforeSoloMute,
              (std::vector<float>{1.0f, 0.0f}));

    // A user override of a target wins over the expression; mute hides it.
    state.selectedMesh = 1;
    app::setUserWeight(state, scene, 0, 0.25f);
    EXPECT_EQ(app::resolveMeshWeights(scene, state, 1).weights, (std::vector<float>{0.25f, 0.0f}));
    app::clearOverride(state, scene, 0);
    state.selectedMesh = 0;
    app::setMute(state, scene, 0, true);
    EXPECT_EQ(app::resolveFrame(scene, state).pose.weights(0), (std::vector<float>{0.0f, 0.0f}));
    EXPECT_EQ(app::resolveMeshWeights(scene, state, 0).beforeSoloMute,
              (std::vector<float>{1.0f, 0.0f}));

    // The VRM rules apply between sliders: happy blocks blink.
    app::setMute(state, scene, 0, false);
    app::setExpressionWeight(state, scene, "blink", 1.0f);
    EXPECT_EQ(app::resolveFrame(scene, state).pose.weights(0), (std::vector<float>{1.0f, 0.0f}));
    app::setExpressionWeight(state, scene, kHappy, 0.0f);
    EXPECT_EQ(app::resolveFrame(scene, state).pose.weights(0), (std::vector<float>{0.0f, 1.0f}));
}

TEST(ViewerStateExpressions, AStateForAnotherSceneIsIgnored) {
    const morph::Scene scene = importFixture(fixtures::vrm1Expressions(), "a.vrm");
    ViewerState state = app::makeViewerState(scene);
    state.expressionWeights = {1.0f};  // not one per expression
    EXPECT_EQ(app::resolveFrame(scene, state).pose.weights(0), (std::vector<float>{0.0f, 0.0f}));
}

TEST(ViewerStateExpressions, ReloadKeepsExpressionWeightsByName) {
    const morph::Scene before = importFixture(fixtures::vrm1Expressions(), "a.vrm");
    ViewerState state = app::makeViewerState(before);
    app::setExpressionWeight(state, before, kHappy, 0.75f);
    app::setExpressionWeight(state, before, kWink, 0.5f);

    // The same file again: every weight where it was.
    const ViewerState same = app::remapState(state, before, before);
    EXPECT_EQ(same.expressionWeights, state.expressionWeights);

    // Re-exported as VRM 0.x: happy is now "Joy" (matched by its preset), wink is gone, and the
    // new expressions start at 0.
    const morph::Scene after = importFixture(fixtures::vrm0Expressions(), "a.vrm");
    const ViewerState remapped = app::remapState(state, before, after);
    ASSERT_EQ(remapped.expressionWeights.size(), after.expressions.size());
    EXPECT_EQ(remapped.expressionWeights, (std::vector<float>{0.75f, 0, 0, 0, 0}));
    EXPECT_EQ(app::resolveFrame(after, remapped).pose.weights(1),
              (std::vector<float>{0.375f, 0.0f}));
}

}  // namespace

}  // namespace viewer_state_expressions_test
