// CPU downscaling for textures over GL_MAX_TEXTURE_SIZE: factor, sizes, box-filter averages; and
// the CPU mipmap chain: GL's level sizes, 2 x 2 averages, sRGB averaged as linear light.
#include <gtest/gtest.h>

#include "morph/image/ImageResize.h"

namespace image_resize_test {

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

morph::Image solid(int width, int height, std::vector<uint8_t> texel) {
    morph::Image image;
    image.width = width;
    image.height = height;
    for (int i = 0; i < width * height; ++i)
        image.rgba.insert(image.rgba.end(), texel.begin(), texel.end());
    return image;
}

TEST(MipLevels, SizesFollowGlDownToOneByOne) {
    const std::vector<morph::Image> levels = morph::mipLevels(solid(13, 4, {9, 9, 9, 9}), false);
    const std::vector<std::pair<int, int>> expected = {{6, 2}, {3, 1}, {1, 1}};
    ASSERT_EQ(levels.size(), expected.size());
    for (size_t i = 0; i < levels.size(); ++i) {
        EXPECT_EQ(levels[i].width, expected[i].first) << i;
        EXPECT_EQ(levels[i].height, expected[i].second) << i;
        EXPECT_EQ(levels[i].rgba,
                  std::vector<uint8_t>(size_t(levels[i].width * levels[i].height * 4), 9))
            << i;
    }
    EXPECT_TRUE(morph::mipLevels(solid(1, 1, {1, 2, 3, 4}), true).empty());
    morph::Image broken = solid(4, 4, {0, 0, 0, 0});
    broken.rgba.resize(3);
    EXPECT_TRUE(morph::mipLevels(broken, false).empty());
}

TEST(MipLevels, AveragesTwoByTwoBlocks) {
    morph::Image image;
    image.width = 2;
    image.height = 2;
    image.rgba = {0, 10, 255, 0, 100, 20, 255, 255, 50, 30, 0, 255, 51, 41, 0, 255};
    const std::vector<morph::Image> levels = morph::mipLevels(image, false);
    ASSERT_EQ(levels.size(), 1u);
    // (0 + 100 + 50 + 51) / 4 = 50.25, (10 + 20 + 30 + 41) / 4 = 25.25, 127.5 rounds up.
    const std::vector<uint8_t> expected = {50, 25, 128, 191};
    EXPECT_EQ(levels[0].rgba, expected);
}

TEST(MipLevels, SrgbAveragesLinearLightAndKeepsAlphaAsStored) {
    // Black and white side by side: half the light is sRGB code 188 (linear 0.5 -> 0.7354),
    // where averaging the codes would give 128. Alpha 0 and 255 average to 128 either way.
    morph::Image image;
    image.width = 2;
    image.height = 1;
    image.rgba = {0, 0, 0, 0, 255, 255, 255, 255};
    const std::vector<morph::Image> srgb = morph::mipLevels(image, true);
    ASSERT_EQ(srgb.size(), 1u);
    EXPECT_EQ(srgb[0].rgba, (std::vector<uint8_t>{188, 188, 188, 128}));
    EXPECT_EQ(morph::mipLevels(image, false)[0].rgba, (std::vector<uint8_t>{128, 128, 128, 128}));
    // Every code averaged with itself comes back unchanged through the tables.
    morph::Image pairs;  // each code twice in a row, so each 2 x 2 block holds one code
    pairs.width = 512;
    pairs.height = 2;
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 512; ++x)
            pairs.rgba.insert(pairs.rgba.end(), {uint8_t(x / 2), 0, 0, 255});
    const std::vector<morph::Image> same = morph::mipLevels(pairs, true);
    for (int x = 0; x < 256; ++x) EXPECT_EQ(same[0].rgba[size_t(x) * 4], x) << x;
}

}  // namespace

}  // namespace image_resize_test
