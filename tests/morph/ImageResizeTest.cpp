// CPU downscaling for textures over GL_MAX_TEXTURE_SIZE: factor, sizes, box-filter averages.
#include <gtest/gtest.h>

#include "morph/image/ImageResize.h"

namespace {

TEST(ImageResize, FactorIsTheSmallestThatFits) {
    EXPECT_EQ(morph::downscaleFactor(16, 16, 16), 1u);
    EXPECT_EQ(morph::downscaleFactor(17, 3, 16), 2u);
    EXPECT_EQ(morph::downscaleFactor(3, 40, 16), 3u);
    EXPECT_EQ(morph::downscaleFactor(1 << 30, 1, 16384), 65536u);
    EXPECT_EQ(morph::downscaleFactor(0, 10, 4), 1u);
}

TEST(ImageResize, AveragesEachBlockAndClipsTheEdges) {
    morph::Image image;
    image.width = 3;
    image.height = 1;
    image.rgba = {0, 0, 0, 255, 100, 50, 2, 255, 30, 60, 90, 0};
    const morph::Image out = morph::downscaleToFit(image, 2);  // factor 2: 2 x 1
    ASSERT_EQ(out.width, 2);
    ASSERT_EQ(out.height, 1);
    const std::vector<uint8_t> expected = {50, 25, 1, 255, 30, 60, 90, 0};
    EXPECT_EQ(out.rgba, expected);
}

TEST(ImageResize, ImagesThatFitOrAreBrokenComeBackUnchanged) {
    morph::Image image;
    image.width = 4;
    image.height = 4;
    image.rgba.assign(64, 7);
    EXPECT_EQ(morph::downscaleToFit(image, 4).rgba, image.rgba);
    image.rgba.resize(10);  // does not match 4 x 4
    EXPECT_EQ(morph::downscaleToFit(image, 2).width, 4);
}

}  // namespace
