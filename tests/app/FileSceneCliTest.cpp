// The file's own scene through the binary: `info --json` lists lights, cameras
// and scenes; `capture --scene N`, `--camera file:N` and `--lights`, and the same as "scene",
// "camera" and "lights" in a shots file (one path with capture); the viewer's `--scene N` under
// Xvfb. Fixtures are code-built GLBs (tests/fixtures/SceneFixtures.h) written to a scratch folder.
#include <fstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/SceneFixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"

namespace file_scene_cli_test {

namespace {

using testing::HasSubstr;

using fixtures::writeFixture;

morph::RgbaImage capture(const std::vector<std::string>& args, const std::string& out) {
    std::vector<std::string> all = {"capture"};
    all.insert(all.end(), args.begin(), args.end());
    all.insert(all.end(), {"--size", "96x96", "--out", out});
    return fixtures::runCapture(all, out);
}

TEST(FileSceneCliTest, InfoJsonListsLightsCamerasAndScenes) {
    const std::string dir = fixtures::caseScratchDir();
    const nlohmann::json l = fixtures::runJson(
        {"info", writeFixture(dir, "lights.glb", fixtures::lightsFixture()), "--json"});
    ASSERT_FALSE(l.is_discarded());
    ASSERT_EQ(l["lights"].size(), 3u);
    EXPECT_EQ(l["lights"][0]["type"], "point");
    EXPECT_FLOAT_EQ(l["lights"][0]["range"].get<float>(), 1.2f);
    EXPECT_EQ(l["lights"][0]["nodes"], nlohmann::json({1}));
    EXPECT_EQ(l["lights"][1]["type"], "spot");
    EXPECT_FLOAT_EQ(l["lights"][1]["outerConeAngle"].get<float>(), 0.4f);
    EXPECT_TRUE(l["lights"][2]["range"].is_null());
    EXPECT_EQ(l["nodes"][1]["light"], 0);
    // Fields added, none changed: the old ones are still there.
    EXPECT_TRUE(l.contains("roots") && l.contains("meshes") && l.contains("extensions"));

    const nlohmann::json c = fixtures::runJson(
        {"info", writeFixture(dir, "cameras.glb", fixtures::camerasFixture()), "--json"});
    ASSERT_FALSE(c.is_discarded());
    ASSERT_EQ(c["cameras"].size(), 2u);
    EXPECT_EQ(c["cameras"][0]["type"], "perspective");
    EXPECT_TRUE(c["cameras"][0]["zfar"].is_null());  // infinite
    EXPECT_EQ(c["cameras"][1]["type"], "orthographic");
    EXPECT_FLOAT_EQ(c["cameras"][1]["ymag"].get<float>(), 2.0f);
    EXPECT_EQ(c["cameras"][1]["nodes"], nlohmann::json({4}));

    const nlohmann::json t = fixtures::runJson(
        {"info", writeFixture(dir, "two.glb", fixtures::twoScenesFixture()), "--json"});
    ASSERT_FALSE(t.is_discarded());
    ASSERT_EQ(t["scenes"].size(), 2u);
    EXPECT_EQ(t["scenes"][0]["name"], "Red");
    EXPECT_EQ(t["scenes"][1]["default"], true);
    EXPECT_EQ(t["defaultScene"], 1);
    EXPECT_EQ(t["roots"], nlohmann::json({1}));
}

TEST(FileSceneCliTest, CaptureSceneChoosesWhatIsDrawn) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string two = writeFixture(dir, "two.glb", fixtures::twoScenesFixture());
    const morph::RgbaImage red = capture({two, "--scene", "0"}, dir + "/red.png");
    const morph::RgbaImage blue = capture({two, "--scene", "1"}, dir + "/blue.png");
    const morph::RgbaImage byDefault = capture({two}, dir + "/default.png");
    EXPECT_EQ(byDefault.pixels, blue.pixels);  // "scene": 1
    EXPECT_NE(red.pixels, blue.pixels);
    const auto bad =
        fixtures::runMorphview({"capture", two, "--scene", "2", "--out", dir + "/x.png"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_EQ(bad.err, "--scene 2: " + two + " has 2 scenes (0 to 1)\n");
    // A file without scenes has none to choose.
    morph::GltfBuilder builder = fixtures::floorBuilder();
    builder.json().erase("scenes");
    builder.json().erase("scene");
    const std::string flat = writeFixture(dir, "flat.glb", builder.glb());
    const auto none =
        fixtures::runMorphview({"capture", flat, "--scene", "0", "--out", dir + "/y.png"});
    EXPECT_EQ(none.exitCode, 2);
    EXPECT_EQ(none.err, "--scene 0: " + flat + " has no scenes\n");
}

TEST(FileSceneCliTest, CaptureFileCameraAndItsErrors) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string cameras = writeFixture(dir, "cameras.glb", fixtures::camerasFixture());
    const morph::RgbaImage perspective =
        capture({cameras, "--camera", "file:0"}, dir + "/file0.png");
    const morph::RgbaImage ortho = capture({cameras, "--camera", "file:1"}, dir + "/file1.png");
    const morph::RgbaImage front = capture({cameras, "--camera", "front"}, dir + "/front.png");
    EXPECT_NE(perspective.pixels, ortho.pixels);
    EXPECT_NE(perspective.pixels, front.pixels);
    const auto out =
        fixtures::runMorphview({"capture", cameras, "--camera", "file:2", "--out", dir + "/x.png"});
    EXPECT_EQ(out.exitCode, 2);
    EXPECT_EQ(out.err, "--camera: 'file:2': " + cameras + " has 2 cameras (file:0 to file:1)\n");
    const auto syntax = fixtures::runMorphview(
        {"capture", cameras, "--camera", "file:one", "--out", dir + "/x.png"});
    EXPECT_EQ(syntax.exitCode, 2);
    EXPECT_THAT(syntax.err, HasSubstr("N must be a camera index"));
    const auto lights =
        fixtures::runMorphview({"capture", cameras, "--lights", "sun", "--out", dir + "/x.png"});
    EXPECT_EQ(lights.exitCode, 2);
    EXPECT_THAT(lights.err, HasSubstr("'sun' is not auto, rig, file, both or none"));
}

TEST(FileSceneCliTest, ShotsFileSharesCapturesPath) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string cameras = writeFixture(dir, "cameras.glb", fixtures::camerasFixture());
    const std::string two = writeFixture(dir, "two.glb", fixtures::twoScenesFixture());
    const std::string lights = writeFixture(dir, "lights.glb", fixtures::lightsFixture());
    const morph::RgbaImage file1 = capture({cameras, "--camera", "file:1"}, dir + "/c1.png");
    const morph::RgbaImage red = capture({two, "--scene", "0"}, dir + "/red.png");
    const morph::RgbaImage rig =
        capture({lights, "--camera", "top", "--lights", "rig"}, dir + "/rig.png");
    const nlohmann::json shots = {
        {{"name", "c1"}, {"model", "cameras.glb"}, {"camera", "file:1"}, {"size", "96x96"}},
        {{"name", "red"}, {"model", "two.glb"}, {"scene", 0}, {"size", "96x96"}},
        {{"name", "rig"},
         {"model", "lights.glb"},
         {"camera", "top"},
         {"lights", "rig"},
         {"size", "96x96"}},
        {{"name", "missing"}, {"model", "two.glb"}, {"scene", 4}, {"size", "96x96"}},
    };
    // The missing scene fails its shot only.
    fixtures::expectOneShotFails(dir, shots.dump(), {},
                                 {"--scene 4: ", "two.glb has 2 scenes (0 to 1)"},
                                 {{"c1", file1}, {"red", red}, {"rig", rig}});
    fixtures::expectShotsFileRefused(
        dir, nlohmann::json({{{"name", "a"}, {"model", "two.glb"}, {"scene", "first"}}}).dump(),
        "[0].scene: not a scene index");
}

}  // namespace

}  // namespace file_scene_cli_test
