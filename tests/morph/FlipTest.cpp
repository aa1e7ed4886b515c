// LDR-FLIP (morph/image/Flip.h): its properties on synthetic images, and its agreement with
// NVIDIA's reference implementation on pairs of real renders.
#include <algorithm>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "morph/image/Flip.h"
#include "morph/image/ImageFile.h"

namespace flip_test {

namespace {

morph::RgbaImage filled(int width, int height, uint8_t r, uint8_t g, uint8_t b) {
    morph::RgbaImage image{width, height, {}};
    for (int i = 0; i < width * height; ++i)
        image.pixels.insert(image.pixels.end(), {r, g, b, 255});
    return image;
}

// Black left of column `edge`, white from it on.
morph::RgbaImage verticalEdge(int width, int height, int edge) {
    morph::RgbaImage image = filled(width, height, 0, 0, 0);
    for (int y = 0; y < height; ++y)
        for (int x = edge; x < width; ++x)
            for (int c = 0; c < 3; ++c) image.pixels[size_t(4 * (y * width + x) + c)] = 255;
    return image;
}

float at(const morph::FlipResult& flip, int x, int y) {
    return flip.errorMap[size_t(y * flip.width + x)];
}

morph::RgbaImage readFixture(const std::string& name) {
    const std::string path = std::string(fixtures::sourceDir()) + "/tests/fixtures/flip/" + name;
    auto image = morph::readImageFile(path);
    EXPECT_TRUE(image) << path;
    return image ? *image : morph::RgbaImage{};
}

}  // namespace

TEST(Flip, IdenticalImagesHaveNoError) {
    const morph::RgbaImage image = verticalEdge(40, 24, 17);
    const morph::FlipResult flip = morph::computeFlip(image, image);
    ASSERT_TRUE(flip.valid());
    EXPECT_EQ(flip.errorMap.size(), size_t(40 * 24));
    EXPECT_EQ(flip.mean, 0.0);
    EXPECT_EQ(flip.max, 0.0);
    EXPECT_EQ(flip.weightedMedian, 0.0);
}

TEST(Flip, IsSymmetric) {
    const morph::RgbaImage a = verticalEdge(48, 32, 20);
    morph::RgbaImage b = filled(48, 32, 180, 40, 90);
    const morph::FlipResult ab = morph::computeFlip(a, b);
    const morph::FlipResult ba = morph::computeFlip(b, a);
    EXPECT_EQ(ab.errorMap, ba.errorMap);
    EXPECT_EQ(ab.mean, ba.mean);
    EXPECT_GT(ab.mean, 0.0);
}

TEST(Flip, BlackAgainstWhiteIsNearlyTheLargestColourError) {
    // Lightness 0 against 100 is HyAB 100; 100^0.7 is beyond p_c (0.4) of the largest error
    // (green against blue), so it lands in the top band p_t..1 = 0.95..1, the same everywhere.
    const morph::FlipResult flip =
        morph::computeFlip(filled(16, 16, 0, 0, 0), filled(16, 16, 255, 255, 255));
    ASSERT_TRUE(flip.valid());
    EXPECT_GT(flip.mean, 0.95);
    EXPECT_LT(flip.mean, 1.0);
    EXPECT_FLOAT_EQ(float(flip.max), float(flip.mean));
    EXPECT_FLOAT_EQ(float(flip.weightedMedian), float(flip.mean));
}

TEST(Flip, AMovedEdgeIsSeenAtTheEdgeOnly) {
    // The edge moves from column 30 to 33: the error is high there, and zero where both images
    // are flat beyond the filters' reach (the colour filter's radius is 10 pixels at 67 ppd).
    const morph::FlipResult flip =
        morph::computeFlip(verticalEdge(64, 16, 30), verticalEdge(64, 16, 33));
    ASSERT_TRUE(flip.valid());
    EXPECT_GT(at(flip, 31, 8), 0.9f);
    EXPECT_EQ(at(flip, 2, 8), 0.0f);
    EXPECT_EQ(at(flip, 61, 8), 0.0f);
    EXPECT_FLOAT_EQ(float(flip.max), *std::max_element(flip.errorMap.begin(), flip.errorMap.end()));
    EXPECT_GT(flip.weightedMedian, flip.mean);  // the weighted median follows the visible error
}

TEST(Flip, DifferentSizesGiveNoResult) {
    EXPECT_FALSE(morph::computeFlip(filled(8, 8, 0, 0, 0), filled(8, 9, 0, 0, 0)).valid());
    EXPECT_FALSE(morph::computeFlip(morph::RgbaImage{}, morph::RgbaImage{}).valid());
}

TEST(Flip, HeatMapIsMagmaFromBlackToPaleYellow) {
    morph::FlipResult flip;
    flip.width = 2;
    flip.height = 1;
    flip.errorMap = {0.0f, 1.0f};
    const morph::RgbaImage heat = morph::flipHeatMap(flip);
    ASSERT_TRUE(heat.valid());
    EXPECT_EQ(heat.pixels, (std::vector<uint8_t>{0, 0, 4, 255, 252, 253, 191, 255}));
}

// The means, weighted medians and maxima of NVIDIA's reference (github.com/NVlabs/flip, v1.6,
// commit 1eb247c), its C++ CPU tool built with `g++ -O2 -std=c++17 -fopenmp` from
// src/cpp/tool/FLIP-tool.cpp and run as `flip -r A.png -t B.png -v 2` (LDR-FLIP, its default
// 67 pixels per degree). The pairs are 256x256 captures of assets/face.glb and the avatars'
// RPM_VisageMale/male.glb (`morphview capture MODEL --size 256x256` with the named weights,
// camera, tone mapping or environment; see tests/fixtures/flip/README.md).
struct ReferencePair {
    const char* a;
    const char* b;
    double mean;
    double weightedMedian;
    double max;
};

constexpr ReferencePair kReferencePairs[] = {
    {"face_neutral.png", "face_jaw30.png", 0.011360, 0.256110, 0.766865},
    {"face_jaw30.png", "face_jaw35.png", 0.003578, 0.074843, 0.407536},
    {"face_orbit20.png", "face_orbit20_1.png", 0.002555, 0.017278, 0.138034},
    {"face_neutral.png", "face_aces.png", 0.074680, 0.350563, 0.429521},
    {"male_neutral.png", "male_jaw40.png", 0.022713, 0.473296, 0.962206},
    {"male_neutral.png", "male_rig.png", 0.088266, 0.189501, 0.790819},
};

TEST(Flip, AgreesWithTheReferenceWithinOnePercent) {
    for (const ReferencePair& pair : kReferencePairs) {
        SCOPED_TRACE(std::string(pair.a) + " vs " + pair.b);
        const morph::FlipResult flip = morph::computeFlip(readFixture(pair.a), readFixture(pair.b));
        ASSERT_TRUE(flip.valid());
        EXPECT_NEAR(flip.mean, pair.mean, 0.01 * pair.mean);
        EXPECT_NEAR(flip.weightedMedian, pair.weightedMedian, 0.01 * pair.weightedMedian);
        EXPECT_NEAR(flip.max, pair.max, 0.01 * pair.max);
    }
}

}  // namespace flip_test
