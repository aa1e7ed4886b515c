// The viewer's clips together, without a window: the layer list as a file opens, layers playing
// with the current clip, weights, order, picking a clip, crossfades, user clips, reload and the
// settings.
#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "fixtures/TestPaths.h"

namespace viewer_state_layers_test {

namespace {

using app::ClipKind;
using app::ClipRef;
using app::ViewerState;
using app::WeightSource;

constexpr size_t kJaw = 0, kSmile = 1;
const ClipRef kTalk{ClipKind::Scene, 0}, kNod{ClipKind::Scene, 1}, kGrin{ClipKind::Scene, 2};

morph::AnimationSampler linear(std::vector<float> input, std::vector<float> output,
                               uint32_t width) {
    morph::AnimationSampler s;
    s.input = std::move(input);
    s.output = std::move(output);
    s.width = width;
    return s;
}

// Mesh 0 "Face" (jawOpen, mouthSmile) on node 0; node 1 is the head (no mesh), node 0's
// parent. "talk" (2 s) opens the jaw 0 -> 1 and moves node 0; "nod" (4 s) moves the head;
// "grin" (1 s) drives the face's weights to (0, 1), so it fights "talk" over node 0's weights.
morph::Scene layerScene() {
    morph::Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].name = "Face";
    scene.meshes[0].targetNames = {"jawOpen", "mouthSmile"};
    scene.nodes.resize(2);
    scene.nodes[0].mesh = 0;
    scene.nodes[1].children = {0};
    scene.nodes[0].parent = 1;
    scene.roots = {1};

    morph::Animation talk;
    talk.name = "talk";
    talk.samplers = {linear({0, 2}, {0, 0, 1, 0}, 2), linear({0, 2}, {0, 0, 0, 2, 0, 0}, 3)};
    talk.channels = {{0, 0, morph::AnimationPath::Weights},
                     {1, 0, morph::AnimationPath::Translation}};
    talk.end = 2;
    morph::Animation nod;
    nod.name = "nod";
    nod.samplers = {linear({0, 4}, {0, 0, 0, 0, 4, 0}, 3)};
    nod.channels = {{0, 1, morph::AnimationPath::Translation}};
    nod.end = 4;
    morph::Animation grin;
    grin.name = "grin";
    grin.samplers = {linear({0, 1}, {0, 1, 0, 1}, 2)};
    grin.channels = {{0, 0, morph::AnimationPath::Weights}};
    grin.end = 1;
    scene.animations = {talk, nod, grin};
    return scene;
}

std::vector<float> faceWeights(const morph::Scene& scene, const ViewerState& state) {
    return app::resolveMeshWeights(scene, state, 0).weights;
}

float headY(const morph::Scene& scene, const ViewerState& state) {
    return app::resolvePose(scene, state)[1].translation.y;
}

TEST(ViewerStateLayers, ClipsOnOtherChannelsPlayTogetherFromTheStart) {
    const morph::Scene scene = layerScene();
    ViewerState state = app::makeViewerState(scene);
    ASSERT_EQ(state.playback.layers.size(), 3u);
    EXPECT_TRUE(state.playback.layers[0].enabled);   // talk
    EXPECT_TRUE(state.playback.layers[1].enabled);   // nod: the head, nobody else's channel
    EXPECT_FALSE(state.playback.layers[2].enabled);  // grin: talk drives the face already

    // Nothing current: the rest pose, however many layers are on.
    app::scrub(state, scene, 1.0f);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0, 0}));
    EXPECT_FLOAT_EQ(headY(scene, state), 0.0f);

    // Play with nothing picked: the first layer that is on becomes current, the others join.
    ViewerState played = state;
    app::togglePlay(played, scene);
    EXPECT_EQ(played.playback.clip, kTalk);
    EXPECT_TRUE(played.playback.playing);
    app::advance(played, scene, 1.0f);
    EXPECT_FLOAT_EQ(headY(scene, played), 1.0f);

    // Picking talk plays nod with it, at the same time; the world matrix has both.
    app::selectClip(state, scene, kTalk);
    app::togglePlay(state, scene);
    app::advance(state, scene, 1.0f);
    EXPECT_FLOAT_EQ(faceWeights(scene, state)[kJaw], 0.5f);
    EXPECT_FLOAT_EQ(headY(scene, state), 1.0f);
    const app::ViewerFrame frame = app::resolveFrame(scene, state);
    EXPECT_FLOAT_EQ(frame.pose.world[0][3].x, 1.0f);  // talk moves node 0
    EXPECT_FLOAT_EQ(frame.pose.world[0][3].y, 1.0f);  // under nod's head
    // The timeline runs to the longest layer; a shorter one loops on its own length.
    EXPECT_FLOAT_EQ(app::clipDuration(scene, state), 4.0f);
    app::advance(state, scene, 2.5f);  // 3.5 s: talk at 1.5 s
    EXPECT_FLOAT_EQ(faceWeights(scene, state)[kJaw], 0.75f);
    EXPECT_FLOAT_EQ(headY(scene, state), 3.5f);
    state.playback.loop = false;  // without loop a shorter layer holds its end
    EXPECT_FLOAT_EQ(faceWeights(scene, state)[kJaw], 1.0f);
    EXPECT_FLOAT_EQ(app::layerTime(3.5f, 2.0f, true), 1.5f);
    EXPECT_FLOAT_EQ(app::layerTime(3.5f, 2.0f, false), 3.5f);
}

TEST(ViewerStateLayers, PickingAClipSwitchesOffTheLayersOnItsChannels) {
    const morph::Scene scene = layerScene();
    ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, kGrin);
    EXPECT_FALSE(state.playback.layers[0].enabled);  // talk fought grin over the face
    EXPECT_TRUE(state.playback.layers[1].enabled);   // nod plays on
    EXPECT_TRUE(state.playback.layers[2].enabled);
    app::scrub(state, scene, 1.0f);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0, 1}));
    EXPECT_FLOAT_EQ(headY(scene, state), 1.0f);

    // Switched on by hand, talk plays under grin: the later layer wins the face's weights.
    app::setLayerEnabled(state, 0, true);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0, 1}));
    EXPECT_FLOAT_EQ(app::resolvePose(scene, state)[0].translation.x, 1.0f);  // talk's own channel
    // Moved after grin, talk wins instead.
    app::moveLayer(state, 0, 2);
    EXPECT_EQ(state.playback.layers[2].clip, kTalk);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0.5f, 0}));
    // Switched off, a layer adds nothing.
    app::setLayerEnabled(state, 2, false);
    app::setLayerEnabled(state, 0, false);  // nod
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0, 1}));
    EXPECT_FLOAT_EQ(headY(scene, state), 0.0f);
}

TEST(ViewerStateLayers, ALayerWeightBlendsOverTheLayersBelow) {
    const morph::Scene scene = layerScene();
    ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, kTalk);
    app::setLayerEnabled(state, 2, true);  // grin over talk
    app::setLayerWeight(state, 2, 0.25f);
    app::setLayerWeight(state, 1, 0.5f);  // half of the nod
    app::scrub(state, scene, 1.0f);
    // talk (0.5, 0) with a quarter of grin (0, 1) over it; the head halfway to nod's 1.
    const std::vector<float> w = faceWeights(scene, state);
    EXPECT_FLOAT_EQ(w[kJaw], 0.375f);
    EXPECT_FLOAT_EQ(w[kSmile], 0.25f);
    EXPECT_FLOAT_EQ(headY(scene, state), 0.5f);
    app::setLayerWeight(state, 2, 7.0f);
    EXPECT_FLOAT_EQ(state.playback.layers[2].weight, 1.0f);
    app::setLayerWeight(state, 2, -1.0f);
    EXPECT_FLOAT_EQ(state.playback.layers[2].weight, 0.0f);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0.5f, 0}));
}

TEST(ViewerStateLayers, ACrossfadeMixesThenHandsOver) {
    const morph::Scene scene = layerScene();
    ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, kTalk);
    app::scrub(state, scene, 1.0f);  // talk (0.5, 0), grin (0, 1)
    uint64_t seen = state.revision;
    EXPECT_FALSE(app::crossfadeTo(state, scene, kGrin, kTalk, 1.0f));  // grin is off
    EXPECT_FALSE(app::crossfadeTo(state, scene, kTalk, kTalk, 1.0f));
    EXPECT_FALSE(app::crossfadeTo(state, scene, kTalk, {ClipKind::Scene, 9}, 1.0f));
    EXPECT_EQ(state.revision, seen);
    ASSERT_TRUE(app::crossfadeTo(state, scene, kTalk, kGrin, 2.0f));
    EXPECT_TRUE(state.playback.playing);
    EXPECT_GT(state.revision, seen);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0.5f, 0}));  // not begun yet

    // Halfway (1 s of the 2): the face is the even mix of talk and grin at the clock's time.
    app::setSpeed(state, 1.0f);
    app::advance(state, scene, 1.0f);  // clock 2 s: talk (1, 0); grin held at its end (0, 1)
    state.playback.loop = false;       // (grin is 1 s long: hold it rather than wrap it)
    EXPECT_FLOAT_EQ(state.playback.crossfade.progress(), 0.5f);
    std::vector<float> w = faceWeights(scene, state);
    EXPECT_FLOAT_EQ(w[kJaw], 0.5f);
    EXPECT_FLOAT_EQ(w[kSmile], 0.5f);
    // talk's node translation fades out with it alone: half of its 2 over the rest 0.
    EXPECT_FLOAT_EQ(app::resolvePose(scene, state)[0].translation.x, 1.0f);
    EXPECT_EQ(app::resolveMeshWeights(scene, state, 0).sources[kJaw], WeightSource::Animation);

    // The end: grin takes talk's place and becomes the current clip; talk is off.
    app::advance(state, scene, 1.0f);
    EXPECT_FALSE(state.playback.crossfade.active());
    EXPECT_EQ(state.playback.clip, kGrin);
    EXPECT_EQ(state.playback.layers[0].clip, kGrin);
    EXPECT_TRUE(state.playback.layers[0].enabled);
    EXPECT_EQ(state.playback.layers[2].clip, kTalk);
    EXPECT_FALSE(state.playback.layers[2].enabled);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0, 1}));

    // Zero seconds: at once.
    ASSERT_TRUE(app::crossfadeTo(state, scene, kGrin, kTalk, 0.0f));
    EXPECT_EQ(state.playback.clip, kTalk);
    EXPECT_FALSE(state.playback.crossfade.active());
    app::setCrossfadeSeconds(state, 99.0f);
    EXPECT_FLOAT_EQ(state.playback.crossfadeSeconds, app::kMaxCrossfadeSeconds);
}

TEST(ViewerStateLayers, FadingAgainMidFadeStartsFromTheTarget) {
    const morph::Scene scene = layerScene();
    ViewerState state = app::makeViewerState(scene);
    app::selectClip(state, scene, kTalk);
    ASSERT_TRUE(app::crossfadeTo(state, scene, kTalk, kGrin, 2.0f));
    app::advance(state, scene, 0.5f);
    ASSERT_TRUE(app::crossfadeTo(state, scene, kTalk, kNod, 1.0f));
    EXPECT_EQ(state.playback.clip, kGrin);  // the first fade finished at once
    EXPECT_EQ(state.playback.crossfade.from, kGrin);
    EXPECT_EQ(state.playback.crossfade.to, kNod);
    EXPECT_FLOAT_EQ(state.playback.crossfade.progress(), 0.0f);
}

TEST(ViewerStateLayers, UserClipsJoinTheLayersAndLeaveThemWhenDeleted) {
    const morph::Scene scene = layerScene();
    ViewerState state = app::makeViewerState(scene);
    app::newUserClip(state, scene, "first");
    const int mine = app::newUserClip(state, scene, "mine");
    ASSERT_TRUE(morph::setKey(state.userClips[size_t(mine)], 0.0f, {0.2f, 0.4f}).ok());
    app::selectClip(state, scene, {ClipKind::User, mine});
    ASSERT_EQ(state.playback.layers.size(), 4u);
    EXPECT_EQ(state.playback.layers[3].clip, (ClipRef{ClipKind::User, mine}));
    EXPECT_FALSE(state.playback.layers[0].enabled);  // talk drives the face too
    EXPECT_TRUE(state.playback.layers[1].enabled);
    app::scrub(state, scene, 1.0f);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0.2f, 0.4f}));
    EXPECT_FLOAT_EQ(headY(scene, state), 1.0f);  // nod plays with the user clip
    // While only a layer (not the current clip) drives the face, a released slider still
    // returns to it.
    app::selectClip(state, scene, kNod);
    app::setLayerEnabled(state, 3, true);
    app::togglePlay(state, scene);
    app::beginUserEdit(state, scene, kJaw);
    app::setUserWeight(state, scene, kJaw, 0.9f);
    app::endUserEdit(state, scene, kJaw);
    EXPECT_FLOAT_EQ(faceWeights(scene, state)[kJaw], 0.2f);

    app::deleteUserClip(state, 0);
    ASSERT_EQ(state.playback.layers.size(), 4u);
    EXPECT_EQ(state.playback.layers[3].clip, (ClipRef{ClipKind::User, 0}));
    app::deleteUserClip(state, 0);
    EXPECT_EQ(state.playback.layers.size(), 3u);
}

TEST(ViewerStateLayers, PlayTogetherPlaysExactlyThoseInThatOrder) {
    const morph::Scene scene = layerScene();
    ViewerState state = app::makeViewerState(scene);
    app::playTogether(state, scene, {kGrin, kTalk});
    EXPECT_EQ(state.playback.clip, kGrin);
    ASSERT_EQ(state.playback.layers.size(), 3u);
    EXPECT_EQ(state.playback.layers[1].clip, kGrin);
    EXPECT_EQ(state.playback.layers[2].clip, kTalk);
    EXPECT_FALSE(state.playback.layers[0].enabled);  // nod, not named
    app::scrub(state, scene, 0.5f);
    EXPECT_EQ(faceWeights(scene, state), (std::vector<float>{0.25f, 0}));  // talk, the later
    EXPECT_FLOAT_EQ(headY(scene, state), 0.0f);
}

TEST(ViewerStateLayers, ReloadKeepsTheLayersByNameAndSettingsKeepTheFade) {
    const morph::Scene before = layerScene();
    ViewerState state = app::makeViewerState(before);
    app::selectClip(state, before, kTalk);
    app::setLayerWeight(state, 1, 0.5f);
    app::moveLayer(state, 1, 0);  // nod, talk, grin
    ASSERT_TRUE(app::crossfadeTo(state, before, kTalk, kGrin, 2.0f));

    // The file changed: the clips came back in another order, and a new one drives the head.
    morph::Scene after = layerScene();
    std::swap(after.animations[0], after.animations[2]);  // grin, nod, talk
    morph::Animation tilt = after.animations[1];
    tilt.name = "tilt";
    after.animations.push_back(tilt);
    const ViewerState reloaded = app::remapState(state, before, after);
    const std::vector<app::ClipLayer>& layers = reloaded.playback.layers;
    ASSERT_EQ(layers.size(), 4u);
    EXPECT_EQ(layers[0].clip, (ClipRef{ClipKind::Scene, 1}));  // nod
    EXPECT_FLOAT_EQ(layers[0].weight, 0.5f);
    EXPECT_EQ(layers[1].clip, (ClipRef{ClipKind::Scene, 2}));  // talk
    EXPECT_TRUE(layers[1].enabled);
    EXPECT_EQ(layers[2].clip, (ClipRef{ClipKind::Scene, 0}));  // grin
    EXPECT_EQ(layers[3].clip, (ClipRef{ClipKind::Scene, 3}));  // tilt: new, on nod's channel
    EXPECT_FALSE(layers[3].enabled);
    EXPECT_EQ(reloaded.playback.clip, (ClipRef{ClipKind::Scene, 2}));
    EXPECT_EQ(reloaded.playback.crossfade.from, (ClipRef{ClipKind::Scene, 2}));
    EXPECT_EQ(reloaded.playback.crossfade.to, (ClipRef{ClipKind::Scene, 0}));

    app::Settings settings;
    ViewerState faded;
    app::setCrossfadeSeconds(faded, 1.25f);
    app::captureSettings(settings, faded);
    const app::Settings loaded = app::settingsFromJson(app::settingsToJson(settings));
    ViewerState restored;
    app::applySettings(restored, loaded);
    EXPECT_FLOAT_EQ(restored.playback.crossfadeSeconds, 1.25f);
}

}  // namespace

}  // namespace viewer_state_layers_test
