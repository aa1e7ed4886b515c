// The VRM expression sliders through the real window, under Xvfb: a .vrm opens, the "happy"
// slider drawn above the targets drives the bound target (mesh 0's "smile" by 1), Reset
// expressions takes it back, and the viewer's --weights vrm:NAME=V sets a slider at start.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "fixtures/VrmFixtures.h"

namespace vrm_viewer_xvfb_test {

namespace {

std::string writeVrm(const std::string& dir) {
    const std::vector<uint8_t> bytes = fixtures::vrm1Expressions();
    const std::string path = dir + "/avatar.vrm";
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return path;
}

TEST(VrmViewerXvfbTest, ExpressionSliderDrivesItsBinds) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::scratchDir("VrmViewerXvfbTest_Slider");
    fixtures::ViewerRun viewer{dir, writeVrm(dir), "800x600"};
    viewer.script = R"(drag "expression:happy" 1
expect-weight "smile" 1
click "Reset expressions"
expect-weight "smile" 0 0.0001
quit
)";
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

TEST(VrmViewerXvfbTest, WeightsOptionSetsAnExpressionSlider) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::scratchDir("VrmViewerXvfbTest_Weights");
    fixtures::ViewerRun viewer{dir, writeVrm(dir), "640x480"};
    viewer.args = {"--weights", "vrm:happy=0.5"};
    viewer.script = "wait 2\nexpect-weight \"smile\" 0.5\nquit\n";
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;

    viewer.args = {"--weights", "vrm:grin=1"};
    const auto unknown = viewer.run();
    EXPECT_NE(unknown.exitCode, 0);
    EXPECT_NE(unknown.err.find("no VRM expression named 'grin'"), std::string::npos) << unknown.err;
}

}  // namespace

}  // namespace vrm_viewer_xvfb_test
