// Idle life in the viewer under Xvfb: `morphview --alive --seed 1 --record-stream FILE` on the
// bundled face blinks within 10 s of its clock, recorded as lines with "source": "alive", and the
// user's value for a blink wins over it. A script drives every frame, so the clock steps 1/60 s a
// frame whatever the machine's speed: 600 frames are 10 s, the same ones on every run.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AuditFixtures.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace alive_viewer_xvfb_test {

namespace {

constexpr int kFrames = 600;  // 10 s at the script's 1/60 s a frame

std::vector<nlohmann::json> readLines(const std::string& path) {
    std::ifstream in(path);
    std::vector<nlohmann::json> lines;
    for (std::string text; std::getline(in, text);) lines.push_back(nlohmann::json::parse(text));
    return lines;
}

// The first line of the first 10 s whose eyeBlinkLeft is over 0.5; null when none is.
nlohmann::json firstBlink(const std::vector<nlohmann::json>& lines) {
    for (const nlohmann::json& line : lines) {
        if (line["t"].get<double>() > 10.0) break;
        if (line["weights"].value("eyeBlinkLeft", 0.0) > 0.5) return line;
    }
    return nullptr;
}

// A small ARKit face (fixtures/AuditFixtures.h: blinks and eye looks, no breath) at 320 x 240,
// alive with seed 1, `script` as its --script, recorded to `dir`/s.jsonl. Small, since every
// frame of the 10 s draws it: the bundled face's 30,000 vertices took 15 ms a frame on llvmpipe.
fixtures::RunOutcome runAlive(const std::string& dir, const std::string& script,
                              std::vector<std::string> more = {}) {
    std::ofstream(dir + "/s.txt") << script;
    const std::string face = fixtures::writeRig(fixtures::rigWithEyesAndMouth(), dir, "face.glb");
    std::vector<std::string> args = {
        face, "--window-size",   "320x240",        "--alive",  "--seed",
        "1",  "--record-stream", dir + "/s.jsonl", "--script", dir + "/s.txt"};
    args.insert(args.end(), more.begin(), more.end());
    return fixtures::runMorphviewUnderXvfb(args, "320x240");
}

TEST(AliveViewerXvfbTest, BlinksWithinTenSecondsAndIsRecorded) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::RunOutcome run =
        runAlive(dir, "wait " + std::to_string(kFrames) + "\nexpect-no-error\nquit\n");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    // The face has ARKit's blinks and eye looks, and nothing to breathe with.
    EXPECT_NE(run.err.find("alive: blinks with eyeBlinkLeft+eyeBlinkRight; saccades with 8 of "
                           "ARKit's 8 eye-look targets; no breath target"),
              std::string::npos)
        << run.err;

    const std::vector<nlohmann::json> lines = readLines(dir + "/s.jsonl");
    ASSERT_GT(lines.size(), size_t(kFrames) / 2);
    EXPECT_EQ(lines.front()["t"], 0.0);
    for (const nlohmann::json& line : lines) ASSERT_EQ(line["source"], "alive") << line;
    const nlohmann::json blink = firstBlink(lines);
    ASSERT_FALSE(blink.is_null()) << "no blink in the first 10 s";
    EXPECT_EQ(blink["weights"]["eyeBlinkLeft"], blink["weights"]["eyeBlinkRight"]);  // together
}

TEST(AliveViewerXvfbTest, TheUsersBlinkWinsOverAlives) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    // The drawn weight checked at every frame of the 10 s (a check takes a frame), while the
    // alive layer under the user's slider blinks.
    std::string script;
    for (int frame = 0; frame < kFrames; ++frame)
        script += "expect-weight \"eyeBlinkLeft\" 0.2 0.001\n";
    const fixtures::RunOutcome run =
        runAlive(dir, script + "quit\n", {"--weights", "eyeBlinkLeft=0.2"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_FALSE(firstBlink(readLines(dir + "/s.jsonl")).is_null()) << "alive did not blink";
}

TEST(AliveViewerXvfbTest, ViewAliveTurnsItOnAndSaysWhatDrivesIt) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/s.txt") << "wait 5\nclick \"View\"\nclick \"Alive\"\nwait 5\nquit\n";
    const fixtures::RunOutcome run = fixtures::runMorphviewUnderXvfb(
        {fixtures::bundledFace(), "--window-size", "320x240", "--script", dir + "/s.txt"},
        "320x240");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("alive: blinks with eyeBlinkLeft+eyeBlinkRight"), std::string::npos)
        << run.err;
}

TEST(AliveViewerXvfbTest, RecordStreamWithoutListenOrAliveIsAUsageError) {
    const fixtures::RunOutcome run = fixtures::runMorphview({"--record-stream", "x.jsonl"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("--record-stream requires --listen or --alive"), std::string::npos)
        << run.err;
}

}  // namespace

}  // namespace alive_viewer_xvfb_test
