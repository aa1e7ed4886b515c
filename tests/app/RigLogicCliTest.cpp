// Rig logic through the commands: eval with only the drivers' weights equals eval --no-rig-logic
// with the driven weights written out by hand, on the CPU and with --gpu; a sidecar replaces the
// names' rules; info --json lists the rules; a bad sidecar is a usage error naming the file;
// regress draws, warns and refuses a bad sidecar as eval does; capture --shots warns as regress;
// fix embeds a sidecar in the file.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AuditFixtures.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/edit/ClipExport.h"
#include "morph/fix/FixDocument.h"
#include "morph/io/Files.h"

namespace rig_logic_cli_test {
namespace {

using fixtures::runJson;
using json = nlohmann::json;

// The audit's face with three derived targets added (fixtures::rigWithCorrectives), as a file.
std::string writeRigWithCorrectives(const std::string& dir) {
    return fixtures::writeFixture(dir, "correctives.glb",
                                  fixtures::rigGlb(fixtures::rigWithCorrectives()));
}

// The largest difference between two eval outputs' positions, over every item.
double largestDifference(const json& a, const json& b) {
    double worst = 0;
    EXPECT_EQ(a["items"].size(), b["items"].size());
    for (size_t i = 0; i < a["items"].size() && i < b["items"].size(); ++i) {
        const std::vector<double> pa = a["items"][i]["positions"], pb = b["items"][i]["positions"];
        EXPECT_EQ(pa.size(), pb.size());
        for (size_t k = 0; k < pa.size() && k < pb.size(); ++k)
            worst = std::max(worst, std::abs(pa[k] - pb[k]));
    }
    return worst;
}

// DIR/NAME holding `text`.
std::string writeText(const std::string& dir, const std::string& name, const std::string& text) {
    const std::string path = dir + "/" + name;
    EXPECT_TRUE(morph::writeFileAtomic(path, text.data(), text.size()).ok()) << path;
    return path;
}

// A sidecar every command refuses, and what its one line says of it.
struct BadSidecar {
    std::string text, message;
};

const BadSidecar kPeakOutside = {
    R"({"inbetweens": [{"target": "jawOpen25", "driver": "jawOpen", "peak": 2}]})",
    "inbetweens[0].peak 2 is not inside (0, 1)"};
const BadSidecar kUnknownTarget = {
    R"({"combinations": [{"target": "nope", "drivers": ["jawOpen", "eyeBlinkLeft"]}]})",
    "rig logic names target 'nope', which no mesh has"};
const BadSidecar kCycle = {
    R"({"combinations": [{"target": "jawOpen", "drivers": ["jawOpen25", "eyeBlinkLeft"]}]})",
    "rig logic has a cycle"};

// `run` refused `sidecar`: a usage error (exit 2) in one line naming the file and `message`.
void expectSidecarRefused(const fixtures::RunOutcome& run, const std::string& sidecar,
                          const std::string& message) {
    EXPECT_EQ(run.exitCode, 2) << run.out << run.err;
    EXPECT_NE(run.err.find(sidecar), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

// jawOpen 0.4, mouthSmileLeft 0.5: the corrective takes 0.2; jawOpen25 (peak 0.25, its tent
// ending at the next peak, 0.75) takes (0.75 - 0.4) / 0.5 = 0.7; jawOpen75 (from 0.25 up to 0.75)
// takes (0.4 - 0.25) / 0.5 = 0.3.
const char* kDrivers = "jawOpen=0.4,mouthSmileLeft=0.5";
const char* kByHand =
    "jawOpen=0.4,mouthSmileLeft=0.5,jawOpen_mouthSmileLeft=0.2,jawOpen25=0.7,jawOpen75=0.3";

// DIR/rig.json: the corrective jawOpen_mouthSmileLeft made an in-between of mouthSmileLeft at
// 0.25 instead (a sidecar replacing the names' rule for its target).
std::string writeSmileSidecar(const std::string& dir) {
    return writeText(
        dir, "rig.json",
        R"({"inbetweens": [{"target": "jawOpen_mouthSmileLeft", "driver": "mouthSmileLeft",
            "peak": 0.25}]})");
}

TEST(RigLogicCli, DriversAloneEqualTheRawTargetsWrittenOutByHand) {
    const std::string model = writeRigWithCorrectives(fixtures::caseScratchDir());
    for (const char* space : {"mesh", "world"}) {
        const json driven = runJson({"eval", model, "--space", space, "--weights", kDrivers});
        const json byHand =
            runJson({"eval", model, "--space", space, "--no-rig-logic", "--weights", kByHand});
        const json raw =
            runJson({"eval", model, "--space", space, "--no-rig-logic", "--weights", kDrivers});
        EXPECT_LT(largestDifference(driven, byHand), 1e-5) << space;  // the box is about 0.3
        EXPECT_GT(largestDifference(driven, raw), 1e-3) << space;     // the rules do something
    }
}

// A --weights naming a derived target is a warning: the rules replace its value.
TEST(RigLogicCli, WeightsNamingADerivedTargetAreAWarning) {
    const std::string model = writeRigWithCorrectives(fixtures::caseScratchDir());
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"eval", model, "--weights", "jawOpen=0.4,jawOpen25=1"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    const std::string warning =
        "warning: --weights: 'jawOpen25' is derived by rig logic from its drivers, which replace "
        "its value (--no-rig-logic shows the raw target)\n";
    EXPECT_NE(run.err.find(warning), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("'jawOpen'"), std::string::npos) << run.err;  // a driver: no warning
    const fixtures::RunOutcome raw = fixtures::runMorphview(
        {"eval", model, "--no-rig-logic", "--weights", "jawOpen=0.4,jawOpen25=1"});
    EXPECT_EQ(raw.exitCode, 0) << raw.err;
    EXPECT_EQ(raw.err.find("derived by rig logic"), std::string::npos) << raw.err;
    // capture says the same.
    const fixtures::RunOutcome shot =
        fixtures::runMorphview({"capture", model, "--weights", "jawOpen=0.4,jawOpen25=1", "--size",
                                "32x32", "--out", model + ".png"});
    EXPECT_EQ(shot.exitCode, 0) << shot.err;
    EXPECT_NE(shot.err.find(warning), std::string::npos) << shot.err;
}

// capture draws the derived weights: the drivers alone draw otherwise with --no-rig-logic.
TEST(RigLogicCli, CaptureDrawsTheDerivedTargets) {
    const std::string model = writeRigWithCorrectives(fixtures::caseScratchDir());
    std::vector<std::string> images;
    for (const char* logic : {"--rig-logic-default", "--no-rig-logic"}) {
        images.push_back(model + logic + ".png");
        std::vector<std::string> args = {"capture", model,   "--weights", kDrivers,
                                         "--size",  "64x64", "--out",     images.back()};
        if (std::string(logic) == "--no-rig-logic") args.push_back(logic);
        const fixtures::RunOutcome run = fixtures::runMorphview(args);
        ASSERT_EQ(run.exitCode, 0) << run.err;
    }
    EXPECT_NE(fixtures::readWholeFile(images[0]), fixtures::readWholeFile(images[1]));
}

// speak bakes the in-betweens of the jawOpen it drives into speech.glb; --no-rig-logic does not.
TEST(RigLogicCli, SpeakBakesTheDerivedTargetsIntoItsClip) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    for (const bool raw : {false, true}) {
        const std::string out = dir + (raw ? "/raw" : "/baked");
        std::vector<std::string> args = {"speak", model, "--text", "Hello there", "--out-dir", out};
        if (raw) args.push_back("--no-rig-logic");
        const fixtures::RunOutcome run = fixtures::runMorphview(args, {}, {"PATH=/nonexistent"});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        auto gltf = morph::readSelfContained(out + "/speech.glb");
        ASSERT_TRUE(gltf.ok()) << gltf.error().message;
        const json& names = gltf->json["meshes"][0]["extras"]["targetNames"];
        const size_t count = names.size();
        const size_t between =
            size_t(std::find(names.begin(), names.end(), "jawOpen25") - names.begin());
        ASSERT_LT(between, count);
        auto values = morph::readFloatAccessor(
            *gltf, gltf->json["animations"].back()["samplers"][0]["output"]);
        ASSERT_TRUE(values.ok());
        float most = 0;
        for (size_t i = between; i < values->size(); i += count)
            most = std::max(most, (*values)[i]);
        if (raw) {
            EXPECT_EQ(most, 0.0f);
        } else {
            EXPECT_GT(most, 0.1f);
        }
    }
}

TEST(RigLogicCli, TheGpuDerivesTheSameWeights) {
    const std::string model = writeRigWithCorrectives(fixtures::caseScratchDir());
    const json gpu = runJson({"eval", model, "--gpu", "--weights", kDrivers});
    const json byHand = runJson({"eval", model, "--no-rig-logic", "--weights", kByHand});
    EXPECT_LT(largestDifference(gpu, byHand), 1e-5);
}

TEST(RigLogicCli, ASidecarReplacesTheNamesRulesForItsTargets) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    const std::string sidecar = writeSmileSidecar(dir);
    // mouthSmileLeft 0.5 is half way down from its peak at 0.25 to 1: 2/3.
    const json driven = runJson({"eval", model, "--rig-logic", sidecar, "--weights", kDrivers});
    const json byHand = runJson({"eval", model, "--no-rig-logic", "--weights",
                                 "jawOpen=0.4,mouthSmileLeft=0.5,jawOpen_mouthSmileLeft=0.6666667,"
                                 "jawOpen25=0.7,jawOpen75=0.3"});
    EXPECT_LT(largestDifference(driven, byHand), 1e-5);
}

TEST(RigLogicCli, InfoListsTheRules) {
    const std::string model = writeRigWithCorrectives(fixtures::caseScratchDir());
    const json info = runJson({"info", model, "--json"});
    ASSERT_TRUE(info.contains("rigLogic")) << info.dump();
    std::vector<std::string> targets;
    for (const json& rule : info["rigLogic"]) {
        targets.push_back(rule["target"]);
        EXPECT_EQ(rule["source"], "names");
        if (rule["target"] == "jawOpen_mouthSmileLeft") {
            EXPECT_EQ(rule["kind"], "combination");
            EXPECT_EQ(rule["drivers"], json::array({"jawOpen", "mouthSmileLeft"}));
        } else {
            EXPECT_EQ(rule["kind"], "inbetween");
            EXPECT_EQ(rule["drivers"], json::array({"jawOpen"}));
            EXPECT_TRUE(rule["peak"] == 0.25 || rule["peak"] == 0.75) << rule.dump();
        }
    }
    std::sort(targets.begin(), targets.end());
    EXPECT_EQ(targets,
              (std::vector<std::string>{"jawOpen25", "jawOpen75", "jawOpen_mouthSmileLeft"}));
    const json raw = runJson({"info", model, "--json", "--no-rig-logic"});
    EXPECT_TRUE(raw["rigLogic"].empty());
}

TEST(RigLogicCli, ABadSidecarIsAUsageErrorNamingTheFileAndTheEntry) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    for (const BadSidecar& bad :
         {BadSidecar{"{", "not JSON"}, kPeakOutside, kUnknownTarget, kCycle}) {
        const std::string sidecar = writeText(dir, "bad.json", bad.text);
        for (const std::string command : {"eval", "audit", "capture"}) {
            SCOPED_TRACE(command + " " + bad.text);
            std::vector<std::string> args = {command, model, "--rig-logic", sidecar};
            if (command == "capture") args.insert(args.end(), {"--out", dir + "/shot.png"});
            const fixtures::RunOutcome run = fixtures::runMorphview(args);
            expectSidecarRefused(run, sidecar, bad.message);
            EXPECT_FALSE(std::filesystem::exists(dir + "/shot.png")) << "nothing written";
        }
    }
}

// audit checks the rules the command line gives: a good sidecar's, or none.
TEST(RigLogicCli, AuditTakesTheSameRigLogicOptions) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    const std::string sidecar = writeSmileSidecar(dir);
    const fixtures::RunOutcome plain = fixtures::runMorphview({"audit", model, "--json"});
    for (const std::vector<std::string>& more :
         {std::vector<std::string>{"--rig-logic", sidecar}, {"--no-rig-logic"}}) {
        std::vector<std::string> args = {"audit", model, "--json"};
        args.insert(args.end(), more.begin(), more.end());
        const fixtures::RunOutcome run = fixtures::runMorphview(args);
        EXPECT_EQ(run.exitCode, plain.exitCode) << more[0] << "\n" << run.err;
        EXPECT_FALSE(json::parse(run.out, nullptr, false).is_discarded()) << run.out;
    }
    const fixtures::RunOutcome both =
        fixtures::runMorphview({"audit", model, "--rig-logic", sidecar, "--no-rig-logic"});
    EXPECT_EQ(both.exitCode, 2) << both.err;
}

// DIR/NAME: a shots file of one shot of `model` named "rig" with `weights`, at a small size;
// `more` adds fields to the shot.
std::string writeRigShots(const std::string& dir, const std::string& name, const std::string& model,
                          const std::string& weights, const json& more = json::object()) {
    json shot = {{"name", "rig"}, {"model", model}, {"weights", weights}, {"size", "48x48"}};
    shot.update(more);
    return writeText(dir, name, json::array({shot}).dump());
}

fixtures::RunOutcome regress(const std::string& dir, const std::string& shots,
                             const std::vector<std::string>& more) {
    std::vector<std::string> args = {"regress",     shots,   "--references",
                                     dir + "/refs", "--out", dir + "/out"};
    args.insert(args.end(), more.begin(), more.end());
    return fixtures::runMorphview(args);
}

// regress derives a shot's targets from its drivers: the drivers alone pass against a reference
// drawn with --no-rig-logic from the derived weights written out by hand, and fail against it
// with --no-rig-logic; a sidecar's rules apply to every shot's model.
TEST(RigLogicCli, RegressDrawsTheDerivedTargets) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    const std::string byHand = writeRigShots(dir, "hand.json", model, kByHand);
    const fixtures::RunOutcome made = regress(dir, byHand, {"--no-rig-logic", "--update"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    const std::string drivers = writeRigShots(dir, "drivers.json", model, kDrivers);
    const fixtures::RunOutcome derived = regress(dir, drivers, {});
    EXPECT_EQ(derived.exitCode, 0) << derived.out << derived.err;
    // The same weights to a float's rounding: the same pixels.
    const json report = json::parse(fixtures::readWholeFile(dir + "/out/report.json"));
    EXPECT_EQ(report["shots"][0]["maxChannelDiff"], 0) << report.dump();
    const fixtures::RunOutcome raw = regress(dir, drivers, {"--no-rig-logic"});
    EXPECT_EQ(raw.exitCode, 1) << raw.out << raw.err;

    // The sidecar makes the corrective an in-between of mouthSmileLeft: 2/3 at 0.5.
    const std::string sidecar = writeSmileSidecar(dir);
    const std::string bySidecar = writeRigShots(
        dir, "sidecar.json", model,
        "jawOpen=0.4,mouthSmileLeft=0.5,jawOpen_mouthSmileLeft=0.6666667,jawOpen25=0.7,"
        "jawOpen75=0.3");
    ASSERT_EQ(regress(dir, bySidecar, {"--no-rig-logic", "--update"}).exitCode, 0);
    const fixtures::RunOutcome ruled = regress(dir, drivers, {"--rig-logic", sidecar});
    EXPECT_EQ(ruled.exitCode, 0) << ruled.out << ruled.err;
    EXPECT_EQ(regress(dir, drivers, {}).exitCode, 1);  // the names' rule draws otherwise
}

// `err` warns once that the shot's weights name jawOpen25, a derived target, and never of
// jawOpen, a driver.
void expectDerivedWarningOnce(const std::string& err) {
    const std::string warning =
        "warning: rig: --weights: 'jawOpen25' is derived by rig logic from its drivers, which "
        "replace its value (--no-rig-logic shows the raw target)\n";
    const size_t at = err.find(warning);
    EXPECT_NE(at, std::string::npos) << err;
    EXPECT_EQ(err.find(warning, at + 1), std::string::npos) << err;
    EXPECT_EQ(err.find("'jawOpen'"), std::string::npos) << err;  // a driver: no warning
}

// A shot's weights naming a derived target: eval's warning, once for the shot (whatever its
// frames), naming it.
TEST(RigLogicCli, RegressWarnsAboutAShotsDerivedWeights) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    const std::string shots =
        writeRigShots(dir, "shots.json", model, "jawOpen=0.4,jawOpen25=1", {{"turntable", 2}});
    const fixtures::RunOutcome run = regress(dir, shots, {});
    EXPECT_EQ(run.exitCode, 1) << run.out << run.err;  // new: no reference yet
    expectDerivedWarningOnce(run.err);
    const fixtures::RunOutcome raw = regress(dir, shots, {"--no-rig-logic"});
    EXPECT_EQ(raw.err.find("derived by rig logic"), std::string::npos) << raw.err;
}

// capture --shots says what regress says, once for the shot however many images it draws.
TEST(RigLogicCli, CaptureShotsWarnsAboutAShotsDerivedWeights) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    const std::string shots =
        writeRigShots(dir, "shots.json", model, "jawOpen=0.4,jawOpen25=1", {{"turntable", 2}});
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"capture", "--shots", shots, "--out-dir", dir + "/out"});
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    expectDerivedWarningOnce(run.err);
    EXPECT_TRUE(std::filesystem::exists(dir + "/out/rig_f01.png"));
    const fixtures::RunOutcome raw = fixtures::runMorphview(
        {"capture", "--shots", shots, "--out-dir", dir + "/raw", "--no-rig-logic"});
    EXPECT_EQ(raw.exitCode, 0) << raw.err;
    EXPECT_EQ(raw.err.find("derived by rig logic"), std::string::npos) << raw.err;
    const std::string drivers = writeRigShots(dir, "drivers.json", model, kDrivers);
    const fixtures::RunOutcome plain =
        fixtures::runMorphview({"capture", "--shots", drivers, "--out-dir", dir + "/plain"});
    EXPECT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(plain.err.find("derived by rig logic"), std::string::npos) << plain.err;
}

// A sidecar that does not read, or names what a shot's model lacks, is exit 2 with one line
// naming it and the entry, before any shot is drawn.
TEST(RigLogicCli, RegressRefusesABadSidecar) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    const std::string shots = writeRigShots(dir, "shots.json", model, kDrivers);
    for (const BadSidecar& bad : {kPeakOutside, kUnknownTarget}) {
        SCOPED_TRACE(bad.text);
        const std::string sidecar = writeText(dir, "bad.json", bad.text);
        const fixtures::RunOutcome run = regress(dir, shots, {"--rig-logic", sidecar});
        expectSidecarRefused(run, sidecar, bad.message);
        EXPECT_EQ(run.out.find("[1/1]"), std::string::npos) << run.out;  // no shot drawn
    }
}

// DIR/NAME: a sidecar making jawOpen75 a corrective of jawOpen and mouthSmileLeft, and
// jawOpen_mouthSmileLeft a smooth in-between of mouthSmileLeft.
std::string writeMixedSidecar(const std::string& dir) {
    return writeText(
        dir, "mixed.json",
        R"({"combinations": [{"target": "jawOpen75", "drivers": ["jawOpen", "mouthSmileLeft"]}],
            "inbetweens": [{"target": "jawOpen_mouthSmileLeft", "driver": "mouthSmileLeft",
                            "peak": 0.25, "interpolation": "smooth"}]})");
}

// info --json's rule for `target`, or null.
json ruleFor(const json& info, const std::string& target) {
    for (const json& rule : info["rigLogic"])
        if (rule["target"] == target) return rule;
    return nullptr;
}

// fix --rig-logic writes the sidecar into the file: the output derives with no sidecar what the
// input derives with it, and lists the rules as the file's. The root's other extras stay.
TEST(RigLogicCli, FixEmbedsASidecarInTheFile) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    auto doc = morph::readFixDocument(fixtures::rigGlb(fixtures::rigWithCorrectives()), model, dir);
    ASSERT_TRUE(doc.ok()) << doc.error().message;
    doc->json["extras"] = {{"author", "rig logic test"}};
    const std::vector<uint8_t> bytes = morph::fixDocumentGlb(*doc);
    ASSERT_TRUE(morph::writeFileAtomic(model, bytes.data(), bytes.size()).ok());
    const std::string sidecar = writeMixedSidecar(dir);
    const std::string out = dir + "/embedded.glb";
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"fix", model, "--rig-logic", sidecar, "--out", out});
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("rig logic: 1 combination, 1 in-between embedded\n"), std::string::npos)
        << run.out;

    const json info = runJson({"info", out, "--json"});
    EXPECT_EQ(ruleFor(info, "jawOpen75")["kind"], "combination") << info["rigLogic"].dump();
    EXPECT_EQ(ruleFor(info, "jawOpen75")["source"], "file");
    EXPECT_EQ(ruleFor(info, "jawOpen_mouthSmileLeft")["interpolation"], "smooth");
    EXPECT_EQ(ruleFor(info, "jawOpen_mouthSmileLeft")["source"], "file");
    EXPECT_EQ(ruleFor(info, "jawOpen25")["source"], "names");  // a name's rule stays
    const json embedded = runJson({"eval", out, "--weights", kDrivers});
    const json bySidecar = runJson({"eval", model, "--rig-logic", sidecar, "--weights", kDrivers});
    const json byNames = runJson({"eval", model, "--weights", kDrivers});
    EXPECT_LT(largestDifference(embedded, bySidecar), 1e-6);
    EXPECT_GT(largestDifference(embedded, byNames), 1e-3);  // the sidecar's rules do something
    auto written = morph::readSelfContained(out);
    ASSERT_TRUE(written.ok()) << written.error().message;
    EXPECT_EQ(written->json["extras"]["author"], "rig logic test");

    // Again with another sidecar: its rule replaces the file's for its target, the file's other
    // rule stays.
    const std::string twice = dir + "/twice.glb";
    const fixtures::RunOutcome again =
        fixtures::runMorphview({"fix", out, "--rig-logic", writeSmileSidecar(dir), "--out", twice});
    ASSERT_EQ(again.exitCode, 0) << again.out << again.err;
    EXPECT_NE(again.out.find("rig logic: 0 combinations, 1 in-between embedded (1 of the "
                             "file's kept)\n"),
              std::string::npos)
        << again.out;
    const json info2 = runJson({"info", twice, "--json"});
    EXPECT_EQ(ruleFor(info2, "jawOpen75")["kind"], "combination") << info2["rigLogic"].dump();
    EXPECT_EQ(ruleFor(info2, "jawOpen_mouthSmileLeft")["interpolation"], "linear");
}

// A sidecar naming a target the file lacks: exit 2, one line naming it and the entry, and
// nothing written.
TEST(RigLogicCli, FixRefusesASidecarTheFileCannotFollow) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRigWithCorrectives(dir);
    // A peak of 1, the open range's end, is refused as well.
    const BadSidecar peakOne = {
        R"({"inbetweens": [{"target": "jawOpen25", "driver": "jawOpen", "peak": 1}]})",
        "inbetweens[0].peak 1 is not inside (0, 1)"};
    const std::string out = dir + "/out.glb";
    for (const BadSidecar& bad : {kUnknownTarget, peakOne, kCycle}) {
        SCOPED_TRACE(bad.text);
        const std::string sidecar = writeText(dir, "bad.json", bad.text);
        const fixtures::RunOutcome run =
            fixtures::runMorphview({"fix", model, "--rig-logic", sidecar, "--out", out});
        expectSidecarRefused(run, sidecar, bad.message);
        EXPECT_FALSE(std::filesystem::exists(out));
    }
}

}  // namespace
}  // namespace rig_logic_cli_test
