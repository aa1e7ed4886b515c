// A real multi-mesh avatar in the real viewer, under Xvfb: it opens on the face (the
// morphed region, much smaller than the body), the weight panel shows one slider per target
// name, and dragging jawOpen moves every mesh that has a jawOpen (head and teeth), which the
// script checks on the frame that is drawn. A screenshot shows the face filling the 3D view.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/AvatarFixtures.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/Golden.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"

namespace viewer_avatar_xvfb_test {

namespace {

const std::string kAvatar = fixtures::avatarPath("RPM_VisageMale/male.glb");

double modelShare(const morph::RgbaImage& image) {
    return fixtures::modelShare(image, fixtures::kViewIn1024x700);
}

TEST(ViewerAvatarXvfbTest, OneSliderMovesEveryMeshWithThatName) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::scratchDir("ViewerAvatarXvfbTest");
    fixtures::ViewerRun viewer{dir, kAvatar};
    viewer.script = R"script(screenshot opened.png
expect-weight-everywhere "jawOpen" 0
click "Filter"
type jaw
drag "jawOpen" 0.7
expect-weight "jawOpen" 0.7 0.02
expect-weight-everywhere "jawOpen" 0.7 0.02
key f
wait 2
screenshot all.png
quit
)script";
    const auto shots = viewer.runForShots({"opened.png", "all.png"});
    ASSERT_TRUE(shots);
    const morph::RgbaImage& opened = (*shots)[0];
    const morph::RgbaImage& all = (*shots)[1];
    // Opened on the face, the head and collar cover much of the view (0.43; the view is wider
    // than tall); F frames the whole body, which leaves most of it empty.
    EXPECT_GT(modelShare(opened), 0.35);
    EXPECT_LT(modelShare(all), 0.5 * modelShare(opened));
}

// File > Open in the window loads on a worker thread; a file that fails leaves the face open
// (its clip still plays), and the avatar that follows opens with one slider per name.
TEST(ViewerAvatarXvfbTest, AFailedOpenKeepsTheModelAndTheNextOneLoads) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::scratchDir("ViewerAvatarXvfbTest_Open");
    const std::string face = fixtures::bundledFace();
    const std::vector<uint8_t> avatar = fixtures::multiMeshAvatar();
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/avatar.glb", avatar.data(), avatar.size()));
    { std::ofstream(dir + "/broken.glb") << "glTF but not really"; }
    // The browser starts in the model's folder: open the face from the scratch folder.
    std::filesystem::copy_file(face, dir + "/face.glb");
    fixtures::ViewerRun viewer{dir, dir + "/face.glb"};
    viewer.script = R"script(click "Filter"
type jaw
drag "jawOpen" 0.4
click "File"
click "Open..."
click "file:broken.glb"
click "Browser OK"
expect-error "broken.glb"
expect-weight "jawOpen" 0.4 0.02
click "Clip"
click "clip:talk"
expect-clip "talk" paused
click "File"
click "Open..."
click "file:avatar.glb"
click "Browser OK"
expect-message "opened"
drag "jawOpen" 0.5
expect-weight-everywhere "jawOpen" 0.5 0.02
quit
)script";
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

}  // namespace

}  // namespace viewer_avatar_xvfb_test
