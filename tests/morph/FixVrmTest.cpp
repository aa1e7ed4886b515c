// morph/fix and VRM expressions, which bind targets by index (VRM 0.x: mesh + index, VRM 1.0:
// node + index): removing targets renumbers the binds and drops those to a removed target with a
// line naming the expression, a split binds both halves at the bind's weight, a mirror that adds a
// target and a rename leave every bind (and VRM 0.x's group names) as they were.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "FixScenes.h"
#include "fixtures/AuditFixtures.h"
#include "fixtures/FixFixtures.h"
#include "fixtures/VrmFixtures.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixMirror.h"
#include "morph/fix/FixTargets.h"
#include "morph/gltf/GltfImport.h"

namespace fix_vrm_test {

namespace {

using nlohmann::json;

const json::json_pointer kGroups("/extensions/VRM/blendShapeMaster/blendShapeGroups");
const json::json_pointer kExpressions("/extensions/VRMC_vrm/expressions");

morph::Scene imported(const morph::FixDocument& doc) {
    return morphtest::importFixed(doc, "vrm.glb");
}

json bind0(int mesh, int index, double weight) {
    return {{"mesh", mesh}, {"index", index}, {"weight", weight}};
}

json bind1(int node, int index, double weight) {
    return {{"node", node}, {"index", index}, {"weight", weight}};
}

// Removes the target `name` from `doc`; the lines that say what it did are `expected`.
void expectRemoving(morph::FixDocument& doc, const std::string& name,
                    const std::vector<std::string>& expected) {
    auto lines = morph::removeTargets(doc, {name}, {});
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_EQ(*lines, expected);
}

// The audit rig with its two smiles as one target, "mouthSmile", last on each mesh (the face's
// index 4, the teeth's too), bound by a VRM 0.x group "Joy" (mesh 0, weight 80) and a VRM 1.0
// expression "happy" (node 0, weight 0.8), each beside a bind to jawOpen (index 0).
morph::FixDocument smileRig() {
    fixtures::Rig rig = fixtures::auditRig();
    for (fixtures::RigMesh& mesh : rig.meshes) {
        fixtures::RigTarget smile;
        for (const fixtures::RigTarget& t : mesh.targets) {
            if (t.name != "mouthSmileLeft" && t.name != "mouthSmileRight") continue;
            if (smile.positions.empty()) {
                smile = t;
                continue;
            }
            for (size_t v = 0; v < t.positions.size(); ++v) {
                smile.positions[v] += t.positions[v];
                smile.normals[v] += t.normals[v];
            }
        }
        mesh.targets.erase(mesh.targets.end() - 2, mesh.targets.end());
        smile.name = "mouthSmile";
        mesh.targets.push_back(smile);
    }
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::rigGlb(rig));
    doc.json[kGroups] = json::array(
        {{{"name", "Joy"}, {"presetName", "joy"}, {"binds", {bind0(0, 0, 20), bind0(0, 4, 80)}}}});
    doc.json[kExpressions] = {
        {"preset", {{"happy", {{"morphTargetBinds", {bind1(0, 0, 0.2), bind1(0, 4, 0.8)}}}}}}};
    return doc;
}

}  // namespace

TEST(FixVrm, RemovingATargetRenumbersVrm0BindsAndNamesTheExpressionsThatLostOne) {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::vrm0Expressions());
    const json groups = doc.json[kGroups];
    expectRemoving(
        doc, "smile",
        {"removed target 'smile' from 2 meshes", "VRM expression 'Joy' lost its 2 binds to 'smile'",
         "VRM expression 'Grin' lost its bind to 'smile'"});
    const json& after = doc.json[kGroups];
    ASSERT_EQ(after.size(), groups.size());
    for (size_t g = 0; g < groups.size(); ++g) EXPECT_EQ(after[g]["name"], groups[g]["name"]);
    EXPECT_EQ(after[0]["binds"], json::array());                    // Joy: both binds to smile
    EXPECT_EQ(after[1]["binds"], json::array({bind0(1, 0, 100)}));  // A: open, now #0
    EXPECT_EQ(after[2]["binds"], json::array({bind0(0, 0, 100)}));  // Blink_L: blink, now #0
    EXPECT_EQ(after[3]["binds"], json::array());                    // Grin: smile
    // Sad: a bind to no mesh and one to no target are not the removal's to judge: kept.
    EXPECT_EQ(after[4]["binds"], json::array({bind0(5, 0, 100), bind0(0, 9, 100), bind0(0, 0, 100),
                                              bind0(1, 0, 150)}));
    const morph::Scene scene = imported(doc);
    EXPECT_EQ(scene.meshes[0].targetNames, std::vector<std::string>{"blink"});
}

TEST(FixVrm, RemovingATargetRenumbersVrm1BindsByNode) {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::vrm1Expressions());
    const json expressions = doc.json[kExpressions];
    expectRemoving(
        doc, "blink",
        {"removed target 'blink' from 1 mesh", "VRM expression 'blink' lost its bind to 'blink'",
         "VRM expression 'wink' lost its bind to 'blink'"});
    const json& preset = doc.json[kExpressions]["preset"];
    EXPECT_EQ(preset["happy"], expressions["preset"]["happy"]);  // smile (#0) and the teeth's
    EXPECT_EQ(preset["blink"]["morphTargetBinds"], json::array());
    EXPECT_EQ(preset["aa"], expressions["preset"]["aa"]);  // the teeth keep their targets
    // wink: its bind to blink dropped; the one to a node without a mesh and the one with no
    // index kept as they were.
    const json& wink = doc.json[kExpressions]["custom"]["wink"]["morphTargetBinds"];
    EXPECT_EQ(wink, json::array({{{"node", 2}, {"index", 0}, {"weight", 1}},
                                 {{"node", 0}, {"index", "x"}, {"weight", 1}}}));
}

TEST(FixVrm, RenamingKeepsEveryBindAndVrm0GroupNames) {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::vrm0Expressions());
    const json groups = doc.json[kGroups];
    ASSERT_TRUE(morph::renameTargets(doc, {{"smile", "mouthSmile"}, {"open", "jawOpen"}}));
    EXPECT_EQ(doc.json[kGroups], groups);
    EXPECT_EQ(imported(doc).meshes[1].targetNames,
              (std::vector<std::string>{"mouthSmile", "jawOpen"}));
    morph::FixDocument doc1 = fixtures::fixDocumentOf(fixtures::vrm1Expressions());
    const json expressions = doc1.json[kExpressions];
    ASSERT_TRUE(morph::renameTargets(doc1, {{"blink", "eyeBlink"}}));
    EXPECT_EQ(doc1.json[kExpressions], expressions);
}

TEST(FixVrm, SplitBindsBothHalvesAtTheBindsWeight) {
    morph::FixDocument doc = smileRig();
    const morph::Scene scene = imported(doc);
    const auto names = morph::splitNames(morph::fixAllTargetNames(doc), "mouthSmile");
    ASSERT_EQ(names.second, "mouthSmileRight");
    auto lines = morph::splitTarget(doc, scene, "mouthSmile", names);
    ASSERT_TRUE(lines) << lines.error().message;
    // The face's mouthSmile (#4) is now its left half and the right half is #5 (the teeth's binds
    // would be by mesh 1 and node 1: none here).
    const std::vector<std::string> faceNames = morph::fixTargetNames(doc, 0);
    ASSERT_EQ(faceNames.size(), 6u);
    EXPECT_EQ(faceNames[4], "mouthSmileLeft");
    EXPECT_EQ(faceNames[5], "mouthSmileRight");
    EXPECT_EQ(doc.json[kGroups][0]["name"], "Joy");
    EXPECT_EQ(doc.json[kGroups][0]["binds"],
              json::array({bind0(0, 0, 20), bind0(0, 4, 80), bind0(0, 5, 80)}));
    EXPECT_EQ(doc.json[kExpressions]["preset"]["happy"]["morphTargetBinds"],
              json::array({bind1(0, 0, 0.2), bind1(0, 4, 0.8), bind1(0, 5, 0.8)}));
}

TEST(FixVrm, AMirrorThatAddsATargetLeavesTheBinds) {
    morph::FixDocument doc = smileRig();
    const json groups = doc.json[kGroups];
    const json expressions = doc.json[kExpressions];
    const morph::Scene scene = imported(doc);
    auto lines = morph::mirrorTarget(doc, scene, "eyeBlinkLeft", "eyeBlinkMirrored");
    ASSERT_TRUE(lines) << lines.error().message;
    EXPECT_EQ(morph::fixTargetNames(doc, 0).back(), "eyeBlinkMirrored");
    EXPECT_EQ(doc.json[kGroups], groups);
    EXPECT_EQ(doc.json[kExpressions], expressions);
}

}  // namespace fix_vrm_test
