// The viewer's material variants under Xvfb: --variant NAME opens on that
// variant, View > Variant (shown only for a file with variants, "Default" first) switches it
// through the real menu, and an unknown --variant is an error listing the file's variants.
// Fixture: tests/fixtures/VariantFixtures.h (the left cube grey by default, red in "Red", blue
// in "Blue"; the right cube always green).
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "fixtures/VariantFixtures.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"

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
    return fixtures::writeFixture(dir, "variants.glb", fixtures::variantsFixture());
}

TEST(VariantsViewerXvfbTest, StartsOnTheVariantAsked) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    fixtures::ViewerRun viewer{dir, model, "1024x700", "1280x800", {"--variant", "Blue"}};
    auto image = viewer.screenshot(3, "blue.png");
    ASSERT_TRUE(image);
    EXPECT_GT(colourPixels(*image, 2), 1000);  // the left cube in "Blue"
    EXPECT_GT(colourPixels(*image, 1), 1000);  // the right cube stays green
    EXPECT_EQ(colourPixels(*image, 0), 0);

    viewer.window.clear();
    viewer.args = {"--variant", "Gold", "--screenshot-after", "1", "--out", dir + "/x.png"};
    const auto bad = viewer.run();
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr("--variant Gold: " + model +
                                   " has no such variant; its variants: \"Red\", \"Blue\""));
}

// The menu through the real UI (a script): Default, then Red, then Blue, then Default again.
TEST(VariantsViewerXvfbTest, MenuSwitchesTheVariant) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    // Tall enough that the whole View menu fits (no scrolling to its last items).
    fixtures::ViewerRun viewer{dir, model, "1024x1000", "1280x1024"};
    viewer.script = "wait 2\nscreenshot default.png\n";
    const char* items[] = {"variant:0", "variant:1", "variant:default"};
    for (int i = 0; i < 3; ++i) {
        viewer.script += std::string("click \"View\"\nclick \"Variant\"\nclick \"") + items[i] +
                         "\"\nwait 2\nexpect-no-error\nscreenshot shot" + std::to_string(i) +
                         ".png\n";
    }
    viewer.script += "quit\n";
    const auto shots = viewer.runForShots({"default.png", "shot0.png", "shot1.png", "shot2.png"});
    ASSERT_TRUE(shots);
    const morph::RgbaImage& base = (*shots)[0];
    const morph::RgbaImage& red = (*shots)[1];
    const morph::RgbaImage& blue = (*shots)[2];
    const morph::RgbaImage& back = (*shots)[3];
    EXPECT_EQ(colourPixels(base, 0), 0);  // grey and green
    EXPECT_EQ(colourPixels(base, 2), 0);
    EXPECT_GT(colourPixels(base, 1), 1000);
    EXPECT_GT(colourPixels(red, 0), 1000);
    EXPECT_EQ(colourPixels(red, 2), 0);
    EXPECT_GT(colourPixels(blue, 2), 1000);
    EXPECT_EQ(colourPixels(blue, 0), 0);
    EXPECT_EQ(colourPixels(back, 0), 0);
    EXPECT_EQ(colourPixels(back, 2), 0);
    for (const auto* image : {&red, &blue, &back}) {
        EXPECT_EQ(colourPixels(*image, 1), colourPixels(base, 1));  // green never changes
    }
}

// A file without variants has no Variant menu.
TEST(VariantsViewerXvfbTest, NoMenuWithoutVariants) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string plain =
        fixtures::writeFixture(dir, "plain.glb", fixtures::variantsFixture(nullptr, nullptr));
    fixtures::ViewerRun viewer{dir, plain, "1024x1000", "1280x1024"};
    viewer.script = "wait 2\nclick \"View\"\nclick \"Variant\"\nquit\n";
    const auto run = viewer.run();
    EXPECT_NE(run.exitCode, 0);
    EXPECT_THAT(run.err, HasSubstr("no widget \"Variant\" was drawn"));
}

}  // namespace

}  // namespace variants_viewer_xvfb_test
