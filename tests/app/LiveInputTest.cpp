// The viewer's live input without a window (app/document/LiveInput): a recording's line as
// the live layer's weights (the --weights rules capture --replay draws by), samples per second,
// Record to clip's keys; and the recording read back whole (app/live/LiveRecording: readStream,
// streamLineAt) as --replay plays it.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/document/LiveInput.h"
#include "app/document/WeightLayers.h"
#include "app/live/LiveRecording.h"
#include "fixtures/TestPaths.h"

namespace live_input_test {

namespace {

morph::Scene twoMeshes() {
    morph::Scene scene;
    scene.meshes.resize(2);
    scene.meshes[0].name = "head";
    scene.meshes[0].targetNames = {"jawOpen", "eyeBlinkLeft"};
    scene.meshes[1].name = "teeth";
    scene.meshes[1].targetNames = {"jawOpen"};
    return scene;
}

morph::Scene withNodes(morph::Scene scene) {
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        scene.meshes[m].defaultWeights.assign(scene.meshes[m].targetNames.size(), 0.0f);
        morph::Node node;
        node.mesh = int(m);
        scene.nodes.push_back(node);
    }
    return scene;
}

TEST(LiveInputTest, ALinesWeightsSetTargetsAsWeightsSpecsDo) {
    const morph::Scene scene = twoMeshes();
    auto spec = morph::parseWeightSpec("jawOpen=0.5,1=0.25,vrm:happy=1");
    ASSERT_TRUE(spec.ok());
    const morph::TargetWeights weights = app::liveWeightsOf(scene, *spec);
    // jawOpen on both meshes; index 1 on the mesh that has one; the vrm: item is not live.
    const morph::TargetWeights expected = {{{0, 0}, 0.5f}, {{0, 1}, 0.25f}, {{1, 0}, 0.5f}};
    EXPECT_EQ(weights, expected);
}

TEST(LiveInputTest, SampleRateCountsOverWholeWindows) {
    app::SampleRate rate;
    rate.update(0, 10.0);
    EXPECT_EQ(rate.perSecond(), 0);
    rate.update(30, 10.5);  // half a window: not yet
    EXPECT_EQ(rate.perSecond(), 0);
    rate.update(60, 11.0);
    EXPECT_DOUBLE_EQ(rate.perSecond(), 60);
    rate.update(5, 11.2);  // the source opened anew: counting restarts
    EXPECT_EQ(rate.perSecond(), 0);
}

TEST(LiveInputTest, RecordToClipKeysTheShownWeights) {
    const morph::Scene scene = withNodes(twoMeshes());
    app::ViewerState state = app::makeViewerState(scene);
    state.selectedMesh = 0;
    auto recording = app::startLiveClip(state, scene);
    ASSERT_TRUE(recording.ok()) << recording.error().message;
    ASSERT_EQ(state.userClips.size(), 1u);
    EXPECT_EQ(state.userClips[0].name, "live 1");
    EXPECT_EQ(state.userClips[0].targetNames, scene.meshes[0].targetNames);
    morph::TargetWeights& live = app::externalLayer(state, app::kLiveLayer).weights;
    live = {{{0, 0}, 0.3f}};
    ASSERT_TRUE(app::keyLiveClip(state, scene, *recording, 0.0f).ok());
    live = {{{0, 0}, 0.7f}, {{0, 1}, 1.0f}};
    ASSERT_TRUE(app::keyLiveClip(state, scene, *recording, 0.5f).ok());
    const morph::UserClip& clip = state.userClips[0];
    ASSERT_EQ(clip.keys.size(), 2u);
    EXPECT_EQ(recording->keys, 2u);
    EXPECT_EQ(clip.keys[0].weights, (std::vector<float>{0.3f, 0.0f}));
    EXPECT_EQ(clip.keys[1].time, 0.5f);
    EXPECT_EQ(clip.keys[1].weights, (std::vector<float>{0.7f, 1.0f}));
    // A second recording is a clip of its own.
    auto second = app::startLiveClip(state, scene);
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(state.userClips[size_t(second->clip)].name, "live 2");
}

TEST(LiveInputTest, RecordToClipNeedsAMeshWithTargets) {
    const morph::Scene scene = withNodes(twoMeshes());
    app::ViewerState state = app::makeViewerState(scene);
    state.selectedMesh = -1;
    auto recording = app::startLiveClip(state, scene);
    ASSERT_FALSE(recording.ok());
    EXPECT_NE(recording.error().message.find("Record to clip"), std::string::npos);
}

TEST(LiveInputTest, ARecordingReadWholeAndLookedUpByTime) {
    const std::string path = fixtures::caseScratchDir() + "/stream.jsonl";
    std::ofstream(path) << R"({"t":0,"source":"vmc","weights":{"jawOpen":0.2}})"
                           "\n\n"
                        << R"({"t":1,"source":"vmc","weights":{"jawOpen":0.6}})"
                           "\n";
    auto lines = app::live::readStream(path);
    ASSERT_TRUE(lines.ok()) << lines.error().message;
    ASSERT_EQ(lines->size(), 2u);
    EXPECT_EQ(app::live::streamLineAt(*lines, -0.1), nullptr);
    EXPECT_EQ(app::live::streamLineAt(*lines, 0.0), &(*lines)[0]);
    EXPECT_EQ(app::live::streamLineAt(*lines, 0.99), &(*lines)[0]);
    EXPECT_EQ(app::live::streamLineAt(*lines, 5.0), &(*lines)[1]);
    EXPECT_EQ((*lines)[1].weights.at("jawOpen"), 0.6f);

    std::ofstream(path) << R"({"t":1,"weights":{}})"
                           "\n"
                        << R"({"t":0.5,"weights":{}})"
                           "\n";
    auto back = app::live::readStream(path);
    ASSERT_FALSE(back.ok());
    EXPECT_EQ(back.error().message, path + ": line 2: t goes back in time");
}

}  // namespace

}  // namespace live_input_test
