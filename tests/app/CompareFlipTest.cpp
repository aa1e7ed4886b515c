// `morphview compare --metric flip`: FLIP's numbers beside the pixel metrics (a second line, a
// "flip" object in --json), its heat map as --diff-out, and --max-flip-mean's verdict, on the
// renders of tests/fixtures/flip/ (a camera turned by 0.1 degree; a mouth opened).
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"

namespace compare_flip_test {

namespace {

std::string render(const std::string& name) {
    return std::string(fixtures::sourceDir()) + "/tests/fixtures/flip/" + name + ".png";
}

}  // namespace

TEST(CompareFlipTest, JsonAddsFlipBesideEveryPixelKey) {
    const auto run = fixtures::runMorphview(
        {"compare", render("face_neutral"), render("face_jaw30"), "--metric", "flip", "--json"});
    EXPECT_EQ(run.exitCode, 1) << run.err;  // the pixel tolerance still decides
    const nlohmann::json json = nlohmann::json::parse(run.out);
    for (const char* key :
         {"a", "b", "withinTolerance", "sizeMismatch", "totalPixels", "differingPixels",
          "differingFraction", "maxChannelDiff", "psnr", "tolerance", "diffOut"})
        EXPECT_TRUE(json.contains(key)) << key;
    // The reference's values for this pair: tests/morph/FlipTest.cpp.
    EXPECT_NEAR(json["flip"]["mean"].get<double>(), 0.011360, 1e-4);
    EXPECT_NEAR(json["flip"]["weightedMedian"].get<double>(), 0.256110, 1e-3);
    EXPECT_NEAR(json["flip"]["max"].get<double>(), 0.766865, 1e-3);
    const auto pixel =
        fixtures::runMorphview({"compare", render("face_neutral"), render("face_jaw30"), "--json"});
    EXPECT_FALSE(nlohmann::json::parse(pixel.out).contains("flip")) << pixel.out;
}

TEST(CompareFlipTest, SummaryGetsASecondLineAndDiffOutIsTheHeatMap) {
    const std::string heat = fixtures::caseScratchDir() + "/heat.png";
    const auto run =
        fixtures::runMorphview({"compare", render("face_orbit20"), render("face_orbit20_1"),
                                "--metric", "flip", "--diff-out", heat});
    EXPECT_EQ(run.exitCode, 1) << run.err;  // 0.12% of the pixels move: beyond 0.1%
    EXPECT_NE(run.out.find("beyond tolerance\nFLIP mean 0.0026, weighted median 0.0173, max "
                           "0.1380\n"),
              std::string::npos)
        << run.out;
    auto image = morph::readImageFile(heat);
    ASSERT_TRUE(image) << heat;
    EXPECT_EQ(image->width, 256);
    // Where nothing changed the heat map is magma's black (0, 0, 4), not the gray of A.
    EXPECT_EQ(image->pixels[0], 0);
    EXPECT_EQ(image->pixels[2], 4);
}

TEST(CompareFlipTest, MaxFlipMeanDecidesTheVerdict) {
    // The turned camera passes a FLIP mean of 0.005 that the pixel tolerance fails; the opened
    // mouth does not.
    const auto turned = fixtures::runMorphview(
        {"compare", render("face_orbit20"), render("face_orbit20_1"), "--max-flip-mean", "0.005"});
    EXPECT_EQ(turned.exitCode, 0) << turned.out << turned.err;
    EXPECT_NE(turned.out.find("(allowed mean 0.0050): within tolerance"), std::string::npos)
        << turned.out;
    const auto opened =
        fixtures::runMorphview({"compare", render("face_neutral"), render("face_jaw30"),
                                "--max-flip-mean", "0.005", "--json"});
    EXPECT_EQ(opened.exitCode, 1) << opened.out << opened.err;
    EXPECT_FALSE(nlohmann::json::parse(opened.out)["withinTolerance"].get<bool>());
}

TEST(CompareFlipTest, DifferentSizesHaveNoFlip) {
    const auto run = fixtures::runMorphview(
        {"compare", render("face_neutral"), render("face_jaw30"), "--metric", "flip"});
    EXPECT_EQ(run.exitCode, 1);
    const std::string dir = fixtures::caseScratchDir();
    morph::RgbaImage small{4, 4, std::vector<uint8_t>(64, 255)};
    ASSERT_TRUE(morph::writePngFile(dir + "/small.png", small));
    const auto sized = fixtures::runMorphview(
        {"compare", render("face_neutral"), dir + "/small.png", "--metric", "flip", "--json"});
    EXPECT_EQ(sized.exitCode, 1) << sized.err;
    EXPECT_TRUE(nlohmann::json::parse(sized.out)["flip"].is_null()) << sized.out;
    const auto bad = fixtures::runMorphview(
        {"compare", render("face_neutral"), render("face_jaw30"), "--metric", "ssim"});
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
}

}  // namespace compare_flip_test
