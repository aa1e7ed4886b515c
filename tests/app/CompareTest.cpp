// `morphview compare`: exit codes (0 within tolerance, 1 beyond, 2 usage, 3 unreadable), the one
// summary line, the tolerance options and the diff image, on images written here with known
// differences.
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"

namespace compare_test {

namespace {

morph::RgbaImage gradient(int width, int height) {
    morph::RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.resize(size_t(width) * height * 4);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            uint8_t* p = &image.pixels[(size_t(y) * width + x) * 4];
            p[0] = uint8_t(x * 255 / std::max(width - 1, 1));
            p[1] = uint8_t(y * 255 / std::max(height - 1, 1));
            p[2] = 90;
            p[3] = 255;
        }
    }
    return image;
}

std::string write(const std::string& dir, const std::string& name, const morph::RgbaImage& image) {
    const std::string path = dir + "/" + name;
    EXPECT_TRUE(morph::writePngFile(path, image).ok()) << path;
    return path;
}

size_t lines(const std::string& text) {
    return size_t(std::count(text.begin(), text.end(), '\n'));
}

// `compare DIR/a.png DIR/b.png` and `more`, with `a` and `b` written there first.
fixtures::RunOutcome compare(const std::string& dir, const morph::RgbaImage& a,
                             const morph::RgbaImage& b, const std::vector<std::string>& more = {}) {
    std::vector<std::string> args = {"compare", write(dir, "a.png", a), write(dir, "b.png", b)};
    args.insert(args.end(), more.begin(), more.end());
    return fixtures::runMorphview(args);
}

// `text` holds each of `parts`.
void expectHas(const std::string& text, const std::vector<std::string>& parts) {
    for (const std::string& part : parts) EXPECT_NE(text.find(part), std::string::npos) << text;
}

TEST(CompareTest, IdenticalImagesMatch) {
    const std::string dir = fixtures::caseScratchDir();
    const auto run = compare(dir, gradient(64, 64), gradient(64, 64));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(lines(run.out), 1u) << run.out;
    expectHas(run.out,
              {"0 of 4096 pixels", "largest difference 0/255", "PSNR inf", "within tolerance"});
}

TEST(CompareTest, SmallChannelDifferencesAreWithinTheDefaultTolerance) {
    const std::string dir = fixtures::caseScratchDir();
    morph::RgbaImage shifted = gradient(64, 64);
    for (size_t i = 0; i < shifted.pixels.size(); i += 4) shifted.pixels[i + 2] += 5;  // 5/255
    const auto run = compare(dir, gradient(64, 64), shifted);
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("largest difference 5/255"), std::string::npos) << run.out;
    // The same images fail a stricter channel tolerance: every pixel then differs.
    const auto strict = fixtures::runMorphview(
        {"compare", dir + "/a.png", dir + "/b.png", "--max-channel-diff", "4"});
    EXPECT_EQ(strict.exitCode, 1) << strict.out << strict.err;
    expectHas(strict.out, {"4096 of 4096 pixels (100.00%)", "beyond tolerance"});
}

TEST(CompareTest, FewDifferingPixelsAreWithinTheDefaultFraction) {
    const std::string dir = fixtures::caseScratchDir();
    morph::RgbaImage changed = gradient(100, 100);
    changed.pixels[(50 * 100 + 50) * 4 + 1] ^= 0x80;  // 1 of 10,000 pixels: 0.01% <= 0.1%
    const auto run = compare(dir, gradient(100, 100), changed);
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    expectHas(run.out, {"1 of 10000 pixels (0.01%)", "largest difference 128/255"});

    const auto strict = fixtures::runMorphview(
        {"compare", dir + "/a.png", dir + "/b.png", "--max-differing-fraction", "0"});
    EXPECT_EQ(strict.exitCode, 1) << strict.out;
    EXPECT_NE(strict.out.find("allowed 0.00%"), std::string::npos) << strict.out;
}

TEST(CompareTest, ManyDifferingPixelsAreBeyondTolerance) {
    const std::string dir = fixtures::caseScratchDir();
    morph::RgbaImage changed = gradient(64, 64);
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 64; ++x) changed.pixels[(size_t(y) * 64 + x) * 4] = 0;
    }
    const auto run = compare(dir, gradient(64, 64), changed);
    EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
    EXPECT_EQ(lines(run.out), 1u) << run.out;
    expectHas(run.out, {"beyond tolerance", "largest difference 255/255", "PSNR "});
    EXPECT_EQ(run.out.find("PSNR inf"), std::string::npos) << run.out;
}

TEST(CompareTest, SizeMismatchIsBeyondToleranceWithExitOne) {
    const std::string dir = fixtures::caseScratchDir();
    const auto run = compare(dir, gradient(4, 4), gradient(8, 4));
    EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
    EXPECT_NE(run.out.find("sizes differ (4x4 vs 8x4): beyond tolerance"), std::string::npos)
        << run.out;
}

// 3, not 2: regress's codes, where 2 is a usage error only, so a pipeline tells a
// missing image from a bad command line.
TEST(CompareTest, UnreadableInputExitsThree) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string a = write(dir, "a.png", gradient(8, 8));
    const auto missing = fixtures::runMorphview({"compare", a, dir + "/missing.png"});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_NE(missing.err.find("missing.png: cannot read"), std::string::npos) << missing.err;
    EXPECT_TRUE(missing.out.empty()) << missing.out;

    const std::string text = dir + "/text.png";
    std::ofstream(text) << "not a png";
    const auto garbage = fixtures::runMorphview({"compare", text, a});
    EXPECT_EQ(garbage.exitCode, 3);
    EXPECT_NE(garbage.err.find("text.png: "), std::string::npos) << garbage.err;
    EXPECT_EQ(lines(garbage.err), 1u) << garbage.err;
}

TEST(CompareTest, BadOptionsAreUsageErrors) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string a = write(dir, "a.png", gradient(8, 8));
    EXPECT_EQ(fixtures::runMorphview({"compare", a}).exitCode, 2);
    EXPECT_EQ(fixtures::runMorphview({"compare", a, a, "--max-channel-diff", "300"}).exitCode, 2);
    EXPECT_EQ(fixtures::runMorphview({"compare", a, a, "--max-differing-fraction", "2"}).exitCode,
              2);
    EXPECT_EQ(fixtures::runMorphview({"compare", a, a, "--max-channel-diff", "x"}).exitCode, 2);
}

TEST(CompareTest, DiffImageMarksWhatChanged) {
    const std::string dir = fixtures::caseScratchDir();
    morph::RgbaImage changed = gradient(32, 32);
    changed.pixels[(3 * 32 + 4) * 4 + 0] ^= 0xff;  // far beyond the tolerance
    changed.pixels[(10 * 32 + 20) * 4 + 2] += 2;   // within it
    const std::string diff = dir + "/diff.png";
    const auto run = compare(dir, gradient(32, 32), changed, {"--diff-out", diff});
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    auto image = morph::readImageFile(diff);
    ASSERT_TRUE(image.ok()) << image.error().message;
    ASSERT_EQ(image->width, 32);
    ASSERT_EQ(image->height, 32);
    auto pixel = [&](int x, int y) { return &image->pixels[(size_t(y) * 32 + x) * 4]; };
    EXPECT_EQ(pixel(4, 3)[0], 255);  // red at full strength
    EXPECT_EQ(pixel(4, 3)[1], 0);
    EXPECT_GT(pixel(20, 10)[1], 100);  // yellow: within tolerance but not identical
    const uint8_t* same = pixel(0, 31);
    EXPECT_EQ(same[0], same[1]);  // unchanged pixels are gray
    EXPECT_EQ(same[1], same[2]);
}

TEST(CompareTest, SummaryLineAndPsnrByHand) {
    // Not through the binary: the numbers themselves. One channel of one pixel of a 2x2 image
    // off by 255: MSE = 255^2 / 16, PSNR = 10 log10(16) = 12.04 dB.
    morph::RgbaImage a = gradient(2, 2), b = a;
    ASSERT_EQ(a.pixels[0], 0);
    b.pixels[0] = 255;
    const morph::ImageDifference d = morph::compareImages(a, b);
    EXPECT_EQ(d.differingPixels, 1u);
    EXPECT_EQ(d.totalPixels, 4u);
    EXPECT_EQ(d.largestDifference, 255);
    EXPECT_NEAR(d.psnr, 12.0412, 1e-3);
    EXPECT_FALSE(d.withinTolerance);  // 25% of the pixels
    EXPECT_EQ(morph::summaryLine(d, a, b),
              "1 of 4 pixels (25.00%) differ by more than 5/255 (allowed 0.10%); largest "
              "difference 255/255; PSNR 12.04 dB: beyond tolerance");
}

}  // namespace

}  // namespace compare_test
