// Shards at farm scale: the shard from a scheduler's own variables (Bazel's TEST_*, a Slurm
// array's SLURM_ARRAY_TASK_*, a Kubernetes Indexed Job's JOB_COMPLETION_INDEX with
// `--shard auto/N`), and the merge that refuses a set of folders that is not every shard of one
// run exactly once (in memory, then through the binary).
#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include "app/regress/Merge.h"
#include "app/regress/Shard.h"
#include "fixtures/FaceShots.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace regress_shard_test {

namespace {

namespace fs = std::filesystem;
using app::regress::ShardChoice;

// An environment of the variables given, nothing else.
app::regress::Environment table(std::map<std::string, std::string> vars) {
    auto shared = std::make_shared<std::map<std::string, std::string>>(std::move(vars));
    return [shared](const char* name) -> const char* {
        const auto found = shared->find(name);
        return found == shared->end() ? nullptr : found->second.c_str();
    };
}

morph::Result<ShardChoice> choose(const std::string& option,
                                  std::map<std::string, std::string> vars) {
    return app::regress::chooseShard(option, table(std::move(vars)));
}

const std::map<std::string, std::string> kSlurm = {{"SLURM_ARRAY_TASK_ID", "6"},
                                                   {"SLURM_ARRAY_TASK_MIN", "4"},
                                                   {"SLURM_ARRAY_TASK_MAX", "7"},
                                                   {"SLURM_ARRAY_TASK_STEP", "1"},
                                                   {"SLURM_ARRAY_TASK_COUNT", "4"}};

TEST(RegressShardTest, SlurmArrayTaskIsTheIdLessTheMinimumOfTheCount) {
    auto slurm = choose("", kSlurm);
    ASSERT_TRUE(slurm.ok()) << slurm.error().message;
    EXPECT_EQ(slurm->shard.index, 2u);
    EXPECT_EQ(slurm->shard.count, 4u);
    EXPECT_TRUE(slurm->fromEnvironment);
    EXPECT_EQ(slurm->source,
              "SLURM_ARRAY_TASK_ID=6 SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_COUNT=4");
    // Bazel's variables come first; --shard before both.
    auto both = kSlurm;
    both.insert({{"TEST_TOTAL_SHARDS", "3"}, {"TEST_SHARD_INDEX", "1"}});
    auto bazel = choose("", both);
    ASSERT_TRUE(bazel.ok());
    EXPECT_EQ(bazel->shard.count, 3u);
    EXPECT_EQ(bazel->source, "TEST_TOTAL_SHARDS=3 TEST_SHARD_INDEX=1");
    auto option = choose("0/2", both);
    ASSERT_TRUE(option.ok());
    EXPECT_EQ(option->shard.count, 2u);
    EXPECT_EQ(option->source, "--shard 0/2");
    EXPECT_FALSE(option->fromEnvironment);
    auto whole = choose("", {});
    ASSERT_TRUE(whole.ok());
    EXPECT_TRUE(whole->shard.whole());
    EXPECT_EQ(whole->source, "none");
}

TEST(RegressShardTest, SlurmArraysWithAStepOrGapsAreUsageErrorsNamingTheVariables) {
    auto step = kSlurm;
    step["SLURM_ARRAY_TASK_STEP"] = "2";
    auto stepped = choose("", step);
    ASSERT_FALSE(stepped.ok());
    EXPECT_NE(stepped.error().message.find("SLURM_ARRAY_TASK_STEP=2"), std::string::npos)
        << stepped.error().message;
    auto gaps = kSlurm;  // --array=4,5,7: three tasks from 4 to 7
    gaps["SLURM_ARRAY_TASK_COUNT"] = "3";
    auto gapped = choose("", gaps);
    ASSERT_FALSE(gapped.ok());
    EXPECT_NE(gapped.error().message.find("SLURM_ARRAY_TASK_MAX=7"), std::string::npos)
        << gapped.error().message;
    EXPECT_NE(gapped.error().message.find("SLURM_ARRAY_TASK_COUNT=3"), std::string::npos);
    auto noMin = kSlurm;
    noMin.erase("SLURM_ARRAY_TASK_MIN");
    auto missing = choose("", noMin);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("SLURM_ARRAY_TASK_MIN"), std::string::npos);
    auto outside = kSlurm;
    outside["SLURM_ARRAY_TASK_ID"] = "9";
    outside.erase("SLURM_ARRAY_TASK_MAX");
    EXPECT_FALSE(choose("", outside).ok());
}

TEST(RegressShardTest, AutoTakesTheIndexFromAKubernetesIndexedJob) {
    auto pod = choose("auto/4", {{"JOB_COMPLETION_INDEX", "3"}});
    ASSERT_TRUE(pod.ok()) << pod.error().message;
    EXPECT_EQ(pod->shard.index, 3u);
    EXPECT_EQ(pod->shard.count, 4u);
    EXPECT_EQ(pod->source, "--shard auto/4 JOB_COMPLETION_INDEX=3");
    auto unset = choose("auto/4", {});
    ASSERT_FALSE(unset.ok());
    EXPECT_NE(unset.error().message.find("JOB_COMPLETION_INDEX is not set"), std::string::npos);
    EXPECT_FALSE(choose("auto/4", {{"JOB_COMPLETION_INDEX", "4"}}).ok());
    EXPECT_FALSE(choose("auto/0", {{"JOB_COMPLETION_INDEX", "0"}}).ok());
    EXPECT_FALSE(choose("auto/x", {{"JOB_COMPLETION_INDEX", "0"}}).ok());
}

// Shard `index` of `count` over shots s0..s{total-1}, every owned shot passing.
app::regress::Report shardReport(size_t index, size_t count, size_t total,
                                 const std::string& hash = "fnv1a64:1") {
    app::regress::Report report;
    report.renderer = "llvmpipe";
    app::regress::ShardRecord record{index, count, "--shard", hash, {}};
    for (size_t i = index; i < total; i += count) {
        record.shots.push_back("s" + std::to_string(i));
        app::regress::ShotResult row;
        row.index = i;
        row.name = record.shots.back();
        row.status = app::regress::ShotStatus::Pass;
        report.shots.push_back(row);
    }
    report.shard = record;
    return report;
}

std::vector<std::string> problems(std::vector<app::regress::MergePart> parts) {
    return app::regress::shardSetProblems(parts);
}

TEST(RegressShardTest, AMergeNamesEveryMissingExtraOrForeignShard) {
    using app::regress::MergePart;
    EXPECT_TRUE(problems({{"a", shardReport(0, 2, 5)}, {"b", shardReport(1, 2, 5)}}).empty());
    const auto missing = problems({{"a", shardReport(0, 3, 5)}, {"c", shardReport(2, 3, 5)}});
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_EQ(missing[0], "--merge: shard 1/3 is missing: no folder named holds it");
    const auto twice = problems(
        {{"a", shardReport(0, 2, 5)}, {"b", shardReport(1, 2, 5)}, {"a2", shardReport(0, 2, 5)}});
    ASSERT_EQ(twice.size(), 1u);
    EXPECT_EQ(twice[0], "--merge: shard 0/2 is held twice: by a and a2");
    const auto counts = problems({{"a", shardReport(0, 2, 5)}, {"b", shardReport(1, 3, 5)}});
    ASSERT_EQ(counts.size(), 2u);  // the count, and shard 1/2 then missing
    EXPECT_NE(counts[0].find("b is shard 1/3, a shard 0/2"), std::string::npos) << counts[0];
    const auto files =
        problems({{"a", shardReport(0, 2, 5)}, {"b", shardReport(1, 2, 5, "fnv1a64:2")}});
    ASSERT_FALSE(files.empty());
    EXPECT_NE(files[0].find("b drew another shots file"), std::string::npos) << files[0];
    const auto died = problems(
        {{"a", shardReport(0, 2, 5)},
         {"b", morph::Error{morph::ErrorCode::Io, "b/report.json: cannot read (no such file)"}}});
    ASSERT_EQ(died.size(), 2u);
    EXPECT_NE(died[0].find("b/report.json"), std::string::npos) << died[0];
    EXPECT_EQ(died[1], "--merge: shard 1/2 is missing: no folder named holds it");
    auto old = shardReport(1, 2, 5);
    old.shard.reset();
    const auto unrecorded = problems({{"a", shardReport(0, 2, 5)}, {"b", old}});
    ASSERT_EQ(unrecorded.size(), 2u);
    EXPECT_NE(unrecorded[0].find("b/report.json records no shard"), std::string::npos);
}

TEST(RegressShardTest, AShotMissingFromItsShardsResultsIsAnErrorRow) {
    auto part = shardReport(1, 3, 8);  // s1, s4, s7
    part.shots.erase(part.shots.begin() + 1);
    app::regress::addMissingRows(part);
    ASSERT_EQ(part.shots.size(), 3u);
    EXPECT_EQ(part.shots[1].name, "s4");
    EXPECT_EQ(part.shots[1].index, 4u);
    EXPECT_EQ(part.shots[1].status, app::regress::ShotStatus::Error);
    EXPECT_NE(part.shots[1].message.find("shard 1/3"), std::string::npos);
    const auto record =
        app::regress::mergedRecord({shardReport(0, 3, 8), part, shardReport(2, 3, 8)});
    EXPECT_EQ(record.count, 1u);
    EXPECT_EQ(record.source, "merge");
    EXPECT_EQ(record.shots,
              (std::vector<std::string>{"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"}));
}

nlohmann::json readJson(const std::string& path) {
    return nlohmann::json::parse(fixtures::readWholeFile(path), nullptr, false);
}

// Through the binary: two Slurm tasks' folders merge; without one, twice one, or with a row
// lost, the merge says so.
TEST(RegressShardTest, TheBinaryRefusesAnIncompleteSetAndReportsALostRow) {
    const std::string dir = fixtures::caseScratchDir();
    std::vector<nlohmann::json> shots;
    for (int i = 0; i < 4; ++i)
        shots.push_back(fixtures::faceShot("s" + std::to_string(i),
                                           "jawOpen=" + std::to_string(i * 0.2), "32x32"));
    std::ofstream(dir + "/shots.json") << nlohmann::json(shots).dump(2);
    fs::create_directories(dir + "/refs");
    for (int k = 0; k < 2; ++k) {
        const auto run =
            fixtures::runMorphview({"regress", dir + "/shots.json", "--references", dir + "/refs",
                                    "--out", dir + "/part" + std::to_string(k)},
                                   {},
                                   {"SLURM_ARRAY_TASK_ID=" + std::to_string(k + 1),
                                    "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=2"});
        EXPECT_EQ(run.exitCode, 1) << run.out << run.err;  // new shots
        EXPECT_NE(run.out.find("shard " + std::to_string(k) + "/2 from SLURM_ARRAY_TASK_ID="),
                  std::string::npos)
            << run.out;
        const nlohmann::json report = readJson(dir + "/part" + std::to_string(k) + "/report.json");
        EXPECT_EQ(report["shard"]["index"], k);
        EXPECT_EQ(report["shard"]["count"], 2);
        EXPECT_EQ(report["shard"]["shots"].size(), 2u);
        EXPECT_EQ(report["shard"]["source"].get<std::string>().rfind("SLURM_ARRAY_TASK_ID=", 0),
                  0u);
    }
    const std::string a = dir + "/part0", b = dir + "/part1";
    const auto lacking = fixtures::runMorphview({"regress", "--merge", a, "--out", dir + "/m"});
    EXPECT_EQ(lacking.exitCode, 2);
    EXPECT_NE(lacking.err.find("shard 1/2 is missing"), std::string::npos) << lacking.err;
    const auto twice = fixtures::runMorphview({"regress", "--merge", a, b, a, "--out", dir + "/m"});
    EXPECT_EQ(twice.exitCode, 2);
    EXPECT_NE(twice.err.find("shard 0/2 is held twice: by " + a + " and " + a), std::string::npos)
        << twice.err;
    const auto dead =
        fixtures::runMorphview({"regress", "--merge", a, b, dir + "/part2", "--out", dir + "/m"});
    EXPECT_EQ(dead.exitCode, 2);
    EXPECT_NE(dead.err.find("part2/report.json"), std::string::npos) << dead.err;
    // A row lost from shard 1's report: an error row in the merge, exit 3.
    nlohmann::json edited = readJson(b + "/report.json");
    edited["shots"].erase(0);
    std::ofstream(b + "/report.json") << edited.dump(2);
    const auto lost = fixtures::runMorphview({"regress", "--merge", a, b, "--out", dir + "/m"});
    EXPECT_EQ(lost.exitCode, 3) << lost.out << lost.err;
    const nlohmann::json merged = readJson(dir + "/m/report.json");
    ASSERT_EQ(merged["shots"].size(), 4u);
    EXPECT_EQ(merged["shots"][1]["status"], "error");
    EXPECT_EQ(merged["shard"]["source"], "merge");
}

// The pid of a process whose command line holds `needle` and `--shard 1/2` ("" none yet).
pid_t findJob(const std::string& needle) {
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string cmdline = fixtures::readWholeFile(entry.path().string() + "/cmdline");
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        if (cmdline.find(needle) != std::string::npos &&
            cmdline.find("--shard 1/2") != std::string::npos)
            return pid_t(std::stoi(name));
    }
    return 0;
}

// --jobs: a job killed before its report (it waits on a reference that is a FIFO nobody
// writes, until the test kills it) leaves its shard's shots as error rows in the merged report.
TEST(RegressShardTest, AJobKilledBeforeItsReportLeavesErrorRowsNotGaps) {
    const std::string dir = fixtures::caseScratchDir();
    std::vector<nlohmann::json> shots;
    for (int i = 0; i < 4; ++i)
        shots.push_back(fixtures::faceShot("s" + std::to_string(i), "", "32x32"));
    shots[3]["reference"] = dir + "/blocked.png";  // shard 1/2: s1, then s3 waits
    std::ofstream(dir + "/shots.json") << nlohmann::json(shots).dump(2);
    ASSERT_EQ(mkfifo((dir + "/blocked.png").c_str(), 0600), 0);
    auto run = std::async(std::launch::async, [&] {
        return fixtures::runMorphview({"regress", dir + "/shots.json", "--references",
                                       dir + "/refs", "--out", dir + "/out", "--jobs", "2"});
    });
    pid_t job = 0;
    for (int i = 0; i < 1200 && job == 0; ++i) {  // up to 2 minutes on a busy machine
        job = findJob(dir + "/shots.json");
        if (job == 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (job != 0) {
        kill(job, SIGKILL);
    } else {  // never found: let the job go on so the test ends
        std::ofstream(dir + "/blocked.png") << "not a png";
    }
    const auto outcome = run.get();
    ASSERT_NE(job, 0) << "the job of shard 1/2 never started";
    EXPECT_EQ(outcome.exitCode, 1) << outcome.out << outcome.err;
    EXPECT_NE(outcome.err.find("job 2/2 was killed by signal 9 without a report"),
              std::string::npos)
        << outcome.err;
    const nlohmann::json report = readJson(dir + "/out/report.json");
    ASSERT_EQ(report["shots"].size(), 4u) << report.dump();
    EXPECT_EQ(report["shots"][0]["status"], "new");
    EXPECT_EQ(report["shots"][1]["status"], "error");
    EXPECT_EQ(report["shots"][3]["status"], "error");
    EXPECT_EQ(report["shots"][3]["name"], "s3");
    EXPECT_EQ(report["shard"]["shots"].size(), 4u);
}

}  // namespace

}  // namespace regress_shard_test
