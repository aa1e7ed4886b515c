// The face name sets (morph/names/FaceNames.h): each list against its reference, the spellings the
// normaliser turns into a set's names (and the ones it must not), coverage of a file's names, the
// rename map's JSON and its application to a scene, and a real avatar's coverage.
#include <set>

#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "morph/names/FaceNames.h"
#include "morph/names/NameParts.h"
#include "morph/names/RenameMap.h"

namespace morph::face_names_test {
// gtest's names for a mapping in a failure message.
void PrintTo(const NameMapping& m, std::ostream* out) {
    *out << "{" << m.from << " -> " << m.to << "}";
}
}  // namespace morph::face_names_test

namespace {

using morph::canonicalName;
using morph::NameMapping;
using morph::NameSet;
using Names = std::vector<std::string>;

const morph::NameSetCoverage& coverageOf(const std::vector<morph::NameSetCoverage>& all,
                                         NameSet set) {
    return all[size_t(set)];
}

TEST(FaceNames, EachSetHasItsCountOfDistinctNames) {
    const std::pair<NameSet, size_t> expected[] = {
        {NameSet::Arkit, 52}, {NameSet::Oculus, 15}, {NameSet::Vrm, 18}, {NameSet::MediaPipe, 52}};
    for (const auto& [set, count] : expected) {
        const Names& names = morph::nameSetNames(set);
        EXPECT_EQ(names.size(), count) << morph::nameSetKey(set);
        EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), count);
        // No two of a set's names are spellings of each other, or a file name could mean both.
        std::set<std::string> keys;
        for (const std::string& name : names) keys.insert(morph::nameKey(name).text());
        EXPECT_EQ(keys.size(), count) << morph::nameSetKey(set);
        for (const std::string& name : names) EXPECT_EQ(canonicalName(set, name), name);
    }
    EXPECT_EQ(Names({"arkit", "oculus", "vrm", "mediapipe"}),
              Names({morph::nameSetKey(NameSet::Arkit), morph::nameSetKey(NameSet::Oculus),
                     morph::nameSetKey(NameSet::Vrm), morph::nameSetKey(NameSet::MediaPipe)}));
}

TEST(FaceNames, ListsAreTheReferencesOwn) {
    const Names& arkit = morph::nameSetNames(NameSet::Arkit);
    EXPECT_EQ(arkit.front(), "browDownLeft");
    EXPECT_EQ(arkit.back(), "tongueOut");
    for (const char* name :
         {"cheekPuff", "eyeLookInRight", "jawForward", "mouthClose", "mouthRollUpper",
          "mouthShrugLower", "mouthUpperUpLeft", "noseSneerRight", "eyeWideLeft"}) {
        EXPECT_NE(std::find(arkit.begin(), arkit.end(), name), arkit.end()) << name;
    }
    EXPECT_EQ(morph::nameSetNames(NameSet::Oculus),
              Names({"viseme_sil", "viseme_PP", "viseme_FF", "viseme_TH", "viseme_DD", "viseme_kk",
                     "viseme_CH", "viseme_SS", "viseme_nn", "viseme_RR", "viseme_aa", "viseme_E",
                     "viseme_I", "viseme_O", "viseme_U"}));
    EXPECT_EQ(morph::nameSetNames(NameSet::Vrm),
              Names({"happy", "angry", "sad", "relaxed", "surprised", "aa", "ih", "ou", "ee", "oh",
                     "blink", "blinkLeft", "blinkRight", "lookUp", "lookDown", "lookLeft",
                     "lookRight", "neutral"}));
    // MediaPipe: _neutral, then ARKit's names in ARKit's order without tongueOut.
    Names mediaPipe = {"_neutral"};
    for (const std::string& name : arkit) {
        if (name != "tongueOut") mediaPipe.push_back(name);
    }
    EXPECT_EQ(morph::nameSetNames(NameSet::MediaPipe), mediaPipe);
}

TEST(FaceNames, SpellingsOfArkitNames) {
    for (const char* spelling :
         {"eyeBlinkLeft", "eyeBlink_L", "EyeBlink_L", "eyeBlink.L", "eyeBlink_l", "eyeBlink_left",
          "eyeBlink_Left", "EyeBlinkLeft", "EYEBLINKLEFT", "eye_blink_left", "Eye-Blink-Left",
          "blendShape1.eyeBlinkLeft", "Face:eyeBlink_L", "Head|EyeBlinkLeft",
          "Blendshape.eyeBlink_L", "Face.eyeBlink.L", "Face.eye_blink-Left"}) {
        EXPECT_EQ(canonicalName(NameSet::Arkit, spelling), "eyeBlinkLeft") << spelling;
        EXPECT_EQ(canonicalName(NameSet::MediaPipe, spelling), "eyeBlinkLeft") << spelling;
    }
    EXPECT_EQ(canonicalName(NameSet::Arkit, "blendShape1.jawOpen"), "jawOpen");
    EXPECT_EQ(canonicalName(NameSet::Arkit, "JAWOPEN"), "jawOpen");
    EXPECT_EQ(canonicalName(NameSet::Arkit, "mouthSmile_R"), "mouthSmileRight");
    EXPECT_EQ(canonicalName(NameSet::Arkit, "tongue_out"), "tongueOut");
    EXPECT_EQ(canonicalName(NameSet::MediaPipe, "tongueOut"), std::nullopt);
    EXPECT_EQ(canonicalName(NameSet::MediaPipe, "Neutral"), "_neutral");
    EXPECT_EQ(canonicalName(NameSet::Arkit, "mouthSmile"), std::nullopt);  // RPM's, no side
    EXPECT_EQ(canonicalName(NameSet::Arkit, "Smile"), std::nullopt);
}

TEST(FaceNames, ANamesKeyIsItsCoreAndTheSideItEndsWith) {
    using morph::NameSide;
    EXPECT_EQ(morph::nameKey("EyeBlink_L"), (morph::NameKey{"eyeblink", NameSide::Left}));
    EXPECT_EQ(morph::nameKey("Eye-Blink-Right"), (morph::NameKey{"eyeblink", NameSide::Right}));
    EXPECT_EQ(morph::nameKey("blendShape1.jawOpen"), (morph::NameKey{"jawopen", NameSide::None}));
    EXPECT_EQ(morph::nameKey("Head|lid.r"), (morph::NameKey{"lid", NameSide::Right}));
    EXPECT_EQ(morph::nameKey("LEFT_brow"), (morph::NameKey{"leftbrow", NameSide::None}));
    EXPECT_EQ(morph::nameKey("eyeBlinkLeft").text(), "eyeblinkleft");
    // The side marker the weight panel pairs by: the suffix letter, else the last side word.
    const morph::SideMarker suffix = morph::findSideMarker("lid.R");
    EXPECT_EQ(suffix.side, NameSide::Right);
    EXPECT_EQ(suffix.at, 4u);
    EXPECT_EQ(suffix.length, 1u);
    const morph::SideMarker word = morph::findSideMarker("Right_Left_x");
    EXPECT_EQ(word.side, NameSide::Left);
    EXPECT_EQ(word.at, 6u);
    EXPECT_EQ(morph::findSideMarker("jawOpen").side, NameSide::None);
    EXPECT_EQ(morph::stripNamespace("Face:mouthSmile"), "mouthSmile");
    EXPECT_EQ(morph::stripNamespace("lid.L"), "lid.L");  // a side, not a namespace
}

TEST(FaceNames, NeverAcrossSides) {
    EXPECT_EQ(canonicalName(NameSet::Arkit, "eyeBlink_R"), "eyeBlinkRight");
    EXPECT_EQ(canonicalName(NameSet::Arkit, "eyeBlink"), std::nullopt);     // no side: not either
    EXPECT_EQ(canonicalName(NameSet::Arkit, "cheekPuff_L"), std::nullopt);  // a side: not both
    EXPECT_EQ(canonicalName(NameSet::Vrm, "blink_L"), "blinkLeft");
    EXPECT_EQ(canonicalName(NameSet::Vrm, "Blink_R"), "blinkRight");
    EXPECT_EQ(canonicalName(NameSet::Vrm, "blinkLeft_R"), std::nullopt);
    // A side word that is not at the end is part of the name, not its side.
    EXPECT_EQ(canonicalName(NameSet::Arkit, "Left_eyeBlink"), std::nullopt);
    for (NameSet set : morph::allNameSets()) {
        for (const std::string& name : morph::nameSetNames(set)) {
            for (const char* suffix : {"_L", "_R", "Left", "Right"}) {
                const std::optional<std::string> to = canonicalName(set, name + suffix);
                if (!to) continue;
                EXPECT_EQ(morph::nameKey(*to).side, morph::nameKey(name + suffix).side) << *to;
                EXPECT_NE(morph::nameKey(*to).side, morph::NameSide::None) << *to;
            }
        }
    }
}

TEST(FaceNames, VisemesWithOtherPrefixesAndCase) {
    EXPECT_EQ(canonicalName(NameSet::Oculus, "viseme_AA"), "viseme_aa");
    EXPECT_EQ(canonicalName(NameSet::Oculus, "V_aa"), "viseme_aa");
    EXPECT_EQ(canonicalName(NameSet::Oculus, "vrc.v_ih"), "viseme_I");
    EXPECT_EQ(canonicalName(NameSet::Oculus, "viseme_oh"), "viseme_O");
    EXPECT_EQ(canonicalName(NameSet::Oculus, "Viseme_OU"), "viseme_U");
    EXPECT_EQ(canonicalName(NameSet::Oculus, "VISEME_SIL"), "viseme_sil");
    EXPECT_EQ(canonicalName(NameSet::Oculus, "viseme_Kk"), "viseme_kk");
    // Without a viseme prefix "aa" is VRM's mouth, "E" could be anything: not visemes.
    EXPECT_EQ(canonicalName(NameSet::Oculus, "aa"), std::nullopt);
    EXPECT_EQ(canonicalName(NameSet::Oculus, "E"), std::nullopt);
    EXPECT_EQ(canonicalName(NameSet::Oculus, "viseme_xx"), std::nullopt);
    EXPECT_EQ(canonicalName(NameSet::Vrm, "viseme_aa"), std::nullopt);
}

TEST(FaceNames, VrmZeroPresetsAndVroidNames) {
    const std::pair<const char*, const char*> cases[] = {{"joy", "happy"},
                                                         {"Sorrow", "sad"},
                                                         {"fun", "relaxed"},
                                                         {"A", "aa"},
                                                         {"i", "ih"},
                                                         {"u", "ou"},
                                                         {"e", "ee"},
                                                         {"o", "oh"},
                                                         {"blink_l", "blinkLeft"},
                                                         {"BLINK_R", "blinkRight"},
                                                         {"lookup", "lookUp"},
                                                         {"look_left", "lookLeft"},
                                                         {"Fcl_EYE_Close", "blink"},
                                                         {"fcl_eye_close_l", "blinkLeft"},
                                                         {"Fcl_EYE_Close.R", "blinkRight"},
                                                         {"Face.Fcl_MTH_A", "aa"},
                                                         {"FCL_MTH_I", "ih"},
                                                         {"Fcl_MTH_U", "ou"},
                                                         {"fcl_mth_e", "ee"},
                                                         {"Fcl-MTH-O", "oh"},
                                                         {"Fcl_ALL_Joy", "happy"},
                                                         {"FCL_ALL_ANGRY", "angry"},
                                                         {"Fcl_ALL_Sorrow", "sad"},
                                                         {"fcl_all_fun", "relaxed"},
                                                         {"Fcl_ALL_Surprised", "surprised"},
                                                         {"Fcl_ALL_Neutral", "neutral"}};
    for (const auto& [from, to] : cases) {
        EXPECT_EQ(canonicalName(NameSet::Vrm, from), to) << from;
    }
    EXPECT_EQ(canonicalName(NameSet::Vrm, "Fcl_EYE_Joy"), std::nullopt);  // a part, not a preset
    EXPECT_EQ(canonicalName(NameSet::Vrm, "Fcl_BRW_Angry"), std::nullopt);
    EXPECT_EQ(canonicalName(NameSet::Vrm, "Fcl_MTH_A_L"), std::nullopt);
    EXPECT_EQ(morph::vrm0PresetName("Joy"), "happy");
    EXPECT_EQ(morph::vrm0PresetName("unknown"), std::nullopt);
    EXPECT_EQ(morph::vrm0PresetName("surprised"), std::nullopt);  // 0.x has none
    EXPECT_EQ(morph::vrm0PresetName("happy"), std::nullopt);      // 1.0's, not 0.x's
    EXPECT_EQ(morph::vroidFaceName("Fcl_ALL_Neutral"), "neutral");
}

TEST(FaceNames, CoverageOfAFilesSpellings) {
    const Names names = {
        "eyeBlink_L",   "EyeBlinkRight", "blendShape1.jawOpen", "JAWOPEN", "viseme_aa", "Fcl_MTH_A",
        "mouthSmile_L", "mouthSmile_R",  "tongueOut",           "happy",   "Neutral",   "custom"};
    const auto all = morph::coverNameSets(names);
    ASSERT_EQ(all.size(), 4u);
    const auto& arkit = coverageOf(all, NameSet::Arkit);
    EXPECT_EQ(arkit.set, NameSet::Arkit);
    EXPECT_EQ(arkit.present, Names({"tongueOut"}));
    // JAWOPEN spells jawOpen too; the first spelling claims it.
    EXPECT_EQ(arkit.mapped, std::vector<NameMapping>({{"eyeBlink_L", "eyeBlinkLeft"},
                                                      {"EyeBlinkRight", "eyeBlinkRight"},
                                                      {"blendShape1.jawOpen", "jawOpen"},
                                                      {"mouthSmile_L", "mouthSmileLeft"},
                                                      {"mouthSmile_R", "mouthSmileRight"}}));
    EXPECT_EQ(arkit.missing.size(), 52u - 6u);
    EXPECT_EQ(arkit.missing.front(), "browDownLeft");
    const auto& oculus = coverageOf(all, NameSet::Oculus);
    EXPECT_EQ(oculus.present, Names({"viseme_aa"}));
    EXPECT_TRUE(oculus.mapped.empty());
    EXPECT_EQ(oculus.missing.size(), 14u);
    const auto& vrm = coverageOf(all, NameSet::Vrm);
    EXPECT_EQ(vrm.present, Names({"happy"}));
    EXPECT_EQ(vrm.mapped, std::vector<NameMapping>({{"Fcl_MTH_A", "aa"}, {"Neutral", "neutral"}}));
    EXPECT_EQ(vrm.missing.size(), 15u);
    // ARKit and MediaPipe share their names: the same file names map in both.
    const auto& mediaPipe = coverageOf(all, NameSet::MediaPipe);
    EXPECT_TRUE(mediaPipe.present.empty());  // tongueOut is not MediaPipe's
    EXPECT_EQ(mediaPipe.mapped.front(), (NameMapping{"Neutral", "_neutral"}));
    EXPECT_EQ(mediaPipe.mapped.size(), 6u);
    EXPECT_EQ(mediaPipe.missing.size(), 52u - 6u);
}

TEST(FaceNames, TheExactSpellingWinsOverAnother) {
    const auto all = morph::coverNameSets({"JawOpen", "jawOpen"});
    EXPECT_EQ(coverageOf(all, NameSet::Arkit).present, Names({"jawOpen"}));
    EXPECT_TRUE(coverageOf(all, NameSet::Arkit).mapped.empty());
    EXPECT_TRUE(morph::findRenameMap({"JawOpen", "jawOpen"}).empty());
}

TEST(FaceNames, RenameMapIsTheUnionOfEverySetsMapping) {
    const Names names = {"eyeBlink_L", "JAWOPEN", "jaw_open", "Fcl_MTH_A", "Neutral", "aa", "V_ee"};
    const std::vector<NameMapping> map = morph::findRenameMap(names);
    // Neutral: vrm's neutral before mediapipe's _neutral. The file spells "aa" exactly, so
    // Fcl_MTH_A stays as it is (renaming it would collide); V_ee is no viseme.
    EXPECT_EQ(
        map, std::vector<NameMapping>(
                 {{"eyeBlink_L", "eyeBlinkLeft"}, {"JAWOPEN", "jawOpen"}, {"Neutral", "neutral"}}));
}

TEST(FaceNames, RenameMapJsonRoundTrips) {
    const std::vector<NameMapping> map = {{"b", "jawOpen"}, {"a", "eyeBlinkLeft"}};
    const std::string json = morph::renameMapJson(map);
    EXPECT_EQ(json, "{\n  \"a\": \"eyeBlinkLeft\",\n  \"b\": \"jawOpen\"\n}\n");
    auto read = morph::parseRenameMapJson(json);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(*read, std::vector<NameMapping>({{"a", "eyeBlinkLeft"}, {"b", "jawOpen"}}));
    EXPECT_EQ(morph::renameMapJson({}), "{}\n");
}

TEST(FaceNames, RenameMapJsonErrorsSayWhat) {
    auto notJson = morph::parseRenameMapJson("{\"a\": ");
    ASSERT_FALSE(notJson);
    EXPECT_EQ(notJson.error().code, morph::ErrorCode::Json);
    EXPECT_EQ(notJson.error().message.rfind("not JSON (", 0), 0u) << notJson.error().message;
    auto array = morph::parseRenameMapJson("[\"a\"]");
    ASSERT_FALSE(array);
    EXPECT_EQ(array.error().code, morph::ErrorCode::Schema);
    auto number = morph::parseRenameMapJson("{\"jaw\": 3}");
    ASSERT_FALSE(number);
    EXPECT_EQ(number.error().message, "\"jaw\": is not a string");
    auto empty = morph::parseRenameMapJson("{\"jaw\": \"\"}");
    ASSERT_FALSE(empty);
    EXPECT_EQ(empty.error().message, "\"jaw\": is renamed to an empty name");
}

morph::Scene twoMeshScene() {
    morph::Scene scene;
    scene.meshes.resize(2);
    scene.meshes[0].name = "Face";
    scene.meshes[0].targetNames = {"EyeBlink_L", "JawOpen", "other"};
    scene.meshes[1].name = "Teeth";
    scene.meshes[1].targetNames = {"JawOpen"};
    return scene;
}

TEST(FaceNames, ApplyRenameMapRenamesEveryMesh) {
    morph::Scene scene = twoMeshScene();
    auto warnings = morph::applyRenameMap(
        scene, {{"EyeBlink_L", "eyeBlinkLeft"}, {"JawOpen", "jawOpen"}, {"Missing", "x"}});
    ASSERT_TRUE(warnings) << warnings.error().message;
    EXPECT_EQ(scene.meshes[0].targetNames, Names({"eyeBlinkLeft", "jawOpen", "other"}));
    EXPECT_EQ(scene.meshes[1].targetNames, Names({"jawOpen"}));
    EXPECT_EQ(*warnings, Names({"'Missing' is not a target name of the model; not renamed"}));
}

TEST(FaceNames, ApplyRenameMapRefusesTwoNamesBecomingOne) {
    morph::Scene scene = twoMeshScene();
    auto both = morph::applyRenameMap(scene, {{"EyeBlink_L", "jawOpen"}, {"JawOpen", "jawOpen"}});
    ASSERT_FALSE(both);
    EXPECT_EQ(both.error().message,
              "'EyeBlink_L' and 'JawOpen' would both be named 'jawOpen' on mesh 0 (Face)");
    // Onto a name the mesh already has.
    auto onto = morph::applyRenameMap(scene, {{"JawOpen", "other"}});
    ASSERT_FALSE(onto);
    EXPECT_EQ(onto.error().message,
              "'JawOpen' and 'other' would both be named 'other' on mesh 0 (Face)");
    // The scene is as it was.
    EXPECT_EQ(scene.meshes[0].targetNames, twoMeshScene().meshes[0].targetNames);
    // Names the file already repeats, untouched by the map, are not the map's doing.
    scene.meshes[0].targetNames = {"x", "x", "JawOpen"};
    EXPECT_TRUE(morph::applyRenameMap(scene, {{"JawOpen", "jawOpen"}}));
}

// A Ready Player Me avatar (../shared/avatars/RPM_VisageMale): ARKit's 52 spelled exactly, and
// no Oculus visemes at all (this export was made without them).
TEST(FaceNames, ReadyPlayerMeAvatarCoverage) {
    auto scene = morph::importGltf(fixtures::avatarPath("RPM_VisageMale/male.glb"));
    ASSERT_TRUE(scene) << scene.error().message;
    Names names;
    std::set<std::string> seen;
    for (const morph::Mesh& mesh : scene->meshes) {
        for (const std::string& name : mesh.targetNames) {
            if (seen.insert(name).second) names.push_back(name);
        }
    }
    const auto all = morph::coverNameSets(names);
    const auto& arkit = coverageOf(all, NameSet::Arkit);
    EXPECT_EQ(arkit.present, morph::nameSetNames(NameSet::Arkit));
    EXPECT_TRUE(arkit.mapped.empty());
    EXPECT_TRUE(arkit.missing.empty());
    const auto& oculus = coverageOf(all, NameSet::Oculus);
    EXPECT_TRUE(oculus.present.empty());
    EXPECT_TRUE(oculus.mapped.empty());
    EXPECT_EQ(oculus.missing, morph::nameSetNames(NameSet::Oculus));
    EXPECT_TRUE(morph::findRenameMap(names).empty());
}

}  // namespace
