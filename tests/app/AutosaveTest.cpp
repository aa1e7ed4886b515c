// The viewer's autosave without a window: the work as JSON and back, where autosaves live, the
// writer thread (a change on disk within the delay, a clean quit removing it), recovery of a file
// a dead viewer left, discarding it, and a corrupt autosave set aside instead of overwritten.
// Also prints what the per-frame check costs.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/session/Autosave.h"
#include "app/session/AutosaveSession.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "fixtures/WaitFor.h"
#include "morph/gltf/GltfImport.h"

namespace autosave_test {

namespace {

namespace fs = std::filesystem;
using app::session::AutosaveSession;

morph::Scene face() {
    auto scene = morph::importGltf(fixtures::bundledFace());
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    return std::move(scene).value();
}

// Keys "clip 1" (jawOpen at 0.6), saves two presets and overrides one target.
void makeWork(app::ViewerState& state, const morph::Scene& scene) {
    app::clearAllOverrides(state);
    const auto& names = scene.meshes[size_t(state.selectedMesh)].targetNames;
    const size_t jaw = size_t(std::find(names.begin(), names.end(), "jawOpen") - names.begin());
    ASSERT_LT(jaw, names.size());
    app::setUserWeight(state, scene, jaw, 0.6f);
    ASSERT_TRUE(app::keyCurrentPose(state, scene).ok());
    app::savePreset(state, scene, "open");
    app::savePreset(state, scene, "also open");
}

// A pid no process has now: a child that has exited and been reaped.
long deadPid() {
    const pid_t pid = fork();
    if (pid == 0) _exit(0);
    int status = 0;
    waitpid(pid, &status, 0);
    return long(pid);
}

bool waitFor(const std::function<bool()>& done, double seconds) {
    return fixtures::waitFor(done, seconds, std::chrono::milliseconds(5));
}

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST(AutosaveTest, StateDirFollowsXdg) {
    EXPECT_EQ(app::session::stateDir("/x/state", "/home/a"), "/x/state/morphview");
    EXPECT_EQ(app::session::stateDir("relative", "/home/a"), "/home/a/.local/state/morphview");
    EXPECT_EQ(app::session::stateDir(nullptr, "/home/a"), "/home/a/.local/state/morphview");
    EXPECT_EQ(app::session::stateDir(nullptr, nullptr), "");
}

TEST(AutosaveTest, KeyNamesTheModelAndItsBytes) {
    const std::string a = app::session::autosaveKey(fixtures::bundledFace(), 1),
                      b = app::session::autosaveKey(fixtures::bundledFace(), 2);
    EXPECT_EQ(a.rfind("face-", 0), 0u) << a;
    EXPECT_NE(a, b);
    EXPECT_NE(a, app::session::autosaveKey("/elsewhere/face.glb", 1));
}

TEST(AutosaveTest, WorkRoundTripsThroughJson) {
    const morph::Scene scene = face();
    app::ViewerState state = app::makeViewerState(scene);
    makeWork(state, scene);
    state.stickyOverrides = true;
    const app::session::Work work = app::session::captureWork(state);
    EXPECT_TRUE(app::session::hasWork(work));
    const auto json = app::session::workToJson(work, app::session::sceneNames(scene),
                                               fixtures::bundledFace(), 1764800000);

    app::ViewerState fresh = app::makeViewerState(scene);
    auto recovered = app::session::restoreWork(json, scene, fresh, "a.json");
    ASSERT_TRUE(recovered.ok()) << recovered.error().message;
    EXPECT_EQ(recovered->userClips, 1u);
    EXPECT_EQ(recovered->presets, 2u);
    EXPECT_EQ(recovered->overrides, 1u);
    EXPECT_EQ(fresh.userClips[0].name, "clip 1");
    EXPECT_EQ(fresh.keyClip, 0);
    EXPECT_TRUE(fresh.stickyOverrides);
    EXPECT_TRUE(app::session::sameWork(work, fresh));
    const std::string message = app::session::recoveryMessage(*recovered);
    EXPECT_EQ(message.rfind("recovered 1 user clip, 2 presets from 20", 0), 0u) << message;

    app::ViewerState untouched = app::makeViewerState(scene);
    auto bad =
        app::session::restoreWork(nlohmann::json{{"format", "x"}}, scene, untouched, "b.json");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, "b.json: not a morphview autosave");
    EXPECT_TRUE(untouched.userClips.empty());
}

// The Live panel's calibration is work too: alone it is worth an autosave, it is written as the
// profile's own JSON object, and it comes back (and is said in the message).
TEST(AutosaveTest, TheLiveCalibrationIsKeptAndRecovered) {
    const morph::Scene scene = face();
    app::ViewerState state = app::makeViewerState(scene);
    EXPECT_FALSE(app::session::hasWork(app::session::captureWork(state)));
    state.liveCalibration = "{\n  \"names\": {\"JawOpen\": {\"neutral\": 0.6, \"gain\": 1.5}}\n}\n";
    const app::session::Work work = app::session::captureWork(state);
    EXPECT_TRUE(app::session::hasWork(work));
    EXPECT_FALSE(app::session::sameWork(work, app::makeViewerState(scene)));
    const auto json = app::session::workToJson(work, app::session::sceneNames(scene),
                                               fixtures::bundledFace(), 1764800000);
    ASSERT_TRUE(json.contains("calibration"));
    EXPECT_EQ(json["calibration"]["names"]["JawOpen"]["gain"], 1.5);

    app::ViewerState fresh = app::makeViewerState(scene);
    auto recovered = app::session::restoreWork(json, scene, fresh, "a.json");
    ASSERT_TRUE(recovered.ok()) << recovered.error().message;
    EXPECT_TRUE(recovered->calibration);
    EXPECT_EQ(nlohmann::json::parse(fresh.liveCalibration),
              nlohmann::json::parse(state.liveCalibration));
    const std::string message = app::session::recoveryMessage(*recovered);
    EXPECT_EQ(message.rfind("recovered 0 user clips, 0 presets, the live calibration from 20", 0),
              0u)
        << message;
}

TEST(AutosaveTest, AChangeIsOnDiskWithinTheDelayAndACleanQuitRemovesIt) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::Scene scene = face();
    app::ViewerState state = app::makeViewerState(scene);
    AutosaveSession session(dir, 0.2);
    const auto opened = session.open(fixtures::bundledFace(), scene, state);
    EXPECT_EQ(opened.message, "");
    EXPECT_EQ(opened.error, "");
    session.update(state);
    EXPECT_FALSE(session.unsaved());  // nothing made yet: no file
    makeWork(state, scene);
    session.update(state);
    EXPECT_TRUE(session.unsaved());
    // The writer thread writes it without another update (a still window draws no frames).
    ASSERT_TRUE(waitFor([&] { return fs::exists(session.path()); }, 30)) << session.path();
    EXPECT_NE(readText(session.path()).find("\"clip 1\""), std::string::npos);
    EXPECT_EQ(session.path().find(dir), 0u);
    session.cleanQuit();
    EXPECT_FALSE(fs::exists(session.path()));
    EXPECT_EQ(session.takeError(), "");
}

// Opening another file with work carried over (user clips and presets travel by name): that work
// is on disk under the new file when it opens, and the previous file's autosave is gone.
TEST(AutosaveTest, WorkCarriedToAnotherFileIsSavedUnderIt) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::Scene scene = face();
    const std::string copy = dir + "/other.glb";
    std::ofstream(copy, std::ios::binary)
        << readText(fixtures::bundledFace()) << ' ';  // other bytes, other key
    app::ViewerState state = app::makeViewerState(scene);
    AutosaveSession session(dir + "/state", 60.0);  // no write but the open's and flush()'s
    session.open(fixtures::bundledFace(), scene, state);
    makeWork(state, scene);
    session.update(state);
    session.flush();
    const std::string first = session.path();
    ASSERT_TRUE(fs::exists(first));
    // On disk under the new file when open() returns, before any frame: nothing pending.
    session.open(copy, scene, state);
    EXPECT_FALSE(fs::exists(first));
    EXPECT_NE(session.path(), first);
    ASSERT_TRUE(fs::exists(session.path()));
    EXPECT_NE(readText(session.path()).find("\"clip 1\""), std::string::npos);
    EXPECT_TRUE(session.unsaved());
    const size_t writes = session.writes();
    session.update(state);  // the same work: not written again
    session.flush();
    EXPECT_EQ(session.writes(), writes);
    session.cleanQuit();
}

// The file a viewer killed mid-session left (written under a pid no process has now).
std::string leaveOrphan(const std::string& dir, const morph::Scene& scene) {
    app::ViewerState state = app::makeViewerState(scene);
    makeWork(state, scene);
    auto hash = app::session::hashFile(fixtures::bundledFace());
    EXPECT_TRUE(hash.ok());
    const std::string path = app::session::autosavePath(
        dir, app::session::autosaveKey(fixtures::bundledFace(), *hash), deadPid());
    std::ofstream(path) << app::session::workToJson(app::session::captureWork(state),
                                                    app::session::sceneNames(scene),
                                                    fixtures::bundledFace(), std::time(nullptr));
    return path;
}

TEST(AutosaveTest, ReopeningRecoversWhatADeadViewerLeftAndDiscardUndoesIt) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::Scene scene = face();
    const std::string orphan = leaveOrphan(dir, scene);
    app::ViewerState state = app::makeViewerState(scene);
    AutosaveSession session(dir, 0.2);
    const auto opened = session.open(fixtures::bundledFace(), scene, state);
    EXPECT_EQ(opened.error, "");
    EXPECT_EQ(opened.message.rfind("recovered 1 user clip, 2 presets", 0), 0u) << opened.message;
    ASSERT_EQ(state.userClips.size(), 1u);
    EXPECT_EQ(state.userClips[0].name, "clip 1");
    EXPECT_EQ(state.presets.size(), 2u);
    EXPECT_TRUE(session.unsaved());
    EXPECT_TRUE(session.canDiscard());
    // The work moved to this process's own autosave before the old one went.
    EXPECT_FALSE(fs::exists(orphan));
    EXPECT_TRUE(fs::exists(session.path()));

    session.discard(state);
    EXPECT_TRUE(state.userClips.empty());
    EXPECT_TRUE(state.presets.empty());
    EXPECT_FALSE(fs::exists(session.path()));
    EXPECT_FALSE(session.canDiscard());
    EXPECT_TRUE(fs::is_empty(dir));
}

TEST(AutosaveTest, ACorruptAutosaveIsReportedOnceAndSetAside) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::Scene scene = face();
    const std::string orphan = leaveOrphan(dir, scene);
    std::ofstream(orphan, std::ios::trunc) << "{\"format\": \"morphview-autos";
    app::ViewerState state = app::makeViewerState(scene);
    {
        AutosaveSession session(dir, 0.2);
        const auto opened = session.open(fixtures::bundledFace(), scene, state);
        EXPECT_EQ(opened.message, "");
        EXPECT_NE(
            opened.error.find(orphan + ": not valid JSON; set aside as " + orphan + ".corrupt-"),
            std::string::npos)
            << opened.error;
        EXPECT_TRUE(state.userClips.empty());
        EXPECT_FALSE(fs::exists(orphan));
        session.cleanQuit();
    }
    size_t aside = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        aside += entry.path().string().find(".corrupt-") != std::string::npos;
        EXPECT_EQ(readText(entry.path().string()), "{\"format\": \"morphview-autos");
    }
    EXPECT_EQ(aside, 1u);
    AutosaveSession again(dir, 0.2);
    EXPECT_EQ(again.open(fixtures::bundledFace(), scene, state).error, "");  // reported once
}

TEST(AutosaveTest, AFailedWriteIsOneErrorLineNamingTheFile) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::Scene scene = face();
    std::ofstream(dir + "/file") << "a file where the folder should be";
    app::ViewerState state = app::makeViewerState(scene);
    AutosaveSession session(dir + "/file/morphview", 0.0);
    session.open(fixtures::bundledFace(), scene, state);
    makeWork(state, scene);
    session.update(state);
    session.flush();
    const std::string error = session.takeError();
    EXPECT_EQ(error.rfind("autosave: " + dir + "/file", 0), 0u) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
    EXPECT_EQ(session.takeError(), "");
    EXPECT_EQ(session.writes(), 0u);
}

// What the frame thread pays: update() with nothing changed (every frame), and with a change
// (the copy handed to the writer). Printed, not asserted: no test asserts a duration.
TEST(AutosaveTest, PerFrameCost) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::Scene scene = face();
    app::ViewerState state = app::makeViewerState(scene);
    AutosaveSession session(dir, 5.0);
    session.open(fixtures::bundledFace(), scene, state);
    makeWork(state, scene);
    for (int k = 1; k < 20; ++k) {
        app::scrub(state, scene, 0.1f * float(k));
        ASSERT_TRUE(app::keyCurrentPose(state, scene).ok());
    }
    using Clock = std::chrono::steady_clock;
    session.update(state);
    const int n = 2000;
    auto start = Clock::now();
    for (int i = 0; i < n; ++i) session.update(state);
    const double still =
        std::chrono::duration<double, std::micro>(Clock::now() - start).count() / n;
    start = Clock::now();
    for (int i = 0; i < n; ++i) {
        state.meshes[size_t(state.selectedMesh)].targets[0].value = float(i % 2) * 0.5f;
        state.meshes[size_t(state.selectedMesh)].targets[0].overridden = true;
        session.update(state);
    }
    const double changed =
        std::chrono::duration<double, std::micro>(Clock::now() - start).count() / n;
    std::printf(
        "autosave update: %.2f us unchanged, %.2f us changed (20 keys x %zu targets, "
        "2 presets)\n",
        still, changed, state.userClips[0].targetNames.size());
    EXPECT_TRUE(session.unsaved());
    session.cleanQuit();
}

}  // namespace

}  // namespace autosave_test
