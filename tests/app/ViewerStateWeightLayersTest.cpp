// The viewer's weight sources as one list of layers (app/document/WeightLayers.h): their
// order, that the frame, the pose and the panel resolve that list and nothing else, and the
// user's two rules (overrides, then solo/mute) as the panel and the pose both apply them.
#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "app/document/ViewerStateExpressions.h"
#include "app/document/WeightLayers.h"
#include "fixtures/VrmFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace viewer_state_weight_layers_test {

namespace {

using app::ViewerState;

// VRM 1.0 fixture: expression happy (2) moves mesh 0 target 0 by 1 and mesh 1 target 0 by 0.5.
constexpr size_t kHappy = 2;

TEST(ViewerStateWeightLayers, TheFileSourcesComeFirstThenTheUsersLayers) {
    ViewerState state;
    app::externalLayer(state, app::kLiveLayer);
    app::externalLayer(state, app::kSpeechLayer);
    const morph::PoseLayers layers = app::weightLayers(morph::Scene(), state);
    std::vector<std::string> names;
    for (const morph::PoseLayer& layer : layers) names.push_back(layer.name);
    EXPECT_EQ(names,
              (std::vector<std::string>{app::kClipsLayer, app::kExpressionsLayer, app::kLiveLayer,
                                        app::kSpeechLayer, app::kOverridesLayer,
                                        app::kSoloMuteLayer, morph::kRigLogicLayer}));
    // The file's sources and the rig logic derived from them all (morph's own) are functions
    // over the pose; the others are data.
    EXPECT_TRUE(layers[0].apply);
    EXPECT_TRUE(layers[1].apply);
    for (size_t i = 2; i + 1 < layers.size(); ++i) EXPECT_FALSE(layers[i].apply) << layers[i].name;
    EXPECT_TRUE(layers.back().apply);
    // View > Rig logic off: the raw targets.
    state.rigLogic = false;
    EXPECT_EQ(app::weightLayers(morph::Scene(), state).back().name, app::kSoloMuteLayer);
}

TEST(ViewerStateWeightLayers, TheFramePoseAndPanelAreTheListResolved) {
    const auto imported = morph::importGltfMemory(fixtures::vrm1Expressions(), "a.vrm", "");
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    const morph::Scene& scene = *imported;
    ViewerState state = app::makeViewerState(scene);
    app::setExpressionWeight(state, scene, kHappy, 1.0f);
    state.selectedMesh = 1;
    app::setUserWeight(state, scene, 1, 0.75f);

    const std::vector<morph::NodePose> byList =
        morph::resolvePoseLayers(scene, app::weightLayers(scene, state));
    const app::ViewerFrame frame = app::resolveFrame(scene, state);
    const std::vector<morph::NodePose> pose = app::resolvePose(scene, state);
    ASSERT_EQ(byList.size(), pose.size());
    for (size_t n = 0; n < pose.size(); ++n) {
        EXPECT_EQ(pose[n].weights, byList[n].weights) << "node " << n;
        EXPECT_EQ(frame.pose.nodes[n].weights, byList[n].weights) << "node " << n;
    }
    EXPECT_EQ(frame.pose.weights(1), (std::vector<float>{0.5f, 0.75f}));
    // The frame keeps the pose under the user's layers: the expression without the override.
    EXPECT_EQ(frame.sampled[1].weights, (std::vector<float>{0.5f, 0.0f}));
}

// Live input sits over the expressions and under the user's overrides, on every node showing
// the mesh it drives.
TEST(ViewerStateWeightLayers, LiveWeightsGoBetweenExpressionsAndOverrides) {
    const auto imported = morph::importGltfMemory(fixtures::vrm1Expressions(), "a.vrm", "");
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    const morph::Scene& scene = *imported;
    ViewerState state = app::makeViewerState(scene);
    app::setExpressionWeight(state, scene, kHappy, 1.0f);  // mesh 1 target 0: 0.5
    morph::TargetWeights& live = app::externalLayer(state, app::kLiveLayer).weights;
    live.set(1, 0, 0.25f);
    live.set(1, 1, 0.125f);
    live.set(1, 99, 1.0f);  // past the mesh's targets: ignored
    app::ViewerFrame frame = app::resolveFrame(scene, state);
    EXPECT_EQ(frame.pose.weights(1), (std::vector<float>{0.25f, 0.125f}));
    EXPECT_EQ(frame.sampled[1].weights, (std::vector<float>{0.25f, 0.125f}));
    state.selectedMesh = 1;
    app::setUserWeight(state, scene, 1, 0.75f);
    frame = app::resolveFrame(scene, state);
    EXPECT_EQ(frame.pose.weights(1), (std::vector<float>{0.25f, 0.75f}));
}

// Speech sits over live input (a line said while a tracker drives the face moves the mouth) and
// under the user's overrides.
TEST(ViewerStateWeightLayers, SpeechGoesOverLiveInputAndUnderOverrides) {
    const auto imported = morph::importGltfMemory(fixtures::vrm1Expressions(), "a.vrm", "");
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    const morph::Scene& scene = *imported;
    ViewerState state = app::makeViewerState(scene);
    morph::TargetWeights& live = app::externalLayer(state, app::kLiveLayer).weights;
    live.set(1, 0, 0.25f);
    live.set(1, 1, 0.125f);
    app::externalLayer(state, app::kSpeechLayer).weights.set(1, 0, 0.5f);
    // Past the mesh's targets: ignored.
    app::externalLayer(state, app::kSpeechLayer).weights.set(1, 7, 1.0f);
    app::ViewerFrame frame = app::resolveFrame(scene, state);
    EXPECT_EQ(frame.pose.weights(1), (std::vector<float>{0.5f, 0.125f}));
    state.selectedMesh = 1;
    app::setUserWeight(state, scene, 0, 0.75f);
    frame = app::resolveFrame(scene, state);
    EXPECT_EQ(frame.pose.weights(1), (std::vector<float>{0.75f, 0.125f}));
    app::externalLayer(state, app::kSpeechLayer)
        .weights.clear();  // the line ended: live input shows again
    app::clearOverride(state, scene, 0);
    frame = app::resolveFrame(scene, state);
    EXPECT_EQ(frame.pose.weights(1), (std::vector<float>{0.25f, 0.125f}));
}

TEST(ViewerStateWeightLayers, OverridesThenSoloAndMuteOnOneMesh) {
    app::MeshState mesh;
    mesh.targets.resize(3);
    mesh.targets[0].overridden = true;
    mesh.targets[0].value = 0.5f;
    mesh.targets[1].solo = true;
    std::vector<float> weights = {0.25f, 0.25f};  // one short: grows to the target count
    std::vector<app::WeightSource> sources(3, app::WeightSource::Animation);
    app::applyOverrides(mesh, weights, &sources);
    EXPECT_EQ(weights, (std::vector<float>{0.5f, 0.25f, 0.0f}));
    EXPECT_EQ(sources[0], app::WeightSource::User);
    EXPECT_EQ(sources[1], app::WeightSource::Animation);
    app::applySoloMute(mesh, weights);  // a solo hides every target of the mesh but itself
    EXPECT_EQ(weights, (std::vector<float>{0.0f, 0.25f, 0.0f}));
    mesh.targets[1].mute = true;  // mute wins over solo
    app::applySoloMute(mesh, weights);
    EXPECT_EQ(weights, (std::vector<float>{0.0f, 0.0f, 0.0f}));
}

}  // namespace

}  // namespace viewer_state_weight_layers_test
