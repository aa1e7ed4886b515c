// regress's GL-free parts (app/regress/): exit codes from the rows, report.json read back as
// written, JUnit rows and escaping, merged shards in the shots file's order, shard arithmetic and
// the environment protocol, renderer slugs and the per-renderer reference folder.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "app/regress/References.h"
#include "app/regress/Report.h"
#include "app/regress/Shard.h"
#include "fixtures/TestPaths.h"

namespace regress_report_test {

namespace {

using app::regress::Report;
using app::regress::ShotResult;
using app::regress::ShotStatus;
using app::regress::Verdict;

ShotResult row(size_t index, const std::string& name, ShotStatus status) {
    ShotResult shot;
    shot.index = index;
    shot.name = name;
    shot.status = status;
    shot.message = "m";
    return shot;
}

TEST(RegressReportTest, ExitCodesFollowTheWorstRow) {
    Report report;
    EXPECT_EQ(report.verdict(), Verdict::Passed);
    report.shots = {row(0, "a", ShotStatus::Pass)};
    EXPECT_EQ(report.verdict(), Verdict::Passed);
    report.shots.push_back(row(1, "b", ShotStatus::New));
    EXPECT_EQ(report.verdict(), Verdict::Differs);
    report.shots.back().updated = true;  // accepted by --update
    EXPECT_EQ(report.verdict(), Verdict::Passed);
    report.shots.push_back(row(2, "c", ShotStatus::Fail));
    EXPECT_EQ(report.verdict(), Verdict::Differs);
    report.shots.push_back(row(3, "d", ShotStatus::Error));
    EXPECT_EQ(report.verdict(), Verdict::Unreadable);
    EXPECT_EQ(app::regress::summaryLine(report), "4 shots: 1 passed, 1 failed, 1 new, 1 errors");
}

TEST(RegressReportTest, ReportJsonReadsBackAsWritten) {
    Report report;
    report.renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
    ShotResult fail = row(3, "smile", ShotStatus::Fail);
    fail.maxChannelDiff = 87;
    fail.differingFraction = 0.25;
    fail.psnr = 31.5;
    fail.ms = 12.5;
    fail.settings = {"face.glb", "jawOpen=1", "talk", 0.5f, "front", "64x64"};
    fail.reference = "refs/smile.png";
    fail.hasDiff = true;
    report.shots = {row(0, "a", ShotStatus::Pass), fail};
    const std::string path = fixtures::scratchDir("RegressReportTest_json") + "/report.json";
    std::ofstream(path) << app::regress::reportJson(report);
    auto read = app::regress::readReportJson(path);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(app::regress::reportJson(*read), app::regress::reportJson(report));
    EXPECT_EQ(read->shots[1].settings.weights, "jawOpen=1");
    EXPECT_FALSE(read->shots[0].psnr.has_value());

    std::ofstream(path) << R"({"renderer": "x", "shots": [{"name": "a"}]})";
    auto bad = app::regress::readReportJson(path);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("report.json: shots[0]"), std::string::npos)
        << bad.error().message;
}

TEST(RegressReportTest, JunitHasOneTestcasePerShotAndEscapes) {
    Report report;
    report.renderer = "R&D <gpu>";
    ShotResult error = row(1, "a\"b", ShotStatus::Error);
    error.message = "x.glb: <bad> & \"worse\"";
    report.shots = {row(0, "ok", ShotStatus::Pass), error, row(2, "n", ShotStatus::New)};
    const std::string xml = app::regress::reportJunit(report);
    EXPECT_NE(xml.find("tests=\"3\" failures=\"1\" errors=\"1\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("classname=\"R&amp;D &lt;gpu&gt;\" name=\"a&quot;b\""), std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<error message=\"x.glb: &lt;bad&gt; &amp; &quot;worse&quot;\"/>"),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<failure message=\"m\" type=\"new\"/>"), std::string::npos) << xml;
}

TEST(RegressReportTest, MergedShardsAreInShotOrderAndRefuseOverlaps) {
    Report a, b;
    a.renderer = b.renderer = "r";
    a.shots = {row(0, "s0", ShotStatus::Pass), row(2, "s2", ShotStatus::Fail)};
    b.shots = {row(1, "s1", ShotStatus::New), row(3, "s3", ShotStatus::Pass)};
    auto merged = app::regress::mergeReports({b, a});
    ASSERT_TRUE(merged.ok()) << merged.error().message;
    ASSERT_EQ(merged->shots.size(), 4u);
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(merged->shots[i].index, i);
    EXPECT_FALSE(app::regress::mergeReports({a, a}).ok());
    b.renderer = "other";
    auto mixed = app::regress::mergeReports({a, b});
    ASSERT_FALSE(mixed.ok());
    EXPECT_NE(mixed.error().message.find("'other'"), std::string::npos);
}

TEST(RegressReportTest, ShardsSplitShotsByIndexModN) {
    auto shard = app::regress::parseShard("1/3");
    ASSERT_TRUE(shard.ok());
    EXPECT_FALSE(shard->contains(0));
    EXPECT_TRUE(shard->contains(1));
    EXPECT_TRUE(shard->contains(4));
    for (const char* bad : {"3/3", "1", "a/3", "1/0", "-1/3", "1/3/4", ""})
        EXPECT_FALSE(app::regress::parseShard(bad).ok()) << bad;
    auto none = app::regress::shardFromEnvironment(nullptr, nullptr);
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->whole());
    auto env = app::regress::shardFromEnvironment("4", "3");
    ASSERT_TRUE(env.ok());
    EXPECT_TRUE(env->contains(7));
    EXPECT_FALSE(app::regress::shardFromEnvironment("4", "4").ok());
    EXPECT_FALSE(app::regress::shardFromEnvironment("0", "0").ok());
}

TEST(RegressReportTest, ReferencesArePickedByRendererSlug) {
    EXPECT_EQ(app::regress::rendererSlug("llvmpipe (LLVM 15.0.6, 256 bits)"),
              "llvmpipe-llvm-15-0-6-256-bits");
    EXPECT_EQ(app::regress::rendererSlug("NVIDIA H200/PCIe/SSE2"), "nvidia-h200-pcie-sse2");
    const std::string dir = fixtures::scratchDir("RegressReportTest_slug");
    const std::string renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
    EXPECT_EQ(app::regress::referenceFolder(dir, renderer), dir);
    std::filesystem::create_directories(dir + "/llvmpipe");
    EXPECT_EQ(app::regress::referenceFolder(dir, renderer), dir + "/llvmpipe");
    std::filesystem::create_directories(dir + "/llvmpipe-llvm-15-0-6-256-bits");
    EXPECT_EQ(app::regress::referenceFolder(dir, renderer), dir + "/llvmpipe-llvm-15-0-6-256-bits");
}

}  // namespace

}  // namespace regress_report_test
