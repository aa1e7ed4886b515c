// The rig audit in the File report through the REAL UI, under Xvfb: a rig whose blinks close the
// wrong eyes opens with "Report (3)" in the menu bar (the import's warning that the fixture's
// POSITION accessors lack min/max, and the two findings); the report lists both `side` errors; a
// click on one solos its target at weight 1 (the weight panel's solo and value) and frames the
// camera on the region that target moves (an eye, far smaller than the face the rig opened on).
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/AuditFixtures.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/image/ImageFile.h"

namespace viewer_audit_xvfb_test {

namespace {

using fixtures::writeRig;

// DIR/`model` in a window of `size` on a private X server, driven by `script`.
fixtures::ViewerRun auditViewer(const std::string& dir, const std::string& model,
                                const std::string& script, const std::string& size) {
    fixtures::ViewerRun viewer{dir, dir + "/" + model, size};
    viewer.script = script;
    return viewer;
}

// Pixels of the 3D view's upper right part (clear of the panels and the stats overlay) that
// differ from `background`, the view's clear colour.
size_t modelPixels(const morph::RgbaImage& image, const uint8_t* background) {
    size_t count = 0;
    for (int y = image.height * 6 / 100; y < image.height * 55 / 100; ++y) {
        for (int x = image.width / 2; x < image.width * 95 / 100; ++x) {
            const uint8_t* p = &image.pixels[(size_t(y) * image.width + x) * 4];
            int difference = 0;
            for (int c = 0; c < 3; ++c) difference += std::abs(int(p[c]) - int(background[c]));
            if (difference > 24) ++count;  // well above the rasterizer's dither and AA
        }
    }
    return count;
}

TEST(ViewerAuditXvfbTest, AFindingsClickSolosItsTargetAndFramesWhatItMoves) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    writeRig(fixtures::rigWithSwappedBlinks(), dir + "/blinks.glb");
    const auto shots = auditViewer(dir, "blinks.glb", R"script(screenshot before.png
click "Report (3)"
hover "report:Audit"
hover "Audit: 2 errors"
click "audit:side eyeBlinkLeft"
wait 2
expect-message "side: eyeBlinkLeft soloed at 1 on face"
expect-weight "eyeBlinkLeft" 1
expect-weight "eyeBlinkRight" 0
expect-weight "jawOpen" 0
expect-weight "mouthSmileLeft" 0
click "Close report"
wait 2
screenshot after.png
expect-no-error
quit
)script",
                                   "800x600")
                           .runForShots({"before.png", "after.png"});
    ASSERT_TRUE(shots);
    const morph::RgbaImage& before = (*shots)[0];
    const morph::RgbaImage& after = (*shots)[1];
    ASSERT_EQ(before.width, after.width);
    // Framed on the eye, the mesh fills far more of the view than the whole face did: the
    // background read where `before` shows it (the view's top right corner).
    const uint8_t* corner = &before.pixels[(size_t(before.height * 6 / 100 + 2) * before.width +
                                            size_t(before.width * 95 / 100 - 2)) *
                                           4];
    const uint8_t background[3] = {corner[0], corner[1], corner[2]};
    const size_t face = modelPixels(before, background), eye = modelPixels(after, background);
    std::printf("model pixels: %zu opened, %zu framed on the finding\n", face, eye);
    EXPECT_GT(eye, face * 3 / 2);
}

TEST(ViewerAuditXvfbTest, ACleanRigSaysSoAndAddsNothingToTheCount) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    writeRig(fixtures::auditRig(), dir + "/clean.glb");
    const auto run = auditViewer(dir, "clean.glb", R"script(click "File"
click "File report..."
hover "report:Audit"
hover "Audit: no findings, 9 checks over 12 targets"
click "Close report"
wait 2
click "Report (1)"
expect-no-error
quit
)script",
                                 "640x480")
                         .run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

}  // namespace

}  // namespace viewer_audit_xvfb_test
