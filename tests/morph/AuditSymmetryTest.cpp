// The mirror plane on meshes that are symmetric only approximately (fixtures::approximateRig: its
// halves tessellated differently and jittered), and what the audit says where a mesh has none:
// a report line naming the mesh, the share of its vertices that paired and the checks it could
// not run, never silence.
#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

#include "fixtures/AuditFixtures.h"
#include "morph/audit/RigAudit.h"
#include "morph/audit/Symmetry.h"
#include "morph/gltf/GltfImport.h"

namespace audit_symmetry_test {

namespace {

using fixtures::Rig;

morph::Scene importRig(const Rig& rig) {
    morph::Result<morph::Scene> scene =
        morph::importGltfMemory(fixtures::rigGlb(rig), "rig.glb", ".", {});
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(*scene) : morph::Scene{};
}

// The triangles around each vertex, as the audit's data holds them.
struct Adjacency {
    std::vector<uint32_t> first, ids;
};

Adjacency adjacency(size_t vertices, const std::vector<uint32_t>& triangles) {
    Adjacency a;
    a.first.assign(vertices + 1, 0);
    for (uint32_t v : triangles) ++a.first[v + 1];
    std::partial_sum(a.first.begin(), a.first.end(), a.first.begin());
    a.ids.resize(triangles.size());
    std::vector<uint32_t> fill(a.first.begin(), a.first.end() - 1);
    for (size_t i = 0; i < triangles.size(); ++i) a.ids[fill[triangles[i]]++] = uint32_t(i / 3);
    return a;
}

// `face`'s plane across x, pairing within the local edge length (the audit's way on a mesh).
morph::Symmetry symmetryAcrossX(const fixtures::RigMesh& face) {
    const Adjacency a = adjacency(face.positions.size(), face.indices);
    morph::SymmetryOptions options;
    options.tolerance = 1e-4f;
    options.edgeShare = 1.0f;
    return morph::findSymmetry({face.positions, face.indices, a.first, a.ids}, {1.0f, 0.0f, 0.0f},
                               options);
}

TEST(AuditSymmetry, ANearlySymmetricFaceFindsItsPlane) {
    const fixtures::RigMesh face = fixtures::approximateRig().meshes[0];
    const morph::Symmetry s = symmetryAcrossX(face);
    EXPECT_TRUE(s.found) << s.pairedShare;
    EXPECT_GT(s.pairedShare, 0.9f);
    // Within a tenth of the coarser half's edge (0.0125) of the true plane.
    EXPECT_NEAR(s.offset, 0.3f, 0.00125f);
    // The same points without their triangles pair only where the halves meet exactly.
    const morph::Symmetry points =
        morph::findSymmetry(face.positions, {1.0f, 0.0f, 0.0f}, 1e-4f, 0.6f);
    EXPECT_FALSE(points.found) << points.pairedShare;
}

TEST(AuditSymmetry, MirrorImagesBetweenVerticesAreReadOnTheSurface) {
    const fixtures::RigMesh face = fixtures::approximateRig().meshes[0];
    const morph::Symmetry s = symmetryAcrossX(face);
    ASSERT_TRUE(s.found);
    // Each paired vertex's image lies on the surface: its samples interpolate the positions to
    // within the jitter off the surface (0.15 of an edge of 0.0125) of the image.
    size_t checked = 0;
    for (size_t v = 0; v < face.positions.size(); ++v) {
        if (s.firstSample[v] == s.firstSample[v + 1]) continue;
        const glm::vec3 at = s.samples[s.firstSample[v]].at(face.positions);
        EXPECT_LT(glm::length(at - s.mirrorPoint(face.positions[v])), 0.003f) << v;
        ++checked;
    }
    EXPECT_GT(checked, face.positions.size() * 9 / 10);
}

TEST(AuditSymmetry, CleanRigsHaveNothingUnchecked) {
    for (const Rig& rig : {fixtures::auditRig(), fixtures::approximateRig()}) {
        const morph::AuditReport report = morph::auditSceneReport(importRig(rig));
        EXPECT_TRUE(report.findings.empty());
        EXPECT_TRUE(report.unchecked.empty()) << report.unchecked.front().detail;
    }
}

// A face that is not symmetric (its right half cut away above the mouth, as a torn mesh): side
// and asymmetric cannot judge its sided targets, and the report says so, with the numbers.
TEST(AuditSymmetry, AMeshWithoutAMirrorPlaneSaysWhichChecksDidNotRun) {
    const morph::AuditReport report =
        morph::auditSceneReport(importRig(fixtures::rigWithTornFace()));
    ASSERT_EQ(report.unchecked.size(), 1u);
    const morph::Unchecked& u = report.unchecked[0];
    EXPECT_EQ(u.mesh, "face");
    EXPECT_EQ(u.checks, (std::vector<std::string>{"side", "asymmetric"}));
    EXPECT_LT(u.pairedShare, 0.6f);
    EXPECT_NE(std::find(u.targets.begin(), u.targets.end(), "eyeBlinkLeft"), u.targets.end());
    EXPECT_NE(u.detail.find("(60% needed)"), std::string::npos) << u.detail;
    EXPECT_TRUE(report.findings.empty());
}

}  // namespace

}  // namespace audit_symmetry_test
