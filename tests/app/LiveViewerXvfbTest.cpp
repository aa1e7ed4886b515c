// The viewer driven live under Xvfb: `morphview MODEL --listen vmc:PORT --record-stream FILE`
// opens its port once the face is loaded; VMC datagrams sent on loopback set the face's weights
// (the script's expect-weight checks the drawn weight after an `idle` of 3 s, in which the
// window draws at most 20 frames: a frame resent every 10 ms wakes it only when it changed
// something), and the recording holds them by target name.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/LiveViewerRun.h"
#include "fixtures/TestPaths.h"

namespace live_viewer_xvfb_test {

namespace {

TEST(LiveViewerXvfbTest, VmcDatagramsDriveTheFaceAndAreRecorded) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string face = fixtures::bundledFace();
    const uint16_t port = fixtures::live::freeUdpPort();
    ASSERT_NE(port, 0) << "no free UDP port";
    fixtures::ViewerRun viewer{dir, face, "640x480"};
    viewer.args = {"--listen", "vmc:" + std::to_string(port), "--record-stream",
                   dir + "/stream.jsonl"};
    viewer.scriptName = "live.txt";
    viewer.script =
        "idle 3 0 20\n"
        "expect-weight \"jawOpen\" 0.6 0.001\n"
        "expect-weight \"eyeBlinkLeft\" 1 0.001\n"
        "expect-weight \"mouthSmileLeft\" 0 0.001\n"
        "quit\n";
    // VSeeFace sends its frames over and over; the viewer opens its port once the face loads.
    // The same frame resent changes nothing after the first that arrives.
    const fixtures::RunOutcome run = fixtures::runSending(
        viewer, port,
        fixtures::live::vmcFrame({{"JawOpen", 0.6f}, {"EyeBlink_L", 1.0f}, {"Joy", 1.0f}}));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("listening for vmc on 127.0.0.1:" + std::to_string(port)),
              std::string::npos)
        << run.err;

    const std::vector<nlohmann::json> lines = fixtures::readStreamLines(dir + "/stream.jsonl");
    // One line: the frames after the first changed nothing.
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["t"], 0.0);
    EXPECT_EQ(lines[0]["source"], "vmc");
    EXPECT_EQ(lines[0]["weights"], (nlohmann::json{{"eyeBlinkLeft", 1.0}, {"jawOpen", 0.6f}}));
}

TEST(LiveViewerXvfbTest, BadListenSpecIsAUsageError) {
    for (const std::string spec : {"osc", "vmc:x", "vmc:70000", "livelink:"}) {
        const fixtures::RunOutcome run = fixtures::runMorphview({"--listen", spec});
        EXPECT_EQ(run.exitCode, 2) << spec;
        EXPECT_NE(run.err.find("--listen"), std::string::npos) << run.err;
    }
}

}  // namespace

}  // namespace live_viewer_xvfb_test
