// `morphview capture` through the binary, as a user runs it: headless with DISPLAY unset, PNGs
// of the requested size, byte-identical repeats, --shots with progress and a summary, and the
// usage errors (exit 2) and runtime errors (exit 1).
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"

namespace capture_test {

namespace {

const std::string kSphere =
    fixtures::corpusPath("AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf");
const std::string kCube = fixtures::corpusPath("AnimatedMorphCube/glTF/AnimatedMorphCube.gltf");

size_t lines(const std::string& text) {
    return size_t(std::count(text.begin(), text.end(), '\n'));
}

// Every --morph-path draws the bundled face like the default (the golden tolerance: the paths
// differ only by float summation order and, for cs-sparse, int16 rounding of the deltas), and
// --instances draws a crowd that is not the single face.
TEST(CaptureTest, EveryMorphPathCapturesTheFaceAlike) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string face = fixtures::bundledFace();
    auto shot = [&](const std::vector<std::string>& extra, const std::string& name) {
        std::vector<std::string> args = {"capture",   face,    "--size", "128x128",
                                         "--weights", "*=0.4", "--out",  dir + "/" + name};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto run = fixtures::runMorphview(args);
        EXPECT_EQ(run.exitCode, 0) << run.err;
        auto image = morph::readImageFile(dir + "/" + name);
        EXPECT_TRUE(image.ok()) << name;
        return image.ok() ? std::move(image).value() : morph::RgbaImage{};
    };
    const morph::RgbaImage reference = shot({}, "default.png");
    for (const char* path : {"vs-dense", "vs-active", "cs-sparse", "cpu", "auto"}) {
        const morph::RgbaImage image = shot({"--morph-path", path}, std::string(path) + ".png");
        const morph::ImageDifference d = morph::compareImages(reference, image);
        EXPECT_TRUE(d.withinTolerance) << path << ": " << morph::summaryLine(d, reference, image);
    }
    const morph::RgbaImage crowd =
        shot({"--instances", "9", "--morph-path", "cs-sparse"}, "crowd.png");
    EXPECT_FALSE(morph::compareImages(reference, crowd).withinTolerance);
    const auto bad =
        fixtures::runMorphview({"capture", face, "--out", dir + "/x.png", "--morph-path", "gpu"});
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
}

TEST(CaptureTest, WritesAPngHeadlessWithoutDisplay) {
    const std::string out = fixtures::caseScratchDir() + "/sphere.png";
    const auto run = fixtures::runMorphview(
        {"capture", kSphere, "--out", out, "--size", "96x64", "--camera", "orbit:20,10"},
        {"DISPLAY", "WAYLAND_DISPLAY"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    auto image = morph::readImageFile(out);
    ASSERT_TRUE(image.ok()) << image.error().message;
    EXPECT_EQ(image->width, 96);
    EXPECT_EQ(image->height, 64);
    // Not blank: the sphere covers part of the frame with more than one colour.
    std::vector<uint32_t> colors;
    for (size_t i = 0; i < image->pixels.size(); i += 4) {
        colors.push_back(uint32_t(image->pixels[i]) << 16 | uint32_t(image->pixels[i + 1]) << 8 |
                         image->pixels[i + 2]);
    }
    std::sort(colors.begin(), colors.end());
    EXPECT_GT(std::unique(colors.begin(), colors.end()) - colors.begin(), 50);
}

TEST(CaptureTest, SameShotTwiceIsByteIdenticalAndWeightsChangeIt) {
    const std::string dir = fixtures::caseScratchDir();
    const std::vector<std::string> shot = {"capture", kSphere,     "--size",
                                           "80x80",   "--weights", "0=1"};
    auto with = [&](const std::string& out) {
        std::vector<std::string> args = shot;
        args.push_back("--out");
        args.push_back(out);
        return args;
    };
    ASSERT_EQ(fixtures::runMorphview(with(dir + "/a.png")).exitCode, 0);
    ASSERT_EQ(fixtures::runMorphview(with(dir + "/b.png")).exitCode, 0);
    const std::string a = fixtures::readWholeFile(dir + "/a.png");
    EXPECT_FALSE(a.empty());
    EXPECT_TRUE(a == fixtures::readWholeFile(dir + "/b.png"));

    ASSERT_EQ(fixtures::runMorphview(
                  {"capture", kSphere, "--size", "80x80", "--out", dir + "/neutral.png"})
                  .exitCode,
              0);
    auto morphed = morph::readImageFile(dir + "/a.png");
    auto neutral = morph::readImageFile(dir + "/neutral.png");
    ASSERT_TRUE(morphed.ok() && neutral.ok());
    EXPECT_FALSE(morph::compareImages(*morphed, *neutral).withinTolerance);
}

TEST(CaptureTest, ShotsFileLoadsEachModelOnceAndSummarizes) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = dir + "/shots.json";
    std::ofstream(shots) << R"([
      {"name": "neutral", "model": ")"
                         << kSphere << R"(", "size": "64x64"},
      {"name": "bulge", "model": ")"
                         << kSphere << R"(", "weights": "0=1", "animation": null,
       "time": 0, "camera": "front", "size": "64x64"},
      {"name": "cube", "model": ")"
                         << kCube << R"(", "animation": "Square", "time": 1.0,
       "camera": "orbit:30,20", "size": "48x32"}
    ])";
    const auto run = fixtures::runMorphview(
        {"capture", "--shots", shots, "--out-dir", dir + "/out"}, {"DISPLAY"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(lines(run.out), 4u) << run.out;  // one per shot and the summary
    EXPECT_NE(run.out.find("[1/3] neutral"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("[3/3] cube"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("captured 3 of 3 shots (2 models)"), std::string::npos) << run.out;
    auto cube = morph::readImageFile(dir + "/out/cube.png");
    ASSERT_TRUE(cube.ok());
    EXPECT_EQ(cube->width, 48);
    EXPECT_EQ(cube->height, 32);

    // A shot from the file equals the same shot from the command line, byte for byte.
    ASSERT_EQ(fixtures::runMorphview({"capture", kSphere, "--weights", "0=1", "--size", "64x64",
                                      "--out", dir + "/single.png"})
                  .exitCode,
              0);
    EXPECT_TRUE(fixtures::readWholeFile(dir + "/single.png") ==
                fixtures::readWholeFile(dir + "/out/bulge.png"));
}

TEST(CaptureTest, FailedShotsAreReportedAndTheRestStillRun) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = dir + "/shots.json";
    std::ofstream(shots) << R"([
      {"name": "missing", "model": "nope.gltf"},
      {"name": "badanim", "model": ")"
                         << kCube << R"(", "animation": "Nope", "size": "32x32"},
      {"name": "ok", "model": ")"
                         << kCube << R"(", "size": "32x32"}
    ])";
    const auto run = fixtures::runMorphview({"capture", "--shots", shots, "--out-dir", dir});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("[1/3] missing: "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("[2/3] badanim: "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("'Nope'"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("captured 1 of 3 shots"), std::string::npos) << run.out;
    EXPECT_TRUE(morph::readImageFile(dir + "/ok.png").ok());
}

TEST(CaptureTest, BadShotsFilesNameTheEntry) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string shots = dir + "/shots.json";
    std::ofstream(shots) << R"([{"name": "a", "model": "m.glb"}, {"model": "m.glb"}])";
    const auto run = fixtures::runMorphview({"capture", "--shots", shots, "--out-dir", dir});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("shots.json: [1].name: missing"), std::string::npos) << run.err;
    EXPECT_EQ(lines(run.err), 1u) << run.err;

    std::ofstream(shots) << R"([{"name": "../escape", "model": "m.glb"}])";
    const auto escape = fixtures::runMorphview({"capture", "--shots", shots, "--out-dir", dir});
    EXPECT_EQ(escape.exitCode, 1);
    EXPECT_NE(escape.err.find("cannot be a file name"), std::string::npos) << escape.err;

    std::ofstream(shots) << "{ not json";
    EXPECT_EQ(fixtures::runMorphview({"capture", "--shots", shots, "--out-dir", dir}).exitCode, 1);
}

TEST(CaptureTest, UsageErrorsExitTwo) {
    const std::string out = fixtures::caseScratchDir() + "/x.png";
    const std::vector<std::vector<std::string>> bad = {
        {"capture"},                                            // neither MODEL nor --shots
        {"capture", kCube},                                     // no --out
        {"capture", kCube, "--out", out, "--shots", "s.json"},  // both
        {"capture", "--shots", "s.json"},                       // no --out-dir
        {"capture", kCube, "--out", out, "--size", "big"},
        {"capture", kCube, "--out", out, "--camera", "sideways"},
        {"capture", kCube, "--out", out, "--camera", "orbit:1"},
        {"capture", kCube, "--out", out, "--background", "#12"},
        {"capture", kCube, "--out", out, "--weights", "x="},
        {"capture", kCube, "--out", out, "--time", "1"},  // --time needs --animation
    };
    for (const auto& args : bad) {
        const auto run = fixtures::runMorphview(args);
        std::string joined;
        for (const std::string& a : args) joined += a + " ";
        EXPECT_EQ(run.exitCode, 2) << joined << "\n" << run.err;
        EXPECT_EQ(lines(run.err), 1u) << joined << "\n" << run.err;
    }
}

TEST(CaptureTest, RuntimeErrorsExitOne) {
    const std::string dir = fixtures::caseScratchDir();
    const auto missing =
        fixtures::runMorphview({"capture", dir + "/none.gltf", "--out", dir + "/x.png"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("none.gltf"), std::string::npos) << missing.err;
    const auto target = fixtures::runMorphview(
        {"capture", kCube, "--out", dir + "/x.png", "--weights", "noSuchTarget=1"});
    EXPECT_EQ(target.exitCode, 1);
    EXPECT_NE(target.err.find("noSuchTarget"), std::string::npos) << target.err;
    const auto folder =
        fixtures::runMorphview({"capture", kCube, "--out", dir + "/no/such/dir/x.png"});
    EXPECT_EQ(folder.exitCode, 1);
}

}  // namespace

}  // namespace capture_test
