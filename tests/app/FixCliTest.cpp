// `morphview fix` as a user runs it: --prune on a code-built rig and on a real avatar with planted
// dead and duplicate targets, --rename and --names, --check's proof, `diff` against the input
// showing only the intended names, images' bytes kept, and hostile inputs (a missing file, bytes
// that are not glTF, a name the file lacks, mutants of the rig): one line, the documented exit
// code, nothing written; compressed files (meshopt, Draco) written uncompressed with a warning.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AuditFixtures.h"
#include "fixtures/FixFixtures.h"
#include "fixtures/GltfRules.h"
#include "fixtures/Mutants.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/audit/RigAudit.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixTargets.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace fix_cli_test {

namespace {

using fixtures::runMorphview;
using nlohmann::json;
namespace fs = std::filesystem;

std::string writeBytes(const std::vector<uint8_t>& bytes, const std::string& dir,
                       const std::string& name) {
    const std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return path;
}

std::vector<uint8_t> readBytes(const std::string& path) {
    auto bytes = morph::readFileBytes(path);
    EXPECT_TRUE(bytes) << bytes.error().message;
    return bytes ? std::move(bytes).value() : std::vector<uint8_t>{};
}

size_t lineCount(const std::string& text) {
    return size_t(std::count(text.begin(), text.end(), '\n'));
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// `diff A B --json`'s rows as name -> status ("renamed" rows under their new name).
std::map<std::string, std::string> diffRows(const std::string& a, const std::string& b,
                                            const std::string& maxDrift = "0.001") {
    const fixtures::RunOutcome run =
        runMorphview({"diff", a, b, "--json", "--max-drift", maxDrift});
    EXPECT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.err;
    const json doc = json::parse(run.out, nullptr, false);
    std::map<std::string, std::string> rows;
    if (doc.is_discarded()) return rows;
    for (const json& row : doc["targets"]) rows[row["name"]] = row["status"];
    return rows;
}

std::vector<morph::Finding> auditOf(const std::string& path) {
    morph::ImportOptions options;
    options.decodeImages = false;
    auto scene = morph::importGltf(path, options);
    EXPECT_TRUE(scene) << scene.error().message;
    return scene ? morph::auditScene(*scene) : std::vector<morph::Finding>{};
}

bool found(const std::vector<morph::Finding>& findings, const std::string& check) {
    return std::any_of(findings.begin(), findings.end(),
                       [&check](const morph::Finding& f) { return f.check == check; });
}

// Every image's bytes of both files are the same.
void expectImagesKept(const std::string& a, const std::string& b) {
    const morph::FixDocument da = fixtures::fixDocumentOf(readBytes(a));
    const morph::FixDocument db = fixtures::fixDocumentOf(readBytes(b));
    ASSERT_EQ(da.json.value("images", json::array()).size(),
              db.json.value("images", json::array()).size());
    for (size_t i = 0; i < da.json.value("images", json::array()).size(); ++i) {
        EXPECT_EQ(fixtures::fixImageBytes(da, i), fixtures::fixImageBytes(db, i)) << i;
        EXPECT_FALSE(fixtures::fixImageBytes(db, i).empty()) << i;
    }
}

// `fix` as a user runs it. Every file it writes is checked by the glTF validator's rules
// (fixtures/GltfRules.h: the container, views and accessors inside their buffers and aligned, min
// and max the data's, morph targets consistent): it breaks no rule its input did not break
// already, so a file written from a valid one breaks none.
fixtures::RunOutcome runFix(const std::vector<std::string>& args) {
    const fixtures::RunOutcome run = runMorphview(args);
    const auto out = std::find(args.begin(), args.end(), "--out");
    if ((run.exitCode != 0 && run.exitCode != 1) || out == args.end() || out + 1 == args.end() ||
        !fs::exists(*(out + 1)))
        return run;
    const std::vector<std::string> issues = fixtures::gltfIssues(readBytes(*(out + 1)));
    const std::set<std::string> before =
        fixtures::issueCodes(fixtures::gltfIssues(readBytes(args[1])));
    for (const std::string& issue : issues)
        EXPECT_TRUE(before.count(issue.substr(0, issue.find(' '))))
            << *(out + 1) << " (from " << args[1] << "): " << issue;
    return run;
}

// `fix IN --out OUT ARGS --check` on a rig the audit flags with `check`: exit 0, stdout holding
// each of `says`, and OUT audited clean.
void expectFixMends(const std::string& in, const std::string& out, std::vector<std::string> args,
                    const std::vector<std::string>& says, const std::string& check) {
    args.insert(args.begin(), {"fix", in, "--out", out});
    args.push_back("--check");
    const fixtures::RunOutcome run = runFix(args);
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    for (const std::string& line : says) EXPECT_TRUE(has(run.out, line)) << run.out;
    EXPECT_TRUE(found(auditOf(in), check));
    EXPECT_TRUE(auditOf(out).empty());
}

std::string plantedCopy(const std::vector<uint8_t>& bytes, const std::string& dir) {
    morph::FixDocument doc = fixtures::fixDocumentOf(bytes);
    fixtures::plantDeadAndDuplicate(doc, "deadPlant", "copyPlant");
    return writeBytes(morph::fixDocumentGlb(doc), dir, "planted.glb");
}

}  // namespace

TEST(FixCli, PruneRemovesWhatTheAuditFoundOnTheRigAndCheckProvesIt) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string in = plantedCopy(fixtures::keepsakeRig(), dir);
    const std::string out = dir + "/out.glb";
    const fixtures::RunOutcome run =
        runFix({"fix", in, "--out", out, "--prune", "dead,duplicate", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    EXPECT_TRUE(has(run.out, "removed dead target 'deadPlant' from 2 meshes")) << run.out;
    EXPECT_TRUE(has(run.out, "removed duplicate target 'copyPlant' from 2 meshes")) << run.out;
    EXPECT_TRUE(has(run.out,
                    "check: duplicate targets removed: 1; dead targets removed: 1; every "
                    "other target the same") ||
                has(run.out,
                    "check: dead targets removed: 1; duplicate targets removed: 1; every "
                    "other target the same"))
        << run.out;
    EXPECT_TRUE(has(run.out, "fixed: dead 1, duplicate 1; new: none")) << run.out;

    EXPECT_TRUE(found(auditOf(in), "dead"));
    EXPECT_TRUE(auditOf(out).empty());
    const auto rows = diffRows(in, out);
    ASSERT_EQ(rows.size(), 8u);
    for (const auto& [name, status] : rows) {
        const bool planted = name == "deadPlant" || name == "copyPlant";
        EXPECT_EQ(status, planted ? "removed" : "same") << name;
    }
    expectImagesKept(in, out);
}

TEST(FixCli, PruneOnARealAvatarKeepsItsTexturesAndEveryOtherTarget) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string in =
        plantedCopy(readBytes(fixtures::avatarPath("RPM_VisageMale/male.glb")), dir);
    const std::string out = dir + "/out.glb";
    const auto start = std::chrono::steady_clock::now();
    const fixtures::RunOutcome run =
        runFix({"fix", in, "--out", out, "--prune", "dead,duplicate", "--check"});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("fix --prune --check of the avatar: %.3f s\n", seconds);
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "every other target the same")) << run.out;
    EXPECT_FALSE(found(auditOf(out), "dead"));
    EXPECT_FALSE(found(auditOf(out), "duplicate"));
    const auto rows = diffRows(in, out);
    EXPECT_EQ(rows.size(), 61u);
    for (const auto& [name, status] : rows) {
        const bool planted = name == "deadPlant" || name == "copyPlant";
        EXPECT_EQ(status, planted ? "removed" : "same") << name;
    }
    expectImagesKept(fixtures::avatarPath("RPM_VisageMale/male.glb"), out);
}

TEST(FixCli, RenameInPlaceOnTheAvatarIsOneRenamedRow) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string original = fixtures::avatarPath("RPM_VisageMale/male.glb");
    const std::string file = writeBytes(readBytes(original), dir, "male.glb");
    const std::string map = dir + "/map.json";
    std::ofstream(map) << R"({"jawOpen": "mouthOpenWide"})";
    const fixtures::RunOutcome run =
        runFix({"fix", file, "--out", file, "--rename", map, "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "renamed target 'jawOpen' to 'mouthOpenWide' on 4 meshes")) << run.out;
    EXPECT_TRUE(has(run.out, "check: targets renamed: 1; every other target the same")) << run.out;
    const auto rows = diffRows(original, file);
    for (const auto& [name, status] : rows)
        EXPECT_EQ(status, name == "mouthOpenWide" ? "renamed" : "same") << name;
    EXPECT_EQ(rows.count("jawOpen"), 0u);
    expectImagesKept(original, file);
}

TEST(FixCli, NamesRespellsARigToArkitAndGltfOutputReadsBack) {
    const std::string dir = fixtures::caseScratchDir();
    fixtures::Rig rig = fixtures::auditRig();
    for (fixtures::RigMesh& mesh : rig.meshes) {
        for (fixtures::RigTarget& t : mesh.targets) {
            if (t.name == "jawOpen") t.name = "JawOpen";
            if (t.name == "eyeBlinkLeft") t.name = "eyeBlink_L";
        }
    }
    const std::string in = writeBytes(fixtures::rigGlb(rig), dir, "in.glb");
    const std::string out = dir + "/out.gltf";
    const fixtures::RunOutcome run =
        runFix({"fix", in, "--out", out, "--names", "arkit", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "renamed target 'JawOpen' to 'jawOpen' on 2 meshes")) << run.out;
    EXPECT_TRUE(has(run.out, "renamed target 'eyeBlink_L' to 'eyeBlinkLeft' on 2 meshes"))
        << run.out;
    auto scene = morph::importGltf(out);
    ASSERT_TRUE(scene) << scene.error().message;
    for (const morph::Mesh& mesh : scene->meshes) {
        EXPECT_EQ(mesh.targetNames,
                  (std::vector<std::string>{"jawOpen", "browInnerUp", "eyeBlinkLeft",
                                            "eyeBlinkRight", "mouthSmileLeft", "mouthSmileRight"}));
    }
}

TEST(FixCli, FromMixOnTheAvatarAddsOneTargetAndChangesNothingElse) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string in = fixtures::avatarPath("RPM_VisageMale/male.glb");
    const std::string out = dir + "/out.glb";
    const fixtures::RunOutcome run =
        runFix({"fix", in, "--out", out, "--from-mix",
                "smileBoth=mouthSmileLeft=1,mouthSmileRight=1", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "added target 'smileBoth' from the mix on 4 meshes")) << run.out;
    EXPECT_TRUE(has(run.out, "check: targets added: 1; every other target the same")) << run.out;
    const auto rows = diffRows(in, out);
    for (const auto& [name, status] : rows)
        EXPECT_EQ(status, name == "smileBoth" ? "added" : "same") << name;
    expectImagesKept(in, out);
    // On every mesh that has it, the new target's POSITION deltas are the two smiles' sum.
    const morph::FixDocument doc = fixtures::fixDocumentOf(readBytes(out));
    size_t checked = 0;
    for (size_t m = 0; m < doc.json["meshes"].size(); ++m) {
        const std::vector<std::string> names = morph::fixTargetNames(doc, m);
        const auto at = [&names](const std::string& n) {
            return size_t(std::find(names.begin(), names.end(), n) - names.begin());
        };
        if (at("smileBoth") == names.size()) continue;
        for (const json& prim : doc.json["meshes"][m]["primitives"]) {
            const json& targets = prim["targets"];
            auto left = morph::fixAccessorFloats(doc, targets[at("mouthSmileLeft")]["POSITION"]);
            auto right = morph::fixAccessorFloats(doc, targets[at("mouthSmileRight")]["POSITION"]);
            auto both = morph::fixAccessorFloats(doc, targets[at("smileBoth")]["POSITION"]);
            ASSERT_TRUE(left && right && both);
            for (size_t i = 0; i < both->size(); ++i)
                ASSERT_FLOAT_EQ((*both)[i], (*left)[i] + (*right)[i]) << i;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4u);
}

TEST(FixCli, RecomputeNormalsFixesWhatTheAuditFlaggedAndMovesNothing) {
    const std::string dir = fixtures::caseScratchDir();
    fixtures::Rig rig = fixtures::auditRig();
    for (glm::vec3& n : fixtures::rigTarget(rig, 0, "mouthSmileLeft").normals) n = glm::vec3(0.0f);
    const std::string in = writeBytes(fixtures::rigGlb(rig), dir, "in.glb");
    const std::string out = dir + "/out.glb";
    expectFixMends(in, out, {"--recompute-normals", "flagged"},
                   {"recomputed the NORMAL deltas of 'mouthSmileLeft' on 2 meshes",
                    "fixed: normals 1; new: none",
                    "check: normals recomputed: 1; every other target the same"},
                   "normals");

    const std::string avatar = fixtures::avatarPath("RPM_VisageMale/male.glb");
    fixtures::RunOutcome run =
        runFix({"fix", avatar, "--out", out, "--recompute-normals", "jawOpen", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "new: none; ") || has(run.out, "new: none\n")) << run.out;
    for (const auto& [name, status] : diffRows(avatar, out)) EXPECT_EQ(status, "same") << name;
    expectImagesKept(avatar, out);
    // Its help says the tangents are recomputed too.
    run = runFix({"fix", "--help"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(has(run.out, "and TANGENT deltas where the primitive has a TANGENT")) << run.out;
}

// The weak right smile (60% of the left's mirror image) made the left's mirror image again: the
// audit's asymmetric warning goes, and the result is the clean rig; on the approximately symmetric
// face (no right vertex at a left vertex's image) too, through the interpolated images, to within
// 0.5% of the diagonal (the smile patch sampled on the coarser right half's triangles: 0.3%).
TEST(FixCli, MirrorMakesTheRightSmileTheLeftsImage) {
    const std::string dir = fixtures::caseScratchDir();
    for (const bool approximate : {false, true}) {
        const fixtures::Rig clean = approximate ? fixtures::approximateRig() : fixtures::auditRig();
        fixtures::Rig weak = clean;
        for (glm::vec3& d : fixtures::rigTarget(weak, 0, "mouthSmileRight").positions) d *= 0.6f;
        for (glm::vec3& n : fixtures::rigTarget(weak, 0, "mouthSmileRight").normals) n *= 0.6f;
        const std::string reference = writeBytes(fixtures::rigGlb(clean), dir, "clean.glb");
        const std::string in = writeBytes(fixtures::rigGlb(weak), dir, "weak.glb");
        const std::string out = dir + "/out.glb";
        expectFixMends(in, out, {"--mirror", "mouthSmileLeft=mouthSmileRight"},
                       {"mirrored 'mouthSmileLeft' to 'mouthSmileRight' on 2 meshes",
                        "fixed: asymmetric 1; new: none",
                        "check: targets rewritten: 1; every other target the same"},
                       "asymmetric");
        for (const auto& [name, status] : diffRows(reference, out, approximate ? "0.005" : "0.001"))
            EXPECT_EQ(status, "same") << name << (approximate ? " (approximate)" : "");
    }
}

TEST(FixCli, MirrorCreatesAMissingTargetAndNamesAMissingSource) {
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::Rig clean = fixtures::auditRig();
    fixtures::Rig oneEye = clean;
    for (fixtures::RigMesh& mesh : oneEye.meshes) {
        mesh.targets.erase(
            std::remove_if(mesh.targets.begin(), mesh.targets.end(),
                           [](const fixtures::RigTarget& t) { return t.name == "eyeBlinkRight"; }),
            mesh.targets.end());
    }
    const std::string reference = writeBytes(fixtures::rigGlb(clean), dir, "clean.glb");
    const std::string in = writeBytes(fixtures::rigGlb(oneEye), dir, "in.glb");
    const std::string out = dir + "/out.glb";
    fixtures::RunOutcome run =
        runFix({"fix", in, "--out", out, "--mirror", "eyeBlinkLeft=eyeBlinkRight", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "check: targets added: 1; every other target the same")) << run.out;
    for (const auto& [name, status] : diffRows(reference, out)) EXPECT_EQ(status, "same") << name;
    // The avatar's right smile as its left's image: only it changes, by little (its head is
    // nearly symmetric), and the audit finds nothing new.
    const std::string avatar = fixtures::avatarPath("RPM_VisageMale/male.glb");
    run = runFix(
        {"fix", avatar, "--out", out, "--mirror", "mouthSmileLeft=mouthSmileRight", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "new: none")) << run.out;
    for (const auto& [name, status] : diffRows(avatar, out, "0.01"))
        EXPECT_EQ(status, "same") << name;
    expectImagesKept(avatar, out);
    run = runFix({"fix", in, "--out", out + "2", "--mirror", "nothing=x"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(has(run.err, "nothing")) << run.err;
}

// A smile on both sides split into its halves: the clean rig's two smiles again (they are far from
// the plane, so the falloff band changes nothing), summing to the original, in the file's spelling.
TEST(FixCli, SplitGivesTheTwoHalvesInTheFilesSpelling) {
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::Rig clean = fixtures::auditRig();
    const fixtures::Rig both = fixtures::withSmilesMerged(clean);
    const std::string reference = writeBytes(fixtures::rigGlb(clean), dir, "clean.glb");
    const std::string in = writeBytes(fixtures::rigGlb(both), dir, "both.glb");
    const std::string out = dir + "/out.glb";
    const fixtures::RunOutcome run =
        runFix({"fix", in, "--out", out, "--split", "mouthSmile", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out,
                    "split 'mouthSmile' into 'mouthSmileLeft' and 'mouthSmileRight' on 2 "
                    "meshes"))
        << run.out;
    EXPECT_TRUE(has(run.out,
                    "check: split targets removed: 1; targets added: 2; every other "
                    "target the same"))
        << run.out;
    for (const auto& [name, status] : diffRows(reference, out)) EXPECT_EQ(status, "same") << name;
    EXPECT_TRUE(auditOf(out).empty());
    // The avatar: its jawOpen into halves that sum to it (diff of the mix against the original).
    const std::string avatar = fixtures::avatarPath("RPM_VisageMale/male.glb");
    const std::string halves = dir + "/halves.glb";
    const fixtures::RunOutcome split =
        runFix({"fix", avatar, "--out", halves, "--split", "jawOpen", "--from-mix",
                "jawOpen=jawOpenLeft=1,jawOpenRight=1"});
    EXPECT_EQ(split.exitCode, 0) << split.err << split.out;
    const auto rows = diffRows(avatar, halves);
    EXPECT_EQ(rows.at("jawOpen"), "same");
    EXPECT_EQ(rows.at("jawOpenLeft"), "added");
    expectImagesKept(avatar, halves);
}

TEST(FixCli, SparseShrinksTheAvatarAndChangesNoTarget) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string avatar = fixtures::avatarPath("RPM_VisageMale/male.glb");
    const std::string out = dir + "/sparse.glb";
    const fixtures::RunOutcome run = runFix({"fix", avatar, "--out", out, "--sparse", "--check"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_TRUE(has(run.out, "stored 'jawOpen' sparse on ")) << run.out;
    EXPECT_TRUE(has(run.out, "every other target the same")) << run.out;
    EXPECT_LT(fs::file_size(out), fs::file_size(avatar) * 4 / 5);
    for (const auto& [name, status] : diffRows(avatar, out, "0")) EXPECT_EQ(status, "same") << name;
    expectImagesKept(avatar, out);
}

// `fix IN --out OUT` and `more` on a compressed file: exit 0 with one line on stderr, `warning`,
// every target of OUT the same as IN's and every image kept; the diff's rows.
std::map<std::string, std::string> expectWrittenUncompressed(const std::string& in,
                                                             const std::string& out,
                                                             const std::vector<std::string>& more,
                                                             const std::string& warning) {
    std::vector<std::string> args = {"fix", in, "--out", out};
    args.insert(args.end(), more.begin(), more.end());
    const fixtures::RunOutcome run = runFix(args);
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_EQ(lineCount(run.err), 1u) << run.err;
    EXPECT_TRUE(has(run.err, warning)) << run.err;
    const auto rows = diffRows(in, out, "0");
    for (const auto& [name, status] : rows) EXPECT_EQ(status, "same") << name;
    expectImagesKept(in, out);
    return rows;
}

// gltfpack -c's output (EXT_meshopt_compression, quantized): written uncompressed with one
// warning naming the extension, every target the same as in the input.
TEST(FixCli, AMeshoptFileIsWrittenUncompressedWithOneWarning) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string in =
        fixtures::corpusPath("MorphStressTest/variants/MorphStressTest.gltfpack-c.glb");
    const std::string out = dir + "/plain.glb";
    expectWrittenUncompressed(in, out, {"--check"},
                              "EXT_meshopt_compression: written uncompressed");
    const morph::FixDocument doc = fixtures::fixDocumentOf(readBytes(out));
    EXPECT_FALSE(has(doc.json.dump(), "EXT_meshopt_compression"));
}

// glTF-Transform's Draco output (KHR_draco_mesh_compression of the base attributes, targets as
// plain accessors in Draco's vertex order): written uncompressed with one warning naming the file
// and the extension, every target the same as in the input.
TEST(FixCli, ADracoFileIsWrittenUncompressedWithOneWarning) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string in =
        fixtures::corpusPath("MorphStressTest/variants/MorphStressTest.draco.glb");
    const std::string out = dir + "/plain.glb";
    const auto rows = expectWrittenUncompressed(
        in, out, {"--prune", "dead", "--check"},
        "warning: " + in + ": KHR_draco_mesh_compression: written uncompressed");
    EXPECT_EQ(rows.size(), 8u);
    const std::vector<uint8_t> bytes = readBytes(out);
    EXPECT_FALSE(has(std::string(bytes.begin(), bytes.end()), "KHR_draco_mesh_compression"));
}

TEST(FixCli, HostileInputsEndWithOneLineTheDocumentedCodeAndNothingWritten) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string in = writeBytes(fixtures::keepsakeRig(), dir, "in.glb");
    const std::string out = dir + "/out.glb";
    auto expectFailure = [&out](const std::vector<std::string>& args, int code,
                                const std::string& named) {
        const fixtures::RunOutcome run = runMorphview(args);
        EXPECT_EQ(run.exitCode, code) << run.err;
        EXPECT_EQ(lineCount(run.err), 1u) << run.err;
        EXPECT_TRUE(has(run.err, named)) << run.err;
        EXPECT_FALSE(fs::exists(out));
    };
    const std::string missing = dir + "/missing.glb";
    expectFailure({"fix", missing, "--out", out, "--prune", "dead"}, 3, missing);
    const std::string text = writeBytes({'n', 'o', 't', ' ', 'g', 'l', 'T', 'F'}, dir, "text.glb");
    expectFailure({"fix", text, "--out", out}, 3, text);
    const std::string map = dir + "/map.json";
    std::ofstream(map) << R"({"noSuchTarget": "x"})";
    expectFailure({"fix", in, "--out", out, "--rename", map}, 2, "noSuchTarget");
    expectFailure({"fix", in, "--out", out, "--prune", "alive"}, 2, "alive");
    expectFailure({"fix", in, "--prune", "dead"}, 2, "--out");
    expectFailure({"fix", in, "--out", out, "--from-mix", "x=noSuchTarget=1"}, 2, "noSuchTarget");
    expectFailure({"fix", in, "--out", out, "--recompute-normals", "noSuchTarget"}, 2,
                  "noSuchTarget");
    expectFailure({"fix", in, "--out", out, "--from-mix", "jawOpen=browInnerUp=1"}, 2, "jawOpen");
}

// `fix MUTANT --out OUT --prune dead` on each mutant: exit 0 with OUT written, or 1 or 3 with at
// most `errorLines` lines on stderr (one error, after a warning the file read with) and nothing
// written; never a crash. Returns how many were written and how many refused.
std::pair<size_t, size_t> fixEachMutant(const std::vector<fixtures::Mutant>& mutants,
                                        const std::string& dir, size_t errorLines) {
    size_t written = 0, refused = 0;
    for (const fixtures::Mutant& mutant : mutants) {
        const std::string path = writeBytes(mutant.bytes, dir, mutant.name);
        const std::string out = dir + "/out-" + mutant.name + ".glb";
        const fixtures::RunOutcome run =
            runFix({"fix", path, "--out", out, "--prune", "dead", "--max-memory", "256M"});
        EXPECT_NE(run.exitCode, -1) << mutant.name << ": crashed";
        if (run.exitCode == 0) {
            EXPECT_TRUE(fs::exists(out)) << mutant.name;
            ++written;
            continue;
        }
        ++refused;
        EXPECT_GE(lineCount(run.err), 1u) << mutant.name;
        EXPECT_LE(lineCount(run.err), errorLines) << mutant.name << ": " << run.err;
        EXPECT_TRUE(run.exitCode == 3 || run.exitCode == 1) << mutant.name << ": " << run.err;
        EXPECT_FALSE(fs::exists(out)) << mutant.name;
    }
    return {written, refused};
}

// The importer's hostile set through fix: each mutant's error is one line.
TEST(FixCli, MutantsOfTheRigNeverCrashIt) {
    const std::string dir = fixtures::caseScratchDir();
    const auto mutants = fixtures::makeMutants({{"rig", fixtures::keepsakeRig()}}, 24, 46);
    ASSERT_GE(mutants.size(), 12u);
    fixEachMutant(mutants, dir, 1);
}

// The same through the Draco path: mutants of a Draco-compressed file (its compressed views'
// bytes among what they break), whose error may follow the warning that the file was Draco.
TEST(FixCli, MutantsOfADracoFileNeverCrashIt) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string in =
        fixtures::corpusPath("MorphPrimitivesTest/variants/MorphPrimitivesTest.draco.glb");
    const auto mutants = fixtures::makeMutants({{"draco", readBytes(in)}}, 24, 47);
    ASSERT_GE(mutants.size(), 12u);
    const auto [written, refused] = fixEachMutant(mutants, dir, 2);
    // Both ends are reached (10 written and 14 refused with this seed): the Draco path is run.
    EXPECT_GT(written, 0u);
    EXPECT_GT(refused, 0u);
}

// The operations that write a new target's POSITION (a mix, a mirror image, the halves of a
// split) declare its min and max from its own data, each component from its own values: the
// Khronos validator found the first x standing in for every component's starting bound, which a
// target whose z deltas all lie above its first x shows (the corpus sphere, and the same file
// quantized by gltfpack).
TEST(FixCli, NewTargetsDeclareTheirOwnBoundsOnTheCorpusSphere) {
    const std::string dir = fixtures::caseScratchDir();
    for (const char* file : {"AnimatedMorphSphere.glb", "AnimatedMorphSphere.gltfpack.glb"}) {
        const std::string in =
            fixtures::corpusPath(std::string("AnimatedMorphSphere/variants/") + file);
        for (const std::vector<std::string>& op :
             std::vector<std::vector<std::string>>{{"--from-mix", "mixed=0=0.5,1=1"},
                                                   {"--mirror", "0=0Mirrored"},
                                                   {"--split", "0"}}) {
            SCOPED_TRACE(std::string(file) + " " + op[0]);
            const std::string out = dir + "/out.glb";
            const fixtures::RunOutcome run = runFix({"fix", in, "--out", out, op[0], op[1]});
            EXPECT_EQ(run.exitCode, 0) << run.err;
        }
    }
}

}  // namespace fix_cli_test
