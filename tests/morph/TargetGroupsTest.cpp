#include <gtest/gtest.h>

#include "morph/edit/TargetGroups.h"

namespace target_groups_test {

namespace {

using morph::findLeftRightPairs;
using morph::groupTargets;
using morph::matchesFilter;
using morph::mirrorName;

std::vector<std::string> groupNames(const std::vector<morph::TargetGroup>& groups) {
    std::vector<std::string> out;
    for (const auto& g : groups) out.push_back(g.name);
    return out;
}

TEST(TargetGroups, ArkitNamesGroupByPrefixInFaceOrder) {
    std::vector<std::string> names = {"jawOpen",        "eyeBlinkLeft",  "browInnerUp",
                                      "mouthSmileLeft", "tongueOut",     "cheekPuff",
                                      "noseSneerLeft",  "eyeBlinkRight", "extraThing"};
    auto groups = groupTargets(names);
    EXPECT_EQ(groupNames(groups), (std::vector<std::string>{"brow", "eye", "cheek", "jaw", "mouth",
                                                            "nose", "tongue", "other"}));
    EXPECT_EQ(groups[1].targets, (std::vector<size_t>{1, 7}));  // both eyes, in name order
    EXPECT_EQ(groups.back().targets, (std::vector<size_t>{8}));
}

TEST(TargetGroups, NamespacedAndCapitalisedArkitNamesStillGroup) {
    EXPECT_EQ(morph::arkitGroupOf("blendShape1.jawOpen"), "jaw");
    EXPECT_EQ(morph::arkitGroupOf("Face:MouthFunnel"), "mouth");
    EXPECT_EQ(morph::arkitGroupOf("EyeBlink_L"), "eye");
    EXPECT_EQ(morph::arkitGroupOf("Smile"), std::nullopt);
}

TEST(TargetGroups, MostlyOtherNamesStayFlat) {
    auto groups = groupTargets({"0", "1", "jawOpen"});
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].name, "");
    EXPECT_EQ(groups[0].targets, (std::vector<size_t>{0, 1, 2}));
    EXPECT_TRUE(groupTargets({}).empty());
}

TEST(TargetGroups, BothArkitSpellingsShareTheirGroupsAndPairs) {
    // Apple's names and the snake-suffixed spelling many exporters write (Ready Player Me,
    // Character Creator).
    const std::vector<std::string> names = {"eyeBlinkLeft", "eyeBlink_R",   "jawOpen",
                                            "jaw_Open",     "mouthSmile_L", "mouthSmileRight"};
    const auto groups = groupTargets(names);
    EXPECT_EQ(groupNames(groups), (std::vector<std::string>{"eye", "jaw", "mouth"}));
    EXPECT_EQ(groups[0].targets, (std::vector<size_t>{0, 1}));
    EXPECT_EQ(groups[1].targets, (std::vector<size_t>{2, 3}));
    // Each spelling pairs with its own kind.
    const auto pairs =
        findLeftRightPairs({"eyeBlink_L", "eyeBlink_R", "eyeBlinkLeft", "eyeBlinkRight"});
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(pairs[0].left, 0u);
    EXPECT_EQ(pairs[0].right, 1u);
    EXPECT_EQ(pairs[1].left, 2u);
    EXPECT_EQ(pairs[1].right, 3u);
}

TEST(TargetGroups, VisemesGetTheirOwnGroupAfterTheFace) {
    const std::vector<std::string> names = {"viseme_sil", "viseme_PP", "jawOpen", "viseme_aa",
                                            "eyeBlinkLeft"};
    const auto groups = groupTargets(names);
    EXPECT_EQ(groupNames(groups), (std::vector<std::string>{"eye", "jaw", "viseme"}));
    EXPECT_EQ(groups[2].targets, (std::vector<size_t>{0, 1, 3}));
    EXPECT_EQ(morph::knownGroupOf("viseme_aa"), "viseme");
    EXPECT_EQ(morph::knownGroupOf("viseme"), std::nullopt);
}

TEST(TargetGroups, VroidPrefixesGroupByFacePart) {
    const std::vector<std::string> names = {"Fcl_ALL_Neutral", "Fcl_ALL_Joy",     "Fcl_BRW_Angry",
                                            "Fcl_EYE_Close",   "Fcl_EYE_Close_L", "Fcl_MTH_A",
                                            "Fcl_MTH_I",       "Fcl_HA_Fung1",    "Fcl_EX_Tear"};
    const auto groups = groupTargets(names);
    EXPECT_EQ(groupNames(groups),
              (std::vector<std::string>{"brow", "eye", "mouth", "expression", "teeth", "ex"}));
    EXPECT_EQ(groups[1].targets, (std::vector<size_t>{3, 4}));
    EXPECT_EQ(groups[3].targets, (std::vector<size_t>{0, 1}));
    EXPECT_EQ(morph::knownGroupOf("Fcl_"), std::nullopt);
}

TEST(TargetGroups, OtherNamesFallBackToTheirCommonPrefix) {
    const std::vector<std::string> names = {"Lips_Wide", "Lips_Narrow", "Ears_Up",
                                            "Ears_Down", "Squint",      "Neck_Tense"};
    const auto groups = groupTargets(names);
    EXPECT_EQ(groupNames(groups), (std::vector<std::string>{"Lips", "Ears", "other"}));
    EXPECT_EQ(groups[1].targets, (std::vector<size_t>{2, 3}));
    EXPECT_EQ(groups[2].targets, (std::vector<size_t>{4, 5}));
    // Nothing shared: flat.
    EXPECT_EQ(groupNames(groupTargets({"Smile", "Frown", "Neck_Tense"})),
              (std::vector<std::string>{""}));
}

TEST(TargetGroups, MirrorNameKeepsTheNamesCase) {
    EXPECT_EQ(mirrorName("browDownLeft"), "browDownRight");
    EXPECT_EQ(mirrorName("eyeLookInRight"), "eyeLookInLeft");
    EXPECT_EQ(mirrorName("LEFT_brow"), "RIGHT_brow");
    EXPECT_EQ(mirrorName("smile_L"), "smile_R");
    EXPECT_EQ(mirrorName("lid.R"), "lid.L");
    EXPECT_EQ(mirrorName("blink_l"), "blink_r");
    EXPECT_EQ(mirrorName("jawOpen"), std::nullopt);
}

TEST(TargetGroups, PairsEveryConvention) {
    std::vector<std::string> names = {"eyeBlinkRight", "eyeBlinkLeft", "smile_L", "smile_R",
                                      "lid.L",         "lid.R",        "cheek_l", "cheek_r",
                                      "jawOpen",       "frown_L"};  // frown_L has no partner
    auto pairs = findLeftRightPairs(names);
    ASSERT_EQ(pairs.size(), 4u);
    EXPECT_EQ(pairs[0].left, 1u);
    EXPECT_EQ(pairs[0].right, 0u);
    EXPECT_EQ(pairs[1].left, 2u);
    EXPECT_EQ(pairs[1].right, 3u);
    EXPECT_EQ(pairs[2].left, 4u);
    EXPECT_EQ(pairs[2].right, 5u);
    EXPECT_EQ(pairs[3].left, 6u);
    EXPECT_EQ(pairs[3].right, 7u);
}

TEST(TargetGroups, FilterIsCaseInsensitiveAndEveryWordMustMatch) {
    EXPECT_TRUE(matchesFilter("jawOpen", "jaw"));
    EXPECT_TRUE(matchesFilter("jawOpen", "JAW"));
    EXPECT_TRUE(matchesFilter("mouthSmileLeft", "smile left"));
    EXPECT_FALSE(matchesFilter("mouthSmileRight", "smile left"));
    EXPECT_TRUE(matchesFilter("anything", ""));
    EXPECT_TRUE(matchesFilter("anything", "   "));
    EXPECT_FALSE(matchesFilter("jawOpen", "eye"));
}

}  // namespace

}  // namespace target_groups_test
