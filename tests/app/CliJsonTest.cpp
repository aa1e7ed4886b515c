// What a pipeline relies on: `morphview --version [--json]` names the version,
// the build type and the GL renderer; capture and compare print what they did as one JSON
// object with --json; compare's exit codes are regress's (3: an image cannot be read).
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"

namespace cli_json_test {

namespace {

// Exactly one JSON object on one line.
nlohmann::json oneObject(const std::string& out) {
    EXPECT_EQ(out.find('\n'), out.size() - 1) << out;
    nlohmann::json json = nlohmann::json::parse(out, nullptr, false);
    EXPECT_TRUE(json.is_object()) << out;
    return json;
}

TEST(CliJsonTest, VersionNamesTheBuildAndTheRenderer) {
    const auto plain = fixtures::runMorphview({"--version"});
    EXPECT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(plain.out.rfind("morphview ", 0), 0u) << plain.out;
    const auto json = fixtures::runMorphview({"--version", "--json"});
    EXPECT_EQ(json.exitCode, 0) << json.err;
    const nlohmann::json version = oneObject(json.out);
    EXPECT_TRUE(version["version"].is_string());
    EXPECT_NE(plain.out.find(version["version"].get<std::string>()), std::string::npos);
    EXPECT_NE(plain.out.find(version["buildType"].get<std::string>()), std::string::npos);
    ASSERT_TRUE(version["renderer"].is_string()) << json.out;  // the GL tests' EGL context
    EXPECT_FALSE(version["renderer"].get<std::string>().empty());
    EXPECT_EQ(fixtures::runMorphview({"--json"}).exitCode, 2);
}

TEST(CliJsonTest, CaptureSaysWhatItWrote) {
    const std::string dir = fixtures::caseScratchDir();
    const auto single = fixtures::runMorphview({"capture", fixtures::bundledFace(), "--size",
                                                "48x32", "--out", dir + "/one.png", "--json"});
    EXPECT_EQ(single.exitCode, 0) << single.err;
    const nlohmann::json one = oneObject(single.out);
    EXPECT_EQ(one["files"], nlohmann::json::array({dir + "/one.png"}));
    EXPECT_EQ(one["width"], 48);
    EXPECT_EQ(one["height"], 32);

    std::ofstream(dir + "/shots.json")
        << nlohmann::json::array(
               {{{"name", "a"}, {"model", fixtures::bundledFace()}, {"size", "32x32"}},
                {{"name", "b"}, {"model", dir + "/missing.glb"}}})
               .dump();
    const auto shots = fixtures::runMorphview(
        {"capture", "--shots", dir + "/shots.json", "--out-dir", dir + "/out", "--json"});
    EXPECT_EQ(shots.exitCode, 1) << shots.err;  // b's model is missing
    const nlohmann::json many = oneObject(shots.out);
    EXPECT_EQ(many["captured"], 1);
    EXPECT_EQ(many["failed"], 1);
    ASSERT_EQ(many["shots"].size(), 2u);
    EXPECT_EQ(many["shots"][0]["files"], nlohmann::json::array({dir + "/out/a.png"}));
    EXPECT_TRUE(morph::readImageFile(dir + "/out/a.png").ok());
    EXPECT_TRUE(many["shots"][1]["files"].empty());
    EXPECT_NE(many["shots"][1]["error"].get<std::string>().find("missing.glb"), std::string::npos);
}

TEST(CliJsonTest, CompareGivesItsMetricsAndRegressCodes) {
    const std::string dir = fixtures::caseScratchDir();
    morph::RgbaImage a{2, 2, std::vector<uint8_t>(16, 100)};
    morph::RgbaImage b = a;
    b.pixels[0] = 200;  // one pixel of four differs by 100
    ASSERT_TRUE(morph::writePngFile(dir + "/a.png", a).ok());
    ASSERT_TRUE(morph::writePngFile(dir + "/b.png", b).ok());
    const auto run = fixtures::runMorphview(
        {"compare", dir + "/a.png", dir + "/b.png", "--json", "--diff-out", dir + "/d.png"});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    const nlohmann::json json = oneObject(run.out);
    EXPECT_EQ(json["withinTolerance"], false);
    EXPECT_EQ(json["differingPixels"], 1);
    EXPECT_EQ(json["totalPixels"], 4);
    EXPECT_EQ(json["maxChannelDiff"], 100);
    EXPECT_DOUBLE_EQ(json["differingFraction"].get<double>(), 0.25);
    EXPECT_TRUE(json["psnr"].is_number());
    EXPECT_EQ(json["diffOut"], dir + "/d.png");
    const auto same = fixtures::runMorphview({"compare", dir + "/a.png", dir + "/a.png", "--json"});
    EXPECT_EQ(same.exitCode, 0);
    EXPECT_TRUE(oneObject(same.out)["psnr"].is_null());  // identical: infinite
    EXPECT_EQ(fixtures::runMorphview({"compare", dir + "/a.png", dir + "/none.png"}).exitCode, 3);
    EXPECT_EQ(fixtures::runMorphview({"compare", dir + "/a.png"}).exitCode, 2);
}

}  // namespace

}  // namespace cli_json_test
