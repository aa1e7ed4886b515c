// Radiance .hdr files (morph/image/HdrImage.h): what we write reads back to RGBE's precision,
// and what is not a Radiance file, or is too large, is one clear error.
#include <cmath>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "morph/image/HdrImage.h"

namespace hdr_image_test {

namespace {

TEST(HdrImageTest, WrittenFilesReadBack) {
    morph::FloatImage image;
    image.width = 5;
    image.height = 3;
    for (int i = 0; i < 15; ++i) {
        image.rgb.insert(image.rgb.end(), {0.001f * float(i + 1), 1.0f, 1000.0f / float(i + 1)});
    }
    const std::string path = fixtures::caseScratchDir() + "/x.hdr";
    ASSERT_TRUE(morph::writeHdrFile(path, image).ok());
    auto back = morph::readHdrFile(path, 1 << 20);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->width, 5);
    EXPECT_EQ(back->height, 3);
    ASSERT_EQ(back->rgb.size(), image.rgb.size());
    for (size_t i = 0; i < image.rgb.size(); i += 3) {
        // RGBE shares one exponent a pixel: each channel to 1/256 of the largest.
        const float largest = std::max({image.rgb[i], image.rgb[i + 1], image.rgb[i + 2]});
        for (size_t c = 0; c < 3; ++c) {
            EXPECT_NEAR(back->rgb[i + c], image.rgb[i + c], largest / 128) << i;
        }
    }
}

TEST(HdrImageTest, OtherFilesAreOneClearError) {
    const std::string dir = fixtures::caseScratchDir();
    auto missing = morph::readHdrFile(dir + "/none.hdr", 1 << 20);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message,
              dir + "/none.hdr: cannot read (no such file or no permission)");

    std::ofstream(dir + "/text.hdr") << "hello";
    auto text = morph::readHdrFile(dir + "/text.hdr", 1 << 20);
    ASSERT_FALSE(text.ok());
    EXPECT_NE(text.error().message.find("text.hdr: not a Radiance .hdr image"), std::string::npos)
        << text.error().message;

    // A real header that declares more pixels than the cap allows.
    std::ofstream(dir + "/huge.hdr") << "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 30000 +X 30000\n";
    auto huge = morph::readHdrFile(dir + "/huge.hdr", 1 << 20);
    ASSERT_FALSE(huge.ok());
    EXPECT_NE(huge.error().message.find("30000x30000 is over the 1 MiB image limit"),
              std::string::npos)
        << huge.error().message;

    morph::FloatImage empty;
    EXPECT_FALSE(morph::writeHdrFile(dir + "/empty.hdr", empty).ok());
}

}  // namespace

}  // namespace hdr_image_test
