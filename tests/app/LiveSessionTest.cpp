// The viewer's live input without the window (app/live/LiveSession): --listen's specs, a session
// on loopback whose poll applies and records each changed sample, and a model switch that maps
// the newest sample again to the new model's targets while the port and the recording carry on.
#include <chrono>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/live/LiveSession.h"
#include "fixtures/LiveDatagrams.h"
#include "fixtures/TestPaths.h"

namespace live_session_test {

namespace {

using app::live::LiveSession;
using app::live::SourceKind;

morph::Scene sceneWith(const std::vector<std::string>& names) {
    morph::Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = names;
    return scene;
}

// Polls (up to 10 s) until a sample changed the layer.
bool pollUntilChanged(LiveSession& session) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until) {
        if (session.poll()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
}

TEST(LiveSessionTest, ListenSpecs) {
    auto vmc = app::live::parseListenSpec("vmc");
    ASSERT_TRUE(vmc.ok());
    EXPECT_EQ(vmc->kind, SourceKind::Vmc);
    EXPECT_EQ(vmc->port, 39539);
    auto liveLink = app::live::parseListenSpec("livelink:0");
    ASSERT_TRUE(liveLink.ok());
    EXPECT_EQ(liveLink->kind, SourceKind::LiveLink);
    EXPECT_EQ(liveLink->port, 0);
    EXPECT_EQ(app::live::parseListenSpec("livelink")->port, 11111);
    for (const std::string bad : {"", "osc", "vmc:", "vmc:-1", "vmc:65536", "vmc:1x", "VMC"}) {
        auto parsed = app::live::parseListenSpec(bad);
        ASSERT_FALSE(parsed.ok()) << bad;
        EXPECT_EQ(parsed.error().code, morph::ErrorCode::Usage);
    }
}

TEST(LiveSessionTest, PollAppliesRecordsAndFollowsAModelSwitch) {
    const std::string path = fixtures::caseScratchDir() + "/stream.jsonl";
    const morph::Scene first = sceneWith({"jawOpen"});
    app::live::LiveSessionOptions options;
    options.sources = {{SourceKind::Vmc, 0}};
    options.recordPath = path;
    auto session = LiveSession::start(first, options, {});
    ASSERT_TRUE(session.ok()) << session.error().message;
    LiveSession& live = **session;
    ASSERT_EQ(live.receivers().size(), 1u);
    const uint16_t port = live.receivers()[0]->port();
    EXPECT_FALSE(live.poll());

    ASSERT_TRUE(fixtures::live::sendDatagram(port, fixtures::live::vmcFrame({{"JawOpen", 0.5f}})));
    ASSERT_TRUE(pollUntilChanged(live));
    EXPECT_EQ(live.layer().weightsByName(), (std::map<std::string, float>{{"jawOpen", 0.5f}}));

    // Another model: the same sample, mapped to its own spelling, without a new datagram.
    const morph::Scene second = sceneWith({"other", "JAW_OPEN"});
    live.useScene(second);
    ASSERT_TRUE(live.poll());
    EXPECT_EQ(live.layer().weightsByName(), (std::map<std::string, float>{{"JAW_OPEN", 0.5f}}));
    EXPECT_EQ(live.receivers()[0]->port(), port);

    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string text; std::getline(in, text);) lines.push_back(text);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[1].find("\"JAW_OPEN\":0.5"), std::string::npos) << lines[1];
}

TEST(LiveSessionTest, APortInUseIsAnError) {
    const morph::Scene scene = sceneWith({"jawOpen"});
    app::live::LiveSessionOptions options;
    options.sources = {{SourceKind::LiveLink, 0}};
    auto first = LiveSession::start(scene, options, {});
    ASSERT_TRUE(first.ok());
    options.sources[0].port = (*first)->receivers()[0]->port();
    auto second = LiveSession::start(scene, options, {});
    ASSERT_FALSE(second.ok());
    EXPECT_NE(second.error().message.find(std::to_string(options.sources[0].port)),
              std::string::npos);
}

std::vector<std::string> linesOf(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string text; std::getline(in, text);) lines.push_back(text);
    return lines;
}

TEST(LiveSessionTest, WithoutAProfileTheRecordingHoldsTheValuesSentBitForBit) {
    const std::string path = fixtures::caseScratchDir() + "/identity.jsonl";
    const morph::Scene scene = sceneWith({"jawOpen", "browInnerUp", "mouthLeft", "cheekPuff"});
    app::live::LiveSessionOptions options;
    options.sources = {{SourceKind::Vmc, 0}};
    options.recordPath = path;
    auto session = LiveSession::start(scene, options, {});
    ASSERT_TRUE(session.ok()) << session.error().message;
    const std::vector<std::pair<std::string, float>> sent = {
        {"jawOpen", 0.1f}, {"browInnerUp", 1.7f}, {"mouthLeft", -0.25f}, {"cheekPuff", 1e-7f}};
    const uint16_t port = (*session)->receivers()[0]->port();
    ASSERT_TRUE(fixtures::live::sendDatagram(port, fixtures::live::vmcFrame(sent)));
    ASSERT_TRUE(pollUntilChanged(**session));
    const std::vector<std::string> lines = linesOf(path);
    ASSERT_EQ(lines.size(), 1u);
    const nlohmann::json line = nlohmann::json::parse(lines[0]);
    for (const auto& [name, value] : sent) {
        const float recorded = line["weights"][name].get<float>();
        EXPECT_EQ(std::memcmp(&recorded, &value, sizeof value), 0) << name << " " << recorded;
    }
}

TEST(LiveSessionTest, ACalibrationProfileIsAppliedBeforeTheRecording) {
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/calib.json")
        << R"({"smoothing": {"minCutoff": 5}, "names": {"jawOpen": {"gain": 2, "smoothing": false}}})";
    app::live::LiveSessionOptions options;
    options.sources = {{SourceKind::Vmc, 0}};
    options.recordPath = dir + "/calibrated.jsonl";
    options.calibrationPath = dir + "/calib.json";
    auto session = LiveSession::start(sceneWith({"jawOpen", "browInnerUp"}), options, {});
    ASSERT_TRUE(session.ok()) << session.error().message;
    LiveSession& live = **session;
    const uint16_t port = live.receivers()[0]->port();
    using fixtures::live::vmcFrame;
    ASSERT_TRUE(fixtures::live::sendDatagram(port, vmcFrame({{"jawOpen", 0.25f}})));
    ASSERT_TRUE(pollUntilChanged(live));
    EXPECT_EQ(live.layer().weightsByName().at("jawOpen"), 0.5f);
    EXPECT_NE(linesOf(dir + "/calibrated.jsonl").back().find("\"jawOpen\":0.5"), std::string::npos);

    // A step smoothed at 5 Hz, its repeats fed on their own times until it settles.
    const auto step = vmcFrame({{"browInnerUp", 1.0f}});
    ASSERT_TRUE(fixtures::live::sendDatagram(port, vmcFrame({{"browInnerUp", 0.0f}})));
    ASSERT_TRUE(pollUntilChanged(live));
    ASSERT_TRUE(fixtures::live::sendDatagram(port, step));
    ASSERT_TRUE(pollUntilChanged(live));
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (live.settling() && std::chrono::steady_clock::now() < until) {
        ASSERT_TRUE(fixtures::live::sendDatagram(port, step));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        live.poll();
    }
    EXPECT_FALSE(live.settling());
    EXPECT_NEAR(live.layer().weightsByName().at("browInnerUp"), 1.0f, 1e-4);

    // Capture neutral: the current input is the rest pose, applied at once.
    EXPECT_TRUE(live.captureNeutral());
    EXPECT_EQ(live.layer().weightsByName().at("jawOpen"), 0.0f);
    EXPECT_EQ(live.calibration().profile().entries.at("jawOpen").gain, 2.0);
}

TEST(LiveSessionTest, ABadProfileIsAnErrorNamingTheFile) {
    const std::string path = fixtures::caseScratchDir() + "/bad.json";
    std::ofstream(path) << R"({"names": {"jawOpen": {"gain": null}}})";
    app::live::LiveSessionOptions options;
    options.sources = {{SourceKind::Vmc, 0}};
    options.calibrationPath = path;
    auto session = LiveSession::start(sceneWith({"jawOpen"}), options, {});
    ASSERT_FALSE(session.ok());
    EXPECT_EQ(session.error().message, path + ": names.jawOpen.gain: not a finite number");
}

}  // namespace

}  // namespace live_session_test
