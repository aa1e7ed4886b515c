// Live input's names and recording (app/live/LiveNames, LiveRecording): incoming names reach a
// model's targets under any spelling the face name table knows, on every mesh that has them;
// the live layer keeps the newest value of each target; the recording's lines read back as
// written, and their weights become a --weights SPEC that parses back to the same floats.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/live/LiveNames.h"
#include "app/live/LiveRecording.h"
#include "fixtures/TestPaths.h"
#include "morph/edit/WeightSpec.h"

namespace live_names_test {

namespace {

using app::live::LiveLayer;
using app::live::LiveNameMap;
using app::live::LiveSample;
using app::live::TargetRef;

morph::Scene twoMeshScene() {
    morph::Scene scene;
    scene.meshes.resize(2);
    scene.meshes[0].name = "Face";
    scene.meshes[0].targetNames = {"EyeBlink_L", "jawOpen", "Fcl_MTH_A", "JawOpen"};
    scene.meshes[1].name = "Teeth";
    scene.meshes[1].targetNames = {"blendShape1.eyeBlinkLeft", "mouthSmile_R", "jawOpen"};
    return scene;
}

TEST(LiveNamesTest, NamesMatchAnySpellingOnEveryMesh) {
    const morph::Scene scene = twoMeshScene();
    const LiveNameMap names(scene);
    EXPECT_EQ(names.targetsOf("eyeBlinkLeft"), (std::vector<TargetRef>{{0, 0}, {1, 0}}));
    // The exact spelling wins over another of the same key on one mesh.
    EXPECT_EQ(names.targetsOf("jawOpen"), (std::vector<TargetRef>{{0, 1}, {1, 2}}));
    EXPECT_EQ(names.targetsOf("JawOpen"), (std::vector<TargetRef>{{0, 3}, {1, 2}}));
    EXPECT_EQ(names.targetsOf("mouthSmileRight"), (std::vector<TargetRef>{{1, 1}}));
    // VRM 0.x's preset "A" and VRoid's Fcl_MTH_A are both VRM 1.0's "aa".
    EXPECT_EQ(names.targetsOf("A"), (std::vector<TargetRef>{{0, 2}}));
    EXPECT_TRUE(names.targetsOf("noSuchShape").empty());
    // A side never matches the other side.
    EXPECT_TRUE(names.targetsOf("mouthSmileLeft").empty());
    EXPECT_EQ(names.targetName({1, 0}), "blendShape1.eyeBlinkLeft");
}

TEST(LiveNamesTest, LayerKeepsTheNewestValueOfEachTarget) {
    const morph::Scene scene = twoMeshScene();
    LiveLayer layer(scene);
    EXPECT_TRUE(layer.apply({"vmc", {{"eyeBlinkLeft", 0.5f}, {"unknown", 1.0f}}, {}, {}}));
    EXPECT_FALSE(layer.apply({"vmc", {{"eyeBlinkLeft", 0.5f}, {"unknown", 0.0f}}, {}, {}}));
    EXPECT_TRUE(layer.apply({"livelink", {{"mouthSmileRight", 0.25f}}, {}, {}}));
    EXPECT_TRUE(layer.apply({"livelink", {{"eyeBlinkLeft", 1.0f}, {"other", 1.0f}}, {}, {}}));
    const std::map<std::string, float> expected = {
        {"EyeBlink_L", 1.0f}, {"blendShape1.eyeBlinkLeft", 1.0f}, {"mouthSmile_R", 0.25f}};
    EXPECT_EQ(layer.weightsByName(), expected);
    EXPECT_EQ(layer.unmatched(), (std::vector<std::string>{"unknown", "other"}));
    EXPECT_EQ(layer.weights().size(), 3u);
}

TEST(LiveNamesTest, RecordingReadsBackAtAnyTime) {
    const std::string path = fixtures::caseScratchDir() + "/stream.jsonl";
    {
        auto recorder = app::live::StreamRecorder::open(path);
        ASSERT_TRUE(recorder.ok()) << recorder.error().message;
        ASSERT_TRUE(recorder->writeAt(0.0, "vmc", {{"jawOpen", 0.25f}}).ok());
        ASSERT_TRUE(
            recorder->writeAt(0.5, "livelink", {{"jawOpen", 0.5f}, {"eyeBlinkLeft", 1}}).ok());
        ASSERT_TRUE(recorder->writeAt(1.0, "vmc", {{"jawOpen", 0.1f}, {"eyeBlinkLeft", 1}}).ok());
    }
    std::ifstream in(path);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first, R"({"t":0.0,"source":"vmc","weights":{"jawOpen":0.25}})");
    auto at = [&](double t) { return app::live::readStreamWeightsAt(path, t); };
    EXPECT_EQ(*at(0.0), (std::map<std::string, float>{{"jawOpen", 0.25f}}));
    EXPECT_EQ(*at(0.75), (std::map<std::string, float>{{"eyeBlinkLeft", 1}, {"jawOpen", 0.5f}}));
    EXPECT_EQ(*at(100), (std::map<std::string, float>{{"eyeBlinkLeft", 1}, {"jawOpen", 0.1f}}));
    ASSERT_FALSE(at(-1).ok());
    EXPECT_NE(at(-1).error().message.find(path), std::string::npos);
}

TEST(LiveNamesTest, BadRecordingsAreOneLineErrorsNamingFileAndLine) {
    const std::string dir = fixtures::caseScratchDir();
    const std::pair<std::string, std::string> cases[] = {
        {"{\"t\":0,\"weights\":{}}\nnot json\n", "line 2"},
        {"{\"t\":0,\"weights\":{\"a\":\"x\"}}\n", "line 1"},
        {"{\"t\":1,\"weights\":{}}\n{\"t\":0,\"weights\":{}}\n", "line 2"},
        {"{\"t\":0,\"weights\":{\"a\":1e300}}\n", "line 1"},
        {"[1,2]\n", "line 1"},
        {"", "no lines"},
    };
    for (const auto& [text, where] : cases) {
        const std::string path = dir + "/bad.jsonl";
        std::ofstream(path, std::ios::binary) << text;
        auto read = app::live::readStreamWeightsAt(path, 10);
        ASSERT_FALSE(read.ok()) << text;
        EXPECT_NE(read.error().message.find(path + ": "), std::string::npos);
        EXPECT_NE(read.error().message.find(where), std::string::npos) << read.error().message;
        EXPECT_EQ(read.error().message.find('\n'), std::string::npos);
    }
    EXPECT_FALSE(app::live::readStreamWeightsAt(dir + "/missing.jsonl", 0).ok());
}

TEST(LiveNamesTest, WeightSpecParsesBackToTheSameFloats) {
    const std::map<std::string, float> weights = {
        {"jawOpen", 0.1f}, {"eyeBlinkLeft", 1.0f / 3.0f}, {"Fcl_MTH_A", 0.30000001f}, {"x", 1e-7f}};
    auto spec = app::live::weightSpecOf(weights);
    ASSERT_TRUE(spec.ok()) << spec.error().message;
    auto parsed = morph::parseWeightSpec(*spec);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    ASSERT_EQ(parsed->size(), weights.size());
    for (const morph::WeightAssignment& a : *parsed) {
        EXPECT_EQ(a.kind, morph::WeightAssignment::Kind::Name);
        const float expected = weights.at(a.name);
        EXPECT_EQ(std::memcmp(&a.value, &expected, sizeof(float)), 0) << a.name;
    }
    for (const std::string bad : {"a,b", "a=b", "*", "vrm:happy", " padded", ""}) {
        EXPECT_FALSE(app::live::weightSpecOf({{bad, 1.0f}}).ok()) << bad;
    }
}

// A replay passes its weights as data: the very items their --weights SPEC parses to (a name of
// digits an index, as the spec reads it), with the same errors for a name a SPEC cannot say.
TEST(LiveNamesTest, WeightItemsAreWhatTheirSpecParsesTo) {
    const std::map<std::string, float> weights = {
        {"jawOpen", 0.1f}, {"eyeBlinkLeft", 1.0f / 3.0f}, {"7", 0.5f}, {"x", 1e-7f}};
    auto items = app::live::weightItemsOf(weights);
    ASSERT_TRUE(items.ok()) << items.error().message;
    auto parsed = morph::parseWeightSpec(app::live::weightSpecOf(weights).value());
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    ASSERT_EQ(items->size(), parsed->size());
    for (size_t i = 0; i < items->size(); ++i) {
        const morph::WeightAssignment &a = (*items)[i], &b = (*parsed)[i];
        EXPECT_EQ(a.kind, b.kind) << b.name;
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.index, b.index) << b.name;
        EXPECT_EQ(std::memcmp(&a.value, &b.value, sizeof(float)), 0) << b.name;
    }
    for (const std::string bad : {"a,b", "*", " padded"}) {
        auto refused = app::live::weightItemsOf({{bad, 1.0f}});
        ASSERT_FALSE(refused.ok()) << bad;
        EXPECT_EQ(refused.error().message, app::live::weightSpecOf({{bad, 1.0f}}).error().message);
    }
}

}  // namespace

}  // namespace live_names_test
