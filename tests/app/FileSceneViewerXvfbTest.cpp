// The viewer's --scene N under Xvfb: the two-scene fixture opens on the scene
// asked for (the red cube, or the blue ones), and a scene the file does not have is an error
// naming the file and its scene count. The View > Scene, Camera and Lights menus are drawn from
// the same requests (ViewerLoop.cpp handleRequests).
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/SceneFixtures.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"

namespace file_scene_viewer_xvfb_test {

namespace {

using testing::HasSubstr;

// Pixels of the 3D view (right of the weight panel, above the timeline of a 1024x700 window; in
// the 3D view of a taller one too) where channel c beats both others by 40 levels: a lit cube of
// that colour.
int colourPixels(const morph::RgbaImage& image, int c) {
    int n = 0;
    for (int y = 40; y < 480; ++y) {
        for (int x = 420; x < 1010; ++x) {
            const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
            n += p[c] > p[(c + 1) % 3] + 40 && p[c] > p[(c + 2) % 3] + 40;
        }
    }
    return n;
}

TEST(FileSceneViewerXvfbTest, OpensOnTheSceneAsked) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string two = fixtures::writeFixture(dir, "two.glb", fixtures::twoScenesFixture());
    morph::RgbaImage shots[2];
    fixtures::ViewerRun viewer{dir, two, "1024x700", "1280x800"};
    for (int scene = 0; scene < 2; ++scene) {
        viewer.args = {"--scene", std::to_string(scene)};
        auto image = viewer.screenshot(3, "scene" + std::to_string(scene) + ".png");
        ASSERT_TRUE(image);
        shots[scene] = std::move(*image);
    }
    EXPECT_GT(colourPixels(shots[0], 0), 1000);  // scene 0: the red cube
    EXPECT_EQ(colourPixels(shots[0], 2), 0);
    EXPECT_GT(colourPixels(shots[1], 2), 1000);  // scene 1: the blue cubes
    EXPECT_EQ(colourPixels(shots[1], 0), 0);

    viewer.window.clear();
    viewer.args = {"--scene", "5", "--screenshot-after", "1", "--out", dir + "/x.png"};
    const auto bad = viewer.run();
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr("--scene 5: " + two + " has 2 scenes (0 to 1)"));
}

// The menus through the real UI (a script): View > Camera > the orthographic camera looks from
// +X, where the green cube hides the red one; View > Scene lists both scenes.
TEST(FileSceneViewerXvfbTest, CameraAndSceneMenusByScript) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string cameras =
        fixtures::writeFixture(dir, "cameras.glb", fixtures::camerasFixture());
    // Tall enough that the whole View menu fits (no scrolling to its last items).
    fixtures::ViewerRun viewer{dir, cameras, "1024x1000", "1280x1024"};
    viewer.script =
        "wait 2\n"
        "screenshot orbit.png\n"
        "click \"View\"\n"
        "click \"Camera\"\n"
        "click \"camera:1\"\n"
        "wait 3\n"
        "expect-no-error\n"
        "screenshot file1.png\n"
        "click \"View\"\n"
        "click \"Scene\"\n"
        "click \"scene:0\"\n"
        "wait 2\n"
        "expect-no-error\n"
        "quit\n";
    const auto shots = viewer.runForShots({"orbit.png", "file1.png"});
    ASSERT_TRUE(shots);
    const morph::RgbaImage& orbit = (*shots)[0];
    const morph::RgbaImage& file1 = (*shots)[1];
    EXPECT_GT(colourPixels(orbit, 0), 500);  // the front view shows the red cube
    EXPECT_EQ(colourPixels(file1, 0), 0);    // from +X it is behind the green one
    EXPECT_GT(colourPixels(file1, 1), 500);
    EXPECT_GT(colourPixels(file1, 2), 500);
}

}  // namespace

}  // namespace file_scene_viewer_xvfb_test
