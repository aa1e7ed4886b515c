// morph/fix: a file's document read with every buffer merged, targets removed with their weights
// everywhere they are (mesh, nodes, animations' outputs, names) and renamed, and everything else
// written back as it was (images' bytes, cameras, materials' extensions, extras).
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "FixScenes.h"
#include "fixtures/AuditFixtures.h"
#include "fixtures/FixFixtures.h"
#include "morph/audit/RigAudit.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixMirror.h"
#include "morph/fix/FixNormals.h"
#include "morph/fix/FixSparse.h"
#include "morph/fix/FixTargets.h"
#include "morph/gltf/GltfImport.h"

namespace fix_targets_test {

namespace {

morph::Scene imported(const morph::FixDocument& doc) {
    return morphtest::importFixed(doc, "fixed.glb");
}

std::set<std::string> checksFound(const morph::Scene& scene) {
    std::set<std::string> out;
    for (const morph::Finding& f : morph::auditScene(scene)) out.insert(f.check);
    return out;
}

morph::FixDocument plantedRig() {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    fixtures::plantDeadAndDuplicate(doc, "mouthRollUpper", "jawOpenCopy");
    return doc;
}

}  // namespace

TEST(FixTargets, ThePlantedRigHasTheDefectsTheAuditFinds) {
    const morph::Scene scene = imported(plantedRig());
    EXPECT_EQ(checksFound(scene), (std::set<std::string>{"dead", "duplicate"}));
    ASSERT_EQ(scene.meshes[0].targetCount(), 8u);
}

TEST(FixTargets, RemovingTargetsDropsTheirWeightsEverywhere) {
    morph::FixDocument doc = plantedRig();
    const std::vector<std::string> before = morph::fixTargetNames(doc, 0);
    auto lines = morph::removeTargets(doc, {"mouthRollUpper", "jawOpenCopy"},
                                      {{"mouthRollUpper", "dead"}, {"jawOpenCopy", "duplicate"}});
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_EQ(*lines,
              (std::vector<std::string>{"removed duplicate target 'jawOpenCopy' from 2 meshes",
                                        "removed dead target 'mouthRollUpper' from 2 meshes"}));
    const morph::Scene scene = imported(doc);
    EXPECT_TRUE(checksFound(scene).empty());
    const std::vector<std::string> six(before.begin(), before.begin() + 6);
    for (const morph::Mesh& mesh : scene.meshes) EXPECT_EQ(mesh.targetNames, six);
    ASSERT_EQ(scene.meshes[0].defaultWeights.size(), 6u);
    EXPECT_FLOAT_EQ(scene.meshes[0].defaultWeights[5], 0.6f);
    ASSERT_EQ(scene.nodes[0].weights.size(), 6u);
    EXPECT_FLOAT_EQ(scene.nodes[0].weights[2], 0.3f);
    // The animation's output: 2 keys of 6 values, the planted columns gone.
    auto output = morph::fixAccessorFloats(
        doc, doc.json["animations"][0]["samplers"][0]["output"].get<int64_t>());
    ASSERT_TRUE(output);
    ASSERT_EQ(output->size(), 12u);
    for (size_t i = 0; i < 12; ++i)
        EXPECT_FLOAT_EQ((*output)[i], float(i / 6) + 0.01f * float(i % 6)) << i;
}

TEST(FixTargets, EverythingElseIsKept) {
    const morph::FixDocument input = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    morph::FixDocument doc = plantedRig();
    ASSERT_TRUE(morph::removeTargets(doc, {"mouthRollUpper"}, {}));
    const morph::FixDocument out = fixtures::fixDocumentOf(morph::fixDocumentGlb(doc));
    EXPECT_EQ(fixtures::fixImageBytes(out, 0), fixtures::fixImageBytes(input, 0));
    EXPECT_EQ(fixtures::fixImageBytes(out, 0).size(), 16u);
    for (const char* key : {"cameras", "materials", "textures", "extensionsUsed", "scenes"})
        EXPECT_EQ(out.json[key], input.json[key]) << key;
    EXPECT_EQ(out.json["asset"]["extras"], input.json["asset"]["extras"]);
    EXPECT_EQ(out.json["nodes"].back(), input.json["nodes"].back());
}

TEST(FixTargets, RenamingChangesOnlyTheNames) {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    auto lines = morph::renameTargets(doc, {{"jawOpen", "JawOpen"}, {"absent", "x"}});
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_EQ(*lines,
              std::vector<std::string>{"renamed target 'jawOpen' to 'JawOpen' on 2 meshes"});
    EXPECT_EQ(morph::fixTargetNames(doc, 1)[0], "JawOpen");
    auto clash = morph::renameTargets(doc, {{"browInnerUp", "JawOpen"}});
    ASSERT_FALSE(clash);
    EXPECT_NE(clash.error().message.find("'JawOpen'"), std::string::npos);
    EXPECT_EQ(morph::fixTargetNames(doc, 0)[1], "browInnerUp");  // unchanged on an error
}

TEST(FixTargets, AMixTargetIsTheWeightedSumOfItsTargetsDeltas) {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    // Face: jawOpen 0.5 + mouthSmileLeft 1; the teeth are not touched.
    auto lines = morph::addMixTarget(doc, "openSmile", {{0.5f, 0, 0, 0, 1.0f, 0}, {}});
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_EQ(*lines, std::vector<std::string>{"added target 'openSmile' from the mix on 1 mesh"});
    const std::vector<std::string> names = morph::fixTargetNames(doc, 0);
    ASSERT_EQ(names.size(), 7u);
    EXPECT_EQ(names.back(), "openSmile");
    EXPECT_EQ(morph::fixTargetNames(doc, 1).size(), 6u);
    const auto& targets = doc.json["meshes"][0]["primitives"][0]["targets"];
    for (const char* attribute : {"POSITION", "NORMAL"}) {
        auto jaw = morph::fixAccessorFloats(doc, targets[0][attribute].get<int64_t>());
        auto smile = morph::fixAccessorFloats(doc, targets[4][attribute].get<int64_t>());
        auto mix = morph::fixAccessorFloats(doc, targets[6][attribute].get<int64_t>());
        ASSERT_TRUE(jaw && smile && mix);
        ASSERT_EQ(mix->size(), jaw->size());
        for (size_t i = 0; i < mix->size(); ++i)
            EXPECT_FLOAT_EQ((*mix)[i], 0.5f * (*jaw)[i] + (*smile)[i]) << attribute << i;
    }
    const morph::Scene scene = imported(doc);
    EXPECT_EQ(scene.meshes[0].defaultWeights.size(), 7u);
    EXPECT_EQ(scene.nodes[0].weights.size(), 7u);
    auto output = morph::fixAccessorFloats(
        doc, doc.json["animations"][0]["samplers"][0]["output"].get<int64_t>());
    ASSERT_TRUE(output);
    ASSERT_EQ(output->size(), 14u);
    EXPECT_EQ((*output)[6], 0.0f);
    EXPECT_EQ((*output)[13], 0.0f);
    EXPECT_FLOAT_EQ((*output)[7], 1.0f);
}

TEST(FixTargets, RecomputedNormalsFollowTheMorphedPositions) {
    const fixtures::Rig clean = fixtures::auditRig();
    fixtures::Rig rig = clean;
    for (glm::vec3& n : fixtures::rigTarget(rig, 0, "mouthSmileLeft").normals) n = glm::vec3(0.0f);
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::rigGlb(rig));
    EXPECT_EQ(checksFound(imported(doc)), std::set<std::string>{"normals"});
    auto lines = morph::recomputeNormals(doc, {"mouthSmileLeft"});
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_EQ(*lines, std::vector<std::string>{
                          "recomputed the NORMAL deltas of 'mouthSmileLeft' on 2 meshes"});
    EXPECT_TRUE(checksFound(imported(doc)).empty());
    const auto& target = doc.json["meshes"][0]["primitives"][0]["targets"][4];
    auto normals = morph::fixAccessorFloats(doc, target["NORMAL"].get<int64_t>());
    ASSERT_TRUE(normals);
    const std::vector<glm::vec3>& expected =
        fixtures::rigTarget(const_cast<fixtures::Rig&>(clean), 0, "mouthSmileLeft").normals;
    ASSERT_EQ(normals->size(), expected.size() * 3);
    for (size_t v = 0; v < expected.size(); ++v)
        for (int c = 0; c < 3; ++c) EXPECT_NEAR((*normals)[3 * v + c], expected[v][c], 1e-5f) << v;
}

TEST(FixTargets, SplitNamesFollowTheFilesSpelling) {
    using Names = std::pair<std::string, std::string>;
    EXPECT_EQ(morph::splitNames({"jawOpen", "EyeBlink_L"}, "smile"), Names("smile_L", "smile_R"));
    EXPECT_EQ(morph::splitNames({"eye.r"}, "smile"), Names("smile.l", "smile.r"));
    EXPECT_EQ(morph::splitNames({"eyeBlinkLeft"}, "smile"), Names("smileLeft", "smileRight"));
    EXPECT_EQ(morph::splitNames({"brow_left"}, "smile"), Names("smile_left", "smile_right"));
    EXPECT_EQ(morph::splitNames({"BROW_RIGHT"}, "SMILE"), Names("SMILE_LEFT", "SMILE_RIGHT"));
    EXPECT_EQ(morph::splitNames({"jawOpen"}, "smile"), Names("smileLeft", "smileRight"));
}

// Every target accessor's values, mesh by mesh, primitive by primitive.
std::vector<std::vector<float>> targetValues(const morph::FixDocument& doc) {
    std::vector<std::vector<float>> out;
    for (const auto& mesh : doc.json["meshes"])
        for (const auto& prim : mesh["primitives"])
            for (const auto& target : prim.value("targets", nlohmann::json::array()))
                for (const auto& item : target.items()) {
                    auto values = morph::fixAccessorFloats(doc, item.value().get<int64_t>());
                    EXPECT_TRUE(values);
                    out.push_back(values ? *values : std::vector<float>{});
                }
    return out;
}

TEST(FixTargets, SparseTargetsReadTheSameAndTakeLessRoom) {
    const std::vector<uint8_t> bytes = fixtures::keepsakeRig();
    morph::FixDocument doc = fixtures::fixDocumentOf(bytes);
    const auto before = targetValues(doc);
    auto lines = morph::sparsifyTargets(doc);
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_FALSE(lines->empty());
    morph::compactFixDocument(doc);
    const std::vector<uint8_t> out = morph::fixDocumentGlb(doc);
    EXPECT_LT(out.size(), bytes.size() * 3 / 4);
    const morph::FixDocument back = fixtures::fixDocumentOf(out);
    EXPECT_EQ(targetValues(back), before);
    EXPECT_TRUE(
        back.json["accessors"]
                 [back.json["meshes"][0]["primitives"][0]["targets"][0]["POSITION"].get<size_t>()]
                     .contains("sparse"));
    EXPECT_TRUE(checksFound(imported(back)).empty());
}

TEST(FixTargets, WhatAnOperationReplacedLeavesTheFile) {
    const std::vector<uint8_t> bytes = fixtures::keepsakeRig();
    morph::FixDocument doc = plantedRig();
    ASSERT_GT(morph::fixDocumentGlb(doc).size(), bytes.size() + 1000);
    ASSERT_TRUE(morph::removeTargets(doc, {"mouthRollUpper", "jawOpenCopy"}, {}));
    morph::compactFixDocument(doc);
    // The planted target's zeros and the rewritten animation outputs are gone from the buffer;
    // the new output (48 bytes) and 16-byte alignment are all that is left over (the JSON keeps the
    // emptied accessors, so no index changes).
    const morph::FixDocument input = fixtures::fixDocumentOf(bytes);
    EXPECT_LT(doc.bin.size(), input.bin.size() + 400);
    EXPECT_TRUE(checksFound(imported(doc)).empty());
    EXPECT_EQ(fixtures::fixImageBytes(doc, 0), fixtures::fixImageBytes(input, 0));
}

}  // namespace fix_targets_test
