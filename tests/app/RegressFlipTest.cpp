// regress's per-shot "flipMean" tolerance: LDR-FLIP decides the verdict of a shot that has it
// (a camera turned by a tenth of a degree passes where the pixel tolerance fails it; an opened
// mouth fails), its mean is in report.json and on the page, and a bad value is a clear error.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/Chromium.h"
#include "fixtures/FaceShots.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace regress_flip_test {

namespace {

nlohmann::json shot(const std::string& name, const std::string& weights,
                    const std::string& camera = "") {
    nlohmann::json json = fixtures::faceShot(name, weights, "128x128");
    if (!camera.empty()) json["camera"] = camera;
    return json;
}

std::string writeShots(const std::string& dir, const std::string& file,
                       const std::vector<nlohmann::json>& shots) {
    std::ofstream(dir + "/" + file) << nlohmann::json(shots).dump(2);
    return dir + "/" + file;
}

fixtures::RunOutcome regress(const std::string& dir, const std::string& shots,
                             const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {"regress",     shots,   "--references",
                                     dir + "/refs", "--out", dir + "/out"};
    args.insert(args.end(), extra.begin(), extra.end());
    return fixtures::runMorphview(args);
}

const nlohmann::json& row(const nlohmann::json& report, const std::string& name) {
    for (const nlohmann::json& shot : report["shots"])
        if (shot["name"] == name) return shot;
    static const nlohmann::json kNone;
    ADD_FAILURE() << name << " not in " << report.dump();
    return kNone;
}

}  // namespace

TEST(RegressFlipTest, FlipMeanDecidesTheShotsThatHaveIt) {
    const std::string dir = fixtures::caseScratchDir();
    const auto made = regress(dir,
                              writeShots(dir, "make.json",
                                         {shot("turned", "", "orbit:20,5"), shot("mouth", ""),
                                          shot("pixels", "", "orbit:20,5")}),
                              {"--update"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    // At 128x128 the turn's FLIP mean is 0.0027 and the opened mouth's 0.0122 (0.12% and 3.1%
    // of the pixels beyond 5/255): 0.005 tells them apart where the pixel tolerance cannot.
    nlohmann::json turned = shot("turned", "", "orbit:20.1,5");
    turned["tolerance"] = {{"flipMean", 0.005}};
    nlohmann::json mouth = shot("mouth", "jawOpen=0.3");
    mouth["tolerance"] = {{"flipMean", 0.005}};
    const nlohmann::json pixels = shot("pixels", "", "orbit:20.1,5");
    const auto run = regress(dir, writeShots(dir, "shots.json", {turned, mouth, pixels}));
    EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
    const nlohmann::json report =
        nlohmann::json::parse(fixtures::readWholeFile(dir + "/out/report.json"));
    EXPECT_EQ(row(report, "turned")["status"], "pass");
    EXPECT_NEAR(row(report, "turned")["flipMean"].get<double>(), 0.0027, 0.0005);
    EXPECT_EQ(row(report, "turned")["message"].get<std::string>().rfind(
                  "FLIP mean 0.0027 (allowed 0.0050): within tolerance; pixels: ", 0),
              0u)
        << row(report, "turned")["message"];
    EXPECT_EQ(row(report, "mouth")["status"], "fail");
    EXPECT_GT(row(report, "mouth")["flipMean"].get<double>(), 0.01);
    EXPECT_TRUE(row(report, "mouth")["diff"].get<bool>());
    // Without the key the pixel tolerance decides, as before, and no FLIP is computed.
    EXPECT_EQ(row(report, "pixels")["status"], "fail");
    EXPECT_FALSE(row(report, "pixels").contains("flipMean"));

    ASSERT_FALSE(fixtures::findChromium().empty())
        << "chromium not on PATH (bash third_party/setup.sh)";
    const std::string dom = fixtures::dumpDom(dir + "/out/index.html", dir);
    EXPECT_NE(dom.find("FLIP mean: 0.0027"), std::string::npos) << dom;
}

TEST(RegressFlipTest, ABadFlipMeanIsAnError) {
    const std::string dir = fixtures::caseScratchDir();
    nlohmann::json bad = shot("bad", "");
    bad["tolerance"] = {{"flipMean", 2}};
    const auto run = regress(dir, writeShots(dir, "shots.json", {bad}));
    EXPECT_NE(run.exitCode, 0);
    EXPECT_NE((run.out + run.err).find("tolerance.flipMean: not in 0..1"), std::string::npos)
        << run.out << run.err;
}

}  // namespace regress_flip_test
