// The File report through the REAL UI, under Xvfb: a file with something to report shows a
// "Report (N)" item in the menu bar, which opens the report; File > File report opens it too;
// a file with nothing to report has no such item; what the renderer changed to draw a file (a
// texture drawn white over the memory budget) is in the report too.
#include <string>

#include <gtest/gtest.h>

#include "fixtures/ImageFixtures.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"

namespace viewer_report_xvfb_test {

namespace {

TEST(ViewerReportXvfbTest, TheBadgeAndTheFileMenuOpenTheReport) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    // A texture without pixels, a repair (target names by index), an ignored extension.
    morph::GltfBuilder b =
        fixtures::webpTextureBuilder(fixtures::WebpCase::CorruptRequiredNoSource);
    b.json()["meshes"][0]["extras"]["targetNames"] = {"only"};
    b.json()["extensionsUsed"].push_back("EXT_future_thing");
    ASSERT_TRUE(b.writeGlb(dir + "/report.glb").ok());
    fixtures::ViewerRun viewer{dir, dir + "/report.glb", "800x600"};
    viewer.script = R"(click "Report"
hover "report:Textures"
hover "report:Repaired"
hover "report:Extensions"
screenshot report.png
click "Close report"
wait 2
click "File"
click "File report..."
hover "Close report"
expect-no-error
quit
)";
    const auto shots = viewer.runForShots({"report.png"});
    ASSERT_TRUE(shots);
    const morph::RgbaImage& shot = (*shots)[0];
    EXPECT_EQ(shot.width, 800);
    EXPECT_EQ(shot.height, 600);
}

TEST(ViewerReportXvfbTest, ATextureOverTheBudgetIsReportedUnderDrawing) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    // A clean file but for its size: a 512 x 512 texture decodes to 1 MiB, within the import's
    // --max-memory 1200000, and needs 1.33 MiB on the GPU with its mipmaps, which is not.
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    morph::RgbaImage big;
    big.width = big.height = 512;
    big.pixels.assign(size_t(512) * 512 * 4, 200);
    const fixtures::Bytes png = fixtures::encodePngBytes(big);
    b.json()["images"] = {
        {{"bufferView", b.addBufferView(png.data(), png.size())}, {"mimeType", "image/png"}}};
    b.json()["textures"] = {{{"source", 0}}};
    b.json()["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}};
    b.json()["meshes"][0]["primitives"][0]["material"] = 0;
    b.json()["meshes"][0]["extras"]["targetNames"] = {"T0", "T1"};
    ASSERT_TRUE(b.writeGlb(dir + "/big.glb").ok());
    fixtures::ViewerRun viewer{dir, dir + "/big.glb", "640x480"};
    viewer.args = {"--max-memory", "1200000"};
    viewer.script = R"(click "Report"
hover "report:Drawing"
expect-no-error
quit
)";
    const auto run = viewer.run();
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("big.glb: images[0] needs"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("drawn as white"), std::string::npos) << run.err;
}

TEST(ViewerReportXvfbTest, NothingToReportNoBadge) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::Bytes clean = fixtures::webpTexture(fixtures::WebpCase::RequiredNoFallback);
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/clean.glb", clean.data(), clean.size()).ok());
    fixtures::ViewerRun viewer{dir, dir + "/clean.glb", "320x240"};
    viewer.script = "click \"Report\"\nquit\n";
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("script line 1: no widget \"Report\" was drawn"), std::string::npos)
        << run.err;
}

}  // namespace

}  // namespace viewer_report_xvfb_test
