// fix keeps a file's own rig logic (its root extras.rigLogic) in step with what it does to the
// targets: --rename renames the rules' targets and drivers, --prune drops the rules naming what it
// removed with one warning each, --split gives a split target's rule to both halves and drives a
// rule on one side by that side's half. Each output derives with no warning what its input
// derived.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AuditFixtures.h"
#include "fixtures/FixFixtures.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/fix/FixDocument.h"
#include "morph/io/Files.h"

namespace rig_logic_fix_cli_test {
namespace {

using fixtures::runJson;
using json = nlohmann::json;

// DIR/NAME: `rig` with `rules` as its root extras.rigLogic, and with `plant`, a dead target
// "deadPlant" on each mesh (fixtures::plantDeadAndDuplicate).
std::string writeRigWithRules(const std::string& dir, const std::string& name,
                              const fixtures::Rig& rig, const json& rules, bool plant = false) {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::rigGlb(rig));
    if (plant) fixtures::plantDeadAndDuplicate(doc, "deadPlant", "copyPlant");
    doc.json["extras"] = {{"rigLogic", rules}};
    const std::vector<uint8_t> bytes = morph::fixDocumentGlb(doc);
    const std::string path = dir + "/" + name;
    EXPECT_TRUE(morph::writeFileAtomic(path, bytes.data(), bytes.size()).ok());
    return path;
}

json rigLogicOf(const std::string& path) {
    auto gltf = morph::readSelfContained(path);
    EXPECT_TRUE(gltf.ok()) << gltf.error().message;
    return gltf.ok() ? gltf->json["extras"]["rigLogic"] : json();
}

// The output reads with its rules: no warning about them, each listed as the file's.
void expectRulesRead(const std::string& path, const std::vector<std::string>& targets) {
    const fixtures::RunOutcome run = fixtures::runMorphview({"info", path, "--json"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err.find("extras.rigLogic"), std::string::npos) << run.err;
    const json info = json::parse(run.out);
    for (const std::string& target : targets) {
        bool listed = false;
        for (const json& rule : info["rigLogic"])
            listed = listed || (rule["target"] == target && rule["source"] == "file");
        EXPECT_TRUE(listed) << target << " " << info["rigLogic"].dump();
    }
}

// The largest difference between the positions `eval` gives for two files and weights.
double evalDifference(const std::string& a, const std::string& weightsA, const std::string& b,
                      const std::string& weightsB) {
    const json ea = runJson({"eval", a, "--weights", weightsA});
    const json eb = runJson({"eval", b, "--weights", weightsB});
    double worst = 0;
    EXPECT_EQ(ea["items"].size(), eb["items"].size());
    for (size_t i = 0; i < ea["items"].size() && i < eb["items"].size(); ++i) {
        const std::vector<double> pa = ea["items"][i]["positions"];
        const std::vector<double> pb = eb["items"][i]["positions"];
        EXPECT_EQ(pa.size(), pb.size());
        for (size_t k = 0; k < pa.size() && k < pb.size(); ++k)
            worst = std::max(worst, std::abs(pa[k] - pb[k]));
    }
    return worst;
}

// `fix IN ARGS --out OUT`, which must exit 0.
fixtures::RunOutcome fixInto(const std::string& in, std::vector<std::string> args,
                             const std::string& out) {
    args.insert(args.begin(), {"fix", in});
    args.insert(args.end(), {"--out", out});
    const fixtures::RunOutcome run = fixtures::runMorphview(args);
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    return run;
}

const json kJawAt60 = {{"target", "jawOpen75"}, {"driver", "jawOpen"}, {"peak", 0.6}};

TEST(RigLogicFixCli, RenameRenamesTheFilesRules) {
    const std::string dir = fixtures::caseScratchDir();
    const json rules = {
        {"combinations",
         {{{"target", "jawOpen_mouthSmileLeft"}, {"drivers", {"jawOpen", "mouthSmileLeft"}}}}},
        {"inbetweens", {kJawAt60}}};
    const std::string in = writeRigWithRules(dir, "in.glb", fixtures::rigWithCorrectives(), rules);
    const std::string map = dir + "/map.json";
    const std::string text = R"({"jawOpen": "JawOpen", "jawOpen25": "JawOpen25",
        "jawOpen75": "JawOpen75", "jawOpen_mouthSmileLeft": "fixJawSmile"})";
    ASSERT_TRUE(morph::writeFileAtomic(map, text.data(), text.size()).ok());
    const std::string out = dir + "/out.glb";
    const fixtures::RunOutcome run = fixInto(in, {"--rename", map}, out);
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(rigLogicOf(out), json::parse(R"({"combinations": [{"target": "fixJawSmile",
                                                "drivers": ["JawOpen", "mouthSmileLeft"]}],
                              "inbetweens": [{"target": "JawOpen75", "driver": "JawOpen",
                                              "peak": 0.6}]})"));
    expectRulesRead(out, {"fixJawSmile", "JawOpen75"});
    EXPECT_LT(
        evalDifference(in, "jawOpen=0.4,mouthSmileLeft=0.5", out, "JawOpen=0.4,mouthSmileLeft=0.5"),
        1e-6);
}

TEST(RigLogicFixCli, PruneDropsTheRulesNamingWhatItRemovedWithAWarningEach) {
    const std::string dir = fixtures::caseScratchDir();
    const json rules = {
        {"combinations",
         {{{"target", "deadPlant"}, {"drivers", {"jawOpen", "browInnerUp"}}},
          {{"target", "eyeBlinkRight"}, {"drivers", {"eyeBlinkLeft", "deadPlant"}}}}},
        {"inbetweens", {kJawAt60}}};
    const std::string in =
        writeRigWithRules(dir, "in.glb", fixtures::rigWithCorrectives(), rules, true);
    const std::string out = dir + "/out.glb";
    const fixtures::RunOutcome run = fixInto(in, {"--prune", "dead"}, out);
    EXPECT_NE(run.out.find("removed dead target 'deadPlant'"), std::string::npos) << run.out;
    EXPECT_EQ(run.err,
              "warning: " + in +
                  ": extras.rigLogic: dropped the rule for 'deadPlant' (jawOpen \u00d7 "
                  "browInnerUp): no mesh has 'deadPlant' any more\n"
                  "warning: " +
                  in +
                  ": extras.rigLogic: dropped the rule for 'eyeBlinkRight' (eyeBlinkLeft \u00d7 "
                  "deadPlant): no mesh has 'deadPlant' any more\n");
    EXPECT_EQ(rigLogicOf(out), json({{"inbetweens", {kJawAt60}}}));
    expectRulesRead(out, {"jawOpen75"});
}

// A rule on the left driven by the split smile follows its left half; a rule whose target names
// no side is dropped with a warning; a split in-between's rule goes to both its halves, which
// share its tent. The output with both halves at the smile's weight draws what the input drew.
TEST(RigLogicFixCli, SplitGivesTheRulesToTheHalves) {
    const std::string dir = fixtures::caseScratchDir();
    const json rules = {
        {"combinations",
         {{{"target", "jawOpen_mouthSmileLeft"}, {"drivers", {"jawOpen", "mouthSmile"}}},
          {{"target", "browInnerUp"}, {"drivers", {"mouthSmile", "eyeBlinkLeft"}}}}},
        {"inbetweens", {kJawAt60}}};
    const std::string in = writeRigWithRules(
        dir, "in.glb", fixtures::withSmilesMerged(fixtures::rigWithCorrectives()), rules);
    const std::string out = dir + "/out.glb";
    const fixtures::RunOutcome run =
        fixInto(in, {"--split", "mouthSmile", "--split", "jawOpen75"}, out);
    EXPECT_EQ(run.err, "warning: " + in +
                           ": extras.rigLogic: dropped the rule for 'browInnerUp' (mouthSmile "
                           "\u00d7 eyeBlinkLeft): its driver 'mouthSmile' is split into "
                           "'mouthSmileLeft' and 'mouthSmileRight', and 'browInnerUp' names no "
                           "side (split it first to keep it on both)\n");
    EXPECT_EQ(rigLogicOf(out), json::parse(R"({"combinations": [{"target": "jawOpen_mouthSmileLeft",
                                                "drivers": ["jawOpen", "mouthSmileLeft"]}],
                              "inbetweens": [
                                {"target": "jawOpen75Left", "driver": "jawOpen", "peak": 0.6},
                                {"target": "jawOpen75Right", "driver": "jawOpen", "peak": 0.6}]})"));
    expectRulesRead(out, {"jawOpen_mouthSmileLeft", "jawOpen75Left", "jawOpen75Right"});
    for (const char* jaw : {"0.4", "0.7"}) {
        EXPECT_LT(evalDifference(
                      in, std::string("jawOpen=") + jaw + ",mouthSmile=0.5", out,
                      std::string("jawOpen=") + jaw + ",mouthSmileLeft=0.5,mouthSmileRight=0.5"),
                  1e-5)
            << jaw;
    }
}

}  // namespace
}  // namespace rig_logic_fix_cli_test
