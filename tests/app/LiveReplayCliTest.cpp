// Live input end to end without the window: VMC and Live Link Face datagrams sent on loopback to
// the receivers, their names mapped to the bundled face's targets, each applied sample recorded
// as --record-stream writes it; then `capture --replay FILE --time T` draws exactly what
// `capture --weights` draws with that line's weights (byte-identical PNGs), and not the rest pose.
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/live/LiveLinkDecoder.h"
#include "app/live/LiveNames.h"
#include "app/live/LiveReceiver.h"
#include "app/live/LiveRecording.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/LiveDatagrams.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace live_replay_cli_test {

namespace {

using app::live::LiveReceiver;
using app::live::LiveSample;
using app::live::SourceKind;

std::string facePath() {
    return fixtures::bundledFace();
}

// Waits for the receiver's next sample (up to 10 s), applies it and records the layer's state.
void applyNext(LiveReceiver& receiver, uint64_t& sequence, app::live::LiveLayer& layer,
               app::live::StreamRecorder& recorder) {
    LiveSample sample;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!receiver.takeNewer(sequence, sample) && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_FALSE(sample.values.empty())
        << "no sample from " << app::live::sourceKindKey(receiver.kind());
    layer.apply(sample);
    ASSERT_TRUE(
        recorder.write(app::live::LiveClock::now(), sample.source, layer.weightsByName()).ok());
}

std::vector<nlohmann::json> linesOf(const std::string& path) {
    std::vector<nlohmann::json> lines;
    std::ifstream in(path);
    for (std::string text; std::getline(in, text);) lines.push_back(nlohmann::json::parse(text));
    return lines;
}

std::string capture(const std::vector<std::string>& extra, const std::string& out) {
    std::vector<std::string> args = {"capture", facePath(), "--size", "64x64", "--out", out};
    args.insert(args.end(), extra.begin(), extra.end());
    const fixtures::RunOutcome run = fixtures::runMorphview(args);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return fixtures::readWholeFile(out);
}

TEST(LiveReplayCliTest, RecordedSamplesReplayExactlyAsWeights) {
    const std::string dir = fixtures::caseScratchDir();
    auto scene = morph::importGltf(facePath());
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    app::live::LiveLayer layer(*scene);
    auto recorder = app::live::StreamRecorder::open(dir + "/stream.jsonl");
    ASSERT_TRUE(recorder.ok());

    LiveReceiver vmc;
    LiveReceiver liveLink;
    ASSERT_TRUE(vmc.start(SourceKind::Vmc, "127.0.0.1", 0).ok());
    ASSERT_TRUE(liveLink.start(SourceKind::LiveLink, "127.0.0.1", 0).ok());
    uint64_t vmcSeen = 0;
    uint64_t liveLinkSeen = 0;
    // VSeeFace's perfect-sync names in another spelling, and one the face lacks.
    ASSERT_TRUE(fixtures::live::sendDatagram(
        vmc.port(),
        fixtures::live::vmcFrame({{"JawOpen", 0.6f}, {"EyeBlink_L", 1.0f}, {"Joy", 1.0f}})));
    applyNext(vmc, vmcSeen, layer, *recorder);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::vector<float> values(app::live::kLiveLinkValues, 0.0f);
    values[23] = 0.7f;  // mouthSmileLeft
    values[52] = 0.3f;  // head yaw: not a shape
    ASSERT_TRUE(
        fixtures::live::sendDatagram(liveLink.port(), fixtures::live::liveLinkDatagram(values)));
    applyNext(liveLink, liveLinkSeen, layer, *recorder);

    const std::vector<nlohmann::json> lines = linesOf(dir + "/stream.jsonl");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0]["source"], "vmc");
    EXPECT_EQ(lines[0]["t"], 0.0);
    EXPECT_EQ(lines[0]["weights"], (nlohmann::json{{"eyeBlinkLeft", 1.0}, {"jawOpen", 0.6f}}));
    EXPECT_EQ(lines[1]["source"], "livelink");
    const double t1 = lines[1]["t"].get<double>();
    EXPECT_GT(t1, 0.0);
    // Live Link Face sends all 52 shapes: its zeros replaced the VMC values.
    EXPECT_EQ(lines[1]["weights"].size(), 52u);
    EXPECT_EQ(lines[1]["weights"]["mouthSmileLeft"], 0.7f);
    EXPECT_EQ(lines[1]["weights"]["jawOpen"], 0.0);
    EXPECT_EQ(layer.unmatched(), (std::vector<std::string>{"Joy"}));

    const std::string rest = capture({}, dir + "/rest.png");
    for (const double t : {t1 / 2, t1 + 1}) {
        auto weights = app::live::readStreamWeightsAt(dir + "/stream.jsonl", t);
        ASSERT_TRUE(weights.ok()) << weights.error().message;
        auto spec = app::live::weightSpecOf(*weights);
        ASSERT_TRUE(spec.ok()) << spec.error().message;
        const std::string replayed = capture(
            {"--replay", dir + "/stream.jsonl", "--time", std::to_string(t)}, dir + "/replay.png");
        const std::string weighted = capture({"--weights", *spec}, dir + "/weights.png");
        EXPECT_FALSE(replayed.empty());
        EXPECT_EQ(replayed, weighted) << "t " << t;
        EXPECT_NE(replayed, rest) << "t " << t;
    }
}

TEST(LiveReplayCliTest, ReplayErrorsNameTheFile) {
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/other.jsonl") << R"({"t":0,"source":"vmc","weights":{"noSuchTarget":1}})"
                                        << "\n";
    const std::pair<std::vector<std::string>, int> cases[] = {
        {{"--replay", dir + "/missing.jsonl"}, 1},
        {{"--replay", dir + "/other.jsonl", "--time", "-1"}, 1},
        {{"--replay", dir + "/other.jsonl"}, 1},  // a target the face lacks
        {{"--replay", dir + "/other.jsonl", "--weights", "jawOpen=1"}, 2},
        {{"--replay", dir + "/other.jsonl", "--animation", "0"}, 2},
    };
    for (const auto& [extra, code] : cases) {
        std::vector<std::string> args = {"capture", facePath(), "--size",
                                         "16x16",   "--out",    dir + "/x.png"};
        args.insert(args.end(), extra.begin(), extra.end());
        const fixtures::RunOutcome run = fixtures::runMorphview(args);
        EXPECT_EQ(run.exitCode, code) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        // A recording's fault names it; a target the face lacks is named.
        if (code == 1) {
            EXPECT_TRUE(run.err.find(".jsonl: ") != std::string::npos ||
                        run.err.find("noSuchTarget") != std::string::npos)
                << run.err;
        }
    }
    // --time without --animation or --replay still says what it always said.
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"capture", facePath(), "--time", "1", "--out", dir + "/x.png"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("--time requires --animation"), std::string::npos) << run.err;
}

}  // namespace

}  // namespace live_replay_cli_test
