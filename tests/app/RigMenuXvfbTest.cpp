// The viewer's Rig menu under Xvfb, through the real UI: a code-built rig with a planted dead
// target opens, Rig > Prune dead targets reopens it without the target, Save As writes that
// result (read back by the importer: the target gone, the rest kept), Undo brings the target
// back; the private file the results were shown from is gone once the window closes.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/FixFixtures.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/fix/FixDocument.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace rig_menu_xvfb_test {

namespace {

namespace fs = std::filesystem;

// Every target name of every mesh of `scene`.
std::vector<std::string> targetNames(const morph::Scene& scene) {
    std::vector<std::string> names;
    for (const morph::Mesh& mesh : scene.meshes)
        names.insert(names.end(), mesh.targetNames.begin(), mesh.targetNames.end());
    return names;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The keepsake rig with a dead target "deadShape" and "copyShape", a duplicate, planted.
std::vector<uint8_t> plantedRig() {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    fixtures::plantDeadAndDuplicate(doc, "deadShape", "copyShape");
    return morph::fixDocumentGlb(doc);
}

// The viewer under Xvfb on `glb` written to DIR/rig.glb, running `script` (DIR/s.txt), its state
// (the private files results are shown from) in DIR/state.
fixtures::RunOutcome runOnRig(const std::string& dir, const std::vector<uint8_t>& glb,
                              const std::string& script) {
    EXPECT_TRUE(morph::writeFileAtomic(dir + "/rig.glb", glb.data(), glb.size()));
    std::ofstream(dir + "/s.txt") << script;
    return fixtures::runMorphviewUnderXvfb(
        {dir + "/rig.glb", "--window-size", "1024x700", "--script", dir + "/s.txt"}, "1024x700", "",
        {"XDG_STATE_HOME=" + dir + "/state", "XDG_CONFIG_HOME=" + dir + "/config"});
}

const char* const kScript = R"script(expect-weight "deadShape" 0.5 0.01
click "Rig"
click "Prune dead targets"
expect-message "prune dead"
expect-no-error
click "Rig"
click "Save As..."
click "Browser OK"
expect-message "saved the rig"
click "Rig"
click "Undo"
expect-message "undid prune dead"
expect-weight "deadShape" 0.5 0.01
expect-no-error
quit
)script";

TEST(RigMenuXvfbTest, PruneSaveAsAndUndoThroughTheMenu) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const auto run = runOnRig(dir, plantedRig(), kScript);
    ASSERT_EQ(run.exitCode, 0) << run.err;

    auto original = morph::importGltf(dir + "/rig.glb");
    ASSERT_TRUE(original) << original.error().message;
    auto saved = morph::importGltf(dir + "/rig-rig.glb");
    ASSERT_TRUE(saved) << saved.error().message;
    const std::vector<std::string> before = targetNames(*original), after = targetNames(*saved);
    EXPECT_TRUE(has(before, "deadShape"));
    EXPECT_FALSE(has(after, "deadShape"));
    EXPECT_TRUE(has(after, "copyShape"));
    EXPECT_EQ(after.size() + std::count(before.begin(), before.end(), "deadShape"), before.size());
    EXPECT_EQ(saved->meshes.size(), original->meshes.size());

    // The private file is removed as the window ends.
    std::error_code ec;
    for (const auto& entry : fs::recursive_directory_iterator(dir + "/state", ec))
        EXPECT_EQ(entry.path().filename().string().rfind("rig-", 0), std::string::npos)
            << entry.path();
}

// Mirror and a new target from the mix act on what the weight panel selected: the dragged
// eyeBlinkLeft mirrors onto eyeBlinkRight, the reopened file keeps the dragged weight, and the mix
// becomes "mix 1".
TEST(RigMenuXvfbTest, MirrorAndMixTakeTheSelectionAndKeepTheWeights) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const auto run = runOnRig(dir, fixtures::keepsakeRig(), R"script(drag "eyeBlinkLeft" 1
click "Rig"
click "Mirror selected target"
expect-message "mirror eyeBlinkLeft"
expect-no-error
expect-weight "eyeBlinkLeft" 1 0.01
click "Rig"
click "New target from current mix"
expect-message "new target mix 1"
expect-no-error
expect-weight "mix 1" 0.5 0.5
expect-weight "eyeBlinkLeft" 1 0.01
quit
)script");
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

// The File report's Fix beside the dead finding runs the same prune: the finding is gone from the
// audit of the result, and Undo brings it back.
TEST(RigMenuXvfbTest, TheReportsFixPrunesTheDeadTarget) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const auto run = runOnRig(dir, plantedRig(), R"script(click "File"
click "File report..."
click "fix:audit:dead deadShape"
expect-message "prune dead"
expect-no-error
click "File"
click "File report..."
click "Rig"
click "Save As..."
click "Browser OK"
expect-message "saved the rig"
quit
)script");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    auto saved = morph::importGltf(dir + "/rig-rig.glb");
    ASSERT_TRUE(saved) << saved.error().message;
    EXPECT_FALSE(has(targetNames(*saved), "deadShape"));
    EXPECT_TRUE(has(targetNames(*saved), "copyShape"));
}

}  // namespace

}  // namespace rig_menu_xvfb_test
