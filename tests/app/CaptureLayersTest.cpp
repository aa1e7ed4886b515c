// `capture` with several clips at once: `--animation all` and comma lists, a shot file's
// "animation" as "all", "0,2" or a JSON list, and `--clip all`, each the same image as the
// others that name the same clips in the same order, and not the image of one clip alone.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/LayerFixtures.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"  // writeFileAtomic

namespace capture_layers_test {

namespace {

namespace fs = std::filesystem;

std::string writeModel(const std::string& dir) {
    return fixtures::writeFixture(dir, "three-clips.glb", fixtures::threeClipsOnAHierarchy());
}

std::vector<uint8_t> pixels(const std::string& png) {
    auto image = morph::readImageFile(png);
    EXPECT_TRUE(image.ok()) << png;
    return image.ok() ? image->pixels : std::vector<uint8_t>{};
}

// The camera is fixed (orbit with a distance), so every shot frames the same view whatever the
// clips do to the bounds.
const std::vector<std::string> kView = {"--size", "64x64", "--camera", "orbit:0,0,8"};

std::vector<uint8_t> capture(const std::string& model, const std::string& dir,
                             const std::string& animation, const std::string& time) {
    const std::string out =
        dir + "/" + std::to_string(std::hash<std::string>()(animation)) + "-" + time + ".png";
    std::vector<std::string> args = {"capture", model, "--animation", animation,
                                     "--time",  time,  "--out",       out};
    args.insert(args.end(), kView.begin(), kView.end());
    const auto run = fixtures::runMorphview(args);
    EXPECT_EQ(run.exitCode, 0) << animation << ": " << run.err;
    return pixels(out);
}

TEST(CaptureLayersTest, AllAndListsOnTheCommandLine) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeModel(dir);
    const std::vector<uint8_t> all = capture(model, dir, "all", "1.25");
    EXPECT_EQ(capture(model, dir, "0,1,2", "1.25"), all);
    EXPECT_EQ(capture(model, dir, "face,head,eyes", "1.25"), all);
    EXPECT_NE(capture(model, dir, "0", "1.25"), all);
    EXPECT_NE(capture(model, dir, "2,1,0", "1.25"), all) << "face wins node 1's weights then";

    std::vector<std::string> args = {"capture", model,   "--animation",
                                     "0,nope",  "--out", dir + "/x.png"};
    const auto bad = fixtures::runMorphview(args);
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_NE(bad.err.find("'nope'"), std::string::npos) << bad.err;
}

TEST(CaptureLayersTest, ShotFilesTakeAllListsAndJsonArrays) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeModel(dir);
    const std::vector<uint8_t> all = capture(model, dir, "all", "1.25");
    const std::string shots = dir + "/shots.json";
    std::ofstream(shots) << R"([
      {"name": "all", "model": "three-clips.glb", "animation": "all", "time": 1.25},
      {"name": "list", "model": "three-clips.glb", "animation": "0,1,2", "time": 1.25},
      {"name": "array", "model": "three-clips.glb", "animation": [0, "head", 2], "time": 1.25},
      {"name": "one", "model": "three-clips.glb", "animation": 0, "time": 1.25},
      {"name": "none", "model": "three-clips.glb", "animation": [], "time": 1.25}
    ])";
    std::vector<std::string> args = {"capture", "--shots", shots, "--out-dir", dir + "/out"};
    args.insert(args.end(), kView.begin(), kView.end());
    const auto run = fixtures::runMorphview(args);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const char* name : {"all", "list", "array"})
        EXPECT_EQ(pixels(dir + "/out/" + name + ".png"), all) << name;
    EXPECT_EQ(pixels(dir + "/out/one.png"), capture(model, dir, "0", "1.25"));
    EXPECT_NE(pixels(dir + "/out/none.png"), all);

    std::ofstream(shots) << R"([
      {"name": "bad", "model": "three-clips.glb", "animation": [0, true]}
    ])";
    const auto schema =
        fixtures::runMorphview({"capture", "--shots", shots, "--out-dir", dir + "/out"});
    EXPECT_EQ(schema.exitCode, 1);
    EXPECT_NE(schema.err.find("[0].animation"), std::string::npos) << schema.err;
}

TEST(CaptureLayersTest, ClipAllRecordsToTheLongestClipsEnd) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeModel(dir);
    const std::string frames = dir + "/frames";
    std::vector<std::string> args = {"capture", model, "--clip",    "all",
                                     "--fps",   "4",   "--out-dir", frames};
    args.insert(args.end(), kView.begin(), kView.end());
    // No ffmpeg on PATH: PNG frames only.
    const auto run = fixtures::runMorphview(args, {}, {"PATH=" + dir});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("captured 13 frames of 'all'"), std::string::npos) << run.out;
    EXPECT_TRUE(fs::exists(frames + "/frame-000012.png"));  // eyes lasts 3 s: 0, 0.25, ... 3
    EXPECT_FALSE(fs::exists(frames + "/frame-000013.png"));
    EXPECT_EQ(pixels(frames + "/frame-000005.png"), capture(model, dir, "all", "1.25"));
}

}  // namespace

}  // namespace capture_layers_test
