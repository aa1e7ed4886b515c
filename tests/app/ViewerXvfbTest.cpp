// The interactive viewer, run for real under Xvfb (Mesa llvmpipe gives GLX 4.5 core there):
// `morphview MODEL --window-size WxH --screenshot-after N --out FILE.png` opens the window, draws
// N frames with the UI and saves the whole window. The picture is checked for its size, for not
// being blank, for the UI (menu bar and weight panel colours where the layout puts them) and for
// the model in the 3D view. Xvfb missing fails the tests.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"

namespace viewer_xvfb_test {

namespace {

namespace fs = std::filesystem;

// The theme's colours (ViewerPanels.cpp applyViewerTheme) and the 3D background (#2e3036).
struct Rgb {
    int r, g, b;
};
constexpr Rgb kMenuBar{22, 23, 26};
constexpr Rgb kPanel{27, 28, 31};  // WindowBg at 97% over the 3D background: within 1 of this
constexpr Rgb kBackground{46, 48, 54};

// The face in a 1024x700 window on a private 1280x800x24 Xvfb.
fixtures::ViewerRun faceViewer(const std::string& dir) {
    return {dir, fixtures::bundledFace(), "1024x700", "1280x800"};
}

Rgb pixel(const morph::RgbaImage& image, int x, int y) {
    const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
}

bool near(const Rgb& a, const Rgb& b, int tolerance) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance &&
           std::abs(a.b - b.b) <= tolerance;
}

// The share of pixels of a rectangle within `tolerance` of `color`.
double share(const morph::RgbaImage& image, int x0, int y0, int x1, int y1, const Rgb& color,
             int tolerance) {
    size_t hits = 0, total = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x, ++total) hits += near(pixel(image, x, y), color, tolerance);
    }
    return total ? double(hits) / double(total) : 0.0;
}

TEST(ViewerXvfbTest, SavesTheWindowWithUiAndFace) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    auto image = faceViewer(fixtures::caseScratchDir()).screenshot(5, "viewer.png");
    ASSERT_TRUE(image);
    ASSERT_EQ(image->width, 1024);
    ASSERT_EQ(image->height, 700);

    // Not blank: the luminance varies (text, sliders, a shaded face).
    double sum = 0, sumSq = 0;
    const size_t count = size_t(image->width) * size_t(image->height);
    for (size_t i = 0; i < count; ++i) {
        const double l = 0.299 * image->pixels[i * 4] + 0.587 * image->pixels[i * 4 + 1] +
                         0.114 * image->pixels[i * 4 + 2];
        sum += l;
        sumSq += l * l;
    }
    const double variance = sumSq / double(count) - (sum / double(count)) * (sum / double(count));
    EXPECT_GT(variance, 50.0) << "the window looks blank";

    // The menu bar runs along the top: its colour fills most of a strip right of the menus
    // (the menu titles and the file name are text on it, hence not all of it).
    EXPECT_GT(share(*image, 300, 2, 700, 8, kMenuBar, 2), 0.9) << "no menu bar";
    // The weight panel on the left: its background fills the strip along its left edge below
    // the tab bar (rows start past the window padding), well apart from the 3D background.
    EXPECT_GT(share(*image, 1, 120, 6, 400, kPanel, 3), 0.9) << "no weight panel";
    // The timeline along the bottom, left of its curve canvas' rounded corner.
    EXPECT_GT(share(*image, 1, 690, 6, 699, kPanel, 3), 0.9) << "no timeline panel";
    // The 3D view: background in its right part (below the stats overlay), and the face in its
    // middle, which therefore is mostly not background.
    EXPECT_GT(share(*image, 960, 250, 1010, 300, kBackground, 2), 0.95) << "no 3D background";
    EXPECT_LT(share(*image, 670, 200, 770, 300, kBackground, 2), 0.2) << "no face in the view";
}

// The 3D view draws into its own target with its own anti-aliasing (--msaa, View >
// Anti-aliasing; off by default on llvmpipe): the same face with 4 samples has smoothed
// silhouettes, so the pictures differ along the edges only, and both show the face.
TEST(ViewerXvfbTest, TheViewsAntiAliasingIsItsOwn) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    morph::RgbaImage shots[2];
    const char* samples[2] = {"0", "4"};
    fixtures::ViewerRun viewer = faceViewer(dir);
    for (int i = 0; i < 2; ++i) {
        viewer.args = {"--msaa", samples[i]};
        auto image = viewer.screenshot(5, std::string("msaa") + samples[i] + ".png");
        ASSERT_TRUE(image);
        shots[i] = std::move(*image);
        EXPECT_LT(share(shots[i], 670, 200, 770, 300, kBackground, 2), 0.2) << samples[i];
    }
    size_t differing = 0;
    for (size_t i = 0; i < shots[0].pixels.size(); ++i)
        differing += shots[0].pixels[i] != shots[1].pixels[i];
    EXPECT_GT(differing, 100u) << "4 samples changed no edge";
    // Edges only: far less than the face's area (about 100,000 pixels at this size).
    EXPECT_LT(differing, 4u * 30000u);
    viewer.window.clear();
    viewer.args = {"--msaa", "3", "--screenshot-after", "1", "--out", dir + "/x.png"};
    const auto refused = viewer.run();
    EXPECT_EQ(refused.exitCode, 2) << refused.err;
}

// View > Lighting through the real menus (its radio buttons keep the menu open): the rig, then
// the studio again, each a different view of the face. A bad --environment is one message, and the
// studio lights the face instead.
TEST(ViewerXvfbTest, TheLightingMenuSwitchesTheLight) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    fixtures::ViewerRun viewer{dir, fixtures::bundledFace()};
    viewer.script = R"(wait 3
screenshot studio.png
click "View"
click "Lighting"
click "Three-light rig"
wait 3
screenshot rig.png
click "Studio environment"
wait 3
screenshot studio-again.png
)";
    const auto shots = viewer.runForShots({"studio.png", "rig.png", "studio-again.png"});
    ASSERT_TRUE(shots);
    const morph::RgbaImage& studio = (*shots)[0];
    const morph::RgbaImage& rig = (*shots)[1];
    const morph::RgbaImage& again = (*shots)[2];
    // The face's cheek region of the view (kViewIn1024x700's middle).
    auto region = [](const morph::RgbaImage& image) {
        std::vector<uint8_t> out;
        for (int y = 250; y < 350; ++y) {
            const uint8_t* row = &image.pixels[(size_t(y) * size_t(image.width) + 650) * 4];
            out.insert(out.end(), row, row + 100 * 4);
        }
        return out;
    };
    EXPECT_NE(region(studio), region(rig));
    EXPECT_EQ(region(studio), region(again));

    fixtures::ViewerRun missing = faceViewer(dir);
    missing.args = {"--environment", dir + "/missing.hdr"};
    auto fallback = missing.screenshot(3, "bad.png");
    ASSERT_TRUE(fallback);
    EXPECT_LT(share(*fallback, 670, 200, 770, 300, kBackground, 2), 0.2) << "no face in the view";
}

TEST(ViewerXvfbTest, ABrokenModelFailsWithItsNameInScreenshotMode) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string bad = dir + "/broken.glb";
    { std::ofstream(bad) << "not a glb"; }
    const auto run =
        fixtures::ViewerRun{
            dir, bad, "", "1280x800", {"--screenshot-after", "2", "--out", dir + "/x.png"}}
            .run();
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("broken.glb"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(dir + "/x.png"));
}

TEST(ViewerXvfbTest, ScreenshotOptionsComeInPairs) {
    // Usage errors are found before any window opens: no display needed.
    const auto noOut =
        fixtures::runMorphview({fixtures::bundledFace(), "--screenshot-after", "3"}, {"DISPLAY"});
    EXPECT_EQ(noOut.exitCode, 2) << noOut.err;
    const auto noCount =
        fixtures::runMorphview({fixtures::bundledFace(), "--out", "x.png"}, {"DISPLAY"});
    EXPECT_EQ(noCount.exitCode, 2) << noCount.err;
    const auto badSize =
        fixtures::runMorphview({fixtures::bundledFace(), "--window-size", "big"}, {"DISPLAY"});
    EXPECT_EQ(badSize.exitCode, 2) << badSize.err;
}

// `morphview` without a command is the viewer on the bundled face; with no display it fails with
// one line and exit 1 rather than hanging or crashing.
TEST(ViewerXvfbTest, NoArgumentsWithoutADisplayFailsCleanly) {
    const auto run = fixtures::runMorphview({}, {"DISPLAY", "WAYLAND_DISPLAY"});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_NE(run.err.find("display"), std::string::npos) << run.err;
}

TEST(ViewerXvfbTest, OpensTheBundledFaceWithoutAModel) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const fixtures::ViewerRun viewer{
        fixtures::caseScratchDir(),
        "",
        "640x400",
        "1280x800",
        {"--weights", "jawOpen=1", "--animation", "talk", "--time", "0.5"}};
    auto image = viewer.screenshot(2, "face.png");
    ASSERT_TRUE(image);
    EXPECT_EQ(image->width, 640);
    EXPECT_EQ(image->height, 400);
}

}  // namespace

}  // namespace viewer_xvfb_test
