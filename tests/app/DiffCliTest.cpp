// `morphview diff` as a pipeline runs it: the JSON keys (a contract), exit codes 0/1/2/3, the
// drift of each target against the brute-force oracle (fixtures/DiffFixtures.h) for a copy whose
// meshes were merged and reordered and positions quantized, a planted rename, --rename, --junit,
// and hostile inputs: a missing file, bytes that are not glTF, a file of another scene, NaN
// deltas, a bad --max-drift, and mutants of the rig (fixtures/Mutants.h): one line naming the
// file, the documented exit code, never a crash.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures/AuditFixtures.h"
#include "fixtures/ChildProcess.h"
#include "fixtures/DiffFixtures.h"
#include "fixtures/Mutants.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/SkinFixtures.h"
#include "fixtures/TestPaths.h"

namespace diff_cli_test {

namespace {

using fixtures::Rig;
using fixtures::runJson;
using fixtures::runMorphview;
using fixtures::writeRig;
using nlohmann::json;

std::set<std::string> keysOf(const json& object) {
    std::set<std::string> keys;
    for (auto it = object.begin(); it != object.end(); ++it) keys.insert(it.key());
    return keys;
}

size_t lineCount(const std::string& text) {
    return size_t(std::count(text.begin(), text.end(), '\n'));
}

const json* rowOf(const json& doc, const std::string& name) {
    for (const json& row : doc["targets"]) {
        if (row["name"] == name) return &row;
    }
    return nullptr;
}

TEST(DiffCli, AFileAgainstItselfIsAllSameAtZeroWithTheContractsKeys) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string a = writeRig(fixtures::auditRig(), dir, "a.glb");
    const json doc = runJson({"diff", a, a, "--json"}, 0);
    EXPECT_EQ(keysOf(doc),
              (std::set<std::string>{"a", "b", "diagonal", "rest", "targets", "worst"}));
    EXPECT_EQ(doc["a"], a);
    EXPECT_EQ(keysOf(doc["rest"]), (std::set<std::string>{"maxDrift", "unmatched"}));
    EXPECT_EQ(doc["rest"]["maxDrift"], 0.0);
    EXPECT_EQ(doc["rest"]["unmatched"], json::array({0, 0}));
    EXPECT_EQ(keysOf(doc["worst"]), (std::set<std::string>{"name", "maxDrift"}));
    ASSERT_EQ(doc["targets"].size(), 6u);
    for (const json& row : doc["targets"]) {
        EXPECT_EQ(keysOf(row),
                  (std::set<std::string>{"name", "status", "maxDrift", "rmsDrift", "at"}));
        EXPECT_EQ(row["status"], "same");
        EXPECT_EQ(row["maxDrift"], 0.0);
        EXPECT_EQ(row["rmsDrift"], 0.0);
        EXPECT_EQ(row["at"].size(), 3u);
    }
    const fixtures::RunOutcome table = runMorphview({"diff", a, a});
    EXPECT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("6 targets, 6 same"), std::string::npos) << table.out;
}

TEST(DiffCli, AMergedReorderedQuantizedCopyAgreesWithBruteForce) {
    const std::string dir = fixtures::caseScratchDir();
    const Rig rig = fixtures::auditRig();
    Rig changed = rig;
    for (glm::vec3& d : fixtures::rigTarget(changed, 0, "eyeBlinkLeft").positions) d *= 0.8f;
    const Rig merged = fixtures::mergedRig(changed, 1.0f / 4096.0f, 5);
    const std::string a = writeRig(rig, dir, "a.glb");
    const std::string b = writeRig(merged, dir, "b.glb");
    const json doc = runJson({"diff", a, b, "--json"}, 1);

    const fixtures::OracleModel oa = fixtures::oracleModel(rig);
    const fixtures::OracleModel ob = fixtures::oracleModel(merged);
    const double diagonal = fixtures::oracleDiagonal(oa);
    const std::vector<int> match = fixtures::oracleMatch(oa, ob, 0.001 * diagonal);
    EXPECT_NEAR(doc["diagonal"].get<double>(), diagonal, 1e-6);
    EXPECT_EQ(doc["rest"]["unmatched"], json::array({0, 0}));
    ASSERT_EQ(doc["targets"].size(), 6u);
    for (const json& row : doc["targets"]) {
        const std::string name = row["name"];
        const fixtures::OracleDrift o = fixtures::oracleDrift(oa, ob, match, name, name, diagonal);
        EXPECT_NEAR(row["maxDrift"].get<double>(), o.max, 1e-6) << name;
        EXPECT_NEAR(row["rmsDrift"].get<double>(), o.rms, 1e-6) << name;
        EXPECT_EQ(row["status"], name == "eyeBlinkLeft" ? "changed" : "same") << name;
    }
    EXPECT_EQ(doc["worst"]["name"], "eyeBlinkLeft");
}

Rig withRenamedSmile(const Rig& rig) {
    Rig renamed = rig;
    for (fixtures::RigMesh& mesh : renamed.meshes) {
        for (fixtures::RigTarget& t : mesh.targets) {
            if (t.name == "mouthSmileLeft") t.name = "smileLeft";
        }
    }
    return renamed;
}

TEST(DiffCli, APlantedRenameIsOneRenamedRowAndTheMapMakesItTheSame) {
    const std::string dir = fixtures::caseScratchDir();
    const Rig rig = fixtures::auditRig();
    const std::string a = writeRig(rig, dir, "a.glb");
    const std::string b = writeRig(withRenamedSmile(rig), dir, "b.glb");
    const json doc = runJson({"diff", a, b, "--json"}, 1);
    ASSERT_EQ(doc["targets"].size(), 6u);
    const json* row = rowOf(doc, "smileLeft");
    ASSERT_NE(row, nullptr);
    EXPECT_EQ((*row)["status"], "renamed");
    EXPECT_EQ((*row)["from"], "mouthSmileLeft");
    EXPECT_EQ(keysOf(*row),
              (std::set<std::string>{"name", "from", "status", "maxDrift", "rmsDrift", "at"}));
    EXPECT_EQ(rowOf(doc, "mouthSmileLeft"), nullptr);

    const std::string map = dir + "/map.json";
    std::ofstream(map) << R"({"mouthSmileLeft": "smileLeft"})";
    const json renamed = runJson({"diff", a, b, "--json", "--rename", map}, 0);
    for (const json& r : renamed["targets"]) EXPECT_EQ(r["status"], "same") << r["name"];
}

TEST(DiffCli, AddedRemovedAndDeletedVerticesWithJunit) {
    const std::string dir = fixtures::caseScratchDir();
    const Rig rig = fixtures::auditRig();
    Rig other = fixtures::withoutVertices(rig, 0, {fixtures::faceVertex(2, 2)});
    fixtures::rigTarget(other, 0, "browInnerUp").name = "cheekPuff";
    for (glm::vec3& d : fixtures::rigTarget(other, 0, "cheekPuff").positions) d = {d.y, 0, 0};
    fixtures::rigTarget(other, 1, "browInnerUp").name = "cheekPuff";
    const std::string a = writeRig(rig, dir, "a.glb");
    const std::string b = writeRig(other, dir, "b.glb");
    const std::string junit = dir + "/diff.xml";
    const json doc = runJson({"diff", a, b, "--json", "--junit", junit}, 1);
    EXPECT_EQ(doc["rest"]["unmatched"], json::array({1, 0}));
    EXPECT_EQ((*rowOf(doc, "browInnerUp"))["status"], "removed");
    EXPECT_EQ((*rowOf(doc, "cheekPuff"))["status"], "added");
    const std::string xml = fixtures::readWholeFile(junit);
    EXPECT_NE(xml.find("tests=\"8\" failures=\"3\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("name=\"cheekPuff\""), std::string::npos);
    EXPECT_NE(xml.find("<failure type=\"removed\""), std::string::npos);
}

TEST(DiffCli, HostileInputsEndWithOneLineAndTheDocumentedCode) {
    const std::string dir = fixtures::caseScratchDir();
    const Rig rig = fixtures::auditRig();
    const std::string a = writeRig(rig, dir, "a.glb");

    const std::string missing = dir + "/missing.glb";
    fixtures::RunOutcome run = runMorphview({"diff", a, missing});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_EQ(lineCount(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find(missing), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty());

    const std::string text =
        fixtures::writeFixture(dir, "text.glb", {'n', 'o', 't', ' ', 'g', 'l', 'T', 'F'});
    run = runMorphview({"diff", text, a});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_EQ(lineCount(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find(text), std::string::npos) << run.err;

    const std::string arm = fixtures::writeFixture(dir, "arm.glb", fixtures::skinnedArm());
    run = runMorphview({"diff", a, arm, "--json"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_EQ(lineCount(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find(arm), std::string::npos) << run.err;

    Rig broken = rig;
    fixtures::rigTarget(broken, 0, "jawOpen").positions[5].y =
        std::numeric_limits<float>::quiet_NaN();
    const std::string nan = writeRig(broken, dir, "nan.glb");
    run = runMorphview({"diff", a, nan, "--json"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_EQ(lineCount(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find(nan), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("jawOpen"), std::string::npos) << run.err;
    const json doc = json::parse(run.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    EXPECT_EQ((*rowOf(doc, "jawOpen"))["status"], "changed");
    EXPECT_EQ((*rowOf(doc, "browInnerUp"))["status"], "same");

    for (const char* drift : {"-1", "nan", "x", "inf"}) {
        run = runMorphview({"diff", a, a, "--max-drift", drift});
        EXPECT_EQ(run.exitCode, 2) << drift;
        EXPECT_EQ(lineCount(run.err), 1u) << run.err;
    }
}

// The importer's hostile set through diff, either side: exit 0 or 1 with JSON on stdout, or 3
// with one line naming the mutant; never a crash.
TEST(DiffCli, MutantsOfTheRigNeverCrashIt) {
    const std::string dir = fixtures::caseScratchDir();
    const std::vector<uint8_t> bytes = fixtures::rigGlb(fixtures::auditRig());
    const std::string good = fixtures::writeFixture(dir, "good.glb", bytes);
    const auto mutants = fixtures::makeMutants({{"rig", bytes}}, 24, 46);
    ASSERT_GE(mutants.size(), 12u);
    for (size_t i = 0; i < mutants.size(); ++i) {
        const std::string path = fixtures::writeFixture(dir, mutants[i].name, mutants[i].bytes);
        const std::vector<std::string> args =
            i % 2 ? std::vector<std::string>{"diff", good, path, "--json", "--max-memory", "256M"}
                  : std::vector<std::string>{"diff", path, good, "--json", "--max-memory", "256M"};
        const fixtures::RunOutcome run = runMorphview(args);
        ASSERT_NE(run.exitCode, -1) << mutants[i].name << ": crashed";
        if (run.exitCode == 3) {
            EXPECT_EQ(lineCount(run.err), 1u) << mutants[i].name << ": " << run.err;
            EXPECT_NE(run.err.find(mutants[i].name), std::string::npos) << run.err;
            continue;
        }
        EXPECT_TRUE(run.exitCode == 0 || run.exitCode == 1) << mutants[i].name << ": " << run.err;
        EXPECT_FALSE(json::parse(run.out, nullptr, false).is_discarded()) << mutants[i].name;
    }
}

// gltfpack on PATH (Debian's gltfpack package, which third_party/setup.sh installs), else "".
std::string findGltfpack() {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (size_t start = 0; start <= dirs.size();) {
        const size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::string candidate = dirs.substr(start, end - start) + "/gltfpack";
        if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return {};
}

// gltfpack's defaults (quantized positions and deltas, meshes merged and reordered, the
// dequantization in a node transform) change no target beyond the budget, on the code-built rig
// and on Ready Player Me's avatar.
TEST(DiffCli, GltfpacksDefaultsChangeNoTarget) {
    const std::string gltfpack = findGltfpack();
    ASSERT_FALSE(gltfpack.empty()) << "gltfpack is not on PATH (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string rig = writeRig(fixtures::auditRig(), dir, "rig.glb");
    for (const std::string& input : {rig, fixtures::avatarPath("RPM_VisageMale/male.glb")}) {
        const std::string packed = dir + "/packed.glb";
        fixtures::ChildOptions options;
        const pid_t pid = fixtures::startChild({gltfpack, "-i", input, "-o", packed}, options);
        ASSERT_GT(pid, 0);
        const int status = fixtures::waitChild(pid);
        ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << input;
        const json doc = runJson({"diff", input, packed, "--json"}, 0);
        EXPECT_EQ(doc["rest"]["unmatched"], json::array({0, 0})) << input;
        EXPECT_LT(doc["rest"]["maxDrift"].get<double>(), 0.001) << input;
        EXPECT_GT(doc["targets"].size(), 5u) << input;
        for (const json& row : doc["targets"]) EXPECT_EQ(row["status"], "same") << row["name"];
        std::filesystem::remove(packed);
    }
}

}  // namespace

}  // namespace diff_cli_test
