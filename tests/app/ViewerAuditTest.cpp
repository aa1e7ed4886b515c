// The viewer's audit, window-free (app/document/ViewerAudit.h): findings to the File report's
// rows (errors first, a pair's names together, a widget name per row), the count the menu bar's
// "Report (N)" adds, the clean model's line, and a row's click: the target soloed at 1 on its
// mesh, found by the audit's mesh name.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/document/ViewerAudit.h"
#include "fixtures/AuditFixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace viewer_audit_test {

namespace {

morph::Scene importRig(const fixtures::Rig& rig) {
    morph::Result<morph::Scene> scene =
        morph::importGltfMemory(fixtures::rigGlb(rig), "rig.glb", ".");
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(*scene) : morph::Scene{};
}

morph::Finding finding(const std::string& check, morph::Severity severity,
                       std::vector<std::string> targets, const std::string& mesh = "face") {
    morph::Finding f;
    f.check = check;
    f.severity = severity;
    f.targets = std::move(targets);
    f.mesh = mesh;
    f.detail = check + " detail";
    return f;
}

TEST(ViewerAudit, RowsPutErrorsFirstAndJoinAPairsNames) {
    app::DocumentAudit audit;
    audit.ran = true;
    audit.findings = {
        finding("asymmetric", morph::Severity::Warning, {"smileLeft", "smileRight"}),
        finding("dead", morph::Severity::Error, {"blink"}),
        finding("normals", morph::Severity::Warning, {"jawOpen"}),
        finding("side", morph::Severity::Error, {"eyeBlinkLeft"}),
    };
    const std::vector<app::AuditRow> rows = app::auditRows(audit);
    ASSERT_EQ(rows.size(), 4u);
    // Errors first, each severity in the audit's order; the row keeps its finding's index.
    EXPECT_EQ(rows[0].check, "dead");
    EXPECT_EQ(rows[0].finding, 1u);
    EXPECT_TRUE(rows[0].error);
    EXPECT_EQ(rows[0].severity, "error");
    EXPECT_EQ(rows[1].check, "side");
    EXPECT_EQ(rows[1].finding, 3u);
    EXPECT_EQ(rows[2].check, "asymmetric");
    EXPECT_FALSE(rows[2].error);
    EXPECT_EQ(rows[2].severity, "warning");
    EXPECT_EQ(rows[2].targets, "smileLeft / smileRight");
    EXPECT_EQ(rows[2].widget, "audit:asymmetric smileLeft / smileRight");
    EXPECT_EQ(rows[3].check, "normals");
    EXPECT_EQ(rows[3].mesh, "face");
    EXPECT_EQ(rows[3].detail, "normals detail");
    EXPECT_EQ(app::auditAttentionCount(audit), 4u);
    EXPECT_EQ(app::auditSummary(audit), "Audit: 2 errors, 2 warnings");
}

TEST(ViewerAudit, TheSameCheckAndTargetOnTwoMeshesGetTwoWidgetNames) {
    app::DocumentAudit audit;
    audit.ran = true;
    audit.findings = {finding("dead", morph::Severity::Error, {"blink"}, "face"),
                      finding("dead", morph::Severity::Error, {"blink"}, "teeth")};
    const std::vector<app::AuditRow> rows = app::auditRows(audit);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].widget, "audit:dead blink");
    EXPECT_EQ(rows[1].widget, "audit:dead blink on teeth");
    EXPECT_EQ(app::auditSummary(audit), "Audit: 2 errors");
}

TEST(ViewerAudit, ACleanRigSaysSoAndCountsNothing) {
    const morph::Scene scene = importRig(fixtures::auditRig());
    const app::DocumentAudit audit = app::auditDocument(scene);
    EXPECT_TRUE(audit.ran);
    EXPECT_TRUE(audit.findings.empty());
    EXPECT_EQ(audit.targets, 12u);  // six names on the face and on the teeth
    EXPECT_EQ(app::auditAttentionCount(audit), 0u);
    EXPECT_EQ(app::auditSummary(audit), "Audit: no findings, 9 checks over 12 targets");
    EXPECT_TRUE(app::auditRows(audit).empty());
    // Before it ran (no model) there is nothing to say; a model without targets says so.
    EXPECT_EQ(app::auditSummary(app::DocumentAudit{}), "");
    app::DocumentAudit none;
    none.ran = true;
    EXPECT_EQ(app::auditSummary(none), "Audit: no morph targets to check");
}

// A mesh without a mirror plane: the report says which checks did not run there, under the
// summary, so the clean line is not read as "side and asymmetric passed".
TEST(ViewerAudit, ChecksThatCouldNotRunAreSaidUnderTheSummary) {
    EXPECT_TRUE(
        app::auditUncheckedLines(app::auditDocument(importRig(fixtures::auditRig()))).empty());
    const app::DocumentAudit audit = app::auditDocument(importRig(fixtures::rigWithTornFace()));
    EXPECT_TRUE(audit.findings.empty());
    const std::vector<std::string> lines = app::auditUncheckedLines(audit);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].rfind("side, asymmetric not run on face: ", 0), 0u) << lines[0];
}

TEST(ViewerAudit, SwappedBlinksAreTwoSideErrorsWhoseClickSolosTheTargetAtOne) {
    const morph::Scene scene = importRig(fixtures::rigWithSwappedBlinks());
    const app::DocumentAudit audit = app::auditDocument(scene);
    const std::vector<app::AuditRow> rows = app::auditRows(audit);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].widget, "audit:side eyeBlinkLeft");
    EXPECT_EQ(rows[1].widget, "audit:side eyeBlinkRight");
    EXPECT_EQ(app::auditSummary(audit), "Audit: 2 errors");

    const auto target = app::findingTarget(scene, audit.findings[rows[1].finding]);
    ASSERT_TRUE(target.has_value());
    EXPECT_EQ(target->mesh, app::meshNamed(scene, "face"));
    EXPECT_EQ(target->name, "eyeBlinkRight");
    EXPECT_EQ(target->meshName, "face");

    app::ViewerState state = app::makeViewerState(scene);
    state.selectedMesh = app::meshNamed(scene, "teeth");
    // A solo left on another target and a mute on this one give way.
    const int face = target->mesh;
    const auto& names = scene.meshes[size_t(face)].targetNames;
    const size_t jaw = size_t(std::find(names.begin(), names.end(), "jawOpen") - names.begin());
    app::setSolo(state, scene, face, jaw, true);
    app::setUserWeight(state, scene, face, jaw, 0.5f);
    app::setMute(state, scene, face, target->target, true);
    app::showFindingTarget(state, scene, *target);

    EXPECT_EQ(state.selectedMesh, face);
    const app::ResolvedWeights shown = app::resolveMeshWeights(scene, state, face);
    for (size_t t = 0; t < names.size(); ++t) {
        EXPECT_FLOAT_EQ(shown.weights[t], t == target->target ? 1.0f : 0.0f) << names[t];
    }
    EXPECT_TRUE(state.meshes[size_t(face)].targets[target->target].solo);
    EXPECT_FALSE(state.meshes[size_t(face)].targets[jaw].solo);
}

TEST(ViewerAudit, AMeshIsFoundByNameOrByIndexAndAMissingNameElsewhere) {
    morph::Scene scene = importRig(fixtures::auditRig());
    const int teeth = app::meshNamed(scene, "teeth");
    ASSERT_GE(teeth, 0);
    EXPECT_EQ(app::meshNamed(scene, "nose"), -1);
    scene.meshes[size_t(teeth)].name.clear();  // the audit calls it meshes[N]
    EXPECT_EQ(app::meshNamed(scene, "meshes[" + std::to_string(teeth) + "]"), teeth);

    // missing-on-mesh names a mesh that lacks the name: the target shown is a peer's.
    auto& teethNames = scene.meshes[size_t(teeth)].targetNames;
    teethNames[0] = "renamed";
    const std::string lacked = scene.meshes[size_t(1 - teeth)].targetNames[0];
    const auto target =
        app::findingTarget(scene, finding("missing-on-mesh", morph::Severity::Error, {lacked},
                                          "meshes[" + std::to_string(teeth) + "]"));
    ASSERT_TRUE(target.has_value());
    EXPECT_EQ(target->mesh, 1 - teeth);
    EXPECT_EQ(target->meshName, "face");
    EXPECT_EQ(app::auditMeshName(scene, teeth), "meshes[" + std::to_string(teeth) + "]");
    EXPECT_FALSE(
        app::findingTarget(scene, finding("dead", morph::Severity::Error, {"nowhere"}, "face"))
            .has_value());
}

// The viewer audits every model it opens, on the loading thread: the avatar is clean, and the
// time it adds to the load is printed.
TEST(ViewerAudit, TheAvatarIsClean) {
    auto scene = morph::importGltf(fixtures::avatarPath("RPM_VisageMale/male.glb"));
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    const auto start = std::chrono::steady_clock::now();
    const app::DocumentAudit audit = app::auditDocument(*scene);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("audit of the avatar: %.1f ms over %zu targets\n", ms, audit.targets);
    EXPECT_TRUE(audit.findings.empty());
    EXPECT_GT(audit.targets, 52u);
    EXPECT_EQ(app::auditAttentionCount(audit), 0u);
}

}  // namespace

}  // namespace viewer_audit_test
