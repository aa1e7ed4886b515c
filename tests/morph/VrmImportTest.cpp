// VRM files: .vrm is GLB, and VRM 0.x blendShapeGroups and VRM 1.0 expressions become
// Scene::expressions (names, presets mapped to the 1.0 names, isBinary, binds across meshes with
// weights as 0..1). Malformed VRM data is a warning naming the file and the item; the rest of the
// file still opens.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "fixtures/VrmFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace vrm_import_test {

namespace {

using morph::Expression;
using morph::ExpressionBind;
using morph::ExpressionOverride;
using morph::ExpressionPreset;
using nlohmann::json;
using testing::HasSubstr;

morph::Scene load(const std::vector<uint8_t>& bytes, const std::string& name = "avatar.vrm") {
    auto r = morph::importGltfMemory(bytes, name, "");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : morph::Scene{};
}

// The one warning that mentions `item`; fails unless exactly one does.
std::string warningAbout(const morph::Scene& scene, const std::string& item) {
    std::vector<std::string> found;
    for (const std::string& w : scene.warnings) {
        if (w.find(item) != std::string::npos) found.push_back(w);
    }
    EXPECT_EQ(found.size(), 1u) << item << " in " << testing::PrintToString(scene.warnings);
    if (found.empty()) return {};
    EXPECT_EQ(found[0].find('\n'), std::string::npos);
    EXPECT_EQ(found[0].rfind("avatar.vrm: ", 0), 0u) << found[0];  // names the file first
    return found[0];
}

std::vector<ExpressionBind> binds(std::initializer_list<ExpressionBind> list) {
    return list;
}

TEST(VrmImport, Vrm0GroupsBecomeExpressionsWithPresetsMappedAndWeightsNormalized) {
    const morph::Scene scene = load(fixtures::vrm0Expressions());
    ASSERT_EQ(scene.expressions.size(), 5u);  // Joy2 repeats joy: dropped
    const Expression& joy = scene.expressions[0];
    EXPECT_EQ(joy.name, "Joy");
    EXPECT_EQ(joy.preset, ExpressionPreset::Happy);  // joy -> happy
    EXPECT_FALSE(joy.isBinary);
    // Across both meshes; 100 -> 1, 50 -> 0.5.
    EXPECT_EQ(joy.binds, binds({{0, 0, 1.0f}, {1, 0, 0.5f}}));

    EXPECT_EQ(scene.expressions[1].name, "A");
    EXPECT_EQ(scene.expressions[1].preset, ExpressionPreset::Aa);  // a -> aa
    EXPECT_EQ(scene.expressions[1].binds, binds({{1, 1, 1.0f}}));
    EXPECT_EQ(scene.expressions[2].preset, ExpressionPreset::BlinkLeft);  // blink_l -> blinkLeft
    EXPECT_TRUE(scene.expressions[2].isBinary);
    EXPECT_EQ(scene.expressions[3].name, "Grin");
    EXPECT_EQ(scene.expressions[3].preset, ExpressionPreset::Custom);  // unknown
    EXPECT_EQ(scene.expressions[3].binds, binds({{0, 0, 0.25f}}));
    EXPECT_EQ(scene.expressions[4].preset, ExpressionPreset::Sad);  // sorrow -> sad
    // VRM 0.x has no procedural overrides.
    for (const Expression& e : scene.expressions) {
        EXPECT_EQ(e.overrideBlink, ExpressionOverride::None);
        EXPECT_EQ(e.overrideMouth, ExpressionOverride::None);
    }
    // The meshes themselves are read as from any GLB.
    ASSERT_EQ(scene.meshes.size(), 2u);
    EXPECT_EQ(scene.meshes[1].targetNames, (std::vector<std::string>{"smile", "open"}));
}

TEST(VrmImport, Vrm0MalformedBindsAreDroppedWithAWarningAndTheRestKept) {
    const morph::Scene scene = load(fixtures::vrm0Expressions());
    ASSERT_EQ(scene.expressions.size(), 5u);
    // "Sad": the bind to a missing mesh and to a missing target dropped, 150 clamped to 1.
    EXPECT_EQ(scene.expressions[4].binds, binds({{0, 1, 1.0f}, {1, 1, 1.0f}}));
    const std::string where = "extensions.VRM.blendShapeMaster.blendShapeGroups[4]";
    EXPECT_THAT(warningAbout(scene, where + ".binds[0]"),
                HasSubstr("mesh 5 does not exist; bind dropped"));
    EXPECT_THAT(warningAbout(scene, where + ".binds[1]"),
                HasSubstr("mesh 0 has no target 9 (it has 2); bind dropped"));
    EXPECT_THAT(warningAbout(scene, where + ".binds[3]"),
                HasSubstr("weight 150 is outside 0..100; clamped"));
    EXPECT_THAT(warningAbout(scene, "blendShapeGroups[5]"),
                HasSubstr("same preset or name as blendShapeGroups[0]; expression dropped"));
    EXPECT_EQ(scene.warnings.size(), 4u) << testing::PrintToString(scene.warnings);
}

TEST(VrmImport, Vrm1PresetAndCustomExpressionsResolveNodesToMeshes) {
    const morph::Scene scene = load(fixtures::vrm1Expressions());
    // JSON objects are read in key order: presets aa, blink, happy; then custom wink.
    ASSERT_EQ(scene.expressions.size(), 4u);
    const Expression& aa = scene.expressions[0];
    EXPECT_EQ(aa.name, "aa");
    EXPECT_EQ(aa.preset, ExpressionPreset::Aa);
    EXPECT_TRUE(aa.isBinary);
    EXPECT_EQ(aa.binds, binds({{1, 1, 1.0f}}));  // node 1 -> mesh 1
    EXPECT_EQ(scene.expressions[1].preset, ExpressionPreset::Blink);
    const Expression& happy = scene.expressions[2];
    EXPECT_EQ(happy.name, "happy");
    EXPECT_EQ(happy.preset, ExpressionPreset::Happy);
    EXPECT_EQ(happy.binds, binds({{0, 0, 1.0f}, {1, 0, 0.5f}}));
    EXPECT_EQ(happy.overrideBlink, ExpressionOverride::Block);
    EXPECT_EQ(happy.overrideMouth, ExpressionOverride::Blend);
    EXPECT_EQ(happy.overrideLookAt, ExpressionOverride::None);
    const Expression& wink = scene.expressions[3];
    EXPECT_EQ(wink.name, "wink");
    EXPECT_EQ(wink.preset, ExpressionPreset::Custom);
    EXPECT_EQ(wink.binds, binds({{0, 1, 0.5f}}));
}

// The humanoid's head and eyes (live input turns them): VRM 1.0's humanBones by name, VRM 0.x's
// list; a bone on a node that does not exist is a warning and stays unset.
TEST(VrmImport, HumanoidHeadAndEyeBonesAreRead) {
    morph::GltfBuilder one = fixtures::vrmBodyBuilder();
    one.json()["extensionsUsed"] = {"VRMC_vrm"};
    one.json()["extensions"]["VRMC_vrm"] = {{"specVersion", "1.0"},
                                            {"humanoid",
                                             {{"humanBones",
                                               {{"hips", {{"node", 0}}},
                                                {"head", {{"node", 2}}},
                                                {"leftEye", {{"node", 1}}},
                                                {"rightEye", {{"node", 9}}}}}}}};
    const morph::Scene vrm1 = load(one.glb());
    EXPECT_EQ(vrm1.humanoid.head, 2);
    EXPECT_EQ(vrm1.humanoid.leftEye, 1);
    EXPECT_EQ(vrm1.humanoid.rightEye, -1);
    EXPECT_THAT(warningAbout(vrm1, "extensions.VRMC_vrm.humanoid.humanBones.rightEye.node"),
                HasSubstr("node 9 does not exist"));

    morph::GltfBuilder zero = fixtures::vrmBodyBuilder();
    zero.json()["extensionsUsed"] = {"VRM"};
    zero.json()["extensions"]["VRM"] = {
        {"humanoid",
         {{"humanBones", json::array({{{"bone", "neck"}, {"node", 0}},
                                      {{"bone", "head"}, {"node", 1}},
                                      {{"bone", "rightEye"}, {"node", 2}},
                                      {{"bone", "leftEye"}, {"node", "x"}}})}}}};
    const morph::Scene vrm0 = load(zero.glb());
    EXPECT_EQ(vrm0.humanoid.head, 1);
    EXPECT_EQ(vrm0.humanoid.leftEye, -1);
    EXPECT_EQ(vrm0.humanoid.rightEye, 2);
    EXPECT_TRUE(vrm0.humanoid.facesMinusZ);
    EXPECT_FALSE(vrm1.humanoid.facesMinusZ);
    EXPECT_EQ(load(fixtures::vrm1Expressions()).humanoid.head, -1);
}

TEST(VrmImport, Vrm1MalformedItemsAreWarningsNamingThem) {
    const morph::Scene scene = load(fixtures::vrm1Expressions());
    const std::string base = "extensions.VRMC_vrm.expressions.";
    EXPECT_THAT(warningAbout(scene, base + "preset.joy"),
                HasSubstr("not a VRM 1.0 preset; expression dropped"));
    EXPECT_THAT(warningAbout(scene, base + "custom.sad"), HasSubstr("preset's name"));
    EXPECT_THAT(warningAbout(scene, base + "custom.wink.morphTargetBinds[1]"),
                HasSubstr("node 2 has no mesh; bind dropped"));
    EXPECT_THAT(warningAbout(scene, base + "custom.wink.morphTargetBinds[2]"),
                HasSubstr("no integer \"index\"; bind dropped"));
    EXPECT_EQ(scene.warnings.size(), 4u) << testing::PrintToString(scene.warnings);
}

// VRM data of the wrong JSON types: every case still opens, with a warning naming the item.
TEST(VrmImport, HostileVrmJsonNeverFailsTheLoad) {
    struct Case {
        json extensions;
        std::string item;
        size_t expressions;
    };
    const json goodBind = {{"mesh", 0}, {"index", 0}, {"weight", 100}};
    const auto vrm0 = [](const json& groups) {
        return json{{"VRM", {{"blendShapeMaster", {{"blendShapeGroups", groups}}}}}};
    };
    json badWeight = json::object();
    badWeight["name"] = "x";
    badWeight["isBinary"] = "yes";
    badWeight["binds"] = json::array({{{"mesh", 0}, {"index", 0}, {"weight", "w"}}});
    json happy = json::object();
    happy["overrideBlink"] = "sometimes";
    happy["morphTargetBinds"] = json::array({{{"node", 99}, {"index", 0}, {"weight", 1}}});
    json vrm1 = json::object();
    vrm1["VRMC_vrm"]["expressions"]["preset"]["happy"] = happy;
    const std::vector<Case> cases = {
        {{{"VRM", "not an object"}}, "extensions.VRM:", 0},
        {vrm0(7), "blendShapeGroups:", 0},
        {vrm0(json::array({3, {{"name", "x"}, {"binds", json::array({goodBind, "bind"})}}})),
         "blendShapeGroups[0]", 1},
        {vrm0(json::array({badWeight})), "isBinary", 1},
        {{{"VRMC_vrm", {{"expressions", {{"preset", 3}}}}}}, "expressions.preset:", 0},
        {vrm1, "overrideBlink", 1},
    };
    for (const Case& c : cases) {
        morph::GltfBuilder b = fixtures::vrmBodyBuilder();
        b.json()["extensions"] = c.extensions;
        const morph::Scene scene = load(b.glb());
        EXPECT_EQ(scene.expressions.size(), c.expressions) << c.extensions.dump();
        EXPECT_FALSE(scene.warnings.empty()) << c.extensions.dump();
        const bool named =
            std::any_of(scene.warnings.begin(), scene.warnings.end(), [&](const std::string& w) {
                return w.find(c.item) != std::string::npos && w.rfind("avatar.vrm: ", 0) == 0;
            });
        EXPECT_TRUE(named) << c.item << " in " << testing::PrintToString(scene.warnings);
        EXPECT_EQ(scene.meshes.size(), 2u);  // the model itself still opens
    }
}

TEST(VrmImport, AFileWithoutVrmHasNoExpressionsAndNoWarnings) {
    const morph::Scene scene = load(fixtures::vrmBodyBuilder().glb(), "plain.glb");
    EXPECT_TRUE(scene.expressions.empty());
    EXPECT_TRUE(scene.warnings.empty()) << testing::PrintToString(scene.warnings);
}

TEST(VrmImport, DotVrmIsReadAsGlb) {
    // A broken .vrm reports its GLB header, as a broken .glb does, not a JSON syntax error.
    const std::vector<uint8_t> text = {'{', '"', 'a', '"', ':', '1', '}'};
    auto r = morph::importGltfMemory(text, "broken.vrm", "");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, morph::ErrorCode::Container) << r.error().message;
    EXPECT_THAT(r.error().message, testing::StartsWith("broken.vrm: "));

    // And from disk under its own extension.
    const std::string dir = fixtures::scratchDir("VrmImport_DotVrmIsReadAsGlb");
    const std::string path = dir + "/avatar.vrm";
    const std::vector<uint8_t> bytes = fixtures::vrm1Expressions();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    auto file = morph::importGltf(path);
    ASSERT_TRUE(file.ok()) << file.error().message;
    EXPECT_EQ(file->expressions.size(), 4u);
}

// Exporters may list the VRM extension as required: such a file opens, its expressions read.
TEST(VrmImport, RequiredVrmExtensionsAreSupported) {
    for (const char* name : {"VRM", "VRMC_vrm"}) {
        morph::GltfBuilder b = fixtures::vrmBodyBuilder();
        b.json()["extensionsUsed"] = {name};
        b.json()["extensionsRequired"] = {name};
        const json bind = {{"node", 0}, {"index", 0}, {"weight", 1.0}};
        if (std::string(name) == "VRMC_vrm") {
            b.json()["extensions"][name] = {
                {"specVersion", "1.0"},
                {"expressions",
                 {{"preset", {{"happy", {{"morphTargetBinds", json::array({bind})}}}}}}}};
        } else {
            b.json()["extensions"][name] = {
                {"blendShapeMaster",
                 {{"blendShapeGroups",
                   json::array(
                       {{{"name", "Joy"},
                         {"presetName", "joy"},
                         {"binds",
                          json::array({{{"mesh", 0}, {"index", 0}, {"weight", 100}}})}}})}}}};
        }
        const morph::Scene scene = load(b.glb());
        ASSERT_EQ(scene.expressions.size(), 1u) << name;
        ASSERT_EQ(scene.report.extensions.size(), 1u) << name;
        EXPECT_EQ(scene.report.extensions[0].name, name);
        EXPECT_TRUE(scene.report.extensions[0].required);
        EXPECT_TRUE(scene.report.extensions[0].supported);
    }
}

}  // namespace

}  // namespace vrm_import_test
