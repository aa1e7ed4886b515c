// The rig audit on a real avatar (../shared/avatars' Ready Player Me head, eyes, teeth and body:
// 59 names, 57 on each face mesh) with one defect planted in memory per check: each is found by
// its check, on its target and mesh, and nothing else is (the clean avatar has no finding).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "morph/audit/RigAudit.h"
#include "morph/gltf/GltfImport.h"

namespace {

using morph::MorphChannel;
using morph::MorphTarget;

morph::Scene avatar() {
    morph::ImportOptions options;
    options.decodeImages = false;
    auto scene = morph::importGltf(fixtures::avatarPath("RPM_VisageMale/male.glb"), options);
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(*scene) : morph::Scene{};
}

morph::Mesh& meshNamed(morph::Scene& scene, const std::string& name) {
    for (morph::Mesh& mesh : scene.meshes) {
        if (mesh.name == name) return mesh;
    }
    ADD_FAILURE() << "no mesh " << name;
    return scene.meshes.front();
}

size_t targetIndex(const morph::Mesh& mesh, const std::string& name) {
    const auto it = std::find(mesh.targetNames.begin(), mesh.targetNames.end(), name);
    EXPECT_NE(it, mesh.targetNames.end()) << name << " on " << mesh.name;
    return size_t(it - mesh.targetNames.begin());
}

// Every primitive's copy of the mesh's target `name`.
template <typename F>
void forTarget(morph::Mesh& mesh, const std::string& name, F&& f) {
    const size_t t = targetIndex(mesh, name);
    for (morph::Primitive& primitive : mesh.primitives) f(primitive, primitive.targets[t]);
}

// The positions of a target scaled (a weaker copy), or with one vertex moved by `add`.
void editPositions(morph::Primitive& primitive, MorphTarget& target, float scale, uint32_t vertex,
                   glm::vec3 add) {
    std::vector<glm::vec4> deltas = target.dense(MorphChannel::Position, primitive.vertexCount());
    for (glm::vec4& d : deltas) d *= scale;
    if (vertex < deltas.size()) deltas[vertex] += glm::vec4(add, 0.0f);
    MorphTarget dense = target.toDense(primitive.vertexCount());
    dense.set(MorphChannel::Position, deltas);
    target = std::move(dense);
}

std::vector<morph::Finding> audit(morph::Scene& scene) {
    morph::computeTargetStats(scene);
    return morph::auditScene(scene);
}

void expectOnly(const std::vector<morph::Finding>& findings, const std::string& check,
                const std::vector<std::string>& targets, const std::string& mesh) {
    ASSERT_EQ(findings.size(), 1u)
        << (findings.empty()
                ? "no finding"
                : findings[0].check + " " + findings[0].targets[0] + " " + findings[0].detail);
    EXPECT_EQ(findings[0].check, check) << findings[0].detail;
    EXPECT_EQ(findings[0].targets, targets) << findings[0].detail;
    EXPECT_EQ(findings[0].mesh, mesh) << findings[0].detail;
}

TEST(AuditAvatar, TheCleanAvatarHasNoFinding) {
    morph::Scene scene = avatar();
    EXPECT_TRUE(audit(scene).empty());
}

TEST(AuditAvatar, SwappedBlinksAreOnTheWrongSide) {
    morph::Scene scene = avatar();
    morph::Mesh& head = meshNamed(scene, "Wolf3D_Head");
    const size_t left = targetIndex(head, "eyeBlinkLeft"),
                 right = targetIndex(head, "eyeBlinkRight");
    for (morph::Primitive& p : head.primitives) std::swap(p.targets[left], p.targets[right]);
    const std::vector<morph::Finding> findings = audit(scene);
    ASSERT_EQ(findings.size(), 2u);
    for (const morph::Finding& f : findings) {
        EXPECT_EQ(f.check, "side");
        EXPECT_EQ(f.mesh, "Wolf3D_Head");
    }
    EXPECT_EQ(findings[0].targets, std::vector<std::string>{"eyeBlinkLeft"});
    EXPECT_EQ(findings[1].targets, std::vector<std::string>{"eyeBlinkRight"});
}

TEST(AuditAvatar, ATargetEmptiedOnEveryMeshIsDead) {
    morph::Scene scene = avatar();
    for (morph::Mesh& mesh : scene.meshes) {
        if (std::count(mesh.targetNames.begin(), mesh.targetNames.end(), "browInnerUp") == 0)
            continue;
        forTarget(mesh, "browInnerUp",
                  [](morph::Primitive&, MorphTarget& t) { t = MorphTarget(); });
    }
    const std::vector<morph::Finding> findings = audit(scene);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].check, "dead");
    EXPECT_EQ(findings[0].targets, std::vector<std::string>{"browInnerUp"});
}

TEST(AuditAvatar, AVertexFlungAwayIsHuge) {
    morph::Scene scene = avatar();
    forTarget(meshNamed(scene, "Wolf3D_Head"), "cheekPuff",
              [](morph::Primitive& p, MorphTarget& t) {
                  editPositions(p, t, 1.0f, 100, glm::vec3(5.0f, 0.0f, 0.0f));
              });
    expectOnly(audit(scene), "huge", {"cheekPuff"}, "Wolf3D_Head");
}

TEST(AuditAvatar, ACopiedTargetIsADuplicate) {
    morph::Scene scene = avatar();
    morph::Mesh& head = meshNamed(scene, "Wolf3D_Head");
    const size_t lower = targetIndex(head, "mouthRollLower");
    const size_t upper = targetIndex(head, "mouthRollUpper");
    for (morph::Primitive& p : head.primitives) p.targets[lower] = p.targets[upper];
    expectOnly(audit(scene), "duplicate", {"mouthRollLower", "mouthRollUpper"}, "Wolf3D_Head");
}

TEST(AuditAvatar, AWeakRightSmileIsAsymmetric) {
    morph::Scene scene = avatar();
    forTarget(meshNamed(scene, "Wolf3D_Head"), "mouthSmileRight",
              [](morph::Primitive& p, MorphTarget& t) {
                  editPositions(p, t, 0.6f, UINT32_MAX, glm::vec3(0.0f));
              });
    expectOnly(audit(scene), "asymmetric", {"mouthSmileLeft", "mouthSmileRight"}, "Wolf3D_Head");
}

TEST(AuditAvatar, ABrowTargetMovingTheNeckLeaks) {
    morph::Scene scene = avatar();
    morph::Mesh& head = meshNamed(scene, "Wolf3D_Head");
    morph::Primitive& p = head.primitives[0];
    // The head's lowest vertex (the neck), moved by the brow target's own largest delta.
    uint32_t lowest = 0;
    for (uint32_t v = 0; v < p.vertexCount(); ++v)
        if (p.positions[v].y < p.positions[lowest].y) lowest = v;
    MorphTarget& brow = p.targets[targetIndex(head, "browDownLeft")];
    glm::vec3 largest(0.0f);
    brow.forEach(MorphChannel::Position, [&](uint32_t, const glm::vec4& d) {
        if (glm::length(glm::vec3(d)) > glm::length(largest)) largest = glm::vec3(d);
    });
    editPositions(p, brow, 1.0f, lowest, largest);
    expectOnly(audit(scene), "leak", {"browDownLeft"}, "Wolf3D_Head");
}

TEST(AuditAvatar, TeethWithoutTheJawAreMissingIt) {
    morph::Scene scene = avatar();
    morph::Mesh& teeth = meshNamed(scene, "Wolf3D_Teeth");
    const size_t jaw = targetIndex(teeth, "jawOpen");
    teeth.targetNames.erase(teeth.targetNames.begin() + long(jaw));
    if (jaw < teeth.defaultWeights.size())
        teeth.defaultWeights.erase(teeth.defaultWeights.begin() + long(jaw));
    for (morph::Primitive& p : teeth.primitives) p.targets.erase(p.targets.begin() + long(jaw));
    expectOnly(audit(scene), "missing-on-mesh", {"jawOpen"}, "Wolf3D_Teeth");
}

TEST(AuditAvatar, NormalDeltasThatTurnTheWrongWayDisagree) {
    morph::Scene scene = avatar();
    forTarget(meshNamed(scene, "Wolf3D_Head"), "jawOpen", [](morph::Primitive& p, MorphTarget& t) {
        MorphTarget dense = t.toDense(p.vertexCount());
        dense.set(MorphChannel::Normal,
                  std::vector<glm::vec4>(p.vertexCount(), glm::vec4(0.7f, 0.0f, 0.0f, 0.0f)));
        t = std::move(dense);
    });
    expectOnly(audit(scene), "normals", {"jawOpen"}, "Wolf3D_Head");
}

}  // namespace
