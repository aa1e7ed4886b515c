// The viewer's material variants under Xvfb: --variant NAME opens on that
// variant, View > Variant (shown only for a file with variants, "Default" first) switches it
// through the real menu, and an unknown --variant is an error listing the file's variants.
// Fixture: tests/fixtures/VariantFixtures.h (the left cube grey by default, red in "Red", blue
// in "Blue"; the right cube always green).
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "fixtures/VariantFixtures.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"

namespace variants_viewer_xvfb_test {

namespace {

using testing::HasSubstr;

// Pixels of the 3D view (right of the weight panel, above the timeline) where channel c beats
// both others by 40 levels: a lit cube of that colour.
int colourPixels(const morph::RgbaImage& image, int c) {
    int n = 0;
    for (int y = 40; y < std::min(image.height, 600); ++y) {
        for (int x = 420; x < std::min(image.width, 1010); ++x) {
            const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
            n += p[c] > p[(c + 1) % 3] + 40 && p[c] > p[(c + 2) % 3] + 40;
        }
    }
    return n;
}

std::string writeVariants(const std::string& dir) {
    const std::vector<uint8_t> bytes = fixtures::variantsFixture();
    const std::string path = dir + "/variants.glb";
    EXPECT_TRUE(morph::writeFileAtomic(path, bytes.data(), bytes.size()).ok());
    return path;
}

TEST(VariantsViewerXvfbTest, StartsOnTheVariantAsked) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    const auto run =
        fixtures::runMorphviewUnderXvfb({model, "--window-size", "1024x700", "--variant", "Blue",
                                         "--screenshot-after", "3", "--out", dir + "/blue.png"},
                                        "1280x800");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    auto image = morph::readImageFile(dir + "/blue.png");
    ASSERT_TRUE(image.ok()) << image.error().message;
    EXPECT_GT(colourPixels(*image, 2), 1000);  // the left cube in "Blue"
    EXPECT_GT(colourPixels(*image, 1), 1000);  // the right cube stays green
    EXPECT_EQ(colourPixels(*image, 0), 0);

    const auto bad = fixtures::runMorphviewUnderXvfb(
        {model, "--variant", "Gold", "--screenshot-after", "1", "--out", dir + "/x.png"},
        "1280x800");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr("--variant Gold: " + model +
                                   " has no such variant; its variants: \"Red\", \"Blue\""));
}

// The menu through the real UI (a script): Default, then Red, then Blue, then Default again.
TEST(VariantsViewerXvfbTest, MenuSwitchesTheVariant) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    std::string script = "wait 2\nscreenshot default.png\n";
    const char* items[] = {"variant:0", "variant:1", "variant:default"};
    for (int i = 0; i < 3; ++i) {
        script += std::string("click \"View\"\nclick \"Variant\"\nclick \"") + items[i] +
                  "\"\nwait 2\nexpect-no-error\nscreenshot shot" + std::to_string(i) + ".png\n";
    }
    script += "quit\n";
    std::ofstream(dir + "/s.txt") << script;
    const auto run = fixtures::runMorphviewUnderXvfb(
        // Tall enough that the whole View menu fits (no scrolling to its last items).
        {model, "--window-size", "1024x1000", "--script", dir + "/s.txt"}, "1280x1024");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    auto base = morph::readImageFile(dir + "/default.png");
    auto red = morph::readImageFile(dir + "/shot0.png");
    auto blue = morph::readImageFile(dir + "/shot1.png");
    auto back = morph::readImageFile(dir + "/shot2.png");
    ASSERT_TRUE(base.ok() && red.ok() && blue.ok() && back.ok());
    EXPECT_EQ(colourPixels(*base, 0), 0);  // grey and green
    EXPECT_EQ(colourPixels(*base, 2), 0);
    EXPECT_GT(colourPixels(*base, 1), 1000);
    EXPECT_GT(colourPixels(*red, 0), 1000);
    EXPECT_EQ(colourPixels(*red, 2), 0);
    EXPECT_GT(colourPixels(*blue, 2), 1000);
    EXPECT_EQ(colourPixels(*blue, 0), 0);
    EXPECT_EQ(colourPixels(*back, 0), 0);
    EXPECT_EQ(colourPixels(*back, 2), 0);
    for (const auto* image : {&*red, &*blue, &*back}) {
        EXPECT_EQ(colourPixels(*image, 1), colourPixels(*base, 1));  // green never changes
    }
}

// A file without variants has no Variant menu.
TEST(VariantsViewerXvfbTest, NoMenuWithoutVariants) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::vector<uint8_t> bytes = fixtures::variantsFixture(nullptr, nullptr);
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/plain.glb", bytes.data(), bytes.size()).ok());
    std::ofstream(dir + "/s.txt") << "wait 2\nclick \"View\"\nclick \"Variant\"\nquit\n";
    const auto run = fixtures::runMorphviewUnderXvfb(
        {dir + "/plain.glb", "--window-size", "1024x1000", "--script", dir + "/s.txt"},
        "1280x1024");
    EXPECT_NE(run.exitCode, 0);
    EXPECT_THAT(run.err, HasSubstr("no widget \"Variant\" was drawn"));
}

}  // namespace

}  // namespace variants_viewer_xvfb_test
