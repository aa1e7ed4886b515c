// `morphview regress` through the binary: references made with --update, then passing, failing
// (with a diff), new and error shots; report.json, report.xml (JUnit) and the exit codes; the
// tolerance and reference of a shot file; bad input as error rows while the other shots run;
// shards (--shard and the TEST_* protocol) merged into the same report as one run.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/FaceShots.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"

namespace regress_test {

namespace {

namespace fs = std::filesystem;

nlohmann::json shot(const std::string& name, const std::string& weights) {
    return fixtures::faceShot(name, weights, "64x64");
}

std::string writeShots(const std::string& dir, const std::vector<nlohmann::json>& shots,
                       const std::string& file = "shots.json") {
    const std::string path = dir + "/" + file;
    std::ofstream(path) << nlohmann::json(shots).dump(2);
    return path;
}

nlohmann::json readJson(const std::string& path) {
    return nlohmann::json::parse(fixtures::readWholeFile(path), nullptr, false);
}

const nlohmann::json* row(const nlohmann::json& report, const std::string& name) {
    for (const nlohmann::json& shot : report["shots"])
        if (shot["name"] == name) return &shot;
    return nullptr;
}

size_t occurrences(const std::string& text, const std::string& what) {
    size_t count = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++count;
    return count;
}

// Runs regress on `shots` into dir/out with dir/refs as references; references made first with
// --update.
fixtures::RunOutcome regress(const std::string& dir, const std::string& shots,
                             std::vector<std::string> extra = {},
                             const std::vector<std::string>& env = {}) {
    std::vector<std::string> args = {"regress",     shots,   "--references",
                                     dir + "/refs", "--out", dir + "/out"};
    args.insert(args.end(), extra.begin(), extra.end());
    return fixtures::runMorphview(args, {}, env);
}

// DIR/shots.json: `count` shots s0, s1, ... at jawOpen 0, `step`, 2 `step`, ..., their references
// made in DIR/refs with --update; the file's path.
std::string shotsWithReferences(const std::string& dir, int count, double step) {
    std::vector<nlohmann::json> shots;
    for (int i = 0; i < count; ++i)
        shots.push_back(shot("s" + std::to_string(i), "jawOpen=" + std::to_string(i * step)));
    const std::string shotsFile = writeShots(dir, shots);
    fs::create_directories(dir + "/refs");
    EXPECT_EQ(regress(dir, shotsFile, {"--update"}).exitCode, 0);
    return shotsFile;
}

// regress on `shots` against DIR/refs in one run, into DIR/whole: what sharded runs must give.
fixtures::RunOutcome regressWhole(const std::string& dir, const std::string& shots) {
    return fixtures::runMorphview(
        {"regress", shots, "--references", dir + "/refs", "--out", dir + "/whole"});
}

// The images of shots s0..s(count-1) in DIR/a are DIR/whole's, byte for byte.
void expectWholesImages(const std::string& dir, const std::string& a, int count) {
    for (int i = 0; i < count; ++i) {
        const std::string name = "s" + std::to_string(i) + ".png";
        EXPECT_EQ(fixtures::readWholeFile(dir + "/" + a + "/" + name),
                  fixtures::readWholeFile(dir + "/whole/" + name))
            << a << "/" << name;
    }
}

TEST(RegressTest, NewShotsAreAcceptedByUpdateThenPass) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots =
        writeShots(dir, {shot("neutral", ""), shot("smile", "mouthSmileLeft=1,mouthSmileRight=1")});
    // No references yet: both shots are new, exit 1, and the report says so.
    const auto first = regress(dir, shots);
    EXPECT_EQ(first.exitCode, 1) << first.out << first.err;
    nlohmann::json report = readJson(dir + "/out/report.json");
    EXPECT_EQ(report["new"], 2) << report.dump();
    EXPECT_EQ(report["passed"], 0);
    EXPECT_NE(report["renderer"].get<std::string>(), "");
    EXPECT_TRUE(fs::exists(dir + "/out/neutral.png"));
    EXPECT_EQ(occurrences(fixtures::readWholeFile(dir + "/out/report.xml"), "<failure"), 2u);

    // --update writes them over (here: as) the references and says which.
    const auto update = regress(dir, shots, {"--update"});
    EXPECT_EQ(update.exitCode, 0) << update.out << update.err;
    EXPECT_NE(update.out.find("updated " + dir + "/refs/smile.png (was new)"), std::string::npos)
        << update.out;
    EXPECT_EQ(fixtures::readWholeFile(dir + "/refs/smile.png"),
              fixtures::readWholeFile(dir + "/out/smile.png"));

    const auto again = regress(dir, shots);
    EXPECT_EQ(again.exitCode, 0) << again.out << again.err;
    report = readJson(dir + "/out/report.json");
    EXPECT_EQ(report["passed"], 2) << report.dump();
    EXPECT_EQ(report["failed"], 0);
    ASSERT_NE(row(report, "smile"), nullptr);
    EXPECT_EQ((*row(report, "smile"))["status"], "pass");
    EXPECT_EQ((*row(report, "smile"))["maxChannelDiff"], 0);
    EXPECT_TRUE((*row(report, "smile"))["psnr"].is_null());  // identical: infinite
    const std::string junit = fixtures::readWholeFile(dir + "/out/report.xml");
    EXPECT_EQ(occurrences(junit, "<testcase "), 2u) << junit;
    EXPECT_EQ(occurrences(junit, "<failure"), 0u) << junit;
    EXPECT_NE(junit.find("tests=\"2\" failures=\"0\" errors=\"0\""), std::string::npos) << junit;
    EXPECT_FALSE(fs::exists(dir + "/out/smile.diff.png"));
    EXPECT_TRUE(fs::exists(dir + "/out/index.html"));
}

TEST(RegressTest, AChangedShotFailsWithADiffUnlessItsToleranceAllowsIt) {
    const std::string dir = fixtures::caseScratchDir();
    // The references: the jaw half open; the shots then open it fully.
    const auto made =
        regress(dir, writeShots(dir, {shot("jaw", "jawOpen=0.5")}, "before.json"), {"--update"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    nlohmann::json loose = shot("jaw", "jawOpen=1");
    loose["tolerance"] = {{"maxAbsDiff", 255}, {"maxFailingPixelsFraction", 1.0}};
    nlohmann::json strict = shot("jaw_strict", "jawOpen=1");
    strict["reference"] = "jaw.png";  // shares jaw's reference
    const auto run = regress(dir, writeShots(dir, {loose, strict}));
    EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
    const nlohmann::json report = readJson(dir + "/out/report.json");
    ASSERT_NE(row(report, "jaw"), nullptr) << report.dump();
    ASSERT_NE(row(report, "jaw_strict"), nullptr);
    EXPECT_EQ((*row(report, "jaw"))["status"], "pass");
    const nlohmann::json& failed = *row(report, "jaw_strict");
    EXPECT_EQ(failed["status"], "fail");
    EXPECT_GT(failed["maxChannelDiff"].get<int>(), 5);
    EXPECT_GT(failed["differingFraction"].get<double>(), 0.001);
    EXPECT_TRUE(failed["psnr"].is_number());
    EXPECT_NE(failed["message"].get<std::string>().find("beyond tolerance"), std::string::npos);
    EXPECT_TRUE(failed["diff"].get<bool>());
    auto diff = morph::readImageFile(dir + "/out/jaw_strict.diff.png");
    ASSERT_TRUE(diff.ok());
    EXPECT_EQ(diff->width, 64);
    EXPECT_EQ(report["failed"], 1);
    EXPECT_EQ(report["passed"], 1);
    const std::string junit = fixtures::readWholeFile(dir + "/out/report.xml");
    EXPECT_EQ(occurrences(junit, "<failure"), 1u) << junit;
}

TEST(RegressTest, BadInputIsAnErrorRowAndTheOtherShotsStillRun) {
    const std::string dir = fixtures::caseScratchDir();
    ASSERT_EQ(regress(dir, writeShots(dir, {shot("good", ""), shot("small", "")}, "make.json"),
                      {"--update"})
                  .exitCode,
              0);
    fs::create_directories(dir + "/refs");
    std::ofstream(dir + "/refs/garbage.png") << "not a png";
    nlohmann::json missingModel = shot("missing_model", "");
    missingModel["model"] = dir + "/no-such-model.glb";
    nlohmann::json unreadable = shot("unreadable", "");
    unreadable["reference"] = "garbage.png";
    nlohmann::json otherSize = shot("small", "");
    otherSize["size"] = "32x32";
    const auto run =
        regress(dir, writeShots(dir, {missingModel, unreadable, otherSize,
                                      shot("nan_weight", "jawOpen=nan"), shot("good", "")}));
    EXPECT_EQ(run.exitCode, 3) << run.out << run.err;  // a model or reference cannot be read
    const nlohmann::json report = readJson(dir + "/out/report.json");
    ASSERT_EQ(report["shots"].size(), 5u) << report.dump();
    EXPECT_EQ((*row(report, "missing_model"))["status"], "error");
    EXPECT_NE(
        (*row(report, "missing_model"))["message"].get<std::string>().find("no-such-model.glb"),
        std::string::npos);
    EXPECT_EQ((*row(report, "unreadable"))["status"], "error");
    EXPECT_NE((*row(report, "unreadable"))["message"].get<std::string>().find("garbage.png"),
              std::string::npos);
    EXPECT_EQ((*row(report, "small"))["status"], "fail");
    EXPECT_NE((*row(report, "small"))["message"].get<std::string>().find("sizes differ"),
              std::string::npos);
    EXPECT_EQ((*row(report, "nan_weight"))["status"], "error");
    EXPECT_NE((*row(report, "nan_weight"))["message"].get<std::string>().find("not finite"),
              std::string::npos);
    EXPECT_EQ((*row(report, "good"))["status"], "pass");
    EXPECT_EQ(report["errors"], 3);
    EXPECT_EQ(occurrences(fixtures::readWholeFile(dir + "/out/report.xml"), "<error "), 3u);
    for (const nlohmann::json& shot : report["shots"]) {
        const std::string message = shot["message"];
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }

    // A duplicate shot name is one line naming the file and both entries, before any drawing.
    const auto duplicate =
        regress(dir, writeShots(dir, {shot("twice", ""), shot("twice", "")}, "dup.json"));
    EXPECT_EQ(duplicate.exitCode, 2) << duplicate.err;
    EXPECT_NE(duplicate.err.find("dup.json: [1].name: 'twice' is also shot [0]"), std::string::npos)
        << duplicate.err;
    EXPECT_EQ(std::count(duplicate.err.begin(), duplicate.err.end(), '\n'), 1);
}

TEST(RegressTest, UpdateRewritesOnlyFailedAndNewReferences) {
    const std::string dir = fixtures::caseScratchDir();
    ASSERT_EQ(
        regress(dir, writeShots(dir, {shot("a", ""), shot("b", "")}, "make.json"), {"--update"})
            .exitCode,
        0);
    const auto unchanged = fs::last_write_time(dir + "/refs/a.png");
    const auto run = regress(
        dir, writeShots(dir, {shot("a", ""), shot("b", "jawOpen=1"), shot("c", "")}), {"--update"});
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_EQ(run.out.find("updated " + dir + "/refs/a.png"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("updated " + dir + "/refs/b.png (was fail)"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("updated " + dir + "/refs/c.png (was new)"), std::string::npos)
        << run.out;
    EXPECT_EQ(fs::last_write_time(dir + "/refs/a.png"), unchanged);
    EXPECT_EQ(fixtures::readWholeFile(dir + "/refs/b.png"),
              fixtures::readWholeFile(dir + "/out/b.png"));
    const nlohmann::json report = readJson(dir + "/out/report.json");
    EXPECT_EQ((*row(report, "b"))["status"], "fail");  // what was found, then accepted
    EXPECT_TRUE((*row(report, "b"))["updated"].get<bool>());
    EXPECT_FALSE((*row(report, "a"))["updated"].get<bool>());
}

// The report without timings, as text: what shards merged must reproduce exactly (but what
// chose the shard: "merge" for merged shards, "none" for one run).
std::string withoutTimings(nlohmann::json report) {
    for (nlohmann::json& shot : report["shots"]) shot.erase("ms");
    report["shard"].erase("source");
    return report.dump(1);
}

TEST(RegressTest, FourShardsMergedGiveTheReportOfOneRun) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shotsFile = shotsWithReferences(dir, 9, 0.1);
    // References for the even shots only, one of them wrong: pass, fail and new in every run.
    for (int i = 1; i < 9; i += 2) fs::remove(dir + "/refs/s" + std::to_string(i) + ".png");
    fs::copy_file(dir + "/refs/s0.png", dir + "/refs/s8.png", fs::copy_options::overwrite_existing);

    const auto whole = regressWhole(dir, shotsFile);
    EXPECT_EQ(whole.exitCode, 1) << whole.out << whole.err;
    std::vector<std::string> merge = {"regress", "--merge"};
    for (int k = 0; k < 4; ++k) {
        const std::string out = dir + "/shard" + std::to_string(k);
        // Shards 0 and 1 by --shard, 2 and 3 by the Bazel/GoogleTest environment.
        const std::string status = dir + "/status" + std::to_string(k);
        const auto run =
            k < 2 ? fixtures::runMorphview({"regress", shotsFile, "--references", dir + "/refs",
                                            "--out", out, "--shard", std::to_string(k) + "/4"})
                  : fixtures::runMorphview(
                        {"regress", shotsFile, "--references", dir + "/refs", "--out", out}, {},
                        {"TEST_TOTAL_SHARDS=4", "TEST_SHARD_INDEX=" + std::to_string(k),
                         "TEST_SHARD_STATUS_FILE=" + status});
        // Shard 0 holds the wrong s8, 1 and 3 new shots, 2 only passing ones.
        EXPECT_EQ(run.exitCode, k == 2 ? 0 : 1) << run.out << run.err;
        const nlohmann::json part = readJson(out + "/report.json");
        EXPECT_EQ(part["shots"].size(), k == 0 ? 3u : 2u) << part.dump();  // shot i: i mod 4
        for (const nlohmann::json& row : part["shots"]) EXPECT_EQ(row["index"].get<int>() % 4, k);
        if (k >= 2) {
            EXPECT_TRUE(fs::exists(status)) << status;
        }
        merge.push_back(out);
    }
    merge.insert(merge.end(), {"--out", dir + "/merged"});
    const auto merged = fixtures::runMorphview(merge);
    EXPECT_EQ(merged.exitCode, 1) << merged.out << merged.err;
    const nlohmann::json one = readJson(dir + "/whole/report.json");
    EXPECT_EQ(one["passed"], 4) << one.dump();
    EXPECT_EQ(one["failed"], 1);
    EXPECT_EQ(one["new"], 4);
    EXPECT_EQ(withoutTimings(readJson(dir + "/merged/report.json")), withoutTimings(one));
    expectWholesImages(dir, "merged", 9);
    EXPECT_TRUE(fs::exists(dir + "/merged/s8.diff.png"));
    EXPECT_TRUE(fs::exists(dir + "/merged/index.html"));
    EXPECT_EQ(occurrences(fixtures::readWholeFile(dir + "/merged/report.xml"), "<testcase "), 9u);
}

// --jobs N: the shards run as N processes and merge into the report one process writes.
TEST(RegressTest, JobsGiveTheReportOfOneRun) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shotsFile = shotsWithReferences(dir, 5, 0.2);
    fs::remove(dir + "/refs/s3.png");  // one new shot: the verdict of the whole run is kept

    const auto whole = regressWhole(dir, shotsFile);
    EXPECT_EQ(whole.exitCode, 1) << whole.out << whole.err;
    const auto jobs = fixtures::runMorphview({"regress", shotsFile, "--references", dir + "/refs",
                                              "--out", dir + "/jobs", "--jobs", "2"});
    EXPECT_EQ(jobs.exitCode, 1) << jobs.out << jobs.err;
    EXPECT_NE(jobs.out.find("2 jobs: 5 shots: 4 passed, 0 failed, 1 new"), std::string::npos)
        << jobs.out;
    EXPECT_EQ(withoutTimings(readJson(dir + "/jobs/report.json")),
              withoutTimings(readJson(dir + "/whole/report.json")));
    expectWholesImages(dir, "jobs", 5);
    EXPECT_FALSE(fs::exists(dir + "/jobs/.jobs"));  // the parts are gone once merged

    // --jobs takes the shards itself; a bad shots file is refused before any job starts.
    EXPECT_EQ(regress(dir, shotsFile, {"--jobs", "2", "--shard", "0/2"}).exitCode, 2);
    EXPECT_EQ(regress(dir, shotsFile, {"--jobs", "0"}).exitCode, 2);
    std::ofstream(dir + "/bad.json") << "[{\"name\": 3}]";
    const auto bad = regress(dir, dir + "/bad.json", {"--jobs", "2"});
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
    EXPECT_NE(bad.err.find("bad.json"), std::string::npos) << bad.err;
}

// A turntable and a clip's frames are one testcase each, compared image by image, the worst
// frame named; each frame has its own reference (NAME_fKK.png).
TEST(RegressTest, TurntablesAndClipFramesAreOneRowNamingTheWorstFrame) {
    const std::string dir = fixtures::caseScratchDir();
    nlohmann::json turn = shot("turn", "jawOpen=0.3");
    turn["turntable"] = 4;
    nlohmann::json talk = shot("talk", "");
    talk["clip"] = "talk";
    talk["frames"] = {0.0, 0.5, 1.0};
    const std::string shots = writeShots(dir, {turn, talk});
    const auto made = regress(dir, shots, {"--update"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    for (const char* file : {"turn_f00", "turn_f03", "talk_f00", "talk_f02"})
        EXPECT_TRUE(fs::exists(dir + "/refs/" + file + ".png")) << file;
    EXPECT_NE(fixtures::readWholeFile(dir + "/refs/turn_f00.png"),
              fixtures::readWholeFile(dir + "/refs/turn_f01.png"));  // another angle
    EXPECT_NE(fixtures::readWholeFile(dir + "/refs/talk_f00.png"),
              fixtures::readWholeFile(dir + "/refs/talk_f02.png"));  // another time
    // The back view's reference replaced by the front view's: only frame 02 differs.
    fs::copy_file(dir + "/refs/turn_f00.png", dir + "/refs/turn_f02.png",
                  fs::copy_options::overwrite_existing);
    const auto run = regress(dir, shots);
    EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
    const nlohmann::json report = readJson(dir + "/out/report.json");
    ASSERT_EQ(report["shots"].size(), 2u) << report.dump();
    const nlohmann::json& turned = *row(report, "turn");
    EXPECT_EQ(turned["status"], "fail");
    EXPECT_EQ(turned["frames"], 4);
    EXPECT_EQ(turned["image"], "turn_f02");
    EXPECT_EQ(turned["message"].get<std::string>().rfind("frame 02 of 4 (azimuth 180): ", 0), 0u)
        << turned["message"];
    EXPECT_TRUE(fs::exists(dir + "/out/turn_f02.diff.png"));
    EXPECT_FALSE(fs::exists(dir + "/out/turn_f01.diff.png"));
    EXPECT_EQ((*row(report, "talk"))["status"], "pass");
    EXPECT_EQ((*row(report, "talk"))["frames"], 3);
    const std::string junit = fixtures::readWholeFile(dir + "/out/report.xml");
    EXPECT_EQ(occurrences(junit, "<testcase "), 2u) << junit;
    EXPECT_EQ(occurrences(junit, "<failure"), 1u) << junit;

    // A clip without its frames, or frames beside a turntable, is a shots file error.
    nlohmann::json noFrames = shot("x", "");
    noFrames["clip"] = "talk";
    const auto bad = regress(dir, writeShots(dir, {noFrames}, "bad.json"));
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
    EXPECT_NE(bad.err.find("bad.json: [0]: \"clip\" and \"frames\" go together"), std::string::npos)
        << bad.err;
}

// A turntable's frames travel with their shard: the merged folder holds every frame's files.
TEST(RegressTest, MergedShardsCarryEveryFrameOfATurntable) {
    const std::string dir = fixtures::caseScratchDir();
    nlohmann::json turn = shot("turn", "");
    turn["turntable"] = 3;
    const std::string shots = writeShots(dir, {shot("plain", ""), turn});
    ASSERT_EQ(regress(dir, shots, {"--update"}).exitCode, 0);
    fs::copy_file(dir + "/refs/turn_f00.png", dir + "/refs/turn_f01.png",
                  fs::copy_options::overwrite_existing);
    const auto whole = fixtures::runMorphview(
        {"regress", shots, "--references", dir + "/refs", "--out", dir + "/whole"});
    EXPECT_EQ(whole.exitCode, 1) << whole.out << whole.err;
    for (const char* k : {"0", "1"}) {
        const auto part =
            fixtures::runMorphview({"regress", shots, "--references", dir + "/refs", "--out",
                                    dir + "/part" + k, "--shard", std::string(k) + "/2"});
        EXPECT_EQ(part.exitCode, std::string(k) == "1" ? 1 : 0) << part.out << part.err;
    }
    const auto merged = fixtures::runMorphview(
        {"regress", "--merge", dir + "/part0", dir + "/part1", "--out", dir + "/merged"});
    EXPECT_EQ(merged.exitCode, 1) << merged.out << merged.err;
    EXPECT_EQ(withoutTimings(readJson(dir + "/merged/report.json")),
              withoutTimings(readJson(dir + "/whole/report.json")));
    for (const char* file : {"plain.png", "turn_f00.png", "turn_f01.png", "turn_f02.png",
                             "turn_f01.diff.png", "turn_f02.reference.png"})
        EXPECT_TRUE(fs::exists(dir + "/merged/" + file)) << file;
}

// --size and --camera apply where a shot gives none; the report shows what was drawn. A rerun
// into the same --out leaves no diff of the run before.
TEST(RegressTest, CommandLineDefaultsApplyAndARerunLeavesNoStaleDiff) {
    const std::string dir = fixtures::caseScratchDir();
    nlohmann::json bare = {{"name", "bare"}, {"model", fixtures::bundledFace()}};
    const std::string shots = writeShots(dir, {bare});
    const std::vector<std::string> small = {"--size", "40x24", "--camera", "left"};
    std::vector<std::string> update = small;
    update.push_back("--update");
    ASSERT_EQ(regress(dir, shots, update).exitCode, 0);
    auto image = morph::readImageFile(dir + "/out/bare.png");
    ASSERT_TRUE(image.ok());
    EXPECT_EQ(image->width, 40);
    EXPECT_EQ(image->height, 24);
    nlohmann::json report = readJson(dir + "/out/report.json");
    EXPECT_EQ(report["shots"][0]["settings"]["camera"], "left");
    EXPECT_EQ(report["shots"][0]["settings"]["size"], "40x24");
    // Another camera fails with a diff; back to the first, the diff is gone.
    EXPECT_EQ(regress(dir, shots, {"--size", "40x24", "--camera", "right"}).exitCode, 1);
    EXPECT_TRUE(fs::exists(dir + "/out/bare.diff.png"));
    EXPECT_EQ(regress(dir, shots, small).exitCode, 0);
    EXPECT_FALSE(fs::exists(dir + "/out/bare.diff.png"));
    EXPECT_EQ(regress(dir, shots, {"--morph-path", "gpu"}).exitCode, 2);
}

TEST(RegressTest, UsageErrorsExitTwo) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = writeShots(dir, {shot("a", "")});
    const auto outOfRange = regress(dir, shots, {"--shard", "4/4"});
    EXPECT_EQ(outOfRange.exitCode, 2) << outOfRange.err;
    EXPECT_NE(outOfRange.err.find("4/4"), std::string::npos) << outOfRange.err;
    EXPECT_EQ(fixtures::runMorphview({"regress", shots, "--out", dir + "/out"}).exitCode, 2);
    EXPECT_EQ(fixtures::runMorphview({"regress", "--merge", dir, "--out", dir + "/m", "--update"})
                  .exitCode,
              2);
    const auto badEnv = regress(dir, shots, {}, {"TEST_TOTAL_SHARDS=2", "TEST_SHARD_INDEX=5"});
    EXPECT_EQ(badEnv.exitCode, 2) << badEnv.err;
    EXPECT_NE(badEnv.err.find("TEST_SHARD_INDEX"), std::string::npos) << badEnv.err;
    nlohmann::json badTolerance = shot("b", "");
    badTolerance["tolerance"] = {{"maxAbsDiff", 300}};
    const auto tolerance = regress(dir, writeShots(dir, {badTolerance}, "tol.json"));
    EXPECT_EQ(tolerance.exitCode, 2) << tolerance.err;
    EXPECT_NE(tolerance.err.find("tol.json: [0].tolerance.maxAbsDiff"), std::string::npos)
        << tolerance.err;
    // Results written into the references' folder would overwrite them.
    fs::create_directories(dir + "/refs");
    const auto same = fixtures::runMorphview(
        {"regress", shots, "--references", dir + "/refs", "--out", dir + "/refs/"});
    EXPECT_EQ(same.exitCode, 2) << same.err;
    EXPECT_NE(same.err.find("is the references' folder"), std::string::npos) << same.err;
    // A merge of a folder without a report names the file.
    const auto noReport =
        fixtures::runMorphview({"regress", "--merge", dir + "/nothing", "--out", dir + "/m"});
    EXPECT_EQ(noReport.exitCode, 2) << noReport.err;
    EXPECT_NE(noReport.err.find("nothing/report.json"), std::string::npos) << noReport.err;
}

}  // namespace

}  // namespace regress_test
