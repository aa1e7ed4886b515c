// `morphview bench`: the CLI contract on tiny runs (JSON shape, one result per requested path,
// finite non-negative numbers, scenarios, files, --write-model) and one-line errors for bad
// arguments. Never timings: speed is what the command reports, not what a test asserts.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace bench_test {

namespace {

using fixtures::runMorphview;

// Every path the renderer offers, auto included.
const std::vector<std::string> kPaths = {"vs-dense", "vs-active", "cs-sparse", "cpu", "auto"};
const char* kPathList = "all";

const char* kContractKeys[] = {"morphMsMedian", "frameMsMedian",  "frameMsP95",
                               "cpuMsPerFrame", "residentBytes",  "bytesReadPerFrame",
                               "gbPerSec",      "fractionOfBound"};

std::vector<std::string> tiny(std::vector<std::string> extra = {},
                              const std::string& pathList = kPathList) {
    std::vector<std::string> args = {"bench",     "--vertices", "300",      "--targets", "12",
                                     "--density", "0.1",        "--active", "3",         "--frames",
                                     "3",         "--warmup",   "1",        "--size",    "16x16",
                                     "--path",    pathList};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

nlohmann::json parseResults(const fixtures::RunOutcome& run) {
    const nlohmann::json doc = fixtures::parseRunJson(run);
    if (doc.is_discarded() || !doc.contains("results") || !doc["results"].is_array()) {
        ADD_FAILURE() << "no results array: " << run.out;
        return nlohmann::json::array();
    }
    return doc["results"];
}

void expectContract(const nlohmann::json& result) {
    ASSERT_TRUE(result.contains("path"));
    for (const char* key : kContractKeys) {
        ASSERT_TRUE(result.contains(key)) << key;
        ASSERT_TRUE(result[key].is_number()) << key;
        const double value = result[key].get<double>();
        EXPECT_TRUE(std::isfinite(value)) << key;
        EXPECT_GE(value, 0.0) << key;
    }
    // A frame that draws something takes time and a morph holds and reads bytes.
    EXPECT_GT(result["frameMsMedian"].get<double>(), 0.0);
    EXPECT_GE(result["frameMsP95"].get<double>(), result["frameMsMedian"].get<double>());
    EXPECT_GT(result["residentBytes"].get<double>(), 0.0);
    EXPECT_GT(result["bytesReadPerFrame"].get<double>(), 0.0);
    // What ran: the path itself, or auto's choice.
    const std::string path = result["path"], resolved = result.value("resolvedPath", "");
    if (path == "auto") {
        EXPECT_TRUE(resolved == "vs-dense" || resolved == "vs-active" || resolved == "cs-sparse" ||
                    resolved == "cpu")
            << resolved;
    } else {
        EXPECT_EQ(resolved, path);
    }
}

// --msaa draws the frames multisampled, as the viewer's 3D view does, and says so in the JSON;
// the default is single-sampled; anything but 0, 2, 4, 8 is a usage error.
TEST(Bench, MsaaIsTheFramesSamples) {
    const nlohmann::json plain = parseResults(runMorphview(tiny({"--json"}, "cpu")));
    const nlohmann::json four = parseResults(runMorphview(tiny({"--json", "--msaa", "4"}, "cpu")));
    ASSERT_EQ(plain.size(), 1u);
    ASSERT_EQ(four.size(), 1u);
    EXPECT_EQ(plain[0]["msaa"], 0);
    EXPECT_EQ(four[0]["msaa"], 4);
    expectContract(four[0]);
    EXPECT_EQ(runMorphview(tiny({"--msaa", "3"}, "cpu")).exitCode, 2);
}

// The frames are drawn in the default look (the studio environment, PBR Neutral) unless
// --environment and --tone-mapping say otherwise, as capture draws; an environment that does
// not load stops the run with one line naming it before any frame.
TEST(Bench, TheLightIsTheDefaultLookUnlessToldOtherwise) {
    const nlohmann::json studio = parseResults(runMorphview(tiny({"--json"}, "cpu")));
    const nlohmann::json rig = parseResults(
        runMorphview(tiny({"--json", "--environment", "rig", "--tone-mapping", "agx"}, "cpu")));
    ASSERT_EQ(studio.size(), 1u);
    ASSERT_EQ(rig.size(), 1u);
    EXPECT_EQ(studio[0]["environment"], "studio");
    EXPECT_EQ(studio[0]["toneMapping"], "neutral");
    EXPECT_EQ(rig[0]["environment"], "rig");
    EXPECT_EQ(rig[0]["toneMapping"], "agx");
    expectContract(studio[0]);
    expectContract(rig[0]);

    const fixtures::RunOutcome missing =
        runMorphview(tiny({"--json", "--environment", "/nonexistent/sky.hdr"}, "cpu"));
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_TRUE(missing.out.empty()) << missing.out;
    EXPECT_EQ(missing.err.find('\n'), missing.err.size() - 1) << missing.err;
    EXPECT_NE(missing.err.find("/nonexistent/sky.hdr"), std::string::npos) << missing.err;
    EXPECT_EQ(runMorphview(tiny({"--tone-mapping", "sepia"}, "cpu")).exitCode, 2);
}

TEST(Bench, JsonHasOneResultPerPathWithTheContractKeys) {
    const nlohmann::json results = parseResults(runMorphview(tiny({"--json"})));
    ASSERT_EQ(results.size(), kPaths.size());
    for (size_t i = 0; i < kPaths.size(); ++i) {
        EXPECT_EQ(results[i]["path"], kPaths[i]);
        expectContract(results[i]);
        EXPECT_EQ(results[i]["vertices"], 300);
        EXPECT_EQ(results[i]["targets"], 12);
        EXPECT_EQ(results[i]["active"], 3);
        EXPECT_EQ(results[i]["entries"], 12 * 30);  // 10% of 300 vertices per target
    }
}

TEST(Bench, PathListKeepsTheOrderGiven) {
    const nlohmann::json results = parseResults(runMorphview(tiny({"--json"}, "cpu,vs-dense")));
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0]["path"], "cpu");
    EXPECT_EQ(results[1]["path"], "vs-dense");
    // The sparse path holds less than the texture array for a 10%-dense mesh.
    const nlohmann::json both = parseResults(runMorphview(tiny({"--json"}, "vs-dense,cs-sparse")));
    ASSERT_EQ(both.size(), 2u);
    EXPECT_LT(both[1]["residentBytes"].get<double>(), both[0]["residentBytes"].get<double>());
}

TEST(Bench, TableNamesEveryPath) {
    const fixtures::RunOutcome run = runMorphview(tiny());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("morph ms"), std::string::npos) << run.out;
    for (const std::string& path : kPaths) EXPECT_NE(run.out.find(path), std::string::npos) << path;
}

TEST(Bench, ScenarioRunsEachSettingAndSaysWhich) {
    const nlohmann::json results =
        parseResults(runMorphview({"bench", "--scenario", "arkit", "--frames", "2", "--warmup", "0",
                                   "--size", "16x16", "--path", kPathList, "--json"}));
    ASSERT_EQ(results.size(), 3 * kPaths.size());
    const int actives[] = {4, 16, 52};
    for (size_t i = 0; i < results.size(); ++i) {
        expectContract(results[i]);
        EXPECT_EQ(results[i]["scenario"], "arkit");
        EXPECT_EQ(results[i]["vertices"], 1220);
        EXPECT_EQ(results[i]["targets"], 52);
        EXPECT_EQ(results[i]["active"], actives[i / kPaths.size()]);
    }
}

TEST(Bench, TargetCountSettingsTakeTurnsAndDrawWhatTheyWouldAlone) {
    // The scenario compares its two settings, so they are drawn frame by frame in turn; each
    // still gets its own weight sequence: the bytes the second setting's active targets read
    // (and the bound they give) are those of the setting run by itself.
    const std::vector<std::string> run = {"--frames", "2",      "--warmup",  "0",     "--size",
                                          "16x16",    "--path", "cs-sparse", "--json"};
    std::vector<std::string> scenario = {"bench", "--scenario", "target-count"};
    scenario.insert(scenario.end(), run.begin(), run.end());
    const nlohmann::json both = parseResults(runMorphview(scenario));
    ASSERT_EQ(both.size(), 2u);
    const int targets[] = {8, 256};
    for (size_t i = 0; i < 2; ++i) {
        expectContract(both[i]);
        EXPECT_EQ(both[i]["scenario"], "target-count");
        EXPECT_EQ(both[i]["targets"], targets[i]);
        EXPECT_EQ(both[i]["active"], 8);
    }
    // The 256-target setting is the one drawn after the other in each round.
    std::vector<std::string> alone = {"bench",     "--vertices", "50000",    "--targets", "256",
                                      "--density", "0.05",       "--active", "8"};
    alone.insert(alone.end(), run.begin(), run.end());
    const nlohmann::json single = parseResults(runMorphview(alone));
    ASSERT_EQ(single.size(), 1u);
    EXPECT_EQ(both[1]["entries"], single[0]["entries"]);
    EXPECT_EQ(both[1]["boundBytes"], single[0]["boundBytes"]);
    EXPECT_EQ(both[1]["bytesReadPerFrame"], single[0]["bytesReadPerFrame"]);
}

TEST(Bench, InstancesAndPassesAreReported) {
    const nlohmann::json results =
        parseResults(runMorphview(tiny({"--instances", "4", "--passes", "2", "--json"})));
    ASSERT_EQ(results.size(), kPaths.size());
    for (const nlohmann::json& r : results) {
        expectContract(r);
        EXPECT_EQ(r["instances"], 4);
        EXPECT_EQ(r["passes"], 2);
    }
}

TEST(Bench, WriteModelThenBenchTheFile) {
    const std::string dir = fixtures::scratchDir("BenchTest_WriteModel");
    const std::string a = dir + "/a.glb", b = dir + "/b.glb";
    for (const std::string& path : {a, b}) {
        const fixtures::RunOutcome write =
            runMorphview({"bench", "--vertices", "500", "--targets", "7", "--density", "0.05",
                          "--write-model", path});
        ASSERT_EQ(write.exitCode, 0) << write.err;
        EXPECT_NE(write.out.find("7 targets"), std::string::npos) << write.out;
    }
    EXPECT_EQ(fixtures::readWholeFile(a), fixtures::readWholeFile(b));  // deterministic
    auto scene = morph::importGltf(a);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    EXPECT_EQ(scene->meshes[0].primitives[0].vertexCount(), 500u);

    const nlohmann::json results =
        parseResults(runMorphview({"bench", "--model", a, "--active", "2", "--frames", "2",
                                   "--size", "8x8", "--path", kPathList, "--json"}));
    ASSERT_EQ(results.size(), kPaths.size());
    for (const nlohmann::json& r : results) {
        expectContract(r);
        EXPECT_EQ(r["vertices"], 500);
        EXPECT_EQ(r["entries"], 7 * 25);
    }
}

// The small textured face: imported from its in-memory file (the texture decoded and drawn),
// seen at about a sixth of the frame; --write-model --texture writes the same file.
TEST(Bench, SmallFaceScenarioIsTheTexturedFaceAtASixthOfTheFrame) {
    const nlohmann::json results =
        parseResults(runMorphview({"bench", "--scenario", "small-face", "--frames", "1", "--warmup",
                                   "0", "--size", "96x96", "--path", "auto", "--json"}));
    ASSERT_EQ(results.size(), 1u);
    expectContract(results[0]);
    EXPECT_EQ(results[0]["scenario"], "small-face");
    EXPECT_EQ(results[0]["texture"], 2048);
    EXPECT_EQ(results[0]["targets"], 52);
    EXPECT_EQ(results[0]["active"], 52);
    EXPECT_LT(results[0]["vertices"].get<int>(), 5000);
    const double coverage = results[0]["coverage"].get<double>();
    EXPECT_GT(coverage, 0.13) << "a sixth of the frame";
    EXPECT_LT(coverage, 0.20) << "a sixth of the frame";

    // Framed as capture frames it, the same face fills far more of the frame.
    const std::string path = fixtures::caseScratchDir() + "/face.glb";
    const fixtures::RunOutcome write =
        runMorphview({"bench", "--vertices", "400", "--targets", "52", "--density", "0.3",
                      "--texture", "64", "--write-model", path});
    ASSERT_EQ(write.exitCode, 0) << write.err;
    auto scene = morph::importGltf(path);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    EXPECT_EQ(scene->meshes[0].targetNames[0], "browDownLeft");  // ARKit's first
    ASSERT_EQ(scene->images.size(), 1u);
    EXPECT_EQ(scene->images[0].width, 64);
    const nlohmann::json framed = parseResults(
        runMorphview({"bench", "--model", path, "--active", "4", "--frames", "1", "--warmup", "0",
                      "--size", "96x96", "--path", "auto", "--json"}));
    const nlohmann::json far = parseResults(
        runMorphview({"bench", "--model", path, "--active", "4", "--frames", "1", "--warmup", "0",
                      "--size", "96x96", "--path", "auto", "--camera", "orbit:0,0,5.6", "--json"}));
    EXPECT_GT(framed[0]["coverage"].get<double>(), 1.8 * coverage);
    EXPECT_NEAR(far[0]["coverage"].get<double>(), coverage, 0.03);
}

struct BadArgs {
    const char* line;      // the arguments, split at spaces
    const char* mentions;  // the option the error line must name
};

TEST(Bench, BadArgumentsFailWithOneLine) {
    const std::vector<BadArgs> cases = {
        {"bench --frames 2", "give one of"},
        {"bench --scenario arkit --model x.glb --active 2", "give one of"},
        {"bench --vertices 100 --targets 4 --active 2", "--density"},
        {"bench --vertices 100 --targets 4 --density 0 --active 2", "--density"},
        {"bench --vertices 100 --targets 4 --density 0.5", "--active"},
        {"bench --vertices 100 --targets 4 --density 0.5 --active 9", "--active"},
        {"bench --vertices 2 --targets 4 --density 0.5 --active 1", "--vertices"},
        {"bench --vertices 100 --targets 4 --density 0.5 --active 1 --path vs-fast", "vs-fast"},
        {"bench --vertices 100 --targets 4 --density 0.5 --active 1 --size 0x0", "--size"},
        {"bench --vertices 100 --targets 4 --density 0.5 --active 1 --frames 0", "--frames"},
        {"bench --vertices 100 --targets 4 --density 0.5 --active 1 --instances 0", "--instances"},
        {"bench --vertices 100 --targets 4 --density 0.5 --active 1 --frames many", "--frames"},
        {"bench --scenario huge", "huge"},
        {"bench --scenario arkit --texture 64", "--texture"},
        {"bench --vertices 10 --targets 2 --density 0.5 --active 1 --texture 0", "--texture"},
        {"bench --vertices 10 --targets 2 --density 0.5 --active 1 --camera file:0", "--camera"},
        {"bench --scenario arkit --active 3", "--active"},
        {"bench --scenario arkit --write-model x.glb", "--write-model"},
        {"bench --vertices 100 --targets 4 --density 0.5 --active 1 --bogus", "--bogus"},
    };
    for (const BadArgs& c : cases) {
        const std::string joined = c.line;
        std::vector<std::string> args;
        for (size_t start = 0, end; start < joined.size(); start = end + 1) {
            end = std::min(joined.find(' ', start), joined.size());
            args.push_back(joined.substr(start, end - start));
        }
        const fixtures::RunOutcome run = runMorphview(args);
        EXPECT_EQ(run.exitCode, 2) << joined << run.err;  // a usage error (STYLE.md exit codes)
        EXPECT_TRUE(run.out.empty()) << joined << run.out;
        ASSERT_FALSE(run.err.empty()) << joined;
        EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << joined << run.err;  // one line
        EXPECT_NE(run.err.find(c.mentions), std::string::npos) << joined << run.err;
    }
}

TEST(Bench, UnreadableModelFailsWithOneLine) {
    const fixtures::RunOutcome run = runMorphview({"bench", "--model", "/nonexistent/model.glb",
                                                   "--active", "2", "--path", kPathList, "--json"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.out.empty()) << run.out;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
    EXPECT_NE(run.err.find("/nonexistent/model.glb"), std::string::npos) << run.err;
}

}  // namespace

}  // namespace bench_test
