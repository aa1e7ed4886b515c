// The viewer's live input without the window (app/live/LiveSession): --listen's specs, a session
// on loopback whose poll applies and records each changed sample, and a model switch that maps
// the newest sample again to the new model's targets while the port and the recording carry on.
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "app/live/LiveSession.h"
#include "fixtures/LiveDatagrams.h"
#include "fixtures/TestPaths.h"

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

}  // namespace
