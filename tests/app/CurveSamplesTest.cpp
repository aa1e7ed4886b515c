// The timeline's curve view as data (app/document/CurveSamples.h): a target's curve is its
// sampler's, a target rig logic derives follows its drivers' curves through its rule, and with
// View > Rig logic off it is the sampler's own again.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/document/CurveSamples.h"
#include "app/document/ViewerState.h"
#include "morph/rig/RigLogic.h"

namespace curve_samples_test {
namespace {

// One node showing one mesh whose targets are jawOpen, mouthSmileLeft, their corrective and
// jawOpen50 (the names' rules), and a 2 s clip: jawOpen LINEAR from 0 to 1, mouthSmileLeft from 1
// to 0.5, the corrective keyed at 0.9 throughout (as an exporter flattens it), jawOpen50 at 0.
morph::Scene rigWithAClip() {
    morph::Scene scene;
    morph::Mesh mesh;
    mesh.targetNames = {"jawOpen", "mouthSmileLeft", "jawOpen_mouthSmileLeft", "jawOpen50"};
    mesh.defaultWeights.assign(4, 0.0f);
    scene.meshes.push_back(mesh);
    morph::Node node;
    node.mesh = 0;
    scene.nodes.push_back(node);
    morph::AnimationSampler sampler;
    sampler.input = {0.0f, 2.0f};
    sampler.output = {0.0f, 1.0f, 0.9f, 0.0f, 1.0f, 0.5f, 0.9f, 0.0f};
    sampler.width = 4;
    morph::Animation clip;
    clip.name = "talk";
    clip.samplers.push_back(sampler);
    clip.channels.push_back({0, 0, morph::AnimationPath::Weights});
    clip.end = 2.0f;
    scene.animations.push_back(clip);
    std::vector<std::string> warnings;
    EXPECT_TRUE(morph::attachRigLogic(scene, {}, "", warnings).ok());
    return scene;
}

TEST(CurveSamples, ADerivedTargetFollowsItsDriversCurves) {
    const morph::Scene scene = rigWithAClip();
    app::ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, {app::ClipKind::Scene, 0});
    ASSERT_FLOAT_EQ(app::clipDuration(scene, state), 2.0f);
    const std::vector<size_t> targets = {0, 2, 3};
    const auto curves =
        app::sampleCurves(scene, state, scene.animations[0].samplers[0], 0, targets, 5);
    ASSERT_EQ(curves.size(), 3u);
    // At t = 0, 0.5, 1, 1.5, 2 s: jawOpen j = 0, 0.25, 0.5, 0.75, 1 and mouthSmileLeft
    // s = 1 - j / 2.
    const std::vector<float> jaw = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
    for (size_t c = 0; c < 5; ++c) {
        const float j = jaw[c], smile = 1.0f - j / 2.0f;
        EXPECT_FLOAT_EQ(curves[0][c], j) << c;
        EXPECT_FLOAT_EQ(curves[1][c], j * smile) << c;  // the product, not the keyed 0.9
        EXPECT_FLOAT_EQ(curves[2][c], j <= 0.5f ? 2.0f * j : 2.0f * (1.0f - j)) << c;  // a tent
    }
    EXPECT_FALSE(app::derivedCurve(scene, state, 0, 0));
    EXPECT_TRUE(app::derivedCurve(scene, state, 0, 2));
    EXPECT_TRUE(app::derivedCurve(scene, state, 0, 3));

    // View > Rig logic off: the sampler's own values, drawn as any other curve.
    state.rigLogic = false;
    const auto raw =
        app::sampleCurves(scene, state, scene.animations[0].samplers[0], 0, targets, 5);
    for (size_t c = 0; c < 5; ++c) {
        EXPECT_FLOAT_EQ(raw[1][c], 0.9f) << c;
        EXPECT_FLOAT_EQ(raw[2][c], 0.0f) << c;
    }
    EXPECT_FALSE(app::derivedCurve(scene, state, 0, 2));
}

// The timing preview holds each key, as playback shows it: the derived curve holds with it.
TEST(CurveSamples, TheTimingPreviewHoldsTheDerivedCurveToo) {
    const morph::Scene scene = rigWithAClip();
    app::ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, {app::ClipKind::Scene, 0});
    state.playback.timingPreview = true;
    state.playback.inbetweens = 0;  // the pose holds from one key to the next
    const auto curves = app::sampleCurves(scene, state, scene.animations[0].samplers[0], 0, {2}, 3);
    ASSERT_EQ(curves.size(), 1u);
    EXPECT_FLOAT_EQ(curves[0][0], 0.0f);
    EXPECT_FLOAT_EQ(curves[0][1], 0.0f);  // held at the first key's product
    EXPECT_FLOAT_EQ(curves[0][2], 0.5f);  // the last key: 1 x 0.5
}

// Unasked, the view shows the curves that move most: a corrective keyed flat and an in-between
// keyed at 0 are among them by their rules' curves (0.5 and 1 of spread), and with View > Rig
// logic off only the keyed drivers move.
TEST(CurveSamples, TheDefaultCurvesIncludeDerivedTargetsTheDriversMove) {
    const morph::Scene scene = rigWithAClip();
    app::ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, {app::ClipKind::Scene, 0});
    const morph::AnimationSampler& sampler = scene.animations[0].samplers[0];
    EXPECT_EQ(app::defaultCurveTargets(scene, state, sampler, 0, 4),
              (std::vector<size_t>{0, 1, 2, 3}));
    EXPECT_EQ(app::defaultCurveTargets(scene, state, sampler, 0, 2), (std::vector<size_t>{0, 3}));
    state.rigLogic = false;
    EXPECT_EQ(app::defaultCurveTargets(scene, state, sampler, 0, 4), (std::vector<size_t>{0, 1}));
}

}  // namespace
}  // namespace curve_samples_test
