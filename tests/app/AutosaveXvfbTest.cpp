// Nothing the user made is lost, through the real viewer under Xvfb: a script keys a clip and
// saves a preset, the viewer is killed with SIGKILL, and reopening the file recovers both (and
// Discard removes them); closing the window on unsaved work asks first; a corrupt settings file
// is set aside, not overwritten. Every autosave goes under the test's own XDG_STATE_HOME.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures/LiveDatagrams.h"
#include "fixtures/LiveViewerRun.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "fixtures/WaitFor.h"

namespace autosave_xvfb_test {

namespace {

namespace fs = std::filesystem;

// The work: jawOpen at 0.6 keyed into a new clip, and the pose saved as "preset 1".
const char* const kMakeWork = R"script(click "Filter"
type jaw
drag "jawOpen" 0.6
click "Key"
expect-message "keyed 'clip 1'"
click "Presets tab"
click "Save pose"
expect-message "saved preset 'preset 1'"
)script";

constexpr unsigned kHangGuardSeconds = 300;

struct Case {
    std::string dir, face, state, config;
};

Case makeCase() {
    Case c;
    c.dir = fixtures::caseScratchDir();
    c.face = c.dir + "/face.glb";
    c.state = c.dir + "/state";
    c.config = c.dir + "/config";
    fs::copy_file(fixtures::bundledFace(), c.face, fs::copy_options::overwrite_existing);
    fs::create_directories(c.config);
    return c;
}

std::vector<std::string> filesIn(const std::string& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        names.push_back(entry.path().filename().string());
    return names;
}

bool pollFor(const std::function<bool()>& done, double seconds) {
    return fixtures::waitFor(done, seconds, std::chrono::milliseconds(20));
}

// The viewer on `c.face` in a 1024x700 window with `args`, running `script` (written to
// DIR/`scriptName`), its settings and autosaves under the case's own folders.
fixtures::ViewerRun viewerOf(const Case& c, const std::string& scriptName,
                             const std::string& script, const std::vector<std::string>& args = {}) {
    fixtures::ViewerRun viewer{c.dir, c.face, "1024x700", "", args, script, scriptName};
    viewer.env = {"XDG_STATE_HOME=" + c.state, "XDG_CONFIG_HOME=" + c.config};
    return viewer;
}

// A script run to its end: the exit code (-1: killed) and stderr.
fixtures::RunOutcome runScript(const Case& c, const std::string& name, const std::string& text) {
    return viewerOf(c, name, text).run();
}

// The autosave of this process on disk with both pieces of work in it.
bool autosaveHoldsWork(const std::string& stateDir) {
    for (const std::string& name : filesIn(stateDir + "/morphview")) {
        if (name.rfind("face-", 0) != 0 || fs::path(name).extension() != ".json") continue;
        const std::string text = fixtures::readWholeFile(stateDir + "/morphview/" + name);
        if (text.find("\"clip 1\"") != std::string::npos &&
            text.find("\"preset 1\"") != std::string::npos) {
            return true;
        }
    }
    return false;
}

TEST(AutosaveXvfbTest, AKilledViewersClipAndPresetComeBack) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const Case c = makeCase();
    {
        // The work, then the window left to itself: the autosave is written without frames.
        auto viewer = fixtures::RunningViewer::start(
            viewerOf(c, "work.txt",
                     std::string(kMakeWork) + "idle 60 0 100000\nidle 60 0 100000\nquit\n"),
            kHangGuardSeconds);
        ASSERT_TRUE(viewer);
        const bool saved = pollFor([&] { return autosaveHoldsWork(c.state); }, 120);
        kill(viewer->pid(), SIGKILL);
        const int status = viewer->wait();
        ASSERT_TRUE(saved) << viewer->err();
        ASSERT_TRUE(WIFSIGNALED(status));
    }
    const auto reopened = runScript(c, "recover.txt", R"script(wait 2
expect-message "recovered 1 user clip, 1 preset from "
click "Clip"
click "user clip:clip 1"
expect-clip "clip 1"
click "Presets tab"
click "apply:preset 1"
expect-weight "jawOpen" 0.6 0.02
click "Discard recovered work"
expect-message "discarded the recovered work"
quit
)script");
    ASSERT_EQ(reopened.exitCode, 0) << reopened.err;
    EXPECT_NE(reopened.err.find("morphview: recovered 1 user clip, 1 preset from "),
              std::string::npos)
        << reopened.err;
    // Recovered, moved to the second viewer's own autosave, then discarded: nothing is left.
    EXPECT_TRUE(filesIn(c.state + "/morphview").empty())
        << ::testing::PrintToString(filesIn(c.state + "/morphview"));
}

// The Live panel's calibration is work too: a neutral captured in a viewer that is then killed
// comes back with the file, and the tracker's open jaw still shows as rest.
TEST(AutosaveXvfbTest, AKilledViewersCalibrationComesBack) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const Case c = makeCase();
    const uint16_t port = fixtures::live::freeUdpPort();
    ASSERT_NE(port, 0) << "no free UDP port";
    const std::string listen = "vmc:" + std::to_string(port);
    fixtures::Tracker tracker(port, fixtures::live::vmcFrame({{"JawOpen", 0.6f}}));
    {
        auto viewer = fixtures::RunningViewer::start(
            viewerOf(c, "calibrate.txt",
                     std::string(fixtures::kCaptureNeutralScript) +
                         "idle 60 0 100000\nidle 60 0 100000\nquit\n",
                     {"--listen", listen}),
            kHangGuardSeconds);
        ASSERT_TRUE(viewer);
        const bool saved = pollFor(
            [&] {
                for (const std::string& name : filesIn(c.state + "/morphview")) {
                    // The autosave itself, not the temporary file it is renamed from.
                    if (name.rfind("face-", 0) != 0 || fs::path(name).extension() != ".json")
                        continue;
                    if (fixtures::readWholeFile(c.state + "/morphview/" + name)
                            .find("\"calibration\"") != std::string::npos)
                        return true;
                }
                return false;
            },
            120);
        kill(viewer->pid(), SIGKILL);
        viewer->wait();
        ASSERT_TRUE(saved) << viewer->err();
    }
    const auto run = viewerOf(c, "recover.txt",
                              "idle 3 0 20\n"
                              "expect-weight \"jawOpen\" 0 0.001\n"
                              "quit\n",
                              {"--listen", listen})
                         .run();
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("the live calibration from "), std::string::npos) << run.err;
}

TEST(AutosaveXvfbTest, ClosingTheWindowWithNothingMadeDoesNotAsk) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const Case c = makeCase();
    // The window closes at once: the failing expectation after it never runs.
    const auto run =
        runScript(c, "plain.txt", "wait 2\nclose-window\nwait 5\nexpect-clip \"none\"\n");
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

TEST(AutosaveXvfbTest, ClosingTheWindowOnUnsavedWorkAsks) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const Case c = makeCase();
    // The question: Cancel keeps the window, Keep and quit ends it and leaves the autosave.
    const auto asked = runScript(c, "asked.txt", std::string(kMakeWork) + R"script(close-window
wait 2
click "Cancel"
wait 2
expect-no-error
close-window
wait 2
click "Keep and quit"
wait 5
expect-clip "none"
)script");
    EXPECT_EQ(asked.exitCode, 0) << asked.err;
    EXPECT_TRUE(autosaveHoldsWork(c.state))
        << ::testing::PrintToString(filesIn(c.state + "/morphview"));
}

TEST(AutosaveXvfbTest, ACorruptSettingsFileIsSetAsideNotOverwritten) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const Case c = makeCase();
    const std::string settings = c.config + "/morphview/settings.json";
    fs::create_directories(c.config + "/morphview");
    std::ofstream(settings) << "{\"recentFiles\": [\"a.glb\"";
    // Interactive (settings are read only then): until the model opened and settings were saved.
    auto viewer = fixtures::RunningViewer::start(viewerOf(c, "", ""), kHangGuardSeconds);
    ASSERT_TRUE(viewer);
    auto corruptKept = [&] {
        for (const std::string& name : filesIn(c.config + "/morphview")) {
            if (name.rfind("settings.json.corrupt-", 0) == 0) return true;
        }
        return false;
    };
    const bool done = pollFor(
        [&] {
            return corruptKept() &&
                   fixtures::readWholeFile(settings).find("face.glb") != std::string::npos;
        },
        120);
    kill(viewer->pid(), SIGKILL);
    viewer->wait();
    ASSERT_TRUE(done) << viewer->err();
    for (const std::string& name : filesIn(c.config + "/morphview")) {
        if (name.rfind("settings.json.corrupt-", 0) == 0) {
            EXPECT_EQ(fixtures::readWholeFile(c.config + "/morphview/" + name),
                      "{\"recentFiles\": [\"a.glb\"");
        }
    }
    const std::string text = viewer->err();
    EXPECT_NE(text.find("morphview: " + settings + ": not valid JSON; set aside as " + settings +
                        ".corrupt-"),
              std::string::npos)
        << text;
}

}  // namespace

}  // namespace autosave_xvfb_test
