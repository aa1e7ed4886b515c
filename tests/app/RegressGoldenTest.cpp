// The project's own goldens run through `morphview regress` as a pipeline would (the proof
// that regress works on real goldens): tests/golden (the corpus and skinned-character goldens,
// drawn as tests/renderer/CorpusGoldenTest.cpp and SkinGoldenTest.cpp draw them) and the face
// captures of docs/captures (its own shots file). Every shot must pass: exit 0, and a report that
// says so.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace regress_golden_test {

namespace {

const std::string kSource = MORPHVIEW_SOURCE_DIR;

nlohmann::json readJson(const std::string& path) {
    return nlohmann::json::parse(fixtures::readWholeFile(path), nullptr, false);
}

// One row per golden, with the settings of tests/golden/README.md's tables.
nlohmann::json goldenShot(const std::string& name, const std::string& model,
                          const std::string& weights, const std::string& animation, float time,
                          const std::string& camera) {
    nlohmann::json shot = {{"name", name},
                           {"model", model},
                           {"size", "256x256"},
                           {"camera", camera},
                           {"weights", weights}};
    if (!animation.empty()) {
        shot["animation"] = animation;
        shot["time"] = time;
    }
    return shot;
}

TEST(RegressGoldenTest, TheGoldensPassThroughRegress) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string corpus = "orbit:25,15";  // CorpusGoldenTest's camera
    auto model = [](const std::string& name) {
        return fixtures::corpusPath(name + "/glTF/" + name + ".gltf");
    };
    const std::string character = kSource + "/assets/character.glb";
    const std::vector<nlohmann::json> shots = {
        goldenShot("SimpleMorph_default", model("SimpleMorph"), "", "", 0, corpus),
        goldenShot("SimpleMorph_anim_t1.5", model("SimpleMorph"), "", "0", 1.5f, corpus),
        goldenShot("AnimatedMorphCube_default", model("AnimatedMorphCube"), "", "", 0, corpus),
        goldenShot("AnimatedMorphCube_Square_t1.2", model("AnimatedMorphCube"), "", "Square", 1.2f,
                   corpus),
        goldenShot("AnimatedMorphSphere_default", model("AnimatedMorphSphere"), "", "", 0, corpus),
        goldenShot("AnimatedMorphSphere_Globe_t2", model("AnimatedMorphSphere"), "", "Globe", 2.0f,
                   corpus),
        goldenShot("MorphPrimitivesTest_default", model("MorphPrimitivesTest"), "", "", 0, corpus),
        goldenShot("MorphPrimitivesTest_w1", model("MorphPrimitivesTest"), "0=1", "", 0, corpus),
        goldenShot("MorphStressTest_default", model("MorphStressTest"), "", "", 0, corpus),
        goldenShot("MorphStressTest_TheWave_t1", model("MorphStressTest"), "", "TheWave", 1.0f,
                   corpus),
        goldenShot("character_wave_t0.6", character, "", "wave", 0.6f, "orbit:25,10"),
        goldenShot("character_wave_t1.3", character, "", "wave", 1.3f, "orbit:25,10"),
        goldenShot("character_walk_t0.25", character, "", "walk", 0.25f, "orbit:60,10"),
    };
    std::ofstream(dir + "/goldens.json") << nlohmann::json(shots).dump(2);
    const auto run = fixtures::runMorphview({"regress", dir + "/goldens.json", "--references",
                                             kSource + "/tests/golden", "--out", dir + "/out"});
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    const nlohmann::json report = readJson(dir + "/out/report.json");
    EXPECT_EQ(report["passed"], shots.size()) << run.out;
    EXPECT_EQ(report["shots"].size(), shots.size());
}

TEST(RegressGoldenTest, TheFaceCapturesPassThroughRegress) {
    const std::string dir = fixtures::caseScratchDir();
    const auto run =
        fixtures::runMorphview({"regress", kSource + "/docs/captures/face-shots.json",
                                "--references", kSource + "/docs/captures", "--out", dir + "/out"});
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    const nlohmann::json report = readJson(dir + "/out/report.json");
    EXPECT_EQ(report["passed"], 4) << run.out;
    EXPECT_EQ(report["shots"].size(), 4u);
}

}  // namespace

}  // namespace regress_golden_test
