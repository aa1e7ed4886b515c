// The rig audit on code-built rigs (fixtures/AuditFixtures.h): the clean rig has no finding, and
// each planted defect makes exactly its check fire on exactly its target and mesh.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "fixtures/AuditFixtures.h"
#include "morph/audit/RigAudit.h"
#include "morph/audit/Symmetry.h"
#include "morph/gltf/GltfImport.h"

namespace rig_audit_test {

using fixtures::Rig;
using fixtures::rigTarget;
using morph::Finding;

namespace {

morph::Scene importRig(const Rig& rig) {
    morph::ImportOptions options;
    options.keepNonFiniteTargets = true;
    morph::Result<morph::Scene> scene =
        morph::importGltfMemory(fixtures::rigGlb(rig), "rig.glb", ".", options);
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(*scene) : morph::Scene{};
}

std::vector<Finding> auditRig(const Rig& rig) {
    return morph::auditScene(importRig(rig));
}

std::string describe(const std::vector<Finding>& findings) {
    std::string out;
    for (const Finding& f : findings) {
        out += "\n  " + f.check + " [";
        for (const std::string& t : f.targets) out += t + " ";
        out += "] " + f.mesh + ": " + f.detail;
    }
    return out;
}

// Exactly one finding: `check` on `targets` and `mesh`.
void expectOnly(const std::vector<Finding>& findings, const std::string& check,
                const std::vector<std::string>& targets, const std::string& mesh) {
    ASSERT_EQ(findings.size(), 1u) << describe(findings);
    EXPECT_EQ(findings[0].check, check) << describe(findings);
    EXPECT_EQ(findings[0].targets, targets) << describe(findings);
    EXPECT_EQ(findings[0].mesh, mesh) << describe(findings);
    EXPECT_FALSE(findings[0].detail.empty());
}

TEST(RigAudit, TheCleanRigHasNoFinding) {
    const std::vector<Finding> findings = auditRig(fixtures::auditRig());
    EXPECT_TRUE(findings.empty()) << describe(findings);
}

TEST(RigAudit, TheMirrorPlaneIsFoundFromTheMeshNotAssumedAtZero) {
    const morph::Scene scene = importRig(fixtures::auditRig());
    const morph::Symmetry s = morph::findSymmetry(scene.meshes[0].primitives[0].positions,
                                                  {1.0f, 0.0f, 0.0f}, 1e-4f, 0.6f);
    EXPECT_TRUE(s.found);
    EXPECT_NEAR(s.offset, 0.3f, 1e-5f);
    EXPECT_FLOAT_EQ(s.pairedShare, 1.0f);
    const uint32_t v = fixtures::faceVertex(13, 4), mirror = fixtures::faceVertex(7, 4);
    EXPECT_EQ(s.mirror[v], int32_t(mirror));
    EXPECT_EQ(s.mirror[fixtures::faceVertex(10, 4)], int32_t(fixtures::faceVertex(10, 4)));
}

TEST(RigAudit, DeadNameMovesNothingOnAnyMesh) {
    Rig rig = fixtures::auditRig();
    for (fixtures::RigMesh& m : rig.meshes) {
        fixtures::RigTarget dead = m.targets[0];
        dead.name = "cheekPuff";
        for (glm::vec3& d : dead.positions) d = glm::vec3(0.0f);
        fixtures::normalsFollowPositions(m, dead);
        m.targets.push_back(dead);
    }
    expectOnly(auditRig(rig), "dead", {"cheekPuff"}, "face, teeth");
}

TEST(RigAudit, ANameThatMovesNothingOnOneMeshOnlyIsNotDead) {
    // The clean rig's eyeBlinkLeft moves nothing on the teeth: normal, not a finding.
    Rig rig = fixtures::auditRig();
    for (const glm::vec3& d : rigTarget(rig, 1, "eyeBlinkLeft").positions)
        ASSERT_EQ(d, glm::vec3(0.0f));
    EXPECT_TRUE(auditRig(rig).empty());
}

TEST(RigAudit, NonFiniteTargetIsReportedAndTheOthersStillAudited) {
    Rig rig = fixtures::auditRig();
    rigTarget(rig, 0, "browInnerUp").positions[fixtures::faceVertex(10, 22)].y =
        std::numeric_limits<float>::quiet_NaN();
    const std::vector<uint8_t> glb = fixtures::rigGlb(rig);
    // The default import still refuses the file (the viewer's rule)...
    EXPECT_FALSE(morph::importGltfMemory(glb, "rig.glb", ".").ok());
    // ...the audit's reads it, zeroes the value and lists the target.
    const morph::Scene scene = importRig(rig);
    ASSERT_EQ(scene.report.nonFiniteTargets.size(), 1u);
    EXPECT_EQ(scene.report.nonFiniteTargets[0].mesh, 0u);
    EXPECT_EQ(scene.report.nonFiniteTargets[0].target, 1u);
    EXPECT_EQ(scene.report.nonFiniteTargets[0].channel, "POSITION");
    EXPECT_EQ(scene.report.nonFiniteTargets[0].values, 1u);
    expectOnly(morph::auditScene(scene), "nonfinite", {"browInnerUp"}, "face");
}

TEST(RigAudit, NonFiniteTargetAmongOthersWithADefectStillFindsTheDefect) {
    Rig rig = fixtures::auditRig();
    rigTarget(rig, 0, "browInnerUp").positions[fixtures::faceVertex(10, 22)].y = INFINITY;
    rig.meshes[1].targets.erase(rig.meshes[1].targets.begin());  // teeth without jawOpen
    const std::vector<Finding> findings = auditRig(rig);
    ASSERT_EQ(findings.size(), 2u) << describe(findings);
    EXPECT_EQ(findings[0].check, "nonfinite");
    EXPECT_EQ(findings[1].check, "missing-on-mesh");
}

TEST(RigAudit, HugeDeltaOfAStrayVertex) {
    Rig rig = fixtures::auditRig();
    fixtures::RigTarget& jaw = rigTarget(rig, 0, "jawOpen");
    jaw.positions[fixtures::faceVertex(12, 3)] = {0.0f, -5.0f, 0.0f};
    fixtures::normalsFollowPositions(rig.meshes[0], jaw);
    expectOnly(auditRig(rig), "huge", {"jawOpen"}, "face");
}

TEST(RigAudit, DuplicateNamesWithEqualDeltas) {
    Rig rig = fixtures::auditRig();
    for (fixtures::RigMesh& m : rig.meshes) {
        fixtures::RigTarget copy = m.targets[0];  // jawOpen
        copy.name = "mouthFunnel";
        m.targets.push_back(copy);
    }
    const std::vector<Finding> findings = auditRig(rig);
    expectOnly(findings, "duplicate", {"jawOpen", "mouthFunnel"}, "face, teeth");
    EXPECT_EQ(findings[0].severity, morph::Severity::Warning);
}

TEST(RigAudit, SideOfANameThatMovesTheOtherSide) {
    const std::vector<Finding> findings = auditRig(fixtures::rigWithSwappedBlinks());
    ASSERT_EQ(findings.size(), 2u) << describe(findings);
    for (size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(findings[i].check, "side");
        EXPECT_EQ(findings[i].mesh, "face");
        EXPECT_EQ(findings[i].severity, morph::Severity::Error);
    }
    EXPECT_EQ(findings[0].targets, std::vector<std::string>{"eyeBlinkLeft"});
    EXPECT_EQ(findings[1].targets, std::vector<std::string>{"eyeBlinkRight"});
}

TEST(RigAudit, Vrm0CharactersFaceNegativeZSoTheirSidesFlip) {
    Rig clean = fixtures::auditRig();
    clean.vrm0 = true;
    const std::vector<Finding> findings = auditRig(clean);
    ASSERT_EQ(findings.size(), 4u) << describe(findings);
    for (const Finding& f : findings) EXPECT_EQ(f.check, "side") << describe(findings);
    Rig swapped = fixtures::rigWithSwappedBlinks();
    swapped.vrm0 = true;
    std::swap(rigTarget(swapped, 0, "mouthSmileLeft").positions,
              rigTarget(swapped, 0, "mouthSmileRight").positions);
    std::swap(rigTarget(swapped, 0, "mouthSmileLeft").normals,
              rigTarget(swapped, 0, "mouthSmileRight").normals);
    EXPECT_TRUE(auditRig(swapped).empty()) << describe(auditRig(swapped));
}

TEST(RigAudit, AsymmetricPairReportsHowFar) {
    const Rig rig = fixtures::rigWithWeakRightSmile();
    const std::vector<Finding> findings = auditRig(rig);
    expectOnly(findings, "asymmetric", {"mouthSmileLeft", "mouthSmileRight"}, "face");
    EXPECT_NE(findings[0].detail.find("40%"), std::string::npos) << findings[0].detail;
}

TEST(RigAudit, LeakOfABrowTargetIntoTheChin) {
    Rig rig = fixtures::auditRig();
    fixtures::RigTarget& brow = rigTarget(rig, 0, "browInnerUp");
    brow.positions[fixtures::faceVertex(10, 0)] = {0.0f, 0.004f, 0.0f};
    fixtures::normalsFollowPositions(rig.meshes[0], brow);
    expectOnly(auditRig(rig), "leak", {"browInnerUp"}, "face");
}

TEST(RigAudit, NormalsThatDisagreeWithTheMorphedGeometry) {
    Rig rig = fixtures::auditRig();
    fixtures::RigTarget& smile = rigTarget(rig, 0, "mouthSmileLeft");
    for (size_t v = 0; v < smile.normals.size(); ++v) {
        if (smile.positions[v] != glm::vec3(0.0f)) smile.normals[v] = glm::vec3(0.0f, 0.0f, -2.0f);
    }
    expectOnly(auditRig(rig), "normals", {"mouthSmileLeft"}, "face");
}

TEST(RigAudit, NormalsMissingWhereTheSiblingsHaveThem) {
    Rig rig = fixtures::auditRig();
    rigTarget(rig, 0, "mouthSmileLeft").withNormals = false;
    rigTarget(rig, 1, "mouthSmileLeft").withNormals = false;
    const std::vector<Finding> findings = auditRig(rig);
    expectOnly(findings, "normals", {"mouthSmileLeft"}, "face");
    EXPECT_NE(findings[0].detail.find("no NORMAL"), std::string::npos) << findings[0].detail;
}

TEST(RigAudit, OneTargetWithNormalsAmongManyWithoutLeavesTheOthersAlone) {
    // Only the jaw has NORMAL deltas (and they follow its positions): the targets without them
    // are the mesh's rule, not its exception, so nothing is missing.
    Rig rig = fixtures::auditRig();
    for (fixtures::RigMesh& mesh : rig.meshes) {
        for (fixtures::RigTarget& target : mesh.targets)
            target.withNormals = target.name == "jawOpen";
    }
    EXPECT_TRUE(auditRig(rig).empty());
}

TEST(RigAudit, MissingOnMeshThatSharesMostNames) {
    Rig rig = fixtures::auditRig();
    rig.meshes[1].targets.erase(rig.meshes[1].targets.begin());  // the teeth without jawOpen
    expectOnly(auditRig(rig), "missing-on-mesh", {"jawOpen"}, "teeth");
}

TEST(RigAudit, FindingsAreSortedErrorsFirstThenByTarget) {
    Rig rig = fixtures::rigWithWeakRightSmile();
    Rig swapped = fixtures::rigWithSwappedBlinks();
    for (const char* name : {"eyeBlinkLeft", "eyeBlinkRight"})
        rigTarget(rig, 0, name) = rigTarget(swapped, 0, name);
    const std::vector<Finding> findings = auditRig(rig);
    ASSERT_EQ(findings.size(), 3u) << describe(findings);
    EXPECT_EQ(findings[0].targets[0], "eyeBlinkLeft");
    EXPECT_EQ(findings[1].targets[0], "eyeBlinkRight");
    EXPECT_EQ(findings[2].check, "asymmetric");
}

}  // namespace

namespace {

// A target that also moves 40 vertices of the chin by 30% of its largest delta: they hold about
// two fifths of its movement, enough to pull a weighted centre towards them and widen a 90%
// radius over them; but they are a piece of their own that never reaches half its largest delta.
TEST(RigAudit, ALargeLeakIsStillALeak) {
    Rig rig = fixtures::auditRig();
    fixtures::RigTarget& brow = rigTarget(rig, 0, "browInnerUp");
    float largest = 0;
    for (const glm::vec3& d : brow.positions) largest = std::max(largest, glm::length(d));
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 20; ++i)
            brow.positions[fixtures::faceVertex(i, j)] = {0.0f, 0.3f * largest, 0.0f};
    }
    fixtures::normalsFollowPositions(rig.meshes[0], brow);
    expectOnly(auditRig(rig), "leak", {"browInnerUp"}, "face");
}

// The same 40 vertices scattered over the lower face, two rows apart, one in two.
TEST(RigAudit, ALargeScatteredLeakIsStillALeak) {
    Rig rig = fixtures::auditRig();
    fixtures::RigTarget& brow = rigTarget(rig, 0, "browInnerUp");
    float largest = 0;
    for (const glm::vec3& d : brow.positions) largest = std::max(largest, glm::length(d));
    for (int j = 0; j < 8; j += 2) {
        for (int i = 0; i < 20; i += 2)
            brow.positions[fixtures::faceVertex(i + j % 4 / 2, j)] = {0.0f, 0.3f * largest, 0.0f};
    }
    fixtures::normalsFollowPositions(rig.meshes[0], brow);
    expectOnly(auditRig(rig), "leak", {"browInnerUp"}, "face");
}

// A target named without side that moves both brows works in two places, neither a leak, also
// when one brow moves less than the other (its mirror image is the work); with no finding
// before the leak was planted, the leak is still found.
TEST(RigAudit, BothBrowsOfATargetWithoutSideAreNotALeakButAChinIs) {
    Rig rig = fixtures::auditRig();
    for (float weaker : {1.0f, 0.4f}) {
        Rig both = rig;
        for (fixtures::RigMesh& m : both.meshes) {
            fixtures::RigTarget brows = m.targets[1];  // browInnerUp's shape, moved apart
            brows.name = "browDown";
            for (size_t v = 0; v < m.positions.size(); ++v) {
                const glm::vec2 p(m.positions[v]);
                auto bump = [&](glm::vec2 c) {
                    const float r = glm::length(p - c) / 0.03f;
                    return r < 1.0f ? (1.0f - r * r) * (1.0f - r * r) : 0.0f;
                };
                const float s =
                    m.name == "face" ? bump({0.35f, 0.2f}) + weaker * bump({0.25f, 0.2f}) : 0.0f;
                brows.positions[v] = glm::vec3(0.0f, -0.006f, 0.0f) * s;
            }
            fixtures::normalsFollowPositions(m, brows);
            m.targets.push_back(brows);
        }
        EXPECT_TRUE(auditRig(both).empty()) << weaker << describe(auditRig(both));
        fixtures::RigTarget& brows = rigTarget(both, 0, "browDown");
        for (int i = 0; i < 20; ++i)
            brows.positions[fixtures::faceVertex(i, 0)] = {0.0f, 0.3f * 0.006f, 0.0f};
        fixtures::normalsFollowPositions(both.meshes[0], brows);
        expectOnly(auditRig(both), "leak", {"browDown"}, "face");
    }
}

// A whole-face expression named without side that works most at the mouth and moves both eyes
// (at 20% of its largest delta) and both brows (at 35%) far from it: each eye and brow is the
// other's mirror image, so none is a leak. A piece across the plane is its own mirror image: the
// chin moved with them by 30% still is.
TEST(RigAudit, AWholeFaceExpressionIsNotALeakButAStrayPieceAcrossThePlaneIs) {
    Rig rig = fixtures::auditRig();
    for (fixtures::RigMesh& m : rig.meshes) {
        fixtures::RigTarget surprised = m.targets[0];
        surprised.name = "surprised";
        for (size_t v = 0; v < m.positions.size(); ++v) {
            const glm::vec2 p(m.positions[v]);
            auto bump = [&](glm::vec2 c, float radius) {
                const float r = glm::length(p - c) / radius;
                return r < 1.0f ? (1.0f - r * r) * (1.0f - r * r) : 0.0f;
            };
            glm::vec3 d(0.0f);
            if (m.name == "face") {
                d = glm::vec3(0.0f, -0.02f, 0.0f) * bump({0.3f, 0.12f}, 0.03f);
                for (float x : {0.25f, 0.35f}) {
                    d += glm::vec3(0.0f, -0.004f, 0.0f) * bump({x, 0.18f}, 0.02f);
                    d += glm::vec3(0.0f, 0.007f, 0.0f) * bump({x, 0.23f}, 0.02f);
                }
            }
            surprised.positions[v] = d;
        }
        fixtures::normalsFollowPositions(m, surprised);
        m.targets.push_back(surprised);
    }
    EXPECT_TRUE(auditRig(rig).empty()) << describe(auditRig(rig));
    fixtures::RigTarget& surprised = rigTarget(rig, 0, "surprised");
    for (int j = 0; j < 2; ++j) {
        for (int i = 5; i < 15; ++i)
            surprised.positions[fixtures::faceVertex(i, j)] = {0.0f, 0.3f * 0.02f, 0.0f};
    }
    fixtures::normalsFollowPositions(rig.meshes[0], surprised);
    expectOnly(auditRig(rig), "leak", {"surprised"}, "face");
}

TEST(RigAudit, TheNearlySymmetricRigHasNoFinding) {
    const std::vector<Finding> findings = auditRig(fixtures::approximateRig());
    EXPECT_TRUE(findings.empty()) << describe(findings);
}

// Its halves are tessellated differently, so no right vertex lies at a left vertex's image: the
// plane is still found (pairing within the local edge length), and the side check runs.
TEST(RigAudit, SideOnANearlySymmetricFace) {
    Rig rig = fixtures::approximateRig();
    std::swap(rigTarget(rig, 0, "eyeBlinkLeft").positions,
              rigTarget(rig, 0, "eyeBlinkRight").positions);
    std::swap(rigTarget(rig, 0, "eyeBlinkLeft").normals,
              rigTarget(rig, 0, "eyeBlinkRight").normals);
    const std::vector<Finding> findings = auditRig(rig);
    ASSERT_EQ(findings.size(), 2u) << describe(findings);
    for (const Finding& f : findings) {
        EXPECT_EQ(f.check, "side") << describe(findings);
        EXPECT_EQ(f.mesh, "face");
    }
    EXPECT_EQ(findings[0].targets, std::vector<std::string>{"eyeBlinkLeft"});
    EXPECT_EQ(findings[1].targets, std::vector<std::string>{"eyeBlinkRight"});
}

// A pair scaled to 40% of each other, compared where no vertex lies at the mirror image: the
// partner's deltas are read on the surface there.
TEST(RigAudit, AsymmetricPairOnANearlySymmetricFace) {
    Rig rig = fixtures::approximateRig();
    fixtures::RigTarget& right = rigTarget(rig, 0, "mouthSmileRight");
    for (glm::vec3& d : right.positions) d *= 0.4f;
    fixtures::normalsFollowPositions(rig.meshes[0], right);
    expectOnly(auditRig(rig), "asymmetric", {"mouthSmileLeft", "mouthSmileRight"}, "face");
}

// A Left target whose deltas were mirrored onto the right side equals its Right partner: a
// duplicate, and on the wrong side (the name promises the left, the data moves the right).
TEST(RigAudit, ALeftTargetMirroredOntoTheRightIsADuplicateOnTheWrongSide) {
    for (const Rig& base : {fixtures::auditRig(), fixtures::approximateRig()}) {
        Rig rig = base;
        rigTarget(rig, 0, "eyeBlinkLeft").positions = rigTarget(rig, 0, "eyeBlinkRight").positions;
        rigTarget(rig, 0, "eyeBlinkLeft").normals = rigTarget(rig, 0, "eyeBlinkRight").normals;
        const std::vector<Finding> findings = auditRig(rig);
        ASSERT_EQ(findings.size(), 2u) << describe(findings);
        EXPECT_EQ(findings[0].check, "side") << describe(findings);
        EXPECT_EQ(findings[0].targets, std::vector<std::string>{"eyeBlinkLeft"});
        EXPECT_EQ(findings[1].check, "duplicate") << describe(findings);
        EXPECT_EQ(findings[1].targets, (std::vector<std::string>{"eyeBlinkLeft", "eyeBlinkRight"}));
    }
}

}  // namespace

}  // namespace rig_audit_test
