// The viewer's weight sources as one list of layers (app/document/WeightLayers.h): their
// order, that the frame, the pose and the panel resolve that list and nothing else, and the
// user's two rules (overrides, then solo/mute) as the panel and the pose both apply them.
#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "app/document/ViewerStateExpressions.h"
#include "app/document/WeightLayers.h"
#include "app/live/LiveNames.h"
#include "fixtures/VrmFixtures.h"
#include "morph/anim/IdleLife.h"
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

// Idle life under a tracker, as the window layers them (alive, then live input: makeFeatures'
// order): while idle life holds both eyes shut, a tracker sending eyeBlinkLeft/Right (0 too:
// eyes open) decides the blinks, and idle life still moves the eye-look targets the tracker
// does not send.
TEST(ViewerStateWeightLayers, ATrackersBlinkWinsOverIdleLifeWhichMovesTheRest) {
    morph::Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = {"eyeBlinkLeft", "eyeBlinkRight", "jawOpen"};
    for (const char* look : morph::kIdleEyeLookNames) scene.meshes[0].targetNames.push_back(look);
    scene.meshes[0].defaultWeights.assign(scene.meshes[0].targetCount(), 0.0f);
    scene.nodes.resize(1);
    scene.nodes[0].mesh = 0;
    ViewerState state = app::makeViewerState(scene);

    // Idle life's frame half way through its first blink (shut from 35% to 50%), gazing aside.
    const morph::IdleLifePlan plan = morph::planIdleLife(scene);
    const morph::IdleSchedule schedule = morph::makeIdleSchedule(3);
    const morph::IdleBlink& blink = schedule.blinks.front();
    morph::IdleFrame idle =
        morph::idleFrameAt(plan, schedule, blink.start + 0.42 * double(blink.duration));
    ASSERT_EQ(idle.weights.get(0, 0).value_or(0.0f), 1.0f);
    ASSERT_EQ(idle.weights.get(0, 1).value_or(0.0f), 1.0f);
    std::vector<std::pair<size_t, float>> looks;  // the eye-look targets idle life moves now
    for (size_t t = 3; t < scene.meshes[0].targetCount(); ++t) {
        if (const auto value = idle.weights.get(0, t); value && *value > 0)
            looks.push_back({t, *value});
    }
    ASSERT_FALSE(looks.empty()) << "idle life's gaze moves no eye-look target at this moment";
    app::externalLayer(state, app::kAliveLayer).weights = idle.weights;
    EXPECT_EQ(app::resolveFrame(scene, state).pose.weights(0)[0], 1.0f);  // alive alone: shut

    // The tracker's sample through live input's own mapping, copied as LiveFeature copies it.
    app::live::LiveLayer tracker(scene);
    app::live::LiveSample sample;
    sample.values = {{"eyeBlinkLeft", 0.0f}, {"eyeBlinkRight", 0.25f}, {"jawOpen", 0.5f}};
    ASSERT_TRUE(tracker.apply(sample));
    morph::TargetWeights& live = app::externalLayer(state, app::kLiveLayer).weights;
    for (const auto& [ref, value] : tracker.weights()) live.set(ref.mesh, ref.target, value);

    const std::vector<float> shown = app::resolveFrame(scene, state).pose.weights(0);
    EXPECT_EQ(shown[0], 0.0f);   // the tracker's open left eye, not idle life's blink
    EXPECT_EQ(shown[1], 0.25f);  // the tracker's right
    EXPECT_EQ(shown[2], 0.5f);
    for (const auto& [target, value] : looks)
        EXPECT_EQ(shown[target], value) << scene.meshes[0].targetNames[target];
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
