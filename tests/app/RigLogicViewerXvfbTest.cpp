// Rig logic in the viewer, through the real UI (a script): dragging the drivers moves the
// derived targets' values, which the script checks; View > Rig logic off shows the raw targets.
// The curve view draws a derived target's curve as its rule makes it from its drivers' curves.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AuditFixtures.h"
#include "fixtures/FixFixtures.h"
#include "fixtures/Fixtures.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixTargets.h"

namespace rig_logic_viewer_xvfb_test {
namespace {

TEST(RigLogicViewerXvfbTest, DraggingADriverMovesWhatItDrives) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = fixtures::writeFixture(
        dir, "correctives.glb", fixtures::rigGlb(fixtures::rigWithCorrectives()));
    // jawOpen 0.4 with mouthSmileLeft 0.5: the corrective 0.2, jawOpen25 0.7, jawOpen75 0.3.
    fixtures::ViewerRun viewer{dir, model, "1024x1000", "1280x1024"};
    viewer.script =
        "wait 2\n"
        "drag \"jawOpen\" 0.4\n"
        "drag \"mouthSmileLeft\" 0.5\n"
        "wait 1\n"
        "expect-weight \"jawOpen_mouthSmileLeft\" 0.2 0.01\n"
        "expect-weight \"jawOpen25\" 0.7 0.01\n"
        "expect-weight \"jawOpen75\" 0.3 0.01\n"
        "click \"View\"\n"
        "click \"Rig logic\"\n"
        "wait 1\n"
        "expect-weight \"jawOpen_mouthSmileLeft\" 0 0.001\n"
        "expect-weight \"jawOpen25\" 0 0.001\n"
        "expect-no-error\n"
        "quit\n";
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

// The correctives' rig with a clip "smile" of keys at 0, 0.5 and 1 s on the face: jawOpen from 0
// to 1 and mouthSmileLeft from 1 to 0, linearly; the corrective and jawOpen25 keyed with values
// of their own (0.9, 0.1, 0.9 and 0.3, 0, 0.3), which the rules replace.
std::vector<uint8_t> rigWithClip() {
    morph::FixDocument doc =
        fixtures::fixDocumentOf(fixtures::rigGlb(fixtures::rigWithCorrectives()));
    const std::vector<std::string> names = morph::fixTargetNames(doc, 0);
    std::vector<float> keys;
    for (const int k : {0, 1, 2}) {
        const float t = 0.5f * float(k);
        for (const std::string& name : names) {
            float v = 0;
            if (name == "jawOpen") v = t;
            if (name == "mouthSmileLeft") v = 1 - t;
            if (name == "jawOpen_mouthSmileLeft") v = k == 1 ? 0.1f : 0.9f;
            if (name == "jawOpen25") v = k == 1 ? 0.0f : 0.3f;
            keys.push_back(v);
        }
    }
    nlohmann::json& j = doc.json;
    size_t node = 0;
    while (node < j["nodes"].size() && j["nodes"][node].value("mesh", -1) != 0) ++node;
    const int input = morph::appendFloatAccessor(doc, {0.0f, 0.5f, 1.0f}, "SCALAR");
    j["accessors"][size_t(input)]["min"] = {0.0};
    j["accessors"][size_t(input)]["max"] = {1.0};
    const int output = morph::appendFloatAccessor(doc, keys, "SCALAR");
    nlohmann::json smile = fixtures::weightsChannelAnimation(input, output, int(node));
    smile["name"] = "smile";
    j["animations"] = nlohmann::json::array({smile});
    return morph::fixDocumentGlb(doc);
}

// Unasked, the curves shown are the four that move most: the drivers (keyed 0 to 1 and 1 to 0)
// and jawOpen's two in-betweens, whose tents their rules draw from jawOpen's curve (the
// corrective, at most 0.25, is fifth). At 0.25, 0.5 and 0.75 s the drivers' curves are (0.25,
// 0.75), (0.5, 0.5), (0.75, 0.25), so jawOpen25's tent (peak 0.25, down to 0 at jawOpen75's
// 0.75) is 1, 0.5, 0 and jawOpen75's (up from jawOpen25's 0.25) 0, 0.5, 1. View > Rig logic
// off: the clip's own values, the corrective's keyed 0.9, 0.1, 0.9 among the four.
TEST(RigLogicViewerXvfbTest, TheCurveViewDrawsADerivedCurveFromItsDriversCurves) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = fixtures::writeFixture(dir, "clip.glb", rigWithClip());
    fixtures::ViewerRun viewer{dir, model, "1024x1000", "1280x1024"};
    viewer.script =
        "wait 2\n"
        "click \"Clip\"\n"
        "click \"clip:smile\"\n"
        "expect-clip \"smile\"\n"
        "expect-curve \"jawOpen\" 0.25 0.25\n"
        "expect-curve \"mouthSmileLeft\" 0.25 0.75\n"
        "expect-curve \"jawOpen25\" 0.25 1\n"
        "expect-curve \"jawOpen75\" 0.25 0\n"
        "expect-curve \"jawOpen\" 0.5 0.5\n"
        "expect-curve \"mouthSmileLeft\" 0.5 0.5\n"
        "expect-curve \"jawOpen25\" 0.5 0.5\n"
        "expect-curve \"jawOpen75\" 0.5 0.5\n"
        "expect-curve \"jawOpen25\" 0.75 0\n"
        "expect-curve \"jawOpen75\" 0.75 1\n"
        "click \"View\"\n"
        "click \"Rig logic\"\n"
        "wait 2\n"
        "expect-curve \"jawOpen_mouthSmileLeft\" 0.5 0.1\n"
        "expect-curve \"jawOpen_mouthSmileLeft\" 0.25 0.5\n"
        "expect-curve \"jawOpen25\" 0.5 0\n"
        "expect-curve \"jawOpen\" 0.5 0.5\n"
        "expect-no-error\n"
        "quit\n";
    const auto run = viewer.run();
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

}  // namespace
}  // namespace rig_logic_viewer_xvfb_test
