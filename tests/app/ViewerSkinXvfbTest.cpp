// The real viewer plays the skinned character: under Xvfb, `morphview
// assets/character.glb --animation wave --time T --screenshot-after N --out FILE.png` at two
// times of the clip. The 3D view must show the figure and must change between the two times
// (the clip moves joints, so a viewer that drew the bind pose, or ignored node animation, would
// give the same picture).
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/Golden.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"

namespace viewer_skin_xvfb_test {

namespace {

namespace fs = std::filesystem;

const std::string kCharacter = std::string(MORPHVIEW_SOURCE_DIR) + "/assets/character.glb";

// The character at `time` of its wave, in a 1024x700 window on a private 1280x800x24 Xvfb (an
// empty image, after a failure, when the run failed).
morph::RgbaImage screenshotAt(const std::string& time, const std::string& dir) {
    const fixtures::ViewerRun viewer{
        dir, kCharacter, "1024x700", "1280x800", {"--animation", "wave", "--time", time}};
    return viewer.screenshot(4, "wave_" + time + ".png").value_or(morph::RgbaImage{});
}

constexpr fixtures::PixelRect kView = fixtures::kViewIn1024x700;

TEST(ViewerSkinXvfbTest, PlaysTheSkinnedCharactersClip) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::scratchDir("ViewerSkinXvfbTest");
    const morph::RgbaImage start = screenshotAt("0", dir);
    const morph::RgbaImage waving = screenshotAt("0.6", dir);
    ASSERT_EQ(start.width, 1024);
    ASSERT_EQ(waving.width, 1024);
    // A slim figure covers a few percent of the view; an empty or blank view covers none.
    EXPECT_GT(fixtures::modelShare(start, kView), 0.02);
    EXPECT_GT(fixtures::modelShare(waving, kView), 0.02);
    size_t differing = 0, total = 0;
    for (int y = kView.y0; y < kView.y1; ++y) {
        for (int x = kView.x0; x < kView.x1; ++x, ++total) {
            const size_t i = (size_t(y) * 1024 + size_t(x)) * 4;
            for (int c = 0; c < 3; ++c) {
                if (std::abs(int(start.pixels[i + size_t(c)]) - int(waving.pixels[i + size_t(c)])) >
                    24) {
                    ++differing;
                    break;
                }
            }
        }
    }
    // The raised, waving arm (and the reframed view) change far more than 1% of the view.
    EXPECT_GT(double(differing) / double(total), 0.01);
}

}  // namespace

}  // namespace viewer_skin_xvfb_test
