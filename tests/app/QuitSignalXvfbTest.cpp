// SIGTERM and SIGINT end the viewer the normal way, under Xvfb: exit 0, the --record-stream
// file whole (every line complete JSON, the last one too), and an F9 recording finished: its
// PNG frames whole and, with ffmpeg on PATH, the MP4 under its final name.
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures/LiveDatagrams.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"

namespace quit_signal_xvfb_test {

namespace {

namespace fs = std::filesystem;

// The F9 recording's folder in `dir` once it holds at least two frames.
std::optional<fs::path> recordingWithFrames(const std::string& dir) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().filename().string().rfind("morphview-rec-", 0) != 0) continue;
        size_t frames = 0;
        for (const auto& f : fs::directory_iterator(entry.path(), ec))
            frames += f.path().extension() == ".png";
        if (frames >= 2) return entry.path();
    }
    return std::nullopt;
}

// Runs the viewer with --listen, --record-stream and a script that starts F9 and then idles,
// sends VMC frames (a new value each, so each is recorded) until both recordings have begun,
// then sends `signal`; the viewer's wait status, its stderr, and the F9 folder.
struct SignalRun {
    int status = -1;
    std::string err;
    fs::path recording;
};

SignalRun runAndSignal(const std::string& dir, int signal) {
    SignalRun out;
    const uint16_t port = fixtures::live::freeUdpPort();
    if (port == 0) {
        ADD_FAILURE() << "no free UDP port";
        return out;
    }
    fixtures::ViewerRun run{dir, fixtures::bundledFace(), "640x480"};
    run.args = {"--listen", "vmc:" + std::to_string(port), "--record-stream",
                dir + "/stream.jsonl"};
    run.script = "key f9\nidle 60 0 1000000\nquit\n";
    run.workingDirectory = dir;
    // A viewer that ignored the signal fails, never hangs.
    auto viewer = fixtures::RunningViewer::start(run, 120);
    if (!viewer) return out;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::optional<fs::path> recording;
    for (int i = 0; std::chrono::steady_clock::now() < until; ++i) {
        fixtures::live::sendDatagram(
            port, fixtures::live::vmcFrame({{"JawOpen", float(i % 100) / 100.0f}}));
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        recording = recordingWithFrames(dir);
        if (recording && fs::file_size(dir + "/stream.jsonl") > 0 && i > 20) break;
    }
    EXPECT_TRUE(recording) << "no F9 frames in a minute";
    ::kill(viewer->pid(), signal);
    out.status = viewer->wait();
    out.err = viewer->err();
    if (recording) out.recording = *recording;
    return out;
}

void expectEverythingComplete(const std::string& dir, const SignalRun& run) {
    ASSERT_TRUE(WIFEXITED(run.status)) << "killed, not ended: " << run.err;
    EXPECT_EQ(WEXITSTATUS(run.status), 0) << run.err;
    const std::string stream = fixtures::readWholeFile(dir + "/stream.jsonl");
    ASSERT_FALSE(stream.empty());
    EXPECT_EQ(stream.back(), '\n') << "the last line is complete";
    const std::vector<nlohmann::json> lines = fixtures::readStreamLines(dir + "/stream.jsonl");
    for (size_t i = 0; i < lines.size(); ++i) {
        ASSERT_FALSE(lines[i].is_discarded()) << "line " << i + 1;
        EXPECT_TRUE(lines[i]["weights"].contains("jawOpen"));
    }
    EXPECT_GE(lines.size(), 1u);
    ASSERT_FALSE(run.recording.empty());
    for (const auto& f : fs::directory_iterator(run.recording)) {
        if (f.path().extension() != ".png") continue;
        EXPECT_TRUE(morph::readImageFile(f.path().string()).ok()) << f.path();
    }
    if (access("/usr/bin/ffmpeg", X_OK) == 0) {
        EXPECT_TRUE(fs::exists(run.recording / "recording.mp4")) << run.err;
        EXPECT_FALSE(fs::exists(run.recording / "recording.mp4.partial"));
    }
}

TEST(QuitSignalXvfbTest, SigtermEndsCleanlyWithEveryRecordingComplete) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    expectEverythingComplete(dir, runAndSignal(dir, SIGTERM));
}

TEST(QuitSignalXvfbTest, SigintEndsCleanlyWithEveryRecordingComplete) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    expectEverythingComplete(dir, runAndSignal(dir, SIGINT));
}

}  // namespace

}  // namespace quit_signal_xvfb_test
