// Rig logic in the viewer, through the real UI (a script): dragging the drivers moves the
// derived targets' values, which the script checks; View > Rig logic off shows the raw targets.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/AuditFixtures.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"

namespace rig_logic_viewer_xvfb_test {
namespace {

TEST(RigLogicViewerXvfbTest, DraggingADriverMovesWhatItDrives) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = fixtures::writeFixture(
        dir, "correctives.glb", fixtures::rigGlb(fixtures::rigWithCorrectives()));
    // jawOpen 0.4 with mouthSmileLeft 0.5: the corrective 0.2, jawOpen25 0.7, jawOpen75 0.3.
    fixtures::ViewerRun viewer{dir, model, "1024x1000", "1280x1024"};
    viewer.script =
        "wait 2\n"
        "drag \"jawOpen\" 0.4\n"
        "drag \"mouthSmileLeft\" 0.5\n"
        "wait 1\n"
        "expect-weight \"jawOpen_mouthSmileLeft\" 0.2 0.01\n"
        "expect-weight \"jawOpen25\" 0.7 0.01\n"
        "expect-weight \"jawOpen75\" 0.3 0.01\n"
        "click \"View\"\n"
        "click \"Rig logic\"\n"
        "wait 1\n"
        "expect-weight \"jawOpen_mouthSmileLeft\" 0 0.001\n"
        "expect-weight \"jawOpen25\" 0 0.001\n"
        "expect-no-error\n"
        "quit\n";
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

}  // namespace
}  // namespace rig_logic_viewer_xvfb_test
