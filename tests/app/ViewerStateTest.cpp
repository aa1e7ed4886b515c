// The viewer's state rules without a window: links, solo/mute, overrides while playing, the
// timing preview, keying, presets and A/B, settings, and reload by target name.
#include <fstream>

#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/TestPaths.h"

namespace viewer_state_test {

namespace {

using app::ClipKind;
using app::ClipRef;
using app::ViewerState;
using app::WeightSource;

constexpr size_t kJaw = 0, kBlinkL = 1, kBlinkR = 2, kSmile = 3;

// Mesh 0 "Face" and mesh 1 "Teeth" share the target names; mesh 2 "Hat" has none. Nodes 0, 1, 2
// show them. "talk" (LINEAR) drives node 0's weights over keys 0, 1, 2 and its translation;
// "nod" drives only node 2's translation.
morph::Scene testScene() {
    morph::Scene scene;
    const std::vector<std::string> names = {"jawOpen", "eyeBlinkLeft", "eyeBlinkRight",
                                            "mouthSmile"};
    scene.meshes.resize(3);
    scene.meshes[0].name = "Face";
    scene.meshes[0].targetNames = names;
    scene.meshes[0].defaultWeights = {0.1f, 0, 0, 0};
    scene.meshes[1].name = "Teeth";
    scene.meshes[1].targetNames = names;
    scene.meshes[1].defaultWeights = {0, 0, 0, 0};
    scene.meshes[2].name = "Hat";
    scene.nodes.resize(3);
    for (int n = 0; n < 3; ++n) scene.nodes[size_t(n)].mesh = n;
    scene.roots = {0, 1, 2};

    morph::Animation talk;
    talk.name = "talk";
    morph::AnimationSampler weights;
    weights.input = {0, 1, 2};
    weights.output = {0, 0, 0, 0, /**/ 1, 0.5f, 0.5f, 0, /**/ 0, 0, 0, 1};
    weights.width = 4;
    morph::AnimationSampler move;
    move.input = {0, 2};
    move.output = {0, 0, 0, /**/ 2, 0, 0};
    move.width = 3;
    talk.samplers = {weights, move};
    talk.channels = {{0, 0, morph::AnimationPath::Weights},
                     {1, 0, morph::AnimationPath::Translation}};
    talk.end = 2;
    morph::Animation nod;
    nod.name = "nod";
    nod.samplers = {move};
    nod.channels = {{0, 2, morph::AnimationPath::Translation}};
    nod.end = 2;
    scene.animations = {talk, nod};
    return scene;
}

std::vector<float> shown(const morph::Scene& scene, const ViewerState& state, int mesh = 0) {
    return app::resolveMeshWeights(scene, state, mesh).weights;
}

void playTalk(ViewerState& state, const morph::Scene& scene) {
    app::selectClip(state, scene, {ClipKind::Scene, 0});
    app::togglePlay(state, scene);
}

TEST(ViewerState, StartsOnTheFirstMorphedMeshWithItsPairs) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    EXPECT_EQ(state.selectedMesh, 0);
    EXPECT_EQ(app::meshesWithTargets(scene), (std::vector<int>{0, 1}));
    ASSERT_EQ(state.meshes.size(), 3u);
    ASSERT_EQ(state.meshes[0].pairs.size(), 1u);
    EXPECT_EQ(state.meshes[0].pairs[0].left, kBlinkL);
    EXPECT_EQ(state.meshes[0].pairs[0].right, kBlinkR);
    app::ResolvedWeights w = app::resolveMeshWeights(scene, state, 0);
    EXPECT_EQ(w.weights, (std::vector<float>{0.1f, 0, 0, 0}));
    EXPECT_EQ(w.sources[kJaw], WeightSource::Default);
}

TEST(ViewerState, EditStartsAtTheShownValueAndResetReturnsToTheDefault) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::beginUserEdit(state, scene, kJaw);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.1f);  // pressing does not jump
    app::setUserWeight(state, scene, kJaw, 0.7f);
    app::endUserEdit(state, scene, kJaw);
    app::ResolvedWeights w = app::resolveMeshWeights(scene, state, 0);
    EXPECT_FLOAT_EQ(w.weights[kJaw], 0.7f);
    EXPECT_EQ(w.sources[kJaw], WeightSource::User);
    EXPECT_EQ(w.sources[kSmile], WeightSource::Default);
    app::clearOverride(state, scene, kJaw);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.1f);

    app::resetToZero(state, scene);
    EXPECT_EQ(shown(scene, state), (std::vector<float>{0, 0, 0, 0}));
    app::resetToDefaults(state, scene);
    EXPECT_EQ(shown(scene, state), (std::vector<float>{0.1f, 0, 0, 0}));
}

TEST(ViewerState, ValuesStayInsideTheSliderRange) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::setUserWeight(state, scene, kJaw, 5.0f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 1.0f);
    app::setRange(state, -5.0f, 5.0f);  // widened, but never past -1..2
    EXPECT_FLOAT_EQ(state.rangeMin, -1.0f);
    EXPECT_FLOAT_EQ(state.rangeMax, 2.0f);
    app::setUserWeight(state, scene, kJaw, 1.5f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 1.5f);
    app::setUserWeight(state, scene, kJaw, -0.5f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], -0.5f);
    app::setRange(state, 1.0f, 0.0f);  // inverted: ignored
    EXPECT_FLOAT_EQ(state.rangeMin, -1.0f);
    app::setUserWeight(state, scene, kJaw, NAN);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], -0.5f);
}

TEST(ViewerState, LinkedPairMovesBothSides) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::setUserWeight(state, scene, kBlinkL, 0.4f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kBlinkR], 0.0f);  // not linked yet
    app::setPairLinked(state, 0, 0, true);
    app::setUserWeight(state, scene, kBlinkR, 0.6f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kBlinkL], 0.6f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kBlinkR], 0.6f);
    app::setSolo(state, scene, kBlinkL, true);
    EXPECT_TRUE(state.meshes[0].targets[kBlinkR].solo);
    app::clearOverride(state, scene, kBlinkL);
    EXPECT_FALSE(state.meshes[0].targets[kBlinkR].overridden);
}

// One slider per name is the default; the per-mesh view (linkSharedNames off) edits one mesh.
TEST(ViewerState, LinkedMeshesWithIdenticalNamesFollowTheEdit) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    EXPECT_TRUE(state.linkSharedNames);
    state.linkSharedNames = false;
    app::setUserWeight(state, scene, kSmile, 0.5f);
    EXPECT_FLOAT_EQ(shown(scene, state, 1)[kSmile], 0.0f);
    state.linkSharedNames = true;
    EXPECT_EQ(app::linkedMeshes(scene, state, 0), (std::vector<int>{0, 1}));
    app::setUserWeight(state, scene, kSmile, 0.8f);
    std::vector<morph::NodePose> pose = app::resolvePose(scene, state);
    EXPECT_FLOAT_EQ(pose[0].weights[kSmile], 0.8f);
    EXPECT_FLOAT_EQ(pose[1].weights[kSmile], 0.8f);
    EXPECT_TRUE(pose[2].weights.empty());
}

TEST(ViewerState, SoloAndMuteChangeWhatIsDrawnNotWhatIsKept) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::setUserWeight(state, scene, kJaw, 0.5f);
    app::setUserWeight(state, scene, kSmile, 0.7f);
    app::setSolo(state, scene, kSmile, true);
    app::ResolvedWeights w = app::resolveMeshWeights(scene, state, 0);
    EXPECT_EQ(w.weights, (std::vector<float>{0, 0, 0, 0.7f}));
    EXPECT_EQ(w.beforeSoloMute, (std::vector<float>{0.5f, 0, 0, 0.7f}));
    app::setSolo(state, scene, kSmile, false);
    app::setMute(state, scene, kJaw, true);
    EXPECT_EQ(shown(scene, state), (std::vector<float>{0, 0, 0, 0.7f}));
    EXPECT_EQ(app::resolvePose(scene, state)[0].weights, (std::vector<float>{0, 0, 0, 0.7f}));
    // Muted and soloed at once: mute wins.
    app::setSolo(state, scene, kJaw, true);
    EXPECT_EQ(shown(scene, state), (std::vector<float>{0, 0, 0, 0}));
}

TEST(ViewerState, ClipDrivesWeightsAndNodesAndShowsAsAnimation) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    playTalk(state, scene);
    app::advance(state, scene, 0.5f);
    app::ResolvedWeights w = app::resolveMeshWeights(scene, state, 0);
    EXPECT_FLOAT_EQ(w.weights[kJaw], 0.5f);
    EXPECT_EQ(w.sources[kJaw], WeightSource::Animation);
    // The clip does not drive node 1: Teeth keep their defaults.
    EXPECT_EQ(app::resolveMeshWeights(scene, state, 1).sources[kJaw], WeightSource::Default);
    std::vector<morph::NodePose> pose = app::resolvePose(scene, state);
    EXPECT_FLOAT_EQ(pose[0].translation.x, 0.5f);
    EXPECT_FLOAT_EQ(pose[0].weights[kBlinkL], 0.25f);
}

// The window resolves one frame after the clips advance; the panel, the draw and picking all read
// it, so the sliders show the weights of the frame that is drawn.
TEST(ViewerState, TheFrameIsWhatThePanelShowsAndWhatIsDrawn) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    playTalk(state, scene);
    app::beginUserEdit(state, scene, kBlinkL);
    app::setUserWeight(state, scene, kBlinkL, 0.8f);
    app::advance(state, scene, 0.5f);
    const app::ViewerFrame frame = app::resolveFrame(scene, state);
    ASSERT_TRUE(frame.valid(scene));
    // What is drawn: the clip's jaw at 0.5 s and the user's blink, with the node animated.
    EXPECT_EQ(frame.pose.nodes[0].weights, app::resolvePose(scene, state)[0].weights);
    EXPECT_FLOAT_EQ(frame.pose.weights(0)[kJaw], 0.5f);
    EXPECT_FLOAT_EQ(frame.pose.weights(0)[kBlinkL], 0.8f);
    EXPECT_FLOAT_EQ(frame.pose.world[0][3].x, 0.5f);
    // The blinks are a linked pair: the edit reached both.
    EXPECT_EQ(frame.pose.active[0].targets, (std::vector<uint32_t>{kJaw, kBlinkL, kBlinkR}));
    // What the panel shows, read from the frame: the same values and where they came from.
    const app::ResolvedWeights shownInPanel = app::resolveMeshWeights(scene, state, frame, 0);
    EXPECT_EQ(shownInPanel.weights, frame.pose.weights(0));
    EXPECT_EQ(shownInPanel.sources[kJaw], WeightSource::Animation);
    EXPECT_EQ(shownInPanel.sources[kBlinkL], WeightSource::User);
    // The frame stays the frame it was: a later advance does not reach it.
    app::advance(state, scene, 0.25f);
    EXPECT_FLOAT_EQ(app::resolveMeshWeights(scene, state, frame, 0).weights[kJaw], 0.5f);
    EXPECT_FLOAT_EQ(app::resolveMeshWeights(scene, state, 0).weights[kJaw], 0.75f);
}

TEST(ViewerState, EditsThatChangeTheDrawnFrameBumpTheRevision) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    uint64_t seen = state.revision;
    auto bumped = [&] {
        const bool changed = state.revision != seen;
        seen = state.revision;
        return changed;
    };
    app::setUserWeight(state, scene, kJaw, 0.3f);
    EXPECT_TRUE(bumped());
    app::setMute(state, scene, kJaw, true);
    EXPECT_TRUE(bumped());
    app::clearOverride(state, scene, kJaw);
    EXPECT_TRUE(bumped());
    playTalk(state, scene);
    EXPECT_TRUE(bumped());
    app::scrub(state, scene, 0.25f);
    EXPECT_TRUE(bumped());
    app::advance(state, scene, 0.1f);  // the clock, before the frame is resolved: no bump
    EXPECT_FALSE(bumped());
}

TEST(ViewerState, TouchedSliderOverridesThePlayingClipUntilReleased) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    playTalk(state, scene);
    app::advance(state, scene, 0.5f);
    app::beginUserEdit(state, scene, kJaw);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.5f);  // held at the value it had
    app::setUserWeight(state, scene, kJaw, 0.9f);
    app::advance(state, scene, 0.25f);
    app::ResolvedWeights w = app::resolveMeshWeights(scene, state, 0);
    EXPECT_FLOAT_EQ(w.weights[kJaw], 0.9f);
    EXPECT_EQ(w.sources[kJaw], WeightSource::User);
    EXPECT_FLOAT_EQ(w.weights[kBlinkL], 0.375f);  // the other targets follow the clip
    EXPECT_EQ(w.sources[kBlinkL], WeightSource::Animation);
    app::endUserEdit(state, scene, kJaw);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.75f);  // the clip has it back
}

TEST(ViewerState, StickyOverridesOutliveTheReleaseUntilCleared) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    state.stickyOverrides = true;
    playTalk(state, scene);
    app::beginUserEdit(state, scene, kJaw);
    app::setUserWeight(state, scene, kJaw, 0.9f);
    app::endUserEdit(state, scene, kJaw);
    app::advance(state, scene, 1.0f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.9f);
    app::clearOverride(state, scene, kJaw);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 1.0f);
}

TEST(ViewerState, EditsWhilePausedOrOnUnanimatedMeshesStay) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, {ClipKind::Scene, 0});
    app::scrub(state, scene, 1.0f);
    app::beginUserEdit(state, scene, kJaw);
    app::setUserWeight(state, scene, kJaw, 0.2f);
    app::endUserEdit(state, scene, kJaw);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.2f);
    // Teeth are not driven by "talk": releasing while it plays must not snap back.
    app::togglePlay(state, scene);
    state.selectedMesh = 1;
    app::beginUserEdit(state, scene, kSmile);
    app::setUserWeight(state, scene, kSmile, 0.6f);
    app::endUserEdit(state, scene, kSmile);
    EXPECT_FLOAT_EQ(shown(scene, state, 1)[kSmile], 0.6f);
}

TEST(ViewerState, PlaybackLoopsClampsAndSteps) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    playTalk(state, scene);
    EXPECT_FLOAT_EQ(app::clipDuration(scene, state), 2.0f);
    app::setSpeed(state, 10.0f);
    EXPECT_FLOAT_EQ(state.playback.speed, 4.0f);
    app::setSpeed(state, 0.0f);
    EXPECT_FLOAT_EQ(state.playback.speed, 0.1f);
    app::setSpeed(state, 2.0f);
    app::advance(state, scene, 1.25f);  // 2.5 s of clip: wraps to 0.5
    EXPECT_NEAR(state.playback.time, 0.5f, 1e-5);
    EXPECT_TRUE(state.playback.playing);
    state.playback.loop = false;
    app::advance(state, scene, 1.0f);
    EXPECT_FLOAT_EQ(state.playback.time, 2.0f);
    EXPECT_FALSE(state.playback.playing);
    app::togglePlay(state, scene);  // at the end: starts over
    EXPECT_TRUE(state.playback.playing);
    EXPECT_FLOAT_EQ(state.playback.time, 0.0f);

    app::scrub(state, scene, 0.4f);
    EXPECT_TRUE(app::stepToNextKey(state, scene));
    EXPECT_FALSE(state.playback.playing);
    EXPECT_FLOAT_EQ(state.playback.time, 1.0f);
    EXPECT_TRUE(app::stepToNextKey(state, scene));
    EXPECT_FLOAT_EQ(state.playback.time, 2.0f);
    EXPECT_FALSE(app::stepToNextKey(state, scene));
    EXPECT_TRUE(app::stepToPrevKey(state, scene));
    EXPECT_FLOAT_EQ(state.playback.time, 1.0f);
    EXPECT_EQ(app::clipKeyTimes(scene, state), (std::vector<float>{0, 1, 2}));
    app::scrub(state, scene, 9.0f);
    EXPECT_FLOAT_EQ(state.playback.time, 2.0f);
    app::stop(state);
    EXPECT_FLOAT_EQ(state.playback.time, 0.0f);
    EXPECT_EQ(app::clipName(scene, state, {ClipKind::Scene, 1}), "nod");
    app::selectClip(state, scene, {ClipKind::Scene, 7});  // no such clip
    EXPECT_EQ(state.playback.clip.kind, ClipKind::None);
}

TEST(ViewerState, TimingPreviewHoldsThePoseOnInbetweens) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, {ClipKind::Scene, 0});
    state.playback.timingPreview = true;
    app::setInbetweens(state, 1);  // keys 0, 1, 2 -> drawings at 0, 0.5, 1, 1.5, 2
    const std::vector<std::pair<float, float>> cases = {{0.3f, 0.0f}, {0.5f, 0.5f}, {0.99f, 0.5f},
                                                        {1.2f, 1.0f}, {1.7f, 1.5f}, {2.0f, 2.0f}};
    for (auto [t, held] : cases) {
        app::scrub(state, scene, t);
        EXPECT_FLOAT_EQ(app::evaluationTime(scene, state), held) << "at " << t;
    }
    app::scrub(state, scene, 0.6f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.5f);  // the pose at 0.5, held
    app::setInbetweens(state, 0);                      // keys only: a snap
    EXPECT_FLOAT_EQ(app::evaluationTime(scene, state), 0.0f);
    app::setInbetweens(state, 3);
    app::scrub(state, scene, 1.8f);
    EXPECT_FLOAT_EQ(app::evaluationTime(scene, state), 1.75f);
    app::setInbetweens(state, 99);
    EXPECT_EQ(state.playback.inbetweens, 10);
    state.playback.timingPreview = false;
    EXPECT_FLOAT_EQ(app::evaluationTime(scene, state), 1.8f);
    // The pure form the curve view uses.
    EXPECT_FLOAT_EQ(app::heldTime({0, 1, 2}, 1, 0.6f), 0.5f);
    EXPECT_FLOAT_EQ(app::heldTime({0, 1, 2}, 0, 1.9f), 1.0f);
    EXPECT_FLOAT_EQ(app::heldTime({0, 4}, 3, 2.5f), 2.0f);
    EXPECT_FLOAT_EQ(app::heldTime({1}, 3, 0.5f), 0.5f);  // one key: nothing to hold on
}

TEST(ViewerState, KeyingBuildsAUserClipThatPlaysBack) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::setUserWeight(state, scene, kJaw, 0.8f);
    auto first = app::keyCurrentPose(state, scene);
    ASSERT_TRUE(first.ok()) << first.error().message;
    ASSERT_EQ(state.userClips.size(), 1u);
    EXPECT_EQ(state.keyClip, 0);
    const morph::UserClip& clip = state.userClips[0];
    EXPECT_EQ(clip.name, "clip 1");
    EXPECT_EQ(clip.mesh, "Face");
    EXPECT_EQ(clip.keys[0].weights, (std::vector<float>{0.8f, 0, 0, 0}));

    // Play the user clip and key a second pose at 1 s: the overrides go, the clip holds them.
    app::selectClip(state, scene, {ClipKind::User, 0});
    app::scrub(state, scene, 1.0f);
    app::setUserWeight(state, scene, kJaw, 0.0f);
    app::setUserWeight(state, scene, kSmile, 1.0f);
    ASSERT_TRUE(app::keyCurrentPose(state, scene).ok());
    EXPECT_EQ(state.userClips[0].keys.size(), 2u);
    EXPECT_FALSE(state.meshes[0].targets[kSmile].overridden);
    app::ResolvedWeights w = app::resolveMeshWeights(scene, state, 0);
    EXPECT_EQ(w.weights, (std::vector<float>{0, 0, 0, 1}));
    EXPECT_EQ(w.sources[kSmile], WeightSource::Animation);
    app::scrub(state, scene, 0.5f);
    EXPECT_FLOAT_EQ(shown(scene, state)[kJaw], 0.4f);  // LINEAR between the keys
    // Keying again at 1 s replaces that key.
    app::scrub(state, scene, 1.0f);
    app::setUserWeight(state, scene, kSmile, 0.5f);
    ASSERT_TRUE(app::keyCurrentPose(state, scene).ok());
    EXPECT_EQ(state.userClips[0].keys.size(), 2u);
    EXPECT_FLOAT_EQ(state.userClips[0].keys[1].weights[kSmile], 0.5f);
    // The timeline leaves room to key past the last key.
    EXPECT_FLOAT_EQ(app::clipDuration(scene, state), 2.0f);
}

TEST(ViewerState, KeyingWhileASceneClipPlaysCapturesItsPose) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    playTalk(state, scene);
    app::advance(state, scene, 1.0f);
    app::setUserWeight(state, scene, kSmile, 0.3f);
    ASSERT_TRUE(app::keyCurrentPose(state, scene).ok());
    const morph::UserClip& clip = state.userClips[0];
    EXPECT_FLOAT_EQ(clip.keys[0].time, 1.0f);
    EXPECT_EQ(clip.keys[0].weights, (std::vector<float>{1, 0.5f, 0.5f, 0.3f}));
    EXPECT_TRUE(state.meshes[0].targets[kSmile].overridden);  // not the playing clip: kept

    state.selectedMesh = 2;  // the hat has no targets
    EXPECT_FALSE(app::keyCurrentPose(state, scene).ok());
}

TEST(ViewerState, DeletingAUserClipFixesTheIndices) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::newUserClip(state, scene);
    app::newUserClip(state, scene, "mine");
    EXPECT_EQ(state.userClips[0].name, "clip 1");
    EXPECT_EQ(state.keyClip, 1);
    state.userClips[1].targetNames = scene.meshes[0].targetNames;
    ASSERT_TRUE(morph::setKey(state.userClips[1], 0.0f, {1, 0, 0, 0}).ok());
    app::selectClip(state, scene, {ClipKind::User, 1});
    EXPECT_EQ(app::clipName(scene, state, state.playback.clip), "mine");
    app::deleteUserClip(state, 0);
    EXPECT_EQ(state.playback.clip, (ClipRef{ClipKind::User, 0}));
    EXPECT_EQ(state.keyClip, 0);
    app::deleteUserClip(state, 0);
    EXPECT_EQ(state.playback.clip.kind, ClipKind::None);
    EXPECT_EQ(state.keyClip, -1);
}

TEST(ViewerState, PresetsAndTheABSwitch) {
    morph::Scene scene = testScene();
    ViewerState state = app::makeViewerState(scene);
    app::setUserWeight(state, scene, kSmile, 1.0f);
    app::setSolo(state, scene, kJaw, true);  // a view aid: not part of the preset
    int smile = app::savePreset(state, scene, "smile");
    app::resetToZero(state, scene);
    app::setUserWeight(state, scene, kJaw, 0.6f);
    int open = app::savePreset(state, scene, "open");
    EXPECT_EQ(state.presets[size_t(smile)].weights.at("mouthSmile"), 1.0f);
    EXPECT_EQ(state.presets[size_t(smile)].weights.at("jawOpen"), 0.1f);
    app::setSolo(state, scene, kJaw, false);

    app::setABPreset(state, 0, smile);
    app::setABPreset(state, 1, open);
    EXPECT_TRUE(app::toggleAB(state, scene));  // B
    EXPECT_EQ(state.abActive, 1);
    EXPECT_EQ(shown(scene, state), (std::vector<float>{0.6f, 0, 0, 0}));
    EXPECT_TRUE(app::toggleAB(state, scene));  // A
    EXPECT_EQ(shown(scene, state), (std::vector<float>{0.1f, 0, 0, 1}));

    // Saving under the same name replaces; deleting fixes the slots.
    EXPECT_EQ(app::savePreset(state, scene, "smile"), smile);
    app::deletePreset(state, smile);
    EXPECT_EQ(state.abPresets[0], -1);
    EXPECT_EQ(state.abPresets[1], 0);
    EXPECT_TRUE(app::toggleAB(state, scene));   // to B, still "open"
    EXPECT_FALSE(app::toggleAB(state, scene));  // A is empty now: stays on B
    EXPECT_EQ(state.abActive, 1);
}

TEST(ViewerState, PresetsRoundTripThroughJson) {
    std::vector<app::Preset> presets = {{"smile", {{"mouthSmile", 1.0f}, {"jawOpen", 0.25f}}},
                                        {"empty", {}}};
    std::string path = fixtures::scratchDir("ViewerStatePresets") + "/sub/presets.json";
    ASSERT_TRUE(app::savePresets(presets, path).ok());
    auto loaded = app::loadPresets(path);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 2u);
    EXPECT_EQ((*loaded)[0].name, "smile");
    EXPECT_EQ((*loaded)[0].weights, presets[0].weights);
    EXPECT_TRUE((*loaded)[1].weights.empty());

    nlohmann::json bad = app::presetsToJson(presets);
    bad["presets"][0]["weights"]["jawOpen"] = "wide";
    auto r = app::presetsFromJson(bad, "p.json");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, morph::ErrorCode::Schema);
    EXPECT_EQ(r.error().message, "p.json: presets[0].weights.jawOpen is not a number");
    const auto notPresets = app::presetsFromJson(nlohmann::json::array(), "p.json");
    ASSERT_FALSE(notPresets.ok());
    EXPECT_EQ(notPresets.error().code, morph::ErrorCode::Schema);
}

TEST(ViewerState, ConfigFolderFollowsXdg) {
    EXPECT_EQ(app::configDir("/x/cfg", "/home/u"), "/x/cfg/morphview");
    EXPECT_EQ(app::configDir("", "/home/u"), "/home/u/.config/morphview");
    EXPECT_EQ(app::configDir("relative", "/home/u"), "/home/u/.config/morphview");
    EXPECT_EQ(app::configDir(nullptr, nullptr), "");
}

TEST(ViewerState, SettingsAndRecentFilesPersist) {
    app::Settings settings;
    for (int i = 0; i < 12; ++i)
        app::addRecentFile(settings, "/models/m" + std::to_string(i) + ".glb");
    app::addRecentFile(settings, "/models/m5.glb");  // again: moves to the front, no duplicate
    ASSERT_EQ(settings.recentFiles.size(), app::kMaxRecentFiles);
    EXPECT_EQ(settings.recentFiles[0], "/models/m5.glb");
    EXPECT_EQ(settings.recentFiles[1], "/models/m11.glb");
    EXPECT_EQ(
        std::count(settings.recentFiles.begin(), settings.recentFiles.end(), "/models/m5.glb"), 1);

    ViewerState state;
    app::setRange(state, -1.0f, 2.0f);
    app::setSpeed(state, 0.5f);
    state.stickyOverrides = true;
    app::setInbetweens(state, 4);
    app::captureSettings(settings, state);
    std::string path = fixtures::scratchDir("ViewerStateSettings") + "/morphview/settings.json";
    ASSERT_TRUE(app::saveSettings(settings, path).ok());
    auto loaded = app::loadSettings(path);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded->recentFiles, settings.recentFiles);
    ViewerState restored;
    app::applySettings(restored, *loaded);
    EXPECT_FLOAT_EQ(restored.rangeMin, -1.0f);
    EXPECT_FLOAT_EQ(restored.rangeMax, 2.0f);
    EXPECT_FLOAT_EQ(restored.playback.speed, 0.5f);
    EXPECT_TRUE(restored.stickyOverrides);
    EXPECT_EQ(restored.playback.inbetweens, 4);

    // First run: no file is the defaults. A damaged field keeps its default.
    auto none = app::loadSettings(path + ".missing");
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->recentFiles.empty());
    app::Settings odd =
        app::settingsFromJson({{"speed", "fast"}, {"loop", false}, {"recentFiles", 3}});
    EXPECT_FLOAT_EQ(odd.speed, 1.0f);
    EXPECT_FALSE(odd.loop);
    std::ofstream(path) << "{ broken";
    EXPECT_FALSE(app::loadSettings(path).ok());
}

TEST(ViewerState, ReloadKeepsEverythingByName) {
    morph::Scene before = testScene();
    ViewerState state = app::makeViewerState(before);
    state.selectedMesh = 1;
    app::setUserWeight(state, before, kSmile, 0.7f);
    app::setMute(state, before, kJaw, true);
    app::setPairLinked(state, 1, 0, true);
    app::selectClip(state, before, {ClipKind::Scene, 1});  // "nod"
    app::scrub(state, before, 1.5f);
    app::newUserClip(state, before, "mine");

    // The file changed: meshes reordered, Teeth lost eyeBlinkRight and gained tongueOut in front,
    // the animations swapped places.
    morph::Scene after = testScene();
    std::swap(after.meshes[0], after.meshes[1]);
    after.meshes[0].targetNames = {"tongueOut", "jawOpen", "eyeBlinkLeft", "mouthSmile"};
    after.meshes[0].defaultWeights = {0, 0, 0, 0};
    after.nodes[0].mesh = 1;
    after.nodes[1].mesh = 0;
    std::swap(after.animations[0], after.animations[1]);

    ViewerState reloaded = app::remapState(state, before, after);
    EXPECT_EQ(reloaded.selectedMesh, 0);  // Teeth, wherever they went
    const app::MeshState& teeth = reloaded.meshes[0];
    ASSERT_EQ(teeth.targets.size(), 4u);
    EXPECT_TRUE(teeth.targets[3].overridden);  // mouthSmile
    EXPECT_FLOAT_EQ(teeth.targets[3].value, 0.7f);
    EXPECT_TRUE(teeth.targets[1].mute);         // jawOpen
    EXPECT_FALSE(teeth.targets[0].overridden);  // tongueOut is new
    EXPECT_TRUE(teeth.pairs.empty());           // the pair lost its right side
    EXPECT_EQ(reloaded.playback.clip, (ClipRef{ClipKind::Scene, 0}));  // "nod" by name
    EXPECT_FLOAT_EQ(reloaded.playback.time, 1.5f);
    ASSERT_EQ(reloaded.userClips.size(), 1u);
    EXPECT_EQ(reloaded.userClips[0].name, "mine");
    EXPECT_EQ(shown(after, reloaded, 0), (std::vector<float>{0, 0, 0, 0.7f}));
}

TEST(ViewerState, StateForAnotherSceneIsIgnoredNotReadOutOfBounds) {
    morph::Scene scene = testScene();
    ViewerState state;  // never made for this scene
    state.selectedMesh = 0;
    app::setUserWeight(state, scene, kJaw, 1.0f);
    app::setSolo(state, scene, kJaw, true);
    EXPECT_EQ(shown(scene, state), (std::vector<float>{0.1f, 0, 0, 0}));
    EXPECT_EQ(app::resolvePose(scene, state).size(), 3u);
    state.selectedMesh = 42;
    EXPECT_FALSE(app::keyCurrentPose(state, scene).ok());
    EXPECT_TRUE(app::resolveMeshWeights(scene, state, 42).weights.empty());
}

}  // namespace

}  // namespace viewer_state_test
