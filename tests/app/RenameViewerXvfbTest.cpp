// --rename as the viewer's start option, under Xvfb: the avatar fixture with exporter-spelled
// target names ("EyeBlink_L", "JawOpen") opens with the set's names, so --weights and the
// script's expectations use them; without the map the same --weights names nothing.
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "fixtures/AvatarFixtures.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/io/Files.h"

namespace rename_viewer_xvfb_test {

namespace {

TEST(RenameViewerXvfbTest, StartWeightsUseTheRenamedNames) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::vector<uint8_t> glb =
        fixtures::multiMeshAvatar({{"eyeBlinkLeft", "EyeBlink_L"}, {"jawOpen", "JawOpen"}});
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/spelled.glb", glb.data(), glb.size()));
    std::ofstream(dir + "/map.json") << R"({"EyeBlink_L": "eyeBlinkLeft", "JawOpen": "jawOpen"})";
    fixtures::ViewerRun viewer{dir, dir + "/spelled.glb", "", "640x480"};
    viewer.script = R"script(expect-weight "eyeBlinkLeft" 1
expect-weight-everywhere "jawOpen" 0.5
quit
)script";
    viewer.args = {"--weights", "eyeBlinkLeft=1,jawOpen=0.5", "--rename", dir + "/map.json"};
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
    viewer.args = {"--weights", "eyeBlinkLeft=1,jawOpen=0.5"};
    const auto without = viewer.run();
    EXPECT_NE(without.exitCode, 0);
    EXPECT_NE(without.err.find("'eyeBlinkLeft'"), std::string::npos) << without.err;
}

}  // namespace

}  // namespace rename_viewer_xvfb_test
