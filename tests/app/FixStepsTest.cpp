// fix's operations as the command and the viewer's Rig menu share them (app/fix/FixSteps.h), on
// the code-built rig with planted defects: each step's lines, what it records for --check, and a
// user's mistake told apart from a failure by ErrorCode::Usage.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/fix/FixSteps.h"
#include "fixtures/FixFixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixTargets.h"
#include "morph/io/Files.h"

namespace fix_steps_test {

namespace {

using app::fix::applyFixStep;
using app::fix::CheckInput;
using app::fix::FixSource;

bool hasTarget(const morph::FixDocument& doc, const std::string& name) {
    const std::vector<std::string> names = morph::fixAllTargetNames(doc);
    return std::find(names.begin(), names.end(), name) != names.end();
}

morph::FixDocument plantedRig() {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    fixtures::plantDeadAndDuplicate(doc, "deadShape", "copyShape");
    return doc;
}

TEST(FixStepsTest, PruneDeadRemovesThePlantedTargetAndRecordsWhy) {
    morph::FixDocument doc = plantedRig();
    ASSERT_TRUE(hasTarget(doc, "deadShape"));
    CheckInput check;
    auto lines = applyFixStep(doc, {"--prune", "dead"}, FixSource{"rig.glb"}, check);
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_FALSE(lines->empty());
    EXPECT_FALSE(hasTarget(doc, "deadShape"));
    EXPECT_TRUE(hasTarget(doc, "copyShape"));
    EXPECT_EQ(check.removed["deadShape"], "dead");

    // Again: nothing left to prune, said in the command's words.
    auto again = applyFixStep(doc, {"--prune", "dead"}, FixSource{"rig.glb"}, check);
    ASSERT_TRUE(again) << again.error().message;
    ASSERT_FALSE(again->empty());
    EXPECT_EQ(again->front(), "prune: no dead target found");
}

TEST(FixStepsTest, PruneDuplicateKeepsTheFirstOfThePair) {
    morph::FixDocument doc = plantedRig();
    CheckInput check;
    auto lines = applyFixStep(doc, {"--prune", "duplicate"}, FixSource{"rig.glb"}, check);
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_FALSE(hasTarget(doc, "copyShape"));
    EXPECT_TRUE(hasTarget(doc, "deadShape"));
    EXPECT_EQ(check.removed["copyShape"], "duplicate");
}

TEST(FixStepsTest, UsersMistakesAreUsageErrorsNamingTheInput) {
    morph::FixDocument doc = plantedRig();
    const size_t before = morph::fixAllTargetNames(doc).size();
    CheckInput check;
    auto missing = applyFixStep(doc, {"--split", "nope"}, FixSource{"rig.glb"}, check);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(missing.error().message, "--split: rig.glb has no target 'nope'");
    auto badMirror = applyFixStep(doc, {"--mirror", "deadShape"}, FixSource{"rig.glb"}, check);
    ASSERT_FALSE(badMirror);
    EXPECT_EQ(badMirror.error().code, morph::ErrorCode::Usage);
    auto badMix = applyFixStep(doc, {"--from-mix", "m=nope=1"}, FixSource{"rig.glb"}, check);
    ASSERT_FALSE(badMix);
    EXPECT_EQ(badMix.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(morph::fixAllTargetNames(doc).size(), before);  // nothing changed
}

TEST(FixStepsTest, FromMixAddsTheTargetAndRecordsIt) {
    morph::FixDocument doc = plantedRig();
    const std::string first = morph::fixAllTargetNames(doc).front();
    CheckInput check;
    auto lines =
        applyFixStep(doc, {"--from-mix", "mix 1=" + first + "=0.5"}, FixSource{"rig.glb"}, check);
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_TRUE(hasTarget(doc, "mix 1"));
    EXPECT_TRUE(check.added.count("mix 1"));
}

TEST(FixStepsTest, FindingsFixWhereFixMendsThem) {
    using app::fix::fixStepForFinding;
    morph::Finding dead;
    dead.check = "dead";
    dead.targets = {"deadShape"};
    ASSERT_TRUE(fixStepForFinding(dead));
    EXPECT_EQ(fixStepForFinding(dead)->option, "--prune");
    EXPECT_EQ(fixStepForFinding(dead)->value, "dead");
    morph::Finding normals = dead;
    normals.check = "normals";
    ASSERT_TRUE(fixStepForFinding(normals));
    EXPECT_EQ(fixStepForFinding(normals)->option, "--recompute-normals");
    EXPECT_EQ(fixStepForFinding(normals)->value, "deadShape");
    morph::Finding side = dead;
    side.check = "side";
    EXPECT_FALSE(fixStepForFinding(side));
}

// The Rig menu's operation on a compressed file's bytes: what reading changed (the file is
// written uncompressed) comes first in its lines, as the command warns, and once only: the result
// reads with no warning.
TEST(FixStepsTest, FixingBytesReportsTheReadingsWarningsFirst) {
    for (const std::string variant : {"draco", "gltfpack-c"}) {
        const std::string path =
            fixtures::corpusPath("MorphStressTest/variants/MorphStressTest." + variant + ".glb");
        auto bytes = morph::readFileBytes(path);
        ASSERT_TRUE(bytes) << bytes.error().message;
        const std::string extension =
            variant == "draco" ? "KHR_draco_mesh_compression" : "EXT_meshopt_compression";
        auto fixed = app::fix::fixBytes(*bytes, "", {"--prune", "dead"}, FixSource{path});
        ASSERT_TRUE(fixed) << fixed.error().message;
        ASSERT_GE(fixed->lines.size(), 2u);
        EXPECT_EQ(fixed->lines[0], "warning: " + path + ": " + extension + ": written uncompressed")
            << variant;
        EXPECT_EQ(fixed->lines[1].rfind("warning: ", 0), std::string::npos) << fixed->lines[1];
        auto again = app::fix::fixBytes(fixed->glb, "", {"--prune", "dead"}, FixSource{path});
        ASSERT_TRUE(again) << again.error().message;
        for (const std::string& line : again->lines)
            EXPECT_EQ(line.rfind("warning: ", 0), std::string::npos) << line;
    }
    // A plain file's lines are the step's alone.
    auto plain =
        app::fix::fixBytes(fixtures::keepsakeRig(), "", {"--prune", "dead"}, FixSource{"rig.glb"});
    ASSERT_TRUE(plain) << plain.error().message;
    ASSERT_FALSE(plain->lines.empty());
    EXPECT_EQ(plain->lines.front(), "prune: no dead target found");
}

}  // namespace

}  // namespace fix_steps_test
