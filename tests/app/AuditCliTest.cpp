// `morphview audit` as a pipeline runs it: exit codes 0/1/2/3, --fail-on, the --json keys and the
// --junit XML, on the code-built rigs of fixtures/AuditFixtures.h.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AuditFixtures.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace audit_cli_test {

namespace {

using fixtures::Rig;
using fixtures::rigTarget;
using fixtures::runMorphview;
using fixtures::writeRig;

std::set<std::string> keysOf(const nlohmann::json& object) {
    std::set<std::string> keys;
    for (auto it = object.begin(); it != object.end(); ++it) keys.insert(it.key());
    return keys;
}

TEST(AuditCli, ACleanRigExitsZeroWithATable) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(fixtures::auditRig(), dir, "clean.glb");
    const fixtures::RunOutcome run = runMorphview({"audit", model});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("no findings"), std::string::npos) << run.out;
    EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(AuditCli, AnErrorFindingExitsOneAndTheTableNamesIt) {
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::RunOutcome run =
        runMorphview({"audit", writeRig(fixtures::rigWithSwappedBlinks(), dir, "side.glb")});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.out.find("2 errors, 0 warnings"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("side"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("eyeBlinkLeft"), std::string::npos) << run.out;
}

TEST(AuditCli, WarningsFailOnlyWithFailOnWarning) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(fixtures::rigWithWeakRightSmile(), dir, "warning.glb");
    EXPECT_EQ(runMorphview({"audit", model}).exitCode, 0);
    EXPECT_EQ(runMorphview({"audit", model, "--fail-on", "error"}).exitCode, 0);
    EXPECT_EQ(runMorphview({"audit", model, "--fail-on", "warning"}).exitCode, 1);
}

TEST(AuditCli, UsageErrorsExitTwo) {
    const std::string dir = fixtures::caseScratchDir();
    EXPECT_EQ(runMorphview({"audit"}).exitCode, 2);
    const std::string model = writeRig(fixtures::auditRig(), dir, "clean.glb");
    EXPECT_EQ(runMorphview({"audit", model, "--fail-on", "never"}).exitCode, 2);
    EXPECT_EQ(runMorphview({"audit", model, "--junit"}).exitCode, 2);
}

TEST(AuditCli, AnUnreadableModelExitsThreeWithOneLine) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string missing = dir + "/missing.glb";
    const fixtures::RunOutcome run = runMorphview({"audit", missing});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_NE(run.err.find(missing), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    const std::string junk = dir + "/junk.glb";
    std::ofstream(junk) << "not a model";
    EXPECT_EQ(runMorphview({"audit", junk}).exitCode, 3);
}

TEST(AuditCli, JsonHasExactlyTheDocumentedKeys) {
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::RunOutcome run = runMorphview(
        {"audit", writeRig(fixtures::rigWithSwappedBlinks(), dir, "side.glb"), "--json"});
    const nlohmann::json json = fixtures::parseRunJson(run, 1);
    EXPECT_EQ(keysOf(json), (std::set<std::string>{"model", "findings", "sets", "unchecked"}));
    EXPECT_EQ(json["unchecked"], nlohmann::json::array());
    ASSERT_EQ(json["findings"].size(), 2u) << run.out;
    for (const nlohmann::json& f : json["findings"]) {
        EXPECT_EQ(keysOf(f),
                  (std::set<std::string>{"check", "severity", "targets", "mesh", "detail"}));
        EXPECT_EQ(f["check"], "side");
        EXPECT_EQ(f["severity"], "error");
        EXPECT_EQ(f["mesh"], "face");
        EXPECT_TRUE(f["targets"].is_array());
    }
    EXPECT_EQ(json["findings"][0]["targets"], nlohmann::json::array({"eyeBlinkLeft"}));
    EXPECT_TRUE(json["sets"].is_array());
    for (const nlohmann::json& s : json["sets"])
        EXPECT_EQ(keysOf(s), (std::set<std::string>{"name", "present", "mapped", "missing"}));
}

// A mesh without a mirror plane: side and asymmetric cannot judge its targets that name a side,
// and every output says so (never silence, which a reader takes for a pass).
TEST(AuditCli, ChecksThatCouldNotRunAreSaid) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(fixtures::rigWithTornFace(), dir, "torn.glb");
    const fixtures::RunOutcome table = runMorphview({"audit", model});
    EXPECT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("side, asymmetric not run on face"), std::string::npos) << table.out;
    const fixtures::RunOutcome run = runMorphview({"audit", model, "--json"});
    const nlohmann::json json = nlohmann::json::parse(run.out);
    ASSERT_EQ(json["unchecked"].size(), 1u) << run.out;
    const nlohmann::json& u = json["unchecked"][0];
    EXPECT_EQ(keysOf(u),
              (std::set<std::string>{"checks", "mesh", "targets", "pairedShare", "detail"}));
    EXPECT_EQ(u["checks"], nlohmann::json::array({"side", "asymmetric"}));
    EXPECT_EQ(u["mesh"], "face");
    EXPECT_LT(u["pairedShare"].get<double>(), 0.6);
    EXPECT_TRUE(json["findings"].empty()) << run.out;
    const std::string junit = dir + "/audit.xml";
    EXPECT_EQ(runMorphview({"audit", model, "--junit", junit}).exitCode, 0);
    std::ifstream in(junit);
    const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(xml.find("not run on face"), std::string::npos) << xml;
}

// The rig with its targets spelled as another exporter would: "EyeBlink_L", "jaw_open", ...
Rig respelledRig() {
    Rig rig = fixtures::auditRig();
    const std::map<std::string, std::string> spelled = {{"eyeBlinkLeft", "EyeBlink_L"},
                                                        {"eyeBlinkRight", "EyeBlink_R"},
                                                        {"jawOpen", "jaw_open"},
                                                        {"browInnerUp", "blendShape1.browInnerUp"}};
    for (fixtures::RigMesh& mesh : rig.meshes) {
        for (fixtures::RigTarget& target : mesh.targets) {
            if (auto it = spelled.find(target.name); it != spelled.end()) target.name = it->second;
        }
    }
    return rig;
}

TEST(AuditCli, SetsSayWhichNamesArePresentMappedAndMissing) {
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::RunOutcome run =
        runMorphview({"audit", writeRig(respelledRig(), dir, "spelled.glb"), "--json"});
    const nlohmann::json sets = fixtures::parseRunJson(run, 0)["sets"];
    ASSERT_EQ(sets.size(), 4u) << run.out;
    EXPECT_EQ(sets[0]["name"], "arkit");
    EXPECT_EQ(sets[1]["name"], "oculus");
    EXPECT_EQ(sets[2]["name"], "vrm");
    EXPECT_EQ(sets[3]["name"], "mediapipe");
    const nlohmann::json& arkit = sets[0];
    EXPECT_EQ(arkit["present"], nlohmann::json::array({"mouthSmileLeft", "mouthSmileRight"}));
    const std::set<std::pair<std::string, std::string>> mapped = [&] {
        std::set<std::pair<std::string, std::string>> out;
        for (const nlohmann::json& m : arkit["mapped"])
            out.insert({m["from"].get<std::string>(), m["to"].get<std::string>()});
        return out;
    }();
    EXPECT_EQ(mapped, (std::set<std::pair<std::string, std::string>>{
                          {"EyeBlink_L", "eyeBlinkLeft"},
                          {"EyeBlink_R", "eyeBlinkRight"},
                          {"jaw_open", "jawOpen"},
                          {"blendShape1.browInnerUp", "browInnerUp"}}));
    EXPECT_EQ(arkit["missing"].size(), 52u - 6u);
    EXPECT_EQ(sets[1]["present"].size() + sets[1]["mapped"].size(), 0u);  // no visemes
}

TEST(AuditCli, WriteRenameWritesTheMapThatRenameReads) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(respelledRig(), dir, "spelled.glb");
    const std::string map = dir + "/map.json";
    const fixtures::RunOutcome written =
        runMorphview({"audit", model, "--write-rename", map, "--json"});
    ASSERT_EQ(written.exitCode, 0) << written.err;
    std::ifstream in(map);
    const nlohmann::json json = nlohmann::json::parse(in);
    EXPECT_EQ(json, (nlohmann::json{{"EyeBlink_L", "eyeBlinkLeft"},
                                    {"EyeBlink_R", "eyeBlinkRight"},
                                    {"blendShape1.browInnerUp", "browInnerUp"},
                                    {"jaw_open", "jawOpen"}}));
    // Renamed by it, the file has ARKit's names as they are, and the findings use them.
    Rig swapped = respelledRig();
    std::swap(rigTarget(swapped, 0, "EyeBlink_L").positions,
              rigTarget(swapped, 0, "EyeBlink_R").positions);
    const fixtures::RunOutcome renamed =
        runMorphview({"audit", writeRig(swapped, dir, "swapped.glb"), "--rename", map, "--json"});
    const nlohmann::json out = fixtures::parseRunJson(renamed, 1);
    EXPECT_EQ(out["sets"][0]["mapped"].size(), 0u) << renamed.out;
    EXPECT_EQ(out["sets"][0]["present"].size(), 6u) << renamed.out;
    ASSERT_FALSE(out["findings"].empty());
    EXPECT_EQ(out["findings"][0]["check"], "side");
    EXPECT_EQ(out["findings"][0]["targets"], nlohmann::json::array({"eyeBlinkLeft"}));
}

TEST(AuditCli, ANonFiniteTargetIsAFindingNotAnUnreadableFile) {
    const std::string dir = fixtures::caseScratchDir();
    Rig rig = fixtures::auditRig();
    rigTarget(rig, 0, "browInnerUp").positions[fixtures::faceVertex(10, 22)].x =
        std::numeric_limits<float>::quiet_NaN();
    const fixtures::RunOutcome run =
        runMorphview({"audit", writeRig(rig, dir, "nan.glb"), "--json"});
    const nlohmann::json json = fixtures::parseRunJson(run, 1);
    ASSERT_EQ(json["findings"].size(), 1u) << run.out;
    EXPECT_EQ(json["findings"][0]["check"], "nonfinite");
    EXPECT_EQ(json["findings"][0]["targets"], nlohmann::json::array({"browInnerUp"}));
}

// python3's own parser reads the XML (so it is well formed) and prints: testcases, failures, and
// the names of the failing testcases.
std::string junitSummary(const std::string& path) {
    const std::string script =
        "import sys, xml.etree.ElementTree as T\n"
        "cases = T.parse(sys.argv[1]).getroot().iter('testcase')\n"
        "cases = list(cases)\n"
        "bad = [c.get('classname') + ':' + c.get('name') + ':' + c.find('failure').get('message')"
        " for c in cases if c.find('failure') is not None]\n"
        "print(len(cases), len(bad))\n"
        "print('\\n'.join(bad))\n";
    const std::string scriptPath = path + ".py";
    std::ofstream(scriptPath) << script;
    std::string out;
    if (FILE* pipe = popen(("python3 " + scriptPath + " " + path).c_str(), "r")) {
        char buffer[4096];
        while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        EXPECT_EQ(pclose(pipe), 0) << out;
    }
    return out;
}

TEST(AuditCli, JunitHasATestcasePerCheckPerTargetAndNamesTheTargetInFailures) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string xml = dir + "/audit.xml";
    const fixtures::RunOutcome run = runMorphview(
        {"audit", writeRig(fixtures::rigWithSwappedBlinks(), dir, "side.glb"), "--junit", xml});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    const std::string summary = junitSummary(xml);
    // 10 checks x 6 target names; the two side errors fail their testcases.
    EXPECT_EQ(summary.substr(0, summary.find('\n')), "60 2") << summary;
    EXPECT_NE(summary.find("audit.side:eyeBlinkLeft:eyeBlinkLeft (face): named left"),
              std::string::npos)
        << summary;
    EXPECT_NE(summary.find("audit.side:eyeBlinkRight:eyeBlinkRight (face)"), std::string::npos)
        << summary;
}

TEST(AuditCli, JunitWarningsFailTheirTestcaseOnlyWithFailOnWarning) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeRig(fixtures::rigWithWeakRightSmile(), dir, "warning.glb");
    const std::string xml = dir + "/audit.xml";
    EXPECT_EQ(runMorphview({"audit", model, "--junit", xml}).exitCode, 0);
    EXPECT_EQ(junitSummary(xml).substr(0, 5), "60 0\n");
    EXPECT_EQ(runMorphview({"audit", model, "--junit", xml, "--fail-on", "warning"}).exitCode, 1);
    const std::string summary = junitSummary(xml);
    EXPECT_EQ(summary.substr(0, 5), "60 2\n") << summary;  // both names of the pair
    EXPECT_NE(summary.find("audit.asymmetric:mouthSmileRight:"), std::string::npos) << summary;
}

}  // namespace

}  // namespace audit_cli_test
