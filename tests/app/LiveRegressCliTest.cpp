// A recorded live performance as a regression shot: a shot with "stream": FILE.jsonl and
// "time": T (relative to the shots file) is drawn as `capture --replay FILE --time T` draws it,
// so a reference made by capture --replay passes; a missing or broken stream is an error row
// naming the file while the other shots run; "stream" with "weights" is a shots file error.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/live/LiveRecording.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace live_regress_cli_test {

namespace {

namespace fs = std::filesystem;

const nlohmann::json* row(const nlohmann::json& report, const std::string& name) {
    for (const nlohmann::json& shot : report["shots"])
        if (shot["name"] == name) return &shot;
    return nullptr;
}

nlohmann::json streamShot(const std::string& name, const std::string& stream, double time) {
    return {{"name", name},
            {"model", fixtures::bundledFace()},
            {"stream", stream},
            {"time", time},
            {"size", "64x64"}};
}

// Two lines as --record-stream writes them: the jaw half open, then wide open with a blink.
void writeTake(const std::string& path) {
    auto recorder = app::live::StreamRecorder::open(path);
    ASSERT_TRUE(recorder.ok()) << recorder.error().message;
    ASSERT_TRUE(recorder->writeAt(0.0, "vmc", {{"jawOpen", 0.25f}}).ok());
    ASSERT_TRUE(recorder->writeAt(0.5, "vmc", {{"eyeBlinkLeft", 1.0f}, {"jawOpen", 0.75f}}).ok());
}

TEST(LiveRegressCliTest, AStreamShotPassesAgainstCaptureReplay) {
    const std::string dir = fixtures::caseScratchDir();
    fs::create_directories(dir + "/takes");
    fs::create_directories(dir + "/refs");
    writeTake(dir + "/takes/take.jsonl");
    std::ofstream(dir + "/takes/broken.jsonl") << "{\"t\": 0, \"source\": \"vmc\"}\n";
    // The references: capture --replay at the same times.
    for (const auto& [name, time] : {std::pair{"early", "0.2"}, std::pair{"late", "0.6"}}) {
        const fixtures::RunOutcome made = fixtures::runMorphview(
            {"capture", fixtures::bundledFace(), "--size", "64x64", "--replay",
             dir + "/takes/take.jsonl", "--time", time, "--out", dir + "/refs/" + name + ".png"});
        ASSERT_EQ(made.exitCode, 0) << made.err;
    }
    const std::vector<nlohmann::json> shots = {streamShot("early", "takes/take.jsonl", 0.2),
                                               streamShot("late", "takes/take.jsonl", 0.6),
                                               streamShot("missing", "takes/missing.jsonl", 0.2),
                                               streamShot("broken", "takes/broken.jsonl", 0.2)};
    std::ofstream(dir + "/shots.json") << nlohmann::json(shots).dump(2);
    const fixtures::RunOutcome run = fixtures::runMorphview(
        {"regress", dir + "/shots.json", "--references", dir + "/refs", "--out", dir + "/out"});
    EXPECT_NE(run.exitCode, 0) << run.out << run.err;  // the two error rows
    const nlohmann::json report =
        nlohmann::json::parse(fixtures::readWholeFile(dir + "/out/report.json"), nullptr, false);
    ASSERT_FALSE(report.is_discarded()) << run.err;
    EXPECT_EQ(report["passed"], 2) << report.dump();
    EXPECT_EQ(report["errors"], 2) << report.dump();
    for (const char* name : {"early", "late"}) {
        ASSERT_NE(row(report, name), nullptr) << name;
        EXPECT_EQ((*row(report, name))["status"], "pass") << name;
        EXPECT_EQ((*row(report, name))["maxChannelDiff"], 0) << name;
    }
    // The two times draw different faces (the references differ), so the time is honoured.
    EXPECT_NE(fixtures::readWholeFile(dir + "/refs/early.png"),
              fixtures::readWholeFile(dir + "/refs/late.png"));
    for (const char* name : {"missing", "broken"}) {
        ASSERT_NE(row(report, name), nullptr) << name;
        EXPECT_EQ((*row(report, name))["status"], "error") << name;
        const std::string message = (*row(report, name))["message"];
        EXPECT_NE(message.find(std::string("takes/") + name + ".jsonl"), std::string::npos)
            << message;
    }
}

TEST(LiveRegressCliTest, AStreamWithWeightsIsAShotsFileError) {
    const std::string dir = fixtures::caseScratchDir();
    nlohmann::json shot = streamShot("both", "take.jsonl", 0);
    shot["weights"] = "jawOpen=1";
    std::ofstream(dir + "/shots.json") << nlohmann::json::array({shot}).dump();
    const fixtures::RunOutcome run = fixtures::runMorphview(
        {"regress", dir + "/shots.json", "--references", dir + "/refs", "--out", dir + "/out"});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_NE(run.err.find("shots.json: [0].stream: not with \"weights\""), std::string::npos)
        << run.err;
}

}  // namespace

}  // namespace live_regress_cli_test
