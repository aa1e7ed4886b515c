// `morphview take` end to end on takes written from each format's documentation
// (fixtures/TakeFiles.h) and the bundled face: the take as OUT.glb, sampled by `eval` at each
// sample's time, moves the face exactly as `eval --weights` with that sample's weights does;
// `capture --replay` draws the take itself and its OUT.jsonl byte-identically; a malformed take
// is one line naming the file and the line (exit 3), a bad command line exit 2; the names the
// face lacks are listed once.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/live/LiveRecording.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TakeFiles.h"
#include "fixtures/TestPaths.h"

namespace take_cli_test {

namespace {

struct TakeCase {
    std::string file;  // in the case's scratch folder
    std::string text;
};

std::vector<TakeCase> takes() {
    return {{"llf.csv", fixtures::liveLinkFaceCsv(6)},
            {"cues.tsv", fixtures::rhubarbTsv()},
            {"cues.json", fixtures::rhubarbJson()},
            {"a2f.json", fixtures::audio2FaceJson(5, fixtures::audio2FaceNames())}};
}

std::string write(const std::string& dir, const TakeCase& take) {
    const std::string path = dir + "/" + take.file;
    std::ofstream(path, std::ios::binary) << take.text;
    return path;
}

std::string timeText(double t) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.9g", double(float(t)));
    return text;
}

std::vector<app::live::StreamLine> convert(const std::string& take, const std::string& out) {
    const auto run =
        fixtures::runMorphview({"take", take, "--model", fixtures::bundledFace(), "--out", out});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    auto lines = app::live::readStream(out);
    EXPECT_TRUE(lines.ok()) << (lines.ok() ? "" : lines.error().message);
    return lines.ok() ? *lines : std::vector<app::live::StreamLine>{};
}

void expectOneLine(const fixtures::RunOutcome& run, int exitCode, const std::string& start,
                   const std::string& problem) {
    EXPECT_EQ(run.exitCode, exitCode) << run.err;
    EXPECT_EQ(run.err.rfind(start, 0), 0u) << run.err;
    EXPECT_NE(run.err.find(problem), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
}

}  // namespace

TEST(TakeCliTest, EachFormatRoundTripsThroughGlbAndEval) {
    const std::string dir = fixtures::caseScratchDir();
    for (const TakeCase& take : takes()) {
        SCOPED_TRACE(take.file);
        const std::string path = write(dir, take);
        const std::vector<app::live::StreamLine> lines = convert(path, path + ".jsonl");
        ASSERT_GE(lines.size(), 5u);
        EXPECT_EQ(lines[0].t, 0.0);
        const auto glb = fixtures::runMorphview(
            {"take", path, "--model", fixtures::bundledFace(), "--out", path + ".glb"});
        ASSERT_EQ(glb.exitCode, 0) << glb.err;
        for (size_t i : {size_t(0), size_t(1), size_t(3), lines.size() - 1}) {
            auto spec = app::live::weightSpecOf(lines[i].weights);
            ASSERT_TRUE(spec.ok());
            const auto fromGlb = fixtures::runMorphview(
                {"eval", path + ".glb", "--animation", "take", "--time", timeText(lines[i].t)});
            const auto fromWeights =
                fixtures::runMorphview({"eval", fixtures::bundledFace(), "--weights", *spec});
            ASSERT_EQ(fromGlb.exitCode, 0) << fromGlb.err;
            ASSERT_EQ(fromWeights.exitCode, 0) << fromWeights.err;
            // eval prints the same bytes for the same positions: comparing the 4 MB texts
            // instead of parsing them keeps this test's 32 evaluations short under -O0 tests.
            EXPECT_TRUE(fromGlb.out == fromWeights.out)
                << "line " << i + 1 << " at t " << lines[i].t;
            if (i == 0) {
                ASSERT_FALSE(fixtures::parseRunJson(fromGlb)["items"].empty());
            }
        }
    }
}

TEST(TakeCliTest, CaptureReplaysATakeAsItsRecording) {
    const std::string dir = fixtures::caseScratchDir();
    const std::vector<TakeCase> cases = takes();
    for (const TakeCase& take : cases) {
        SCOPED_TRACE(take.file);
        const std::string path = write(dir, take);
        convert(path, path + ".jsonl");
        // Every format between two samples; the first also at its start and further in (each
        // capture is a process drawing the face: 12 of them, not 24).
        std::vector<const char*> times = {"0.06"};
        if (&take == &cases.front()) times = {"0", "0.06", "0.3"};
        for (const char* time : times) {
            std::vector<std::string> pngs;
            for (const std::string& replay : {path, path + ".jsonl"}) {
                pngs.push_back(replay + "." + time + ".png");
                const auto run = fixtures::runMorphview({"capture", fixtures::bundledFace(),
                                                         "--replay", replay, "--time", time,
                                                         "--size", "64x64", "--out", pngs.back()});
                ASSERT_EQ(run.exitCode, 0) << run.err;
            }
            EXPECT_EQ(fixtures::readWholeFile(pngs[0]), fixtures::readWholeFile(pngs[1])) << time;
        }
    }
}

TEST(TakeCliTest, WithoutAModelTheTakesNamesAreKept) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string path = write(dir, {"llf.csv", fixtures::liveLinkFaceCsv(2)});
    const auto run = fixtures::runMorphview({"take", path, "--out", dir + "/own.jsonl"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    auto lines = app::live::readStream(dir + "/own.jsonl");
    ASSERT_TRUE(lines.ok());
    ASSERT_EQ(lines->size(), 2u);
    EXPECT_EQ(lines->at(1).weights.count("JawOpen"), 1u);
    EXPECT_NEAR(lines->at(1).t, 1.0 / 60.0, 1e-6);
    const auto fps = fixtures::runMorphview(
        {"take", path, "--fps", "30", "--format", "llf", "--out", dir + "/own30.jsonl"});
    ASSERT_EQ(fps.exitCode, 0) << fps.err;
    EXPECT_NEAR(app::live::readStream(dir + "/own30.jsonl")->at(1).t, 1.0 / 30.0, 1e-6);
}

TEST(TakeCliTest, ANameTheFaceLacksIsListedOnce) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string path =
        write(dir, {"llf.csv", fixtures::liveLinkFaceCsv(4, {"Madeup", "EyeBlink_L"})});
    const auto run = fixtures::runMorphview(
        {"take", path, "--model", fixtures::bundledFace(), "--out", dir + "/out.jsonl"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err.find("Madeup"), run.err.rfind("Madeup")) << run.err;
    EXPECT_NE(run.err.find("lacks 1 of the take's names: Madeup\n"), std::string::npos) << run.err;
}

TEST(TakeCliTest, MalformedTakesAreOneLineNamingTheFileAndLine) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string good = fixtures::liveLinkFaceCsv(3);
    const std::string json = fixtures::rhubarbJson();
    const std::vector<TakeCase> bad = {
        {"timecode.csv", good.substr(0, good.rfind("14:03")) + "14:03:52:3O.207" +
                             good.substr(good.rfind("14:03") + 15)},
        {"columns.csv", good + "14:03:52:31.207,61,0.5\n"},
        {"value.csv",
         good.substr(0, good.rfind(",0.0523")) + ",x" + good.substr(good.rfind(",0.0523") + 7)},
        {"truncated.json", json.substr(0, json.find("\"C\""))},
        {"nan.json",
         fixtures::audio2FaceJson(3, {"jawOpen"})
             .replace(fixtures::audio2FaceJson(3, {"jawOpen"}).find("[0.650000]"), 10, "[NaN]")},
    };
    const std::vector<std::string> lines = {
        "line 4: ", "line 5: ", "line 4: ", "line 9: ", "line 9: "};
    for (size_t i = 0; i < bad.size(); ++i) {
        const std::string path = write(dir, bad[i]);
        const auto run = fixtures::runMorphview({"take", path, "--out", dir + "/x.jsonl"});
        expectOneLine(run, 3, path + ": " + lines[i], "");
        const auto capture =
            fixtures::runMorphview({"capture", fixtures::bundledFace(), "--replay", path, "--size",
                                    "32x32", "--out", dir + "/x.png"});
        expectOneLine(capture, 1, path + ": " + lines[i], "");
    }
}

TEST(TakeCliTest, ABadCommandLineIsAUsageError) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string take = write(dir, {"cues.tsv", fixtures::rhubarbTsv()});
    expectOneLine(fixtures::runMorphview({"take", take, "--out", dir + "/x.glb"}), 2, "take: --out",
                  "needs --model MODEL");
    expectOneLine(fixtures::runMorphview({"take", take, "--out", dir + "/x.txt"}), 2, "take: --out",
                  "OUT.jsonl or OUT.glb");
    expectOneLine(
        fixtures::runMorphview({"take", take, "--format", "csv", "--out", dir + "/x.jsonl"}), 2,
        "morphview: --format", "not in {llf,rhubarb,a2f}");
    const std::string unknown = write(dir, {"what.txt", "hello\n"});
    expectOneLine(fixtures::runMorphview({"take", unknown, "--out", dir + "/x.jsonl"}), 2, unknown,
                  "--format says which");
    expectOneLine(fixtures::runMorphview({"take", dir + "/none.csv", "--out", dir + "/x.jsonl"}), 3,
                  dir + "/none.csv", "cannot be opened");
}

}  // namespace take_cli_test
