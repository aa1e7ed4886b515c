// The import report (morph/ImportReport.h): the extensions a file uses (required? supported?),
// the textures that did not decode and why, what the importer repaired, and the other warnings,
// each line also in Scene::warnings exactly once.
#include <algorithm>
#include <filesystem>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/BadFixtures.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/ImageFixtures.h"
#include "fixtures/SkinFixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace import_report_test {

namespace {

using morph::ErrorCode;
using morph::ExtensionUse;
using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

morph::Scene load(const fixtures::Bytes& bytes, const std::string& name = "report.glb") {
    auto r = morph::importGltfMemory(bytes, name, "");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : morph::Scene{};
}

std::vector<std::string> allReportLines(const morph::ImportReport& report) {
    std::vector<std::string> lines = report.repairs;
    lines.insert(lines.end(), report.warnings.begin(), report.warnings.end());
    for (const morph::TextureIssue& t : report.textures) lines.push_back(t.message);
    return lines;
}

// Scene::warnings and the report hold the same lines (in any order), each once.
void expectSameLines(const morph::Scene& scene) {
    std::vector<std::string> a = scene.warnings, b = allReportLines(scene.report);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);
}

bool operator==(const ExtensionUse& a, const ExtensionUse& b) {
    return a.name == b.name && a.required == b.required && a.supported == b.supported;
}

TEST(ImportReport, ExtensionsAreListedWithRequiredAndSupported) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["extensionsUsed"] = {"KHR_texture_transform", "EXT_texture_webp", "EXT_future_thing",
                                  "KHR_texture_transform"};
    b.json()["extensionsRequired"] = {"EXT_texture_webp", "KHR_mesh_quantization"};
    const morph::Scene scene = load(b.glb());
    // extensionsUsed in file order without repeats, then a required one it forgot.
    const std::vector<ExtensionUse> expected = {{"KHR_texture_transform", false, true},
                                                {"EXT_texture_webp", true, true},
                                                {"EXT_future_thing", false, false},
                                                {"KHR_mesh_quantization", true, true}};
    ASSERT_EQ(scene.report.extensions.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_TRUE(scene.report.extensions[i] == expected[i]) << scene.report.extensions[i].name;
    }
    // An unsupported optional extension is ignored, listed, and worth a look.
    EXPECT_TRUE(scene.warnings.empty());
    EXPECT_EQ(scene.report.attentionCount(), 1u);
}

TEST(ImportReport, UnsupportedRequiredExtensionStillRefusesTheFile) {
    auto r = morph::importGltfMemory(fixtures::bad::unsupportedRequiredExtension(), "req.glb", "");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Unsupported);
    EXPECT_EQ(r.error().message,
              "req.glb: required extension EXT_imaginary_morphs is not supported");
}

TEST(ImportReport, NoExtensionsNoReport) {
    const morph::Scene scene = load(fixtures::triangleWithTwoTargets());
    EXPECT_TRUE(scene.report.extensions.empty());
    EXPECT_TRUE(scene.report.textures.empty());
    EXPECT_TRUE(scene.report.repairs.empty());
    EXPECT_TRUE(scene.report.warnings.empty());
    EXPECT_EQ(scene.report.attentionCount(), 0u);
}

TEST(ImportReport, AMalformedExtensionsUsedIsAWarningNotAnError) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["extensionsUsed"] = 5;
    morph::Scene scene = load(b.glb());
    EXPECT_TRUE(scene.report.extensions.empty());
    ASSERT_EQ(scene.report.warnings.size(), 1u);
    EXPECT_THAT(scene.report.warnings[0], HasSubstr("extensionsUsed is not an array"));
    b.json()["extensionsUsed"] = {"KHR_materials_unlit", 3};
    scene = load(b.glb());
    ASSERT_EQ(scene.report.extensions.size(), 1u);
    EXPECT_EQ(scene.report.extensions[0].name, "KHR_materials_unlit");
    ASSERT_EQ(scene.report.warnings.size(), 1u);
    EXPECT_THAT(scene.report.warnings[0], HasSubstr("extensionsUsed[1] is not a string"));
    expectSameLines(scene);
}

TEST(ImportReport, RepairsAreSortedFromOtherWarnings) {
    // Target names replaced by indices: a repair.
    morph::Scene names = load(fixtures::targetNamesWrongLength(), "names.glb");
    ASSERT_EQ(names.report.repairs.size(), 1u);
    EXPECT_THAT(names.report.repairs[0], StartsWith("names.glb: meshes[0].extras.targetNames"));
    EXPECT_TRUE(names.report.warnings.empty());
    expectSameLines(names);
    // Skin weights that do not sum to 1, normalized: a repair.
    morph::Scene arm = load(fixtures::skinnedArm(fixtures::SkinCase::QuantizedOverweight));
    ASSERT_EQ(arm.report.repairs.size(), 1u);
    EXPECT_THAT(arm.report.repairs[0], HasSubstr("do not sum to 1"));
    EXPECT_THAT(arm.report.repairs[0], HasSubstr("normalized"));
    expectSameLines(arm);
    // An attribute a target cannot morph, ignored: a plain warning.
    morph::Scene unknown = load(fixtures::targetWithUnknownAttribute());
    EXPECT_TRUE(unknown.report.repairs.empty());
    ASSERT_FALSE(unknown.report.warnings.empty());
    EXPECT_THAT(unknown.report.warnings[0], HasSubstr("not a morphable attribute"));
    expectSameLines(unknown);
}

TEST(ImportReport, PositionWithoutMinMaxIsOneRepairLine) {
    // glTF 2.0 3.7.2.1/3.7.2.2: POSITION (base and targets) MUST have min and max; we compute
    // bounds from the data, so the file loads, and the report says so once for the file.
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["accessors"][0].erase("min");  // the base POSITION
    b.json()["accessors"][3].erase("max");  // T1's POSITION
    const morph::Scene scene = load(b.glb());
    ASSERT_EQ(scene.report.repairs.size(), 1u);
    EXPECT_THAT(
        scene.report.repairs[0],
        StartsWith("report.glb: 2 POSITION accessor(s) have no min/max (e.g. accessors[0]"));
    expectSameLines(scene);
    EXPECT_EQ(scene.meshes[0].primitives[0].positions.size(), 3u);
}

TEST(ImportReport, EveryKindTogetherEachLineOnce) {
    morph::GltfBuilder b = fixtures::webpTextureBuilder(fixtures::WebpCase::CorruptWithFallback);
    b.json()["meshes"][0]["extras"]["targetNames"] = {"only"};
    b.json()["extensionsUsed"].push_back("EXT_future_thing");
    // A PNG no texture uses, which does not decode either.
    const uint8_t notPng[4] = {1, 2, 3, 4};
    b.json()["images"].push_back({{"bufferView", b.addBufferView(notPng, sizeof notPng)}});
    const morph::Scene scene = load(b.glb());
    ASSERT_EQ(scene.report.textures.size(), 2u);
    EXPECT_EQ(scene.report.textures[0].texture, 0);
    EXPECT_EQ(scene.report.textures[0].fallback, 0);
    EXPECT_EQ(scene.report.textures[1].texture, -1) << "no texture uses images[2]";
    EXPECT_EQ(scene.report.textures[1].image, 2);
    EXPECT_THAT(scene.report.textures[1].message, StartsWith("report.glb: images[2]: "));
    EXPECT_EQ(scene.report.repairs.size(), 1u);
    EXPECT_EQ(scene.warnings.size(), 3u);
    expectSameLines(scene);
    // Two texture issues, one repair, one unsupported extension.
    EXPECT_EQ(scene.report.attentionCount(), 4u);
}

TEST(ImportReport, AMissingImageFileIsReportedWithItsTexture) {
    const std::string dir = fixtures::scratchDir("ImportReport.MissingImage");
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["images"] = {{{"uri", "missing.png"}}};
    b.json()["textures"] = {{{"source", 0}}};
    const std::string path = dir + "/missing-image.gltf";
    ASSERT_TRUE(b.writeGltf(path, "missing-image.bin").ok());
    auto r = morph::importGltf(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->report.textures.size(), 1u);
    const morph::TextureIssue& issue = r->report.textures[0];
    EXPECT_EQ(issue.texture, 0);
    EXPECT_EQ(issue.image, 0);
    EXPECT_THAT(issue.reason, HasSubstr("cannot read"));
    EXPECT_THAT(issue.message, StartsWith(path + ": textures[0]: images[0].uri \"missing.png\""));
    EXPECT_EQ(r->warnings, std::vector<std::string>{issue.message});
}

TEST(ImportReport, ControlCharactersInExtensionNamesStayOneLine) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["extensionsUsed"] = {"EXT_bad\nname"};
    const morph::Scene scene = load(b.glb());
    ASSERT_EQ(scene.report.extensions.size(), 1u);
    EXPECT_EQ(scene.report.extensions[0].name, "EXT_bad\\x0aname");
}

}  // namespace

}  // namespace import_report_test
