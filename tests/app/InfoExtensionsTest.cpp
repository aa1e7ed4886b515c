// `morphview info` and the import report: `--json` gains "extensions" (name, required,
// supported) beside every key it had, and the text summary lists them. Runs the built binary.
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/BadFixtures.h"
#include "fixtures/ImageFixtures.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace info_extensions_test {

namespace {

using nlohmann::json;

std::string write(const morph::GltfBuilder& b, const std::string& name) {
    const std::string path = fixtures::caseScratchDir() + "/" + name;
    EXPECT_TRUE(b.writeGlb(path).ok());
    return path;
}

json infoJson(const std::string& path, fixtures::RunOutcome* outcome = nullptr) {
    fixtures::RunOutcome run = fixtures::runMorphview({"info", "--json", path});
    if (outcome) *outcome = run;
    return fixtures::parseRunJson(run);
}

TEST(InfoExtensions, JsonListsEachExtensionWithRequiredAndSupported) {
    morph::GltfBuilder b = fixtures::webpTextureBuilder(fixtures::WebpCase::RequiredNoFallback);
    b.json()["extensionsUsed"] = {"EXT_texture_webp", "KHR_texture_transform", "EXT_future_thing"};
    const json doc = infoJson(write(b, "extensions.glb"));
    const json expected =
        json::array({{{"name", "EXT_texture_webp"}, {"required", true}, {"supported", true}},
                     {{"name", "KHR_texture_transform"}, {"required", false}, {"supported", true}},
                     {{"name", "EXT_future_thing"}, {"required", false}, {"supported", false}}});
    EXPECT_EQ(doc["extensions"], expected);
    // Every key info --json had before is still there (the contract), with its value.
    for (const char* key : {"file", "meshes", "nodes", "roots", "animations", "packing",
                            "materials", "textures", "images", "skins", "warnings"}) {
        EXPECT_TRUE(doc.contains(key)) << key;
    }
    EXPECT_EQ(doc["textures"], 1);
    EXPECT_EQ(doc["images"], 1);
    EXPECT_EQ(doc["warnings"], json::array());
    EXPECT_EQ(doc["meshes"].size(), 1u);
}

TEST(InfoExtensions, JsonListsTheMaterialsExtensions) {
    // Two materials: clearcoat + specular + iridescence, and clearcoat + an extension nobody
    // implements.
    morph::GltfBuilder b = fixtures::webpTextureBuilder(fixtures::WebpCase::RequiredNoFallback);
    b.json()["materials"] = {{{"extensions",
                               {{"KHR_materials_clearcoat", {{"clearcoatFactor", 1}}},
                                {"KHR_materials_specular", json::object()},
                                {"KHR_materials_iridescence", {{"iridescenceFactor", 1}}}}}},
                             {{"extensions",
                               {{"KHR_materials_clearcoat", json::object()},
                                {"EXT_materials_future", json::object()}}}}};
    const json doc = infoJson(write(b, "materials.glb"));
    const json expected = json::array({{{"name", "EXT_materials_future"}, {"materials", 1}},
                                       {{"name", "KHR_materials_clearcoat"}, {"materials", 2}},
                                       {{"name", "KHR_materials_iridescence"}, {"materials", 1}},
                                       {{"name", "KHR_materials_specular"}, {"materials", 1}}});
    EXPECT_EQ(doc["materialExtensions"], expected);
    EXPECT_EQ(doc["materials"], 2) << "the old key keeps its meaning: a count";
}

TEST(InfoExtensions, JsonCountsTransmissionAndVolume) {
    morph::GltfBuilder b = fixtures::webpTextureBuilder(fixtures::WebpCase::RequiredNoFallback);
    b.json()["materials"] = {
        {{"extensions",
          {{"KHR_materials_transmission", {{"transmissionFactor", 1}}},
           {"KHR_materials_volume", {{"thicknessFactor", 0.5}}}}}},
        {{"extensions", {{"KHR_materials_transmission", {{"transmissionFactor", 0.5}}}}}}};
    b.json()["extensionsUsed"] = {"EXT_texture_webp", "KHR_materials_transmission",
                                  "KHR_materials_volume"};
    const json doc = infoJson(write(b, "transmission.glb"));
    const json expected = json::array({{{"name", "KHR_materials_transmission"}, {"materials", 2}},
                                       {{"name", "KHR_materials_volume"}, {"materials", 1}}});
    EXPECT_EQ(doc["materialExtensions"], expected);
    EXPECT_EQ(doc["extensions"][1]["supported"], true);
    EXPECT_EQ(doc["extensions"][2]["supported"], true);
    EXPECT_EQ(doc["warnings"], json::array());
}

TEST(InfoExtensions, AFileWithoutExtensionsHasAnEmptyList) {
    const json doc = infoJson(fixtures::corpusPath("SimpleMorph/glTF/SimpleMorph.gltf"));
    EXPECT_EQ(doc["extensions"], json::array());
    EXPECT_EQ(doc["materialExtensions"], json::array());
}

TEST(InfoExtensions, AnUndecodableWebpIsAWarningAndTheFileOpens) {
    const std::string path = write(
        fixtures::webpTextureBuilder(fixtures::WebpCase::CorruptRequiredNoSource), "corrupt.glb");
    fixtures::RunOutcome run;
    const json doc = infoJson(path, &run);
    ASSERT_EQ(doc["warnings"].size(), 1u);
    EXPECT_NE(doc["warnings"][0].get<std::string>().find("textures[0]: images[0]"),
              std::string::npos);
    EXPECT_EQ(run.err, "warning: " + doc["warnings"][0].get<std::string>() + "\n");
    EXPECT_EQ(doc["extensions"][0]["supported"], true);
}

TEST(InfoExtensions, AnUnsupportedRequiredExtensionFailsWithOneLine) {
    const std::string path = fixtures::caseScratchDir() + "/required.glb";
    const fixtures::Bytes bytes = fixtures::bad::unsupportedRequiredExtension();
    ASSERT_TRUE(morph::writeFileAtomic(path, bytes.data(), bytes.size()).ok());
    const fixtures::RunOutcome run = fixtures::runMorphview({"info", "--json", path});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_EQ(run.err, path + ": required extension EXT_imaginary_morphs is not supported\n");
    EXPECT_TRUE(run.out.empty());
}

TEST(InfoExtensions, TextSummaryNamesThem) {
    morph::GltfBuilder b = fixtures::webpTextureBuilder(fixtures::WebpCase::UsedWithFallback);
    b.json()["extensionsUsed"].push_back("EXT_future_thing");
    const fixtures::RunOutcome run = fixtures::runMorphview({"info", write(b, "text.glb")});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("extensions: EXT_texture_webp EXT_future_thing (not supported)\n"),
              std::string::npos)
        << run.out;
}

}  // namespace

}  // namespace info_extensions_test
