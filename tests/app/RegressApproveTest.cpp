// `regress --approve OUT`: a finished run's failed and new results copied over their references
// without drawing again (or only the shots named), passing shots' references untouched, and the
// next run passing.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/FaceShots.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace regress_approve_test {

namespace {

namespace fs = std::filesystem;

std::string writeShots(const std::string& dir, const std::vector<nlohmann::json>& shots) {
    std::ofstream(dir + "/shots.json") << nlohmann::json(shots).dump(2);
    return dir + "/shots.json";
}

fixtures::RunOutcome regress(const std::string& dir, const std::string& shots,
                             std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"regress",     shots,   "--references",
                                     dir + "/refs", "--out", dir + "/out"};
    args.insert(args.end(), extra.begin(), extra.end());
    return fixtures::runMorphview(args);
}

fixtures::RunOutcome approve(const std::string& dir, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"regress", "--approve", dir + "/out", "--references",
                                     dir + "/refs"};
    args.insert(args.end(), extra.begin(), extra.end());
    return fixtures::runMorphview(args);
}

TEST(RegressApproveTest, FailedAndNewResultsReplaceTheirReferencesAndPassingOnesStay) {
    const std::string dir = fixtures::caseScratchDir();
    const auto shot = [](const std::string& name, const std::string& weights) {
        return fixtures::faceShot(name, weights, "32x32");
    };
    ASSERT_EQ(regress(dir, writeShots(dir, {shot("a", ""), shot("b", "")}), {"--update"}).exitCode,
              0);
    const std::string shots =
        writeShots(dir, {shot("a", ""), shot("b", "jawOpen=1"), shot("c", "mouthSmileLeft=1")});
    ASSERT_EQ(regress(dir, shots).exitCode, 1);  // b fails, c is new
    const auto passing = fs::last_write_time(dir + "/refs/a.png");
    const std::string passingBytes = fixtures::readWholeFile(dir + "/refs/a.png");

    const auto approved = approve(dir);
    EXPECT_EQ(approved.exitCode, 0) << approved.out << approved.err;
    EXPECT_NE(approved.out.find("approved " + dir + "/refs/b.png (was fail)"), std::string::npos)
        << approved.out;
    EXPECT_NE(approved.out.find("approved " + dir + "/refs/c.png (was new)"), std::string::npos);
    EXPECT_EQ(approved.out.find("refs/a.png"), std::string::npos);
    EXPECT_EQ(fixtures::readWholeFile(dir + "/refs/b.png"),
              fixtures::readWholeFile(dir + "/out/b.png"));
    EXPECT_EQ(fs::last_write_time(dir + "/refs/a.png"), passing);
    EXPECT_EQ(fixtures::readWholeFile(dir + "/refs/a.png"), passingBytes);
    EXPECT_EQ(regress(dir, shots).exitCode, 0);

    // A passing shot named: its bytes are the reference's already, so nothing is copied.
    const auto same = approve(dir, {"--only", "a"});
    EXPECT_EQ(same.exitCode, 0) << same.err;
    EXPECT_NE(same.out.find("0 references approved"), std::string::npos) << same.out;
    EXPECT_EQ(fs::last_write_time(dir + "/refs/a.png"), passing);
}

TEST(RegressApproveTest, OnlyTheNamedShotsAndUsageErrors) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = writeShots(dir, {fixtures::faceShot("x", "", "32x32"),
                                               fixtures::faceShot("y", "jawOpen=0.5", "32x32")});
    fs::create_directories(dir + "/refs");
    ASSERT_EQ(regress(dir, shots).exitCode, 1);  // both new
    const auto one = approve(dir, {"--only", "y"});
    EXPECT_EQ(one.exitCode, 0) << one.err;
    EXPECT_TRUE(fs::exists(dir + "/refs/y.png"));
    EXPECT_FALSE(fs::exists(dir + "/refs/x.png"));
    const auto unknown = approve(dir, {"--only", "x,nosuch"});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("no shot 'nosuch'"), std::string::npos) << unknown.err;
    EXPECT_FALSE(fs::exists(dir + "/refs/x.png"));  // nothing copied when a name is wrong
    EXPECT_EQ(fixtures::runMorphview({"regress", "--approve", dir + "/out"}).exitCode, 2);
    EXPECT_EQ(approve(dir, {"--out", dir + "/o"}).exitCode, 2);
    EXPECT_EQ(regress(dir, shots, {"--only", "x"}).exitCode, 2);
    const auto noReport = fixtures::runMorphview(
        {"regress", "--approve", dir + "/none", "--references", dir + "/refs"});
    EXPECT_EQ(noReport.exitCode, 2);
    EXPECT_NE(noReport.err.find("none/report.json"), std::string::npos) << noReport.err;
}

}  // namespace

}  // namespace regress_approve_test
