// diff's core (morph/diff/): a rig against itself is the same at exactly 0; against a copy whose
// meshes were merged and reordered, whose positions were quantized and whose node moved it, each
// target's drift agrees with a brute-force oracle over every vertex pair (fixtures/DiffFixtures);
// renames, added and removed targets, deleted and added vertices, non-finite deltas; and the
// grid's nearest neighbour against a linear scan.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "fixtures/AuditFixtures.h"
#include "fixtures/DiffFixtures.h"
#include "fixtures/SkinFixtures.h"
#include "morph/anim/FramePose.h"
#include "morph/anim/Skin.h"
#include "morph/diff/DrawnModel.h"
#include "morph/diff/ModelDiff.h"
#include "morph/diff/VertexMatch.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Blend.h"
#include "morph/targets/SyntheticMesh.h"

namespace model_diff_test {

namespace {

using fixtures::Rig;
using morph::DriftStatus;

morph::DrawnModel drawn(const Rig& rig, const std::vector<glm::mat4>& matrices = {}) {
    morph::Result<morph::DrawnModel> model = morph::drawnModel(fixtures::rigScene(rig, matrices));
    EXPECT_TRUE(model.ok());
    return model.ok() ? std::move(model).value() : morph::DrawnModel{};
}

const morph::TargetDrift* rowOf(const morph::ModelDiff& diff, const std::string& name) {
    for (const morph::TargetDrift& t : diff.targets) {
        if (t.name == name) return &t;
    }
    return nullptr;
}

// Scaled by 2, turned a quarter about Y and moved: B's node undoes what was done to its vertices.
glm::dmat4 placement() {
    glm::dmat4 m = glm::translate(glm::dmat4(1.0), glm::dvec3(0.5, -1.0, 2.0));
    m = glm::rotate(m, glm::radians(90.0), glm::dvec3(0.0, 1.0, 0.0));
    return glm::scale(m, glm::dvec3(2.0));
}

TEST(ModelDiff, ARigAgainstItselfIsTheSameAtZero) {
    const Rig rig = fixtures::auditRig();
    const morph::DrawnModel a = drawn(rig);
    const morph::ModelDiff diff = morph::diffModels(a, a);
    EXPECT_EQ(diff.unmatchedA, 0u);
    EXPECT_EQ(diff.unmatchedB, 0u);
    EXPECT_EQ(diff.restMaxDrift, 0.0f);
    ASSERT_EQ(diff.targets.size(), 6u);
    for (const morph::TargetDrift& t : diff.targets) {
        EXPECT_EQ(t.status, DriftStatus::Same) << t.name;
        EXPECT_EQ(t.maxDrift, 0.0f) << t.name;
        EXPECT_EQ(t.rmsDrift, 0.0f) << t.name;
    }
    EXPECT_TRUE(diff.unchanged({}));
}

TEST(ModelDiff, MergedReorderedQuantizedAndMovedAgreesWithBruteForce) {
    Rig rig = fixtures::auditRig();
    Rig changed = rig;
    for (glm::vec3& d : fixtures::rigTarget(changed, 0, "jawOpen").positions) d *= 1.25f;
    for (glm::vec3& d : fixtures::rigTarget(changed, 0, "browInnerUp").positions) d.x += 0.001f;
    const Rig merged = fixtures::mergedRig(changed, 1.0f / 8192.0f, 7);
    const glm::dmat4 m = placement();
    const Rig local = fixtures::transformedRig(merged, glm::inverse(m));

    const morph::DrawnModel a = drawn(rig);
    const morph::DrawnModel b = drawn(local, {glm::mat4(m)});
    const morph::ModelDiff diff = morph::diffModels(a, b);

    const fixtures::OracleModel oa = fixtures::oracleModel(rig);
    const fixtures::OracleModel ob = fixtures::oracleModel(local, {m});
    const double diagonal = fixtures::oracleDiagonal(oa);
    const std::vector<int> match = fixtures::oracleMatch(oa, ob, 0.001 * diagonal);
    EXPECT_NEAR(diff.diagonal, diagonal, 1e-6);
    EXPECT_EQ(diff.unmatchedA, uint32_t(std::count(match.begin(), match.end(), -1)));
    EXPECT_EQ(diff.unmatchedA, 0u);
    EXPECT_EQ(diff.unmatchedB, 0u);
    EXPECT_GT(diff.restMaxDrift, 0.0f);  // quantized
    EXPECT_LT(diff.restMaxDrift, 0.001f);
    ASSERT_EQ(diff.targets.size(), 6u);
    for (const morph::TargetDrift& t : diff.targets) {
        const fixtures::OracleDrift o =
            fixtures::oracleDrift(oa, ob, match, t.name, t.name, diagonal);
        EXPECT_NEAR(t.maxDrift, o.max, 1e-6) << t.name;
        EXPECT_NEAR(t.rmsDrift, o.rms, 1e-6) << t.name;
        const bool planted = t.name == "jawOpen" || t.name == "browInnerUp";
        EXPECT_EQ(t.status, planted ? DriftStatus::Changed : DriftStatus::Same) << t.name;
    }
    EXPECT_GT(rowOf(diff, "jawOpen")->maxDrift, 0.01f);  // a quarter of a 2 cm jaw on a 33 cm box
    EXPECT_EQ(diff.worst()->name, "jawOpen");
    EXPECT_FALSE(diff.unchanged({}));
}

// The page's heat map: the drift field's largest length is the row's maxDrift, on a scene of the
// drawn model in world space.
TEST(ModelDiff, TheDriftFieldIsWhatTheRowMeasures) {
    const Rig rig = fixtures::auditRig();
    Rig changed = rig;
    for (glm::vec3& d : fixtures::rigTarget(changed, 0, "jawOpen").positions) d *= 1.5f;
    const morph::DrawnModel a = drawn(rig), b = drawn(fixtures::mergedRig(changed, 0, 9));
    const morph::ModelDiff diff = morph::diffModels(a, b);
    const std::vector<glm::vec3> field = morph::driftField(a, b, diff, "jawOpen", "jawOpen");
    float largest = 0;
    for (const glm::vec3& d : field) largest = std::max(largest, glm::length(d));
    EXPECT_NEAR(largest / diff.diagonal, rowOf(diff, "jawOpen")->maxDrift, 1e-6);
    EXPECT_EQ(a.triangles.size(), rig.meshes[0].indices.size() + rig.meshes[1].indices.size());
    const morph::Scene scene = morph::drawnScene(a, {{"drift", field}});
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_EQ(scene.meshes[0].targetNames, std::vector<std::string>{"drift"});
    EXPECT_EQ(scene.meshes[0].primitives[0].positions, a.rest);
}

TEST(ModelDiff, APlantedRenameIsOneRenamedRow) {
    const Rig rig = fixtures::auditRig();
    Rig renamed = rig;
    for (fixtures::RigMesh& mesh : renamed.meshes) {
        for (fixtures::RigTarget& t : mesh.targets) {
            if (t.name == "mouthSmileLeft") t.name = "smileLeft";
        }
    }
    const morph::ModelDiff diff =
        morph::diffModels(drawn(rig), drawn(fixtures::mergedRig(renamed, 0, 3)));
    ASSERT_EQ(diff.targets.size(), 6u);
    const morph::TargetDrift* row = rowOf(diff, "smileLeft");
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->status, DriftStatus::Renamed);
    EXPECT_EQ(row->from, "mouthSmileLeft");
    EXPECT_EQ(row->maxDrift, 0.0f);
    EXPECT_EQ(rowOf(diff, "mouthSmileLeft"), nullptr);
    EXPECT_EQ(
        std::count_if(diff.targets.begin(), diff.targets.end(),
                      [](const morph::TargetDrift& t) { return t.status != DriftStatus::Same; }),
        1);
    EXPECT_FALSE(diff.unchanged({}));
}

// Targets that move less than the budget: a small one renamed is still a rename (its fields agree
// to within half its size), two small ones that move different places are not, and dead ones
// never are.
TEST(ModelDiff, SmallTargetsAreRenamedOnlyWhenTheyMoveAlike) {
    Rig rig = fixtures::auditRig();
    for (fixtures::RigMesh& mesh : rig.meshes) {
        for (fixtures::RigTarget& t : mesh.targets) {
            for (glm::vec3& d : t.positions) d *= 0.01f;  // every target under 0.001 of 0.32
            if (t.name == "browInnerUp") {
                for (glm::vec3& d : t.positions) d = glm::vec3(0.0f);
            }
        }
    }
    Rig other = rig;
    for (fixtures::RigMesh& mesh : other.meshes) {
        for (fixtures::RigTarget& t : mesh.targets) {
            if (t.name == "mouthSmileLeft") t.name = "smileLeft";  // renamed
            if (t.name == "eyeBlinkLeft") t.name = "blinkOther";   // and moved elsewhere:
            if (t.name == "blinkOther")
                t.positions = fixtures::rigTarget(rig, mesh.name == "face" ? 0 : 1, "eyeBlinkRight")
                                  .positions;
            if (t.name == "browInnerUp") t.name = "deadOther";  // dead in both
        }
    }
    const morph::ModelDiff diff = morph::diffModels(drawn(rig), drawn(other));
    ASSERT_NE(rowOf(diff, "smileLeft"), nullptr);
    EXPECT_EQ(rowOf(diff, "smileLeft")->status, DriftStatus::Renamed);
    EXPECT_EQ(rowOf(diff, "eyeBlinkLeft")->status, DriftStatus::Removed);
    EXPECT_EQ(rowOf(diff, "blinkOther")->status, DriftStatus::Added);
    EXPECT_EQ(rowOf(diff, "browInnerUp")->status, DriftStatus::Removed);
    EXPECT_EQ(rowOf(diff, "deadOther")->status, DriftStatus::Added);
}

TEST(ModelDiff, AddedAndRemovedTargetsAreRowsOfTheirOwn) {
    const Rig rig = fixtures::auditRig();
    Rig other = rig;
    fixtures::RigTarget& brow = fixtures::rigTarget(other, 0, "browInnerUp");
    brow.name = "cheekPuff";  // a new name that moves another way
    for (glm::vec3& d : brow.positions) d = glm::vec3(d.y, 0.0f, d.y);
    fixtures::rigTarget(other, 1, "browInnerUp").name = "cheekPuff";
    const morph::ModelDiff diff = morph::diffModels(drawn(rig), drawn(other));
    ASSERT_EQ(diff.targets.size(), 7u);
    EXPECT_EQ(rowOf(diff, "browInnerUp")->status, DriftStatus::Removed);
    EXPECT_EQ(rowOf(diff, "cheekPuff")->status, DriftStatus::Added);
    EXPECT_EQ(diff.targets.back().name, "cheekPuff");  // added rows after A's
    EXPECT_GT(rowOf(diff, "browInnerUp")->maxDrift, 0.01f);
}

TEST(ModelDiff, DeletedAndAddedVerticesAreCountedUnmatched) {
    const Rig rig = fixtures::auditRig();
    Rig fewer = fixtures::withoutVertices(
        rig, 0,
        {fixtures::faceVertex(3, 3), fixtures::faceVertex(10, 20), fixtures::faceVertex(15, 7)});
    fixtures::RigMesh extra{"extra", {{5, 5, 5}, {5.1f, 5, 5}, {5, 5.1f, 5}}, {0, 1, 2}, {}};
    fewer.meshes.push_back(extra);
    const morph::ModelDiff diff = morph::diffModels(drawn(rig), drawn(fewer));
    EXPECT_EQ(diff.unmatchedA, 3u);
    EXPECT_EQ(diff.unmatchedB, 3u);
    EXPECT_EQ(diff.verticesB, diff.verticesA);
    EXPECT_EQ(diff.restMaxDrift, 0.0f);
    for (const morph::TargetDrift& t : diff.targets)
        EXPECT_EQ(t.status, DriftStatus::Same) << t.name;
    EXPECT_FALSE(diff.unchanged({}));  // a topology change
}

TEST(ModelDiff, AVertexNoIndexNamesIsNotDrawn) {
    Rig rig = fixtures::auditRig();
    Rig unused = rig;
    unused.meshes[0].positions.push_back({9, 9, 9});
    for (fixtures::RigTarget& t : unused.meshes[0].targets) t.positions.push_back({1, 0, 0});
    EXPECT_EQ(drawn(unused).rest.size(), drawn(rig).rest.size());
    EXPECT_TRUE(morph::diffModels(drawn(rig), drawn(unused)).unchanged({}));
}

TEST(ModelDiff, NonFiniteTargetsAreChangedRows) {
    const Rig rig = fixtures::auditRig();
    morph::DrawnModel b = drawn(rig);
    b.nonFinite.push_back("eyeBlinkLeft");  // as the command marks a target the import zeroed
    const morph::ModelDiff diff = morph::diffModels(drawn(rig), b);
    EXPECT_EQ(rowOf(diff, "eyeBlinkLeft")->status, DriftStatus::Changed);
    EXPECT_TRUE(rowOf(diff, "eyeBlinkLeft")->nonFinite);
    EXPECT_EQ(rowOf(diff, "eyeBlinkRight")->status, DriftStatus::Same);
}

// A skinned mesh with its elbow bent: the displacement at weight 1 is what eval --space world
// gives at weight 1 less what it gives at rest (the blend, then toWorldSpace), vertex by vertex.
TEST(ModelDiff, SkinnedDisplacementIsEvalsWorldSpaceAtOneLessAtRest) {
    morph::Result<morph::Scene> scene =
        morph::importGltfMemory(fixtures::skinnedArm(), "arm.glb", ".");
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    scene->nodes[2].rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
    const morph::Result<morph::DrawnModel> model = morph::drawnModel(*scene);
    ASSERT_TRUE(model.ok());
    ASSERT_EQ(model->names, std::vector<std::string>{"bulge"});

    const morph::FramePose frame = morph::resolveFrame(*scene, morph::restPose(*scene));
    const int node = 3;
    const morph::Primitive& primitive = scene->meshes[0].primitives[0];
    const glm::mat4 world = morph::skinnedModel(frame.world[node]);
    morph::MorphedPrimitive rest = morph::blend(primitive, {0.0f});
    morph::MorphedPrimitive one = morph::blend(primitive, {1.0f});
    morph::toWorldSpace(primitive, world, frame.joints[node], rest);
    morph::toWorldSpace(primitive, world, frame.joints[node], one);
    std::vector<glm::vec3> field(rest.positions.size(), glm::vec3(0.0f));
    const morph::DisplacementField& f = model->fields[0];
    for (size_t e = 0; e < f.vertices.size(); ++e) field[f.vertices[e]] += f.deltas[e];
    ASSERT_EQ(model->rest.size(), rest.positions.size());
    for (size_t v = 0; v < rest.positions.size(); ++v) {
        EXPECT_EQ(model->rest[v], rest.positions[v]) << v;
        const glm::vec3 expected = one.positions[v] - rest.positions[v];
        EXPECT_LT(glm::distance(field[v], expected), 1e-5f) << v;
    }
    EXPECT_GT(glm::length(field[9]), 0.4f);  // v9: (0, 0, 0.5) on the elbow alone
}

// Closed lips: an upper and a lower row 0.2 mm apart on a model about 1.3 m across (tolerance
// 1.3 mm), jawOpen moving the lower one. B's rows are moved 0.15 mm towards each other and past,
// as coarse quantization does: each of A's vertices is then nearer the other lip's vertex in B,
// and the match takes the one that moves as it does, so nothing changed.
fixtures::Rig lips(float offset) {
    fixtures::RigMesh mesh{"lips", {}, {}, {}};
    fixtures::RigTarget jaw{"jawOpen", {}, {}, false};
    for (int i = 0; i < 10; ++i) {
        mesh.positions.push_back({0.1f * float(i), 0.0001f - offset, 0.0f});   // upper: 2i
        mesh.positions.push_back({0.1f * float(i), -0.0001f + offset, 0.0f});  // lower: 2i + 1
        jaw.positions.push_back(glm::vec3(0.0f));
        jaw.positions.push_back({0.0f, -0.02f, 0.0f});
    }
    mesh.positions.push_back({0.0f, 1.0f, 0.0f});
    jaw.positions.push_back(glm::vec3(0.0f));
    for (uint32_t i = 0; i + 1 < 10; ++i) {
        mesh.indices.insert(mesh.indices.end(), {2 * i, 2 * i + 2, 20});
        mesh.indices.insert(mesh.indices.end(), {2 * i + 1, 2 * i + 3, 20});
    }
    mesh.targets.push_back(jaw);
    fixtures::Rig rig;
    rig.meshes.push_back(mesh);
    return rig;
}

TEST(ModelDiff, VerticesWithinTheToleranceOfEachOtherMatchByHowTheyMove) {
    const morph::DrawnModel a = drawn(lips(0.0f)), b = drawn(lips(0.00015f));
    ASSERT_EQ(morph::matchNearest({a.rest[0]}, b.rest, 0.001f)[0], 1);  // the other lip
    const morph::ModelDiff diff = morph::diffModels(a, b);
    EXPECT_EQ(diff.unmatchedA, 0u);
    EXPECT_LT(diff.restMaxDrift, 0.001f);
    ASSERT_EQ(diff.targets.size(), 1u);
    EXPECT_EQ(diff.targets[0].maxDrift, 0.0f);
    EXPECT_TRUE(diff.unchanged({}));
}

TEST(ModelDiff, TheGridFindsWhatALinearScanFinds) {
    morph::SplitMix64 random(11);
    std::vector<glm::vec3> to(3000), from(500);
    for (glm::vec3& p : to) p = {random.unit(), random.unit(), random.unit() * 0.1f};
    for (size_t i = 0; i < from.size(); ++i) {
        from[i] = i % 2 ? to[i * 3] + 0.004f * random.direction()
                        : glm::vec3(random.unit(), random.unit(), 0.05f);
    }
    const float tolerance = 0.005f;
    const std::vector<int32_t> match = morph::matchNearest(from, to, tolerance);
    for (size_t i = 0; i < from.size(); ++i) {
        int32_t best = morph::kNoMatch;
        float bestDistance = tolerance;
        for (size_t j = 0; j < to.size(); ++j) {
            const float d = glm::distance(from[i], to[j]);
            if (d < bestDistance || (d == bestDistance && best == morph::kNoMatch)) {
                bestDistance = d;
                best = int32_t(j);
            }
        }
        EXPECT_EQ(match[i], best) << i;
    }
    EXPECT_EQ(morph::matchNearest({{100, 100, 100}}, to, tolerance)[0], morph::kNoMatch);
    EXPECT_EQ(morph::matchNearest(from, {}, tolerance),
              std::vector<int32_t>(from.size(), morph::kNoMatch));
}

}  // namespace

}  // namespace model_diff_test
