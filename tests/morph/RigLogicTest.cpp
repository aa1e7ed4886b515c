// Rig logic from names, files and sidecars: which names are combinations and in-betweens, the
// weights they derive, their order and their errors.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/AuditFixtures.h"
#include "fixtures/Fixtures.h"
#include "morph/audit/RigAudit.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"
#include "morph/rig/RigLogic.h"

namespace morph::rig_logic_test {
namespace {

Scene sceneWithTargets(const std::vector<std::vector<std::string>>& meshes) {
    Scene scene;
    for (const auto& names : meshes) {
        Mesh mesh;
        mesh.targetNames = names;
        mesh.defaultWeights.assign(names.size(), 0.0f);
        scene.meshes.push_back(mesh);
    }
    return scene;
}

const RigRuleSpec* ruleFor(const std::vector<RigRuleSpec>& rules, const std::string& target) {
    for (const RigRuleSpec& r : rules)
        if (r.target == target) return &r;
    return nullptr;
}

// Weights by name after the mesh's rules, from the drivers' weights by name.
std::vector<float> driven(const std::vector<std::string>& names,
                          const std::vector<std::pair<std::string, float>>& set) {
    Scene scene = sceneWithTargets({names});
    auto logic = buildRigLogic(scene, {}, "t.glb");
    EXPECT_TRUE(logic.ok()) << logic.error().message;
    std::vector<float> w(names.size(), 0.0f);
    for (const auto& [name, value] : set)
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) w[i] = value;
    applyRigRules(logic->meshes[0], w);
    return w;
}

TEST(RigLogicNames, ACombinationIsMadeOfOtherTargets) {
    const auto rules =
        rigRulesFromNames({"jawOpen", "mouthSmileLeft", "jawOpen_mouthSmileLeft", "eyeBlink_L"});
    ASSERT_EQ(rules.size(), 1u);
    EXPECT_EQ(rules[0].target, "jawOpen_mouthSmileLeft");
    EXPECT_EQ(rules[0].kind, RigRuleKind::Combination);
    EXPECT_EQ(rules[0].drivers, (std::vector<std::string>{"jawOpen", "mouthSmileLeft"}));
}

TEST(RigLogicNames, NamesWithUnderscoresWhosePartsAreNotTargetsAreNot) {
    EXPECT_TRUE(rigRulesFromNames({"Fcl_MTH_A", "Fcl_MTH_I", "viseme_sil", "viseme_PP",
                                   "eyeBlink_L", "eyeBlink_R", "eyeBlink"})
                    .empty());
}

TEST(RigLogicNames, ASideSuffixIsSetAsideAndGivenToEachPart) {
    const auto rules = rigRulesFromNames(
        {"browUp_L", "eyeWide_L", "browUp_eyeWide_L", "jaw", "lipsPucker", "jaw_lipsPucker_LR"});
    const RigRuleSpec* sided = ruleFor(rules, "browUp_eyeWide_L");
    ASSERT_NE(sided, nullptr);
    EXPECT_EQ(sided->drivers, (std::vector<std::string>{"browUp_L", "eyeWide_L"}));
    const RigRuleSpec* both = ruleFor(rules, "jaw_lipsPucker_LR");
    ASSERT_NE(both, nullptr);
    EXPECT_EQ(both->drivers, (std::vector<std::string>{"jaw", "lipsPucker"}));
}

TEST(RigLogicNames, DriversMayHaveUnderscoresOfTheirOwn) {
    const auto rules = rigRulesFromNames({"eyeBlink_L", "eyeBlink_R", "eyeBlink_L_eyeBlink_R"});
    ASSERT_EQ(rules.size(), 1u);
    EXPECT_EQ(rules[0].drivers, (std::vector<std::string>{"eyeBlink_L", "eyeBlink_R"}));
}

TEST(RigLogicNames, TwoDigitsAfterADriversNameAreAnInbetween) {
    const auto rules = rigRulesFromNames({"jawOpen", "jawOpen50", "jawOpen25", "browUp_L",
                                          "browUp75_L", "mouth100", "mouth", "eye00", "eye"});
    ASSERT_EQ(rules.size(), 3u);
    const RigRuleSpec* half = ruleFor(rules, "jawOpen50");
    ASSERT_NE(half, nullptr);
    EXPECT_EQ(half->kind, RigRuleKind::Inbetween);
    EXPECT_EQ(half->drivers, std::vector<std::string>{"jawOpen"});
    EXPECT_FLOAT_EQ(half->peak, 0.5f);
    EXPECT_FLOAT_EQ(ruleFor(rules, "jawOpen25")->peak, 0.25f);
    const RigRuleSpec* sided = ruleFor(rules, "browUp75_L");
    ASSERT_NE(sided, nullptr);
    EXPECT_EQ(sided->drivers, std::vector<std::string>{"browUp_L"});
    EXPECT_EQ(ruleFor(rules, "mouth100"), nullptr);  // three digits: not a percentage
    EXPECT_EQ(ruleFor(rules, "eye00"), nullptr);     // 0 is no peak
}

TEST(RigLogicWeights, ACombinationIsTheProductOfItsDrivers) {
    const auto w = driven({"a", "b", "a_b"}, {{"a", 0.5f}, {"b", 0.8f}});
    EXPECT_FLOAT_EQ(w[2], 0.4f);
    EXPECT_FLOAT_EQ(w[0], 0.5f);  // drivers keep their weights
}

TEST(RigLogicWeights, WhatASourceSetOnADrivenTargetIsReplaced) {
    const auto w = driven({"a", "b", "a_b"}, {{"a_b", 1.0f}});
    EXPECT_FLOAT_EQ(w[2], 0.0f);
}

TEST(RigLogicWeights, OneInbetweenIsATentPeakingAtItsPercentage) {
    const std::vector<std::string> names = {"jaw", "jaw40"};
    EXPECT_FLOAT_EQ(driven(names, {{"jaw", 0.0f}})[1], 0.0f);
    EXPECT_FLOAT_EQ(driven(names, {{"jaw", 0.2f}})[1], 0.5f);
    EXPECT_FLOAT_EQ(driven(names, {{"jaw", 0.4f}})[1], 1.0f);
    EXPECT_FLOAT_EQ(driven(names, {{"jaw", 0.7f}})[1], 0.5f);
    EXPECT_FLOAT_EQ(driven(names, {{"jaw", 1.0f}})[1], 0.0f);
    EXPECT_FLOAT_EQ(driven(names, {{"jaw", 0.7f}})[0], 0.7f);  // additive: the driver stays
}

TEST(RigLogicWeights, SeveralInbetweensSplitTheRangeBetweenTheirPeaks) {
    const std::vector<std::string> names = {"jaw", "jaw25", "jaw50", "jaw75"};
    auto at = [&](float w) { return driven(names, {{"jaw", w}}); };
    EXPECT_FLOAT_EQ(at(0.25f)[1], 1.0f);
    EXPECT_FLOAT_EQ(at(0.25f)[2], 0.0f);
    EXPECT_FLOAT_EQ(at(0.375f)[1], 0.5f);
    EXPECT_FLOAT_EQ(at(0.375f)[2], 0.5f);
    EXPECT_FLOAT_EQ(at(0.5f)[2], 1.0f);
    EXPECT_FLOAT_EQ(at(0.875f)[3], 0.5f);
    EXPECT_FLOAT_EQ(at(1.0f)[3], 0.0f);
    // Between two peaks the two tents sum to one.
    for (float w = 0.25f; w <= 0.75f; w += 0.05f) {
        const auto v = at(w);
        EXPECT_NEAR(v[1] + v[2] + v[3], 1.0f, 1e-5f) << w;
    }
}

// Two in-betweens at one peak (a shape split into halves) share one tent, its neighbours' peaks
// the nearest below and above theirs.
TEST(RigLogicWeights, InbetweensAtOnePeakShareOneTent) {
    Scene scene = sceneWithTargets({{"jaw", "jaw25", "halfL", "halfR"}});
    RigRuleSpec left;
    left.target = "halfL";
    left.kind = RigRuleKind::Inbetween;
    left.drivers = {"jaw"};
    left.peak = 0.6f;
    RigRuleSpec right = left;
    right.target = "halfR";
    auto logic = buildRigLogic(scene, {left, right}, "t.glb");
    ASSERT_TRUE(logic.ok()) << logic.error().message;
    for (const float jaw : {0.2f, 0.4f, 0.6f, 0.8f}) {
        std::vector<float> w = {jaw, 0.0f, 0.0f, 0.0f};
        applyRigRules(logic->meshes[0], w);
        const float tent = jaw <= 0.25f  ? 0.0f
                           : jaw <= 0.6f ? (jaw - 0.25f) / 0.35f
                                         : (1.0f - jaw) / 0.4f;
        EXPECT_NEAR(w[2], tent, 1e-6f) << jaw;
        EXPECT_NEAR(w[3], tent, 1e-6f) << jaw;
        EXPECT_NEAR(w[1], jaw <= 0.25f ? jaw / 0.25f : std::max(0.0f, (0.6f - jaw) / 0.35f), 1e-6f)
            << jaw;
    }
}

TEST(RigLogicWeights, CombinationsOfCombinationsAndInbetweensFollowTheirDrivers) {
    const std::vector<std::string> names = {"a_b_c", "a_b", "c", "a", "b", "a50", "a50_c"};
    const auto w = driven(names, {{"a", 0.5f}, {"b", 0.5f}, {"c", 0.5f}});
    EXPECT_FLOAT_EQ(w[1], 0.25f);   // a_b = a * b
    EXPECT_FLOAT_EQ(w[0], 0.125f);  // a_b_c = a_b * c (the longest first part wins)
    EXPECT_FLOAT_EQ(w[5], 1.0f);    // a50 at a = 0.5
    EXPECT_FLOAT_EQ(w[6], 0.5f);    // a50_c = a50 * c
}

TEST(RigLogicFile, ParsesCombinationsAndInbetweens) {
    auto rules = parseRigLogic(R"({"combinations": [{"target": "x", "drivers": ["a", "b"]}],
        "inbetweens": [{"target": "y", "driver": "a", "peak": 0.3, "interpolation": "smooth"}]})",
                               "rig.json", RigRuleSource::Sidecar);
    ASSERT_TRUE(rules.ok()) << rules.error().message;
    ASSERT_EQ(rules->size(), 2u);
    EXPECT_EQ((*rules)[0].drivers, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ((*rules)[1].interpolation, RigInterpolation::Smooth);
    EXPECT_FLOAT_EQ((*rules)[1].peak, 0.3f);
    EXPECT_EQ((*rules)[1].source, RigRuleSource::Sidecar);
}

// What fix --rig-logic embeds: the rules written as the object they were read from, each peak
// as its shortest decimal, and of two rules for one target only the one that counts.
TEST(RigLogicFile, RulesAreWrittenAsTheObjectTheyAreReadFrom) {
    const std::string text =
        R"({"combinations":[{"drivers":["a","b"],"target":"x"}],)"
        R"("inbetweens":[{"driver":"a","interpolation":"smooth","peak":0.3,"target":"y"},)"
        R"({"driver":"b","peak":0.75,"target":"z"}]})";
    auto rules = parseRigLogic(text, "rig.json", RigRuleSource::Sidecar);
    ASSERT_TRUE(rules.ok()) << rules.error().message;
    EXPECT_EQ(rigLogicJson(*rules), text);
    // y as a combination after its in-between: the combination replaces it, and is all that
    // is written for y.
    RigRuleSpec later;
    later.target = "y";
    later.drivers = {"a", "b"};
    rules->push_back(later);
    auto again = parseRigLogic(rigLogicJson(*rules), "again", RigRuleSource::File);
    ASSERT_TRUE(again.ok()) << again.error().message;
    ASSERT_EQ(again->size(), 3u);
    EXPECT_EQ((*again)[1].target, "y");
    EXPECT_EQ((*again)[1].kind, RigRuleKind::Combination);
    EXPECT_EQ(rigLogicJson({}), "{}");
}

TEST(RigLogicFile, BadEntriesAreOneLineNamingTheFileAndTheEntry) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{", "rig.json: not JSON"},
        {"[]", "rig.json: is not a JSON object"},
        {R"({"inbetweens": [{"target": "y", "driver": "a", "peak": 1.5}]})",
         "rig.json: inbetweens[0].peak 1.5 is not inside (0, 1)"},
        {R"({"combinations": [{"target": "x", "drivers": ["a"]}]})",
         "rig.json: combinations[0].drivers must list at least two names"},
        {R"({"combinations": [{"drivers": ["a", "b"]}]})",
         "rig.json: combinations[0].target is missing or not a name"},
        {R"({"inbetweens": [{"target": "y", "driver": "a", "peak": 0.5, "interpolation": "x"}]})",
         "rig.json: inbetweens[0].interpolation must be \"linear\" or \"smooth\""},
    };
    for (const auto& [text, message] : cases) {
        auto rules = parseRigLogic(text, "rig.json", RigRuleSource::Sidecar);
        ASSERT_FALSE(rules.ok()) << text;
        EXPECT_EQ(rules.error().code, ErrorCode::Usage);
        EXPECT_EQ(rules.error().message, message);
    }
}

TEST(RigLogicFile, ExplicitRulesReplaceTheNamesRulesForTheirTargets) {
    Scene scene = sceneWithTargets({{"a", "b", "a_b", "a50"}});
    auto rules = parseRigLogic(R"({"inbetweens": [{"target": "a_b", "driver": "b", "peak": 0.5}]})",
                               "rig.json", RigRuleSource::Sidecar);
    ASSERT_TRUE(rules.ok());
    auto logic = buildRigLogic(scene, *rules, "rig.json");
    ASSERT_TRUE(logic.ok()) << logic.error().message;
    std::vector<float> w = {0.5f, 0.25f, 0, 0};
    applyRigRules(logic->meshes[0], w);
    EXPECT_FLOAT_EQ(w[2], 0.5f);  // b at 0.25 is half way up to its peak at 0.5
    EXPECT_FLOAT_EQ(w[3], 1.0f);  // the names' in-between of a stays
}

TEST(RigLogicFile, ATargetOrDriverNoMeshHasIsAnError) {
    Scene scene = sceneWithTargets({{"a", "b"}, {"c"}});
    auto missingTarget =
        buildRigLogic(scene, {{"x", RigRuleKind::Combination, {"a", "b"}}}, "r.json");
    ASSERT_FALSE(missingTarget.ok());
    EXPECT_EQ(missingTarget.error().message,
              "r.json: rig logic names target 'x', which no mesh has");
    auto missingDriver =
        buildRigLogic(scene, {{"a", RigRuleKind::Combination, {"b", "z"}}}, "r.json");
    ASSERT_FALSE(missingDriver.ok());
    EXPECT_EQ(missingDriver.error().message,
              "r.json: rig logic for 'a' names driver 'z', which no mesh has");
    // A rule whose drivers are on another mesh only applies nowhere, without an error.
    auto elsewhere = buildRigLogic(scene, {{"c", RigRuleKind::Combination, {"a", "b"}}}, "r.json");
    ASSERT_TRUE(elsewhere.ok());
    EXPECT_TRUE(elsewhere->empty());
}

TEST(RigLogicFile, ACycleIsAnErrorNamingIt) {
    Scene scene = sceneWithTargets({{"a", "b", "c"}});
    auto logic = buildRigLogic(
        scene,
        {{"a", RigRuleKind::Combination, {"b", "c"}}, {"b", RigRuleKind::Combination, {"a", "c"}}},
        "r.json");
    ASSERT_FALSE(logic.ok());
    EXPECT_EQ(logic.error().code, ErrorCode::Usage);
    EXPECT_EQ(logic.error().message, "r.json: rig logic has a cycle: a -> b -> a");
}

TEST(RigLogicFile, SmoothInbetweensEaseInAndOut) {
    RigRule rule;
    rule.kind = RigRuleKind::Inbetween;
    rule.peak = 0.5f;
    rule.interpolation = RigInterpolation::Smooth;
    EXPECT_FLOAT_EQ(inbetweenWeight(rule, 0.25f), 0.5f);  // the middle stays
    EXPECT_LT(inbetweenWeight(rule, 0.1f), 0.2f);         // slower near the ends
    EXPECT_FLOAT_EQ(inbetweenWeight(rule, 0.5f), 1.0f);
}

TEST(RigLogicFile, RulesDescribeWhatDrivesThem) {
    Scene scene =
        sceneWithTargets({{"jawOpen", "mouthSmileLeft", "jawOpen_mouthSmileLeft", "jawOpen50"}});
    auto logic = buildRigLogic(scene, {}, "t.glb");
    ASSERT_TRUE(logic.ok());
    std::vector<std::string> texts;
    for (const RigRule& r : logic->meshes[0])
        texts.push_back(describeRigRule(r, scene.meshes[0].targetNames));
    EXPECT_NE(std::find(texts.begin(), texts.end(), "jawOpen \u00d7 mouthSmileLeft"), texts.end());
    EXPECT_NE(std::find(texts.begin(), texts.end(), "jawOpen at 0.5"), texts.end());
}

// A file whose root extras.rigLogic states a rule: the importer keeps it, and it replaces the
// names' rule; a broken one is a warning and the names' rules stay.
TEST(RigLogicFile, TheFilesExtrasCarryRulesAndABrokenOneIsAWarning) {
    auto build = [](const nlohmann::json& rigLogic) {
        GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
        b.json()["meshes"][0]["extras"] = {{"targetNames", {"a", "a50"}}};
        b.json()["extras"] = {{"rigLogic", rigLogic}};
        auto scene = importGltfMemory(b.glb(), "rig.glb", "");
        EXPECT_TRUE(scene.ok()) << scene.error().message;
        return scene.ok() ? std::move(*scene) : Scene{};
    };
    const Scene good =
        build({{"inbetweens", {{{"target", "a50"}, {"driver", "a"}, {"peak", 0.3}}}}});
    std::vector<std::string> warnings;
    auto logic = sceneRigLogic(good, {}, "", warnings);
    ASSERT_TRUE(logic.ok()) << logic.error().message;
    EXPECT_TRUE(warnings.empty());
    ASSERT_EQ(logic->meshes[0].size(), 1u);
    EXPECT_FLOAT_EQ(logic->meshes[0][0].peak, 0.3f);
    EXPECT_EQ(logic->meshes[0][0].source, RigRuleSource::File);

    ASSERT_EQ(good.meshes[0].rigRules.size(), 1u);  // attached by the importer
    EXPECT_FLOAT_EQ(good.meshes[0].rigRules[0].peak, 0.3f);

    const Scene broken =
        build({{"inbetweens", {{{"target", "zz"}, {"driver", "a"}, {"peak", 0.5}}}}});
    const std::string warning =
        "extras.rigLogic: rig logic names target 'zz', which no mesh has (the file's rig logic is "
        "left out)";
    EXPECT_NE(std::find(broken.warnings.begin(), broken.warnings.end(), "rig.glb: " + warning),
              broken.warnings.end());
    auto fallback = sceneRigLogic(broken, {}, "", warnings);
    ASSERT_TRUE(fallback.ok());
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], warning);
    ASSERT_EQ(fallback->meshes[0].size(), 1u);
    EXPECT_FLOAT_EQ(fallback->meshes[0][0].peak, 0.5f);  // from the names
    EXPECT_EQ(fallback->meshes[0][0].source, RigRuleSource::Names);
}

std::vector<Finding> rigLogicFindings(const fixtures::Rig& rig) {
    auto scene = importGltfMemory(fixtures::rigGlb(rig), "rig.glb", "");
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    std::vector<Finding> found;
    if (!scene.ok()) return found;
    for (const Finding& f : auditScene(*scene))
        if (f.check == "rig-logic") found.push_back(f);
    return found;
}

// The corrective moves the face everywhere; its drivers move the jaw and the mouth's corner.
TEST(RigLogicAudit, ACorrectiveMovingWhatNoDriverMovesIsAWarning) {
    const std::vector<Finding> found = rigLogicFindings(fixtures::rigWithCorrectives());
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].severity, Severity::Warning);
    EXPECT_EQ(found[0].targets, std::vector<std::string>{"jawOpen_mouthSmileLeft"});
    EXPECT_NE(found[0].detail.find("vertices none of its drivers move"), std::string::npos)
        << found[0].detail;
}

TEST(RigLogicAudit, ACorrectiveWithinItsDriversAndOrderedInbetweensAreClean) {
    fixtures::Rig rig = fixtures::rigWithCorrectives();
    const fixtures::RigTarget& jaw = fixtures::rigTarget(rig, 0, "jawOpen");
    const fixtures::RigTarget& smile = fixtures::rigTarget(rig, 0, "mouthSmileLeft");
    fixtures::RigTarget& fix = fixtures::rigTarget(rig, 0, "jawOpen_mouthSmileLeft");
    for (size_t i = 0; i < fix.positions.size(); ++i) {
        const bool driven =
            glm::length(jaw.positions[i]) > 1e-4f && glm::length(smile.positions[i]) > 1e-4f;
        if (!driven) fix.positions[i] = glm::vec3(0.0f);
    }
    fixtures::normalsFollowPositions(rig.meshes[0], fix);
    EXPECT_TRUE(rigLogicFindings(rig).empty());
}

// Two in-betweens at one peak are parts of one shape: neither is "after" the other, whatever
// their reach.
TEST(RigLogicAudit, InbetweensAtOnePeakAreNotComparedWithEachOther) {
    fixtures::Rig rig = fixtures::rigWithCorrectives();
    fixtures::RigTarget twin = fixtures::rigTarget(rig, 0, "jawOpen75");
    twin.name = "jawOpen75b";
    for (glm::vec3& d : twin.positions) d *= 0.9f;  // reaching less than the first part
    rig.meshes[0].targets.push_back(twin);
    auto scene = importGltfMemory(fixtures::rigGlb(rig), "rig.glb", "");
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    RigRuleSpec rule;
    rule.target = "jawOpen75b";
    rule.kind = RigRuleKind::Inbetween;
    rule.drivers = {"jawOpen"};
    rule.peak = 0.75f;
    std::vector<std::string> warnings;
    ASSERT_TRUE(attachRigLogic(*scene, {rule}, "rig.json", warnings).ok());
    for (const Finding& f : auditScene(*scene)) {
        const bool both = f.targets.size() == 2 &&
                          (f.targets[0] == "jawOpen75" || f.targets[0] == "jawOpen75b") &&
                          (f.targets[1] == "jawOpen75" || f.targets[1] == "jawOpen75b");
        EXPECT_FALSE(both) << f.detail;
    }
}

TEST(RigLogicAudit, InbetweensReachingOutOfOrderAreAWarning) {
    fixtures::Rig rig = fixtures::rigWithCorrectives();
    for (glm::vec3& d : fixtures::rigTarget(rig, 0, "jawOpen25").positions) d *= 3.0f;
    bool found = false;
    for (const Finding& f : rigLogicFindings(rig)) {
        if (f.targets == std::vector<std::string>{"jawOpen25", "jawOpen75"}) {
            found = true;
            EXPECT_NE(f.detail.find("out of order"), std::string::npos) << f.detail;
        }
    }
    EXPECT_TRUE(found);
}

}  // namespace
}  // namespace morph::rig_logic_test
