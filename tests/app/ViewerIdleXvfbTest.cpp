// The viewer draws only when something changes (app/document/Redraw.h), through the REAL
// window under Xvfb: the script's `idle` stops driving the window for a while of wall time and
// counts the frames it drew by its own rules. Left alone on the face it draws none but the few
// that settle the UI after the last change; with a clip playing, or the turntable on, it draws
// on its own. --frame-times keeps the frames drawn back to back, not the waits.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/document/Redraw.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"

namespace viewer_idle_xvfb_test {

namespace {

// The face at 640 x 480 running `script`; its --frame-times (discarded when missing).
nlohmann::json runTimed(const std::string& dir, const std::string& script) {
    fixtures::ViewerRun viewer{dir, fixtures::bundledFace(), "640x480"};
    viewer.args = {"--frame-times", dir + "/times.json"};
    viewer.script = script;
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return nlohmann::json::parse(fixtures::readWholeFile(dir + "/times.json"), nullptr, false);
}

TEST(ViewerIdleXvfbTest, DrawsOnlyWhileSomethingMoves) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::scratchDir("ViewerIdleXvfbTest");
    // At most the settle frames while nothing moves. While something moves, at least one frame
    // in 2 s (29-30 here): a window that waited would draw none, and one frame takes far less
    // than 2 s at 640 x 480 even in the sanitized build on a busy machine.
    const std::string still = "idle 2 0 " + std::to_string(app::RedrawPolicy::kSettleFrames);
    const std::string script = still + R"(
click "Clip"
click "clip:talk"
click "Play"
expect-clip "talk" playing
idle 2 1 100000
click "Play"
expect-clip "talk" paused
)" + still + R"(
key t
idle 2 1 100000
key t
)" + still + R"(
expect-no-error
quit
)";
    // --frame-times: the frames drawn back to back (while the script drove, the clip played and
    // the turntable turned), not the waits.
    const nlohmann::json times = runTimed(dir, script);
    ASSERT_FALSE(times.is_discarded());
    EXPECT_GT(times["frames"].get<int>(), 6);
    EXPECT_GT(times["medianMs"].get<double>(), 0);
    EXPECT_LT(times["medianMs"].get<double>(), 2000);  // a wait of the idle's 2 s is not a frame
}

// A frame in which only the UI changed (hovering, a menu, typing) copies the view's last
// picture in instead of drawing the model again; a changed weight draws it again. --frame-times
// counts the frames that drew the view.
TEST(ViewerIdleXvfbTest, UiOnlyFramesCopyTheView) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::scratchDir("ViewerIdleXvfbTest_UiOnly");
    const auto viewDraws = [&](const std::string& script, int* frames) {
        const nlohmann::json times = runTimed(dir, script);
        if (times.is_discarded()) {
            ADD_FAILURE() << "no --frame-times";
            return 0;
        }
        *frames = times["frames"].get<int>();
        return times["viewDraws"].get<int>();
    };
    const std::string ui = "wait 20\nhover \"Filter\" 10\nclick \"Filter\"\ntype jaw\nwait 10\n";
    int frames = 0;
    const int still = viewDraws(ui + "quit\n", &frames);
    EXPECT_GE(frames, 40);
    // The first picture, and the one after the model is framed into what the panels leave.
    EXPECT_GE(still, 1);
    EXPECT_LE(still, 4);
    const int dragged =
        viewDraws(ui + "drag \"jawOpen\" 0.6\nexpect-weight \"jawOpen\" 0.6\nquit\n", &frames);
    EXPECT_GE(dragged, still + 3) << "the drag's weights were not drawn";
}

}  // namespace

}  // namespace viewer_idle_xvfb_test
