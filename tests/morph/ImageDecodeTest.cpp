// JPEG decoding with libjpeg-turbo (morph/decode/ImageDecode): a file from another encoder
// (stb_image_write) decodes to its pixels within the format's loss, alpha opaque; the memory
// limit is checked on the header; corrupt and cut-off files fail or decode as far as they go,
// and never crash.
#include <cstdlib>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "fixtures/ImageFixtures.h"
#include "morph/decode/ImageDecode.h"

namespace image_decode_test {

namespace {

using morph::ErrorCode;
using testing::HasSubstr;
using testing::StartsWith;

// A smooth 64 x 48 gradient (JPEG's 8 x 8 blocks keep it within a few codes at quality 95).
morph::RgbaImage gradient() {
    morph::RgbaImage image;
    image.width = 64;
    image.height = 48;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            image.pixels.insert(image.pixels.end(),
                                {uint8_t(x * 4), uint8_t(y * 5), uint8_t(128 + x - y), 255});
        }
    }
    return image;
}

TEST(ImageDecode, JpegDecodesToItsPixelsWithinTheFormatsLoss) {
    const morph::RgbaImage image = gradient();
    const fixtures::Bytes jpeg = fixtures::encodeJpegBytes(image, 95);
    ASSERT_FALSE(jpeg.empty());
    EXPECT_TRUE(morph::looksLikeJpeg(jpeg.data(), jpeg.size()));
    auto decoded = morph::decodeImage(jpeg.data(), jpeg.size(), 1 << 20, "image/jpeg");
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    ASSERT_EQ(decoded->width, image.width);
    ASSERT_EQ(decoded->height, image.height);
    ASSERT_EQ(decoded->rgba.size(), image.pixels.size());
    int worst = 0;
    for (size_t i = 0; i < image.pixels.size(); ++i) {
        if (i % 4 == 3) {
            EXPECT_EQ(decoded->rgba[i], 255) << "alpha at " << i / 4;
            continue;
        }
        worst = std::max(worst, std::abs(int(decoded->rgba[i]) - int(image.pixels[i])));
    }
    EXPECT_LE(worst, 8);
}

TEST(ImageDecode, JpegPastTheLimitIsRefusedOnItsHeader) {
    const fixtures::Bytes jpeg = fixtures::encodeJpegBytes(gradient(), 90);
    auto refused = morph::decodeImage(jpeg.data(), jpeg.size(), 64 * 48 * 4 - 1);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Limit);
    EXPECT_EQ(refused.error().message, "image of 64x48 is past the memory limit");
    EXPECT_TRUE(morph::decodeImage(jpeg.data(), jpeg.size(), 64 * 48 * 4).ok());
}

TEST(ImageDecode, BrokenJpegsFailWithTheReasonOrDecodeWhatIsThere) {
    const fixtures::Bytes jpeg = fixtures::encodeJpegBytes(gradient(), 90);
    // The start of a JPEG and nothing else: no header to read.
    const fixtures::Bytes start(jpeg.begin(), jpeg.begin() + 4);
    auto noHeader = morph::decodeImage(start.data(), start.size(), 1 << 20);
    ASSERT_FALSE(noHeader.ok());
    EXPECT_EQ(noHeader.error().code, ErrorCode::Decode);
    EXPECT_THAT(noHeader.error().message, StartsWith("not a decodable image ("));
    // Cut off in the scan: libjpeg fills the rest (a warning, not printed), as browsers show it.
    const fixtures::Bytes cut(jpeg.begin(), jpeg.begin() + jpeg.size() * 2 / 3);
    auto partial = morph::decodeImage(cut.data(), cut.size(), 1 << 20);
    ASSERT_TRUE(partial.ok()) << partial.error().message;
    EXPECT_EQ(partial->width, 64);
    // A corrupt frame header (a zero height): an error, not a crash.
    fixtures::Bytes corrupt = jpeg;
    for (size_t i = 2; i + 8 < corrupt.size(); ++i) {
        if (corrupt[i] == 0xFF && corrupt[i + 1] == 0xC0) {  // SOF0: length, precision, height
            corrupt[i + 5] = 0;
            corrupt[i + 6] = 0;
            break;
        }
    }
    auto bad = morph::decodeImage(corrupt.data(), corrupt.size(), 1 << 20);
    ASSERT_FALSE(bad.ok());
    EXPECT_THAT(bad.error().message, HasSubstr("not a decodable image"));
}

}  // namespace

}  // namespace image_decode_test
