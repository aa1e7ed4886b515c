// The viewer's live input beyond --listen, under Xvfb: --replay plays a recording on the live
// layer in the viewer's time (a script's frames are 1/60 s each, so the line shown after N
// frames is known), Record to clip keys what it applies into a user clip that File > Export
// writes, File > Live opens a source on a port typed into the panel, --frame-times gains the
// live sample's age, and a bad recording fails before any window opens.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/LiveViewerRun.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TakeFiles.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace live_panel_xvfb_test {

namespace {

namespace fs = std::filesystem;

// jawOpen 0.2 from 0 s, 0.6 from 0.5 s, 0.9 from 0.8 s (t counts from the first line's 5 s).
const char* kRecording =
    R"({"t":5.0,"source":"vmc","weights":{"eyeBlinkLeft":1.0,"jawOpen":0.2}})"
    "\n"
    R"({"t":5.5,"source":"vmc","weights":{"eyeBlinkLeft":1.0,"jawOpen":0.6}})"
    "\n"
    R"({"t":5.8,"source":"livelink","weights":{"eyeBlinkLeft":0.5,"jawOpen":0.9}})"
    "\n";

// A script's frames are 1/60 s each and its clicks take a fixed number of frames (about a dozen
// before the first check), so each check sits a few frames clear of a line's change.
const std::string kReplayScript = R"script(click "File"
click "Live..."
click "Record to clip"
expect-message "recording live input to 'live 1'"
wait 3
expect-weight "jawOpen" 0.2 0.0001
wait 20
expect-weight "jawOpen" 0.6 0.0001
wait 20
expect-weight "jawOpen" 0.9 0.0001
expect-weight "eyeBlinkLeft" 0.5 0.0001
click "Record to clip"
expect-message "recorded 'live 1' (3 keys)"
)script" + std::string(fixtures::kExportLiveClipScript);

TEST(LivePanelXvfbTest, ReplayPlaysInTimeAndRecordsToAClip) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string face = dir + "/face.glb";  // a copy: the export lands beside it
    fs::copy_file(fixtures::bundledFace(), face, fs::copy_options::overwrite_existing);
    std::ofstream(dir + "/take.jsonl") << kRecording;
    fixtures::ViewerRun viewer{dir, face, "640x480", "", {"--replay", dir + "/take.jsonl"}};
    viewer.script = kReplayScript;
    viewer.scriptName = "replay.txt";
    const fixtures::RunOutcome run = viewer.run();
    ASSERT_EQ(run.exitCode, 0) << run.err;

    // The clip: a key at the start (0.2) and one at each line applied after (0.6, 0.9).
    auto exported = morph::importGltf(dir + "/face-live_1.glb");
    ASSERT_TRUE(exported.ok()) << exported.error().message;
    const auto clip = std::find_if(exported->animations.begin(), exported->animations.end(),
                                   [](const morph::Animation& a) { return a.name == "live 1"; });
    ASSERT_NE(clip, exported->animations.end());
    ASSERT_FALSE(clip->samplers.empty());
    const morph::AnimationSampler& sampler = clip->samplers[0];
    ASSERT_EQ(sampler.input.size(), 3u);
    EXPECT_EQ(sampler.input[0], 0.0f);
    EXPECT_LT(sampler.input[1], sampler.input[2]);
    const auto& names =
        exported->meshes[size_t(exported->nodes[size_t(clip->channels[0].node)].mesh)].targetNames;
    const size_t jaw = size_t(std::find(names.begin(), names.end(), "jawOpen") - names.begin());
    ASSERT_LT(jaw, names.size());
    const std::vector<float> jawKeys = {sampler.output[jaw], sampler.output[sampler.width + jaw],
                                        sampler.output[2 * sampler.width + jaw]};
    EXPECT_EQ(jawKeys, (std::vector<float>{0.2f, 0.6f, 0.9f}));
}

// Another tool's take replays as a recording does: a one-frame Live Link Face CSV's JawOpen
// drives jawOpen (the name table maps its PascalCase).
TEST(LivePanelXvfbTest, ALiveLinkFaceTakeReplaysLikeARecording) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/take.csv") << fixtures::liveLinkFaceCsv(1);
    const auto& names = fixtures::liveLinkFaceNames();
    const size_t jaw = size_t(std::find(names.begin(), names.end(), "JawOpen") - names.begin());
    ASSERT_LT(jaw, names.size());
    char script[160];
    std::snprintf(script, sizeof script, "wait 3\nexpect-weight \"jawOpen\" %.6f 0.0001\nquit\n",
                  double(fixtures::takeValue(jaw, 0)));
    fixtures::ViewerRun viewer{
        dir, fixtures::bundledFace(), "640x480", "", {"--replay", dir + "/take.csv"}};
    viewer.script = script;
    viewer.scriptName = "replay.txt";
    const fixtures::RunOutcome run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

TEST(LivePanelXvfbTest, ABadRecordingIsOneLineNamingIt) {
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/bad.jsonl") << R"({"t":0,"weights":{"jawOpen":0.2}})"
                                         "\n"
                                      << "{not json\n";
    const fixtures::RunOutcome run = fixtures::runMorphview(
        {fixtures::bundledFace(), "--replay", dir + "/bad.jsonl"}, {"DISPLAY"});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_EQ(run.err, "morphview: --replay: " + dir + "/bad.jsonl: line 2: not JSON\n");
    const fixtures::RunOutcome missing = fixtures::runMorphview(
        {fixtures::bundledFace(), "--replay", dir + "/none.jsonl"}, {"DISPLAY"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_EQ(missing.err, "morphview: --replay: " + dir + "/none.jsonl: cannot be opened\n");
}

TEST(LivePanelXvfbTest, TheLivePanelOpensASourceOnATypedPort) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const uint16_t port = fixtures::live::freeUdpPort();
    ASSERT_NE(port, 0) << "no free UDP port";
    fixtures::ViewerRun viewer{
        dir, fixtures::bundledFace(), "1024x700", "", {"--frame-times", dir + "/times.json"}};
    viewer.scriptName = "panel.txt";
    viewer.script =
        "click \"File\"\n"
        "click \"Live...\"\n"
        "click \"Live Link Face\"\n"
        "click \"Port\"\n"
        "type " +
        std::to_string(port) +
        "\n"
        "click \"Open source\"\n"
        "expect-no-error\n"
        "idle 1 0 400\n"
        "expect-weight \"jawOpen\" 0.25 0.0001\n"
        "click \"Close source 1\"\n"
        "quit\n";
    std::vector<float> values(61, 0.0f);
    values[17] = 0.25f;  // jawOpen, the 18th of Live Link Face's shapes
    const fixtures::RunOutcome run =
        fixtures::runSending(viewer, port, fixtures::live::liveLinkDatagram(values));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("listening for livelink on 127.0.0.1:" + std::to_string(port)),
              std::string::npos)
        << run.err;
    // A frame drawn after the first sample knows its age: under a second here.
    const nlohmann::json times =
        nlohmann::json::parse(fixtures::readWholeFile(dir + "/times.json"));
    ASSERT_TRUE(times.contains("liveAgeMs"));
    EXPECT_TRUE(times.contains("ms") && times.contains("viewDraws"));
    const nlohmann::json& ages = times["liveAgeMs"];
    const auto measured = std::find_if(ages.begin(), ages.end(),
                                       [](const nlohmann::json& a) { return a.is_number(); });
    ASSERT_NE(measured, ages.end());
    EXPECT_GE(measured->get<double>(), 0.0);
    EXPECT_LT(measured->get<double>(), 1000.0);
}

}  // namespace

namespace {

// The panel's calibration: Capture neutral makes the face's current input its rest pose (the
// mouth closes at once, with the tracker still sending the same open jaw), and Save calibration
// writes that profile where --calibration read it, in the format it reads.
TEST(LivePanelXvfbTest, CaptureNeutralRestsTheFaceAndSaveWritesTheProfile) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const uint16_t port = fixtures::live::freeUdpPort();
    ASSERT_NE(port, 0) << "no free UDP port";
    const std::string profile = dir + "/calibration.json";
    std::ofstream(profile) << "{}\n";
    fixtures::ViewerRun viewer{dir, fixtures::bundledFace()};
    viewer.args = {"--listen", "vmc:" + std::to_string(port), "--calibration", profile};
    viewer.scriptName = "calibrate.txt";
    viewer.script = std::string(fixtures::kCaptureNeutralScript) +
                    "click \"Save calibration\"\n"
                    "wait 5\n"
                    "expect-message \"saved the calibration\"\n"
                    "quit\n";
    const fixtures::RunOutcome run = fixtures::runSending(
        viewer, port, fixtures::live::vmcFrame({{"JawOpen", 0.6f}, {"EyeBlink_L", 1.0f}}));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json saved = nlohmann::json::parse(fixtures::readWholeFile(profile));
    ASSERT_TRUE(saved.contains("names")) << saved.dump();
    EXPECT_NEAR(saved["names"]["JawOpen"]["neutral"].get<double>(), 0.6, 1e-6) << saved.dump();
    EXPECT_NEAR(saved["names"]["EyeBlink_L"]["neutral"].get<double>(), 1.0, 1e-6) << saved.dump();
}

}  // namespace

}  // namespace live_panel_xvfb_test
