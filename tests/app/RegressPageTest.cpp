// regress's index.html in a real browser: Debian's Chromium, headless, opens
// from the file system (no server, no network) a report with passing, failing, new and error
// shots, and the page's own script records how many images loaded and the counts it shows
// (app/regress/ReportPage.h); the test reads them from the dumped DOM and checks them against
// report.json. Chromium is a test dependency (third_party/setup.sh): without it the test fails.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/Chromium.h"
#include "fixtures/FaceShots.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace regress_page_test {

namespace {

namespace fs = std::filesystem;

nlohmann::json shot(const std::string& name, const std::string& weights) {
    return fixtures::faceShot(name, weights, "48x48");
}

TEST(RegressPageTest, ChromiumLoadsEveryImageAndShowsTheReportsCounts) {
    ASSERT_FALSE(fixtures::findChromium().empty())
        << "chromium not on PATH (bash third_party/setup.sh)";
    const std::string dir = fixtures::caseScratchDir();
    auto writeShots = [&](const std::string& file, const std::vector<nlohmann::json>& shots) {
        std::ofstream(dir + "/" + file) << nlohmann::json(shots).dump();
        return dir + "/" + file;
    };
    const auto made = fixtures::runMorphview(
        {"regress", writeShots("make.json", {shot("same", ""), shot("moved", "")}), "--references",
         dir + "/refs", "--out", dir + "/made", "--update"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    // A name the page must escape in a URL and in HTML.
    nlohmann::json broken = shot("no model <&> #1", "");
    broken["model"] = dir + "/missing.glb";
    const auto run = fixtures::runMorphview(
        {"regress",
         writeShots("shots.json",
                    {shot("same", ""), shot("moved", "jawOpen=1"), shot("brand new", ""), broken}),
         "--references", dir + "/refs", "--out", dir + "/out"});
    ASSERT_EQ(run.exitCode, 3) << run.out << run.err;
    const nlohmann::json report =
        nlohmann::json::parse(fixtures::readWholeFile(dir + "/out/report.json"));

    const std::string dom = fixtures::dumpDom(dir + "/out/index.html", dir);
    ASSERT_FALSE(dom.empty());

    // The images the report names: reference, result, difference (when written) and the flip
    // view for compared shots; the result alone for new ones; none for errors.
    size_t expected = 0;
    for (const nlohmann::json& row : report["shots"]) {
        const std::string status = row["status"];
        if (status == "new") expected += 1;
        if (status == "pass" || status == "fail") expected += 3 + (row["diff"].get<bool>() ? 1 : 0);
    }
    EXPECT_EQ(expected, 8u);  // same 3, moved 4, brand new 1
    EXPECT_EQ(fixtures::domAttribute(dom, "data-images-total"), std::to_string(expected)) << dom;
    EXPECT_EQ(fixtures::domAttribute(dom, "data-images-loaded"), std::to_string(expected)) << dom;
    EXPECT_EQ(fixtures::domAttribute(dom, "data-images-failed"), "0") << dom;
    EXPECT_EQ(fixtures::domAttribute(dom, "data-shots"), std::to_string(report["shots"].size()));
    EXPECT_EQ(fixtures::domAttribute(dom, "data-passed"), report["passed"].dump());
    EXPECT_EQ(fixtures::domAttribute(dom, "data-failed"), report["failed"].dump());
    EXPECT_EQ(fixtures::domAttribute(dom, "data-new"), report["new"].dump());
    EXPECT_EQ(fixtures::domAttribute(dom, "data-errors"), report["errors"].dump());
    EXPECT_EQ(report["passed"], 1);
    EXPECT_EQ(report["failed"], 1);
    // Failures first: the error, then the failure, the new shot, and the pass last.
    const size_t error = dom.find("no model &lt;&amp;&gt; #1");
    const size_t moved = dom.find(">moved<");
    const size_t same = dom.find(">same<");
    ASSERT_NE(error, std::string::npos) << dom;
    ASSERT_NE(moved, std::string::npos) << dom;
    ASSERT_NE(same, std::string::npos) << dom;
    EXPECT_LT(error, moved);
    EXPECT_LT(moved, same);
    EXPECT_NE(dom.find("jawOpen=1"), std::string::npos);  // the shot's weights are shown
    // The failed and the new shot show the command that approves each; the others do not.
    EXPECT_NE(dom.find("morphview regress --approve "), std::string::npos) << dom;
    EXPECT_NE(dom.find(" --only moved --references "), std::string::npos) << dom;
    EXPECT_NE(dom.find(" --only 'brand new' --references "), std::string::npos) << dom;
    EXPECT_EQ(dom.find(" --only same "), std::string::npos);
}

}  // namespace

}  // namespace regress_page_test
