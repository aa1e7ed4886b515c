// Runs the built morphview binary (MORPHVIEW_EXECUTABLE) as a user would and checks its exit
// code, stdout and stderr: the command line contract scripts rely on.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/glb/GltfBuilder.h"

namespace cli_test {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using Outcome = fixtures::RunOutcome;

std::string readFile(const std::string& path) {
    return fixtures::readWholeFile(path);
}

Outcome morphview(const std::vector<std::string>& args) {
    return fixtures::runMorphview(args);
}

const std::string kSimpleMorph = fixtures::corpusPath("SimpleMorph/glTF/SimpleMorph.gltf");
const std::string kStress = fixtures::corpusPath("MorphStressTest/glTF/MorphStressTest.gltf");
const std::string kCube = fixtures::corpusPath("AnimatedMorphCube/glTF/AnimatedMorphCube.gltf");

size_t lineCount(const std::string& text) {
    return std::count(text.begin(), text.end(), '\n');
}

// Exactly one line on stderr that contains every one of `words`.
void expectOneLineError(const Outcome& run, const std::vector<std::string>& words) {
    EXPECT_EQ(lineCount(run.err), 1u) << run.err;
    for (const std::string& w : words) EXPECT_NE(run.err.find(w), std::string::npos) << run.err;
}

void expectFloats(const json& array, const std::vector<float>& expected) {
    const std::vector<float> actual = fixtures::floatsOf(array);
    ASSERT_EQ(actual.size(), expected.size()) << array.dump();
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_NEAR(actual[i], expected[i], 1e-6) << "at " << i << " in " << array.dump();
    }
}

// ---- usage and exit codes ----------------------------------------------------------------------

TEST(CliUsage, HelpExitsZero) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"-h"}, {"--help"}, {"info", "-h"}, {"eval", "--help"}}) {
        Outcome run = morphview(args);
        EXPECT_EQ(run.exitCode, 0) << args[0] << ": " << run.err;
        EXPECT_NE(run.out.find("Usage"), std::string::npos) << run.out;
    }
    Outcome top = morphview({"--help"});
    EXPECT_NE(top.out.find("info"), std::string::npos);
    EXPECT_NE(top.out.find("eval"), std::string::npos);
    Outcome eval = morphview({"eval", "--help"});
    EXPECT_NE(eval.out.find("--weights"), std::string::npos);
    EXPECT_NE(eval.out.find("--pose"), std::string::npos);
}

// `morphview` without a command opens the viewer on the bundled face: ViewerXvfbTest covers it.

TEST(CliUsage, UsageErrorsExitTwoWithOneLine) {
    const std::vector<std::vector<std::string>> cases = {
        {"info", kSimpleMorph, "--bogus"},      // unknown option
        {"info"},                               // missing MODEL
        {"--frobnicate"},                       // unknown top-level option
        {"info", kSimpleMorph, kSimpleMorph},   // two models
        {"eval", kSimpleMorph, "--time", "1"},  // --time needs --animation
        {"eval", kSimpleMorph, "--animation", "0", "--time", "soon"},
        {"eval", kSimpleMorph, "--weights", "0=x"},  // malformed SPEC
        {"info", kSimpleMorph, "--max-memory", "12X"},
        {"info", kSimpleMorph, "--max-memory", "0"},
    };
    for (const auto& args : cases) {
        Outcome run = morphview(args);
        std::string joined;
        for (const auto& a : args) joined += a + " ";
        EXPECT_EQ(run.exitCode, 2) << joined << "\n" << run.err;
        EXPECT_EQ(lineCount(run.err), 1u) << joined << "\n" << run.err;
        EXPECT_TRUE(run.out.empty()) << joined;
    }
}

TEST(CliUsage, MaxMemoryAcceptsSuffixes) {
    for (const char* size : {"4G", "512M", "64k", "1.5GiB", "1048576", "2gb"}) {
        Outcome run = morphview({"info", kSimpleMorph, "--max-memory", size});
        EXPECT_EQ(run.exitCode, 0) << size << ": " << run.err;
    }
}

// ---- runtime failures
// ----------------------------------------------------------------------------

TEST(CliErrors, MissingFileNamesIt) {
    const std::string path = fixtures::caseScratchDir() + "/no-such-model.glb";
    for (const char* command : {"info", "eval"}) {
        Outcome run = morphview({command, path});
        EXPECT_EQ(run.exitCode, 1) << command;
        expectOneLineError(run, {path});
        EXPECT_TRUE(run.out.empty());
    }
}

TEST(CliErrors, GarbageFileNamesIt) {
    const std::string path = fixtures::caseScratchDir() + "/garbage.glb";
    std::ofstream(path) << "this is not glTF";
    Outcome run = morphview({"info", "--json", path});
    EXPECT_EQ(run.exitCode, 1);
    expectOneLineError(run, {"garbage.glb"});
    EXPECT_TRUE(run.out.empty());
}

TEST(CliErrors, UnknownTargetNamesIt) {
    Outcome run = morphview({"eval", kSimpleMorph, "--weights", "noSuchTarget=1"});
    EXPECT_EQ(run.exitCode, 1);
    expectOneLineError(run, {"noSuchTarget"});
    EXPECT_TRUE(run.out.empty());
}

TEST(CliErrors, UnknownAnimationNamesIt) {
    for (const char* key : {"Walk", "7"}) {
        Outcome run = morphview({"eval", kStress, "--animation", key, "--time", "0"});
        EXPECT_EQ(run.exitCode, 1) << key;
        expectOneLineError(run, {std::string("'") + key + "'"});
    }
}

// ---- info
// ----------------------------------------------------------------------------------------

// The README's table: vertex counts of the morphed primitives and the target count.
struct CorpusModel {
    std::string path;
    std::vector<uint32_t> vertices;
    size_t targets;
};

TEST(CliInfo, JsonOnEveryCorpusFile) {
    const std::vector<CorpusModel> plain = {
        {"SimpleMorph/glTF/SimpleMorph.gltf", {3}, 2},
        {"AnimatedMorphCube/glTF/AnimatedMorphCube.gltf", {24}, 2},
        {"AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf", {1876}, 2},
        {"MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf", {21, 9}, 1},
        {"MorphStressTest/glTF/MorphStressTest.gltf", {24, 1504}, 8},
    };
    size_t files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(MORPHVIEW_CORPUS_DIR)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".gltf" && ext != ".glb") continue;
        ++files;
        SCOPED_TRACE(entry.path().string());
        Outcome run = morphview({"info", "--json", entry.path().string()});
        json doc = fixtures::parseRunJson(run);
        if (doc.is_discarded()) continue;
        for (const char* key : {"meshes", "nodes", "animations", "packing"}) {
            ASSERT_TRUE(doc.contains(key)) << key;
        }
        ASSERT_TRUE(doc["packing"]["bytes"].is_number_unsigned());
        ASSERT_TRUE(doc["packing"]["threejsBytes"].is_number_unsigned());
        for (const json& mesh : doc["meshes"]) {
            for (const char* key : {"index", "name", "targets", "defaultWeights", "primitives"}) {
                ASSERT_TRUE(mesh.contains(key)) << key;
            }
            EXPECT_EQ(mesh["defaultWeights"].size(), mesh["targets"].size());
            for (const json& t : mesh["targets"]) {
                EXPECT_TRUE(t["name"].is_string());
                EXPECT_TRUE(t["movedVertices"].is_number_unsigned());
            }
            for (const json& p : mesh["primitives"]) {
                EXPECT_TRUE(p["vertices"].is_number_unsigned());
                EXPECT_TRUE(p["indices"].is_number_unsigned());
                EXPECT_TRUE(p["channels"].is_array());
            }
        }
        for (const json& node : doc["nodes"]) {
            for (const char* key : {"index", "name", "mesh", "weights"}) {
                ASSERT_TRUE(node.contains(key)) << key;
            }
        }
        for (const json& animation : doc["animations"]) {
            for (const char* key : {"index", "name", "duration", "channels"}) {
                ASSERT_TRUE(animation.contains(key)) << key;
            }
            for (const json& c : animation["channels"]) {
                EXPECT_TRUE(c["node"].is_number_integer());
                EXPECT_TRUE(c["path"].is_string());
                EXPECT_TRUE(c["interpolation"].is_string());
            }
        }

        // Every file of a model (variants included) has the model's target count; the plain
        // files also its vertex counts (gltfpack merges vertices, so its counts differ).
        const std::string relative =
            fs::relative(entry.path(), MORPHVIEW_CORPUS_DIR).generic_string();
        const std::string model = relative.substr(0, relative.find('/'));
        for (const CorpusModel& expected : plain) {
            if (expected.path.rfind(model + "/", 0) != 0) continue;
            std::vector<uint32_t> vertices;
            for (const json& mesh : doc["meshes"]) {
                if (mesh["targets"].empty()) continue;
                EXPECT_EQ(mesh["targets"].size(), expected.targets);
                for (const json& p : mesh["primitives"]) vertices.push_back(p["vertices"]);
            }
            EXPECT_FALSE(vertices.empty());
            if (relative == expected.path) {
                EXPECT_EQ(vertices, expected.vertices);
            }
        }
    }
    EXPECT_GE(files, 20u) << "corpus at " << MORPHVIEW_CORPUS_DIR;
}

TEST(CliInfo, SimpleMorphByHand) {
    json doc = fixtures::parseRunJson(morphview({"info", kSimpleMorph, "--json"}));
    ASSERT_EQ(doc["meshes"].size(), 1u);
    const json& mesh = doc["meshes"][0];
    EXPECT_EQ(mesh["index"], 0);
    EXPECT_EQ(mesh["name"], "");
    ASSERT_EQ(mesh["targets"].size(), 2u);
    // Target 0 moves vertex 2 by (-1, 1, 0), target 1 by (1, 1, 0); names default to indices.
    EXPECT_EQ(mesh["targets"][0]["name"], "0");
    EXPECT_EQ(mesh["targets"][1]["name"], "1");
    EXPECT_EQ(mesh["targets"][0]["movedVertices"], 1);
    EXPECT_EQ(mesh["targets"][1]["movedVertices"], 1);
    EXPECT_NEAR(mesh["targets"][0]["maxPositionDelta"].get<double>(), std::sqrt(2.0), 1e-6);
    expectFloats(mesh["defaultWeights"], {0.5f, 0.5f});
    ASSERT_EQ(mesh["primitives"].size(), 1u);
    EXPECT_EQ(mesh["primitives"][0]["vertices"], 3);
    EXPECT_EQ(mesh["primitives"][0]["indices"], 3);
    EXPECT_EQ(mesh["primitives"][0]["channels"], json::array({"POSITION"}));

    ASSERT_EQ(doc["nodes"].size(), 1u);
    EXPECT_EQ(doc["nodes"][0]["mesh"], 0);
    EXPECT_EQ(doc["nodes"][0]["weights"], json::array());

    ASSERT_EQ(doc["animations"].size(), 1u);
    EXPECT_DOUBLE_EQ(doc["animations"][0]["duration"].get<double>(), 4.0);
    ASSERT_EQ(doc["animations"][0]["channels"].size(), 1u);
    const json& channel = doc["animations"][0]["channels"][0];
    EXPECT_EQ(channel["node"], 0);
    EXPECT_EQ(channel["path"], "weights");
    EXPECT_EQ(channel["interpolation"], "LINEAR");

    // three.js: 2 targets x 3 vertices x 16 bytes x stride 1 (POSITION only).
    EXPECT_EQ(doc["packing"]["threejsBytes"], 96);
    EXPECT_GE(doc["packing"]["bytes"].get<uint64_t>(), 96u);
    EXPECT_EQ(doc["materials"], 0);
    EXPECT_EQ(doc["warnings"], json::array());
}

TEST(CliInfo, TextSummary) {
    Outcome run = morphview({"info", kStress});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    for (const char* word : {"Key 3", "1504", "TheWave", "POSITION", "NORMAL", "three.js"}) {
        EXPECT_NE(run.out.find(word), std::string::npos) << word << "\n" << run.out;
    }
}

// ---- eval
// ----------------------------------------------------------------------------------------

// SimpleMorph: base (0,0,0) (1,0,0) (0.5,0.5,0); only vertex 2 moves: target 0 by (-1,1,0),
// target 1 by (1,1,0). So vertex 2 = (0.5 - w0 + w1, 0.5 + w0 + w1, 0).
std::vector<float> simpleMorphPositions(float w0, float w1) {
    return {0, 0, 0, 1, 0, 0, 0.5f - w0 + w1, 0.5f + w0 + w1, 0};
}

json onlyItem(const json& doc) {
    EXPECT_EQ(doc["items"].size(), 1u);
    return doc["items"].empty() ? json::object() : doc["items"][0];
}

TEST(CliEval, SimpleMorphDefaultWeights) {
    json item = onlyItem(fixtures::parseRunJson(morphview({"eval", kSimpleMorph})));
    EXPECT_EQ(item["node"], 0);
    EXPECT_EQ(item["mesh"], 0);
    EXPECT_EQ(item["primitive"], 0);
    expectFloats(item["weights"], {0.5f, 0.5f});
    expectFloats(item["positions"], simpleMorphPositions(0.5f, 0.5f));
    EXPECT_EQ(item["normals"], json::array());
}

TEST(CliEval, SimpleMorphAnimationAtOnePointFive) {
    // Keys at 0..4 s hold (0,0) (0,1) (1,1) (1,0) (0,0); LINEAR halfway from (0,1) to (1,1).
    json item = onlyItem(fixtures::parseRunJson(
        morphview({"eval", kSimpleMorph, "--animation", "0", "--time", "1.5"})));
    expectFloats(item["weights"], {0.5f, 1.0f});
    expectFloats(item["positions"], simpleMorphPositions(0.5f, 1.0f));
}

TEST(CliEval, WeightSpecOnTopOfAnimation) {
    json item = onlyItem(fixtures::parseRunJson(morphview(
        {"eval", kSimpleMorph, "--animation", "0", "--time", "1.5", "--weights", "1=0.25"})));
    expectFloats(item["weights"], {0.5f, 0.25f});
    expectFloats(item["positions"], simpleMorphPositions(0.5f, 0.25f));
}

TEST(CliEval, WeightsByIndexAndStar) {
    json item =
        onlyItem(fixtures::parseRunJson(morphview({"eval", kSimpleMorph, "--weights", "0=1"})));
    expectFloats(item["weights"], {1.0f, 0.5f});
    expectFloats(item["positions"], simpleMorphPositions(1.0f, 0.5f));

    item = onlyItem(fixtures::parseRunJson(morphview({"eval", kSimpleMorph, "--weights", "*=0"})));
    expectFloats(item["weights"], {0.0f, 0.0f});
    expectFloats(item["positions"], simpleMorphPositions(0, 0));

    item =
        onlyItem(fixtures::parseRunJson(morphview({"eval", kSimpleMorph, "--weights", "*=0,1=1"})));
    expectFloats(item["weights"], {0.0f, 1.0f});
}

TEST(CliEval, WeightsByName) {
    json doc = fixtures::parseRunJson(morphview({"eval", kStress, "--weights", "Key 3=1"}));
    ASSERT_EQ(doc["items"].size(), 2u);  // MorphStressTest: one node, two primitives
    for (size_t p = 0; p < 2; ++p) {
        const json& item = doc["items"][p];
        EXPECT_EQ(item["primitive"], p);
        expectFloats(item["weights"], {0, 0, 1, 0, 0, 0, 0, 0});
        EXPECT_EQ(item["normals"].size(), item["positions"].size());
    }
    EXPECT_EQ(doc["items"][1]["positions"].size(), 1504u * 3);
}

TEST(CliEval, AnimationByName) {
    json byName = fixtures::parseRunJson(
        morphview({"eval", kStress, "--animation", "TheWave", "--time", "0.5"}));
    json byIndex =
        fixtures::parseRunJson(morphview({"eval", kStress, "--animation", "1", "--time", "0.5"}));
    EXPECT_EQ(byName, byIndex);  // TheWave is clip 1
    json rest = fixtures::parseRunJson(morphview({"eval", kStress}));
    EXPECT_NE(byName["items"][0]["weights"], rest["items"][0]["weights"]);
}

TEST(CliEval, EveryCorpusFileEvaluates) {
    for (const auto& entry : fs::recursive_directory_iterator(MORPHVIEW_CORPUS_DIR)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".gltf" && ext != ".glb") continue;
        SCOPED_TRACE(entry.path().string());
        json doc = fixtures::parseRunJson(morphview({"eval", entry.path().string()}));
        if (doc.is_discarded()) continue;
        EXPECT_FALSE(doc["items"].empty());
        for (const json& item : doc["items"]) {
            EXPECT_EQ(item["positions"].size() % 3, 0u);
            EXPECT_FALSE(item["positions"].empty());
        }
    }
}

TEST(CliEval, OutWritesTheSameJsonToAFile) {
    const std::string out = fixtures::caseScratchDir() + "/eval.json";
    Outcome toFile = morphview({"eval", kCube, "--out", out});
    EXPECT_EQ(toFile.exitCode, 0) << toFile.err;
    EXPECT_TRUE(toFile.out.empty());
    Outcome toStdout = morphview({"eval", kCube});
    EXPECT_EQ(readFile(out), toStdout.out);

    Outcome bad =
        morphview({"eval", kCube, "--out", fixtures::caseScratchDir() + "/missing-dir/eval.json"});
    EXPECT_EQ(bad.exitCode, 1);
    expectOneLineError(bad, {"missing-dir"});
}

TEST(CliEval, FloatsRoundTrip) {
    // AnimatedMorphCube's positions are not short decimals; each printed number must read back
    // as the same float the morph computed (here: the base, with weights 0).
    json doc = fixtures::parseRunJson(morphview({"eval", kCube, "--weights", "*=0"}));
    for (const json& x : doc["items"][0]["positions"]) {
        const double d = x.get<double>();
        EXPECT_EQ(static_cast<double>(static_cast<float>(d)), d) << x.dump();
    }
}

// ---- --pose
// --------------------------------------------------------------------------------------

// SimpleMorph's triangle lifted by 1 in z: the pose target moves all three vertices by (0,0,1).
std::string writeLiftedPose(const std::string& dir) {
    morph::GltfBuilder builder;
    const std::vector<float> positions = {0, 0, 1, 1, 0, 1, 0.5f, 0.5f, 1};
    const int accessor = builder.addFloats(positions, "VEC3");
    builder.json()["meshes"] =
        json::array({{{"primitives", {{{"attributes", {{"POSITION", accessor}}}}}}}});
    builder.json()["nodes"] = json::array({{{"mesh", 0}}});
    builder.json()["scenes"] = json::array({{{"nodes", {0}}}});
    builder.json()["scene"] = 0;
    const std::string path = dir + "/lifted.glb";
    EXPECT_TRUE(builder.writeGlb(path).ok());
    return path;
}

TEST(CliPose, MatchingPoseBecomesANamedTarget) {
    const std::string pose = writeLiftedPose(fixtures::caseScratchDir());
    json info = fixtures::parseRunJson(morphview({"info", kSimpleMorph, "--json", "--pose", pose}));
    const json& targets = info["meshes"][0]["targets"];
    ASSERT_EQ(targets.size(), 3u);
    EXPECT_EQ(targets[2]["name"], "lifted");
    EXPECT_EQ(targets[2]["movedVertices"], 3);

    json item = onlyItem(fixtures::parseRunJson(
        morphview({"eval", kSimpleMorph, "--pose", pose, "--weights", "lifted=1"})));
    expectFloats(item["weights"], {0.5f, 0.5f, 1.0f});
    std::vector<float> expected = simpleMorphPositions(0.5f, 0.5f);
    for (size_t v = 0; v < 3; ++v) expected[v * 3 + 2] = 1.0f;
    expectFloats(item["positions"], expected);
}

TEST(CliPose, VertexCountMismatchNamesBothCounts) {
    Outcome run = morphview({"eval", kSimpleMorph, "--pose", kCube});
    EXPECT_EQ(run.exitCode, 1);
    expectOneLineError(run, {"3", "24"});
    EXPECT_TRUE(run.out.empty());
}

TEST(CliPose, MissingPoseFileNamesIt) {
    const std::string pose = fixtures::caseScratchDir() + "/absent.glb";
    Outcome run = morphview({"info", kSimpleMorph, "--pose", pose});
    EXPECT_EQ(run.exitCode, 1);
    expectOneLineError(run, {pose});
}

// ---- warnings
// ------------------------------------------------------------------------------------

TEST(CliWarnings, GoToStderrPrefixed) {
    // extras.targetNames with the wrong length: the importer warns and names targets by index.
    morph::GltfBuilder builder;
    const int base = builder.addFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const int delta = builder.addFloats({0, 0, 1, 0, 0, 1, 0, 0, 1}, "VEC3");
    builder.json()["meshes"] = json::array({{
        {"primitives",
         {{{"attributes", {{"POSITION", base}}},
           {"targets", {{{"POSITION", delta}}, {{"POSITION", delta}}}}}}},
        {"extras", {{"targetNames", {"onlyOne"}}}},
    }});
    builder.json()["nodes"] = json::array({{{"mesh", 0}}});
    const std::string path = fixtures::caseScratchDir() + "/wrong-names.glb";
    ASSERT_TRUE(builder.writeGlb(path).ok());

    Outcome run = morphview({"info", "--json", path});
    json doc = fixtures::parseRunJson(run);
    ASSERT_FALSE(run.err.empty());
    std::istringstream lines(run.err);
    for (std::string line; std::getline(lines, line);) {
        EXPECT_EQ(line.rfind("warning: ", 0), 0u) << line;
    }
    EXPECT_FALSE(doc["warnings"].empty());
    EXPECT_EQ(doc["meshes"][0]["targets"][1]["name"], "1");
}

}  // namespace

}  // namespace cli_test
