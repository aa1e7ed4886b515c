// KHR_materials_variants through the binary: `info` and `info --json` list the
// variants (every earlier key kept), `capture --variant` by name or index and the shots file's
// "variant" draw the same pixels, `regress --variant` and a shot's own "variant", and an unknown
// variant is a one-line usage error naming the file and listing its variants. Fixture:
// tests/fixtures/VariantFixtures.h.
#include <fstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "fixtures/VariantFixtures.h"
#include "morph/image/ImageFile.h"

namespace variants_cli_test {

namespace {

using testing::HasSubstr;
using Json = nlohmann::json;

std::string writeVariants(const std::string& dir) {
    return fixtures::writeFixture(dir, "variants.glb", fixtures::variantsFixture());
}

morph::RgbaImage capture(const std::vector<std::string>& args, const std::string& out) {
    std::vector<std::string> all = {"capture"};
    all.insert(all.end(), args.begin(), args.end());
    all.insert(all.end(), {"--size", "96x96", "--environment", "rig", "--out", out});
    return fixtures::runCapture(all, out);
}

TEST(VariantsCliTest, InfoListsVariants) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    const auto json = fixtures::runMorphview({"info", model, "--json"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const Json j = Json::parse(json.out);
    ASSERT_EQ(j["variants"].size(), 2u);
    EXPECT_EQ(j["variants"][0],
              Json({{"index", 0}, {"name", "Red"}, {"displayName", "Red"}, {"primitives", 1}}));
    EXPECT_EQ(j["variants"][1]["displayName"], "Blue");
    EXPECT_EQ(j["meshes"][0]["primitives"][0]["variantMaterials"], Json({1, 2}));
    EXPECT_FALSE(j["meshes"][0]["primitives"][1].contains("variantMaterials"));
    EXPECT_EQ(j["meshes"][0]["primitives"][0]["material"], 0);  // the default, as before
    // Fields added, none changed: the old ones are still there.
    for (const char* key :
         {"file", "meshes", "nodes", "roots", "animations", "packing", "materials", "extensions",
          "lights", "cameras", "scenes", "defaultScene"}) {
        EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_EQ(j["extensions"][0],
              Json({{"name", "KHR_materials_variants"}, {"required", false}, {"supported", true}}));

    const auto text = fixtures::runMorphview({"info", model});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_THAT(text.out, HasSubstr("variant 0 \"Red\": 1 primitive(s) mapped\n"));
    EXPECT_THAT(text.out, HasSubstr("variant 1 \"Blue\": 1 primitive(s) mapped\n"));
}

TEST(VariantsCliTest, UnknownVariantIsAUsageErrorListingTheVariants) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    const auto run =
        fixtures::runMorphview({"capture", model, "--variant", "Gold", "--out", dir + "/x.png"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "--variant Gold: " + model +
                           " has no such variant; its variants: \"Red\", \"Blue\" (or an index 0 "
                           "to 1)\n");
    const auto index =
        fixtures::runMorphview({"capture", model, "--variant", "2", "--out", dir + "/x.png"});
    EXPECT_EQ(index.exitCode, 2);
    EXPECT_THAT(index.err, HasSubstr("--variant 2: " + model + " has no such variant"));
}

TEST(VariantsCliTest, CaptureVariantByNameIndexAndShotsFile) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    const morph::RgbaImage base = capture({model}, dir + "/base.png");
    const morph::RgbaImage red = capture({model, "--variant", "Red"}, dir + "/red.png");
    const morph::RgbaImage red0 = capture({model, "--variant", "0"}, dir + "/red0.png");
    const morph::RgbaImage blue = capture({model, "--variant", "Blue"}, dir + "/blue.png");
    ASSERT_FALSE(base.pixels.empty());
    EXPECT_NE(red.pixels, base.pixels);
    EXPECT_NE(blue.pixels, red.pixels);
    EXPECT_EQ(red0.pixels, red.pixels);

    const Json shots = {
        {{"name", "red"}, {"model", "variants.glb"}, {"variant", "Red"}, {"size", "96x96"}},
        {{"name", "blue"}, {"model", "variants.glb"}, {"variant", 1}, {"size", "96x96"}},
        {{"name", "base"}, {"model", "variants.glb"}, {"size", "96x96"}},
        {{"name", "gold"}, {"model", "variants.glb"}, {"variant", "Gold"}, {"size", "96x96"}},
    };
    // The unknown variant fails its shot only.
    fixtures::expectOneShotFails(dir, shots.dump(), {"--environment", "rig"},
                                 {"--variant Gold: ", "its variants: \"Red\", \"Blue\""},
                                 {{"red", red}, {"blue", blue}, {"base", base}});
    fixtures::expectShotsFileRefused(
        dir, Json({{{"name", "a"}, {"model", "variants.glb"}, {"variant", 1.5}}}).dump(),
        "[0].variant: not a variant name or index");
}

TEST(VariantsCliTest, RegressVariantDefaultAndPerShot) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = writeVariants(dir);
    const morph::RgbaImage red = capture({model, "--variant", "Red"}, dir + "/red.png");
    const morph::RgbaImage blue = capture({model, "--variant", "Blue"}, dir + "/blue.png");
    const Json shots = {
        {{"name", "cli"}, {"model", "variants.glb"}, {"size", "96x96"}},
        {{"name", "own"}, {"model", "variants.glb"}, {"variant", "Blue"}, {"size", "96x96"}},
    };
    std::ofstream(dir + "/shots.json") << shots.dump();
    const auto update = fixtures::runMorphview({"regress", dir + "/shots.json", "--references",
                                                dir + "/refs", "--out", dir + "/out", "--update",
                                                "--variant", "Red", "--environment", "rig"});
    ASSERT_EQ(update.exitCode, 0) << update.err;
    EXPECT_EQ(morph::readImageFile(dir + "/out/cli.png")->pixels, red.pixels);
    EXPECT_EQ(morph::readImageFile(dir + "/out/own.png")->pixels, blue.pixels);
    // Against those references, the default materials differ for the shot without its own.
    const auto plain =
        fixtures::runMorphview({"regress", dir + "/shots.json", "--references", dir + "/refs",
                                "--out", dir + "/out2", "--environment", "rig"});
    EXPECT_EQ(plain.exitCode, 1) << plain.err;
}

}  // namespace

}  // namespace variants_cli_test
