#include <gtest/gtest.h>

#include "morph/edit/TargetGroups.h"

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
