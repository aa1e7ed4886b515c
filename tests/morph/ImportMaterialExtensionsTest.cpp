// Import of KHR_materials_emissive_strength, KHR_materials_ior, KHR_materials_specular,
// KHR_materials_clearcoat, _sheen, _iridescence, _transmission and _volume
// (morph/gltf/GltfMaterialExtensions.cpp): values, the extensions' defaults, and the repairs
// (negative, non-finite, out of range, wrong type, a missing texture) that keep a file loading with
// a line in its import report.
#include <algorithm>
#include <cmath>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/Fixtures.h"
#include "morph/gltf/GltfImport.h"

namespace import_material_extensions_test {

namespace {

using nlohmann::json;
using testing::HasSubstr;

// The triangle fixture with one image-less texture and `material` as materials[0].
morph::GltfBuilder withMaterial(const json& material) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    json& j = b.json();
    j["textures"] = {json::object(), json::object()};
    j["materials"] = {material};
    j["meshes"][0]["primitives"][0]["material"] = 0;
    return b;
}

morph::Scene load(const morph::GltfBuilder& b) {
    auto r = morph::importGltfMemory(b.glb(), "mat.glb", "", {});
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : morph::Scene{};
}

json extensions(const json& e) {
    return {{"extensions", e}};
}

bool anyLine(const std::vector<std::string>& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

TEST(ImportMaterialExtensions, DefaultsWithoutTheExtensions) {
    const morph::Material m = load(withMaterial(json::object())).materials.at(0);
    EXPECT_EQ(m.ior, 1.5f);
    EXPECT_EQ(m.emissiveStrength, 1.0f);
    EXPECT_FALSE(m.specular.present);
    EXPECT_FALSE(m.clearcoat.present);
    EXPECT_TRUE(m.extensions.empty());
}

TEST(ImportMaterialExtensions, DefaultsOfEmptyExtensionObjects) {
    const morph::Scene scene =
        load(withMaterial(extensions({{"KHR_materials_ior", json::object()},
                                      {"KHR_materials_specular", json::object()},
                                      {"KHR_materials_clearcoat", json::object()},
                                      {"KHR_materials_emissive_strength", json::object()}})));
    const morph::Material& m = scene.materials.at(0);
    EXPECT_EQ(m.ior, 1.5f);
    EXPECT_EQ(m.emissiveStrength, 1.0f);
    EXPECT_TRUE(m.specular.present);
    EXPECT_EQ(m.specular.factor, 1.0f);
    EXPECT_EQ(m.specular.colorFactor, glm::vec3(1.0f));
    EXPECT_EQ(m.specular.texture.texture, -1);
    EXPECT_EQ(m.specular.colorTexture.texture, -1);
    EXPECT_TRUE(m.clearcoat.present);
    EXPECT_EQ(m.clearcoat.factor, 0.0f);
    EXPECT_EQ(m.clearcoat.roughnessFactor, 0.0f);
    EXPECT_EQ(m.clearcoat.normalTexture.texture, -1);
    EXPECT_THAT(m.extensions, testing::UnorderedElementsAre(
                                  "KHR_materials_ior", "KHR_materials_specular",
                                  "KHR_materials_clearcoat", "KHR_materials_emissive_strength"));
    EXPECT_TRUE(scene.report.repairs.empty());
    EXPECT_TRUE(scene.report.warnings.empty());
}

TEST(ImportMaterialExtensions, ValuesAndTexturesWithTransforms) {
    const json transform = {
        {"KHR_texture_transform", {{"offset", {0.5, 0}}, {"scale", {2, 2}}, {"texCoord", 1}}}};
    const morph::Scene scene = load(
        withMaterial({{"emissiveFactor", {1, 0.5, 0.25}},
                      {"extensions",
                       {{"KHR_materials_emissive_strength", {{"emissiveStrength", 8}}},
                        {"KHR_materials_ior", {{"ior", 2.25}}},
                        {"KHR_materials_specular",
                         {{"specularFactor", 0.25},
                          {"specularTexture", {{"index", 0}, {"texCoord", 1}}},
                          {"specularColorFactor", {2, 0.5, 0}},
                          {"specularColorTexture", {{"index", 1}, {"extensions", transform}}}}},
                        {"KHR_materials_clearcoat",
                         {{"clearcoatFactor", 0.75},
                          {"clearcoatTexture", {{"index", 1}}},
                          {"clearcoatRoughnessFactor", 0.125},
                          {"clearcoatRoughnessTexture", {{"index", 0}}},
                          {"clearcoatNormalTexture", {{"index", 1}, {"scale", 0.5}}}}}}}}));
    const morph::Material& m = scene.materials.at(0);
    EXPECT_EQ(m.emissiveStrength, 8.0f);
    EXPECT_EQ(m.emissiveFactor, glm::vec3(8.0f, 4.0f, 2.0f)) << "the strength multiplies";
    EXPECT_EQ(m.ior, 2.25f);
    EXPECT_EQ(m.specular.factor, 0.25f);
    EXPECT_EQ(m.specular.texture.texture, 0);
    EXPECT_EQ(m.specular.texture.texCoord, 1);
    EXPECT_EQ(m.specular.colorFactor, glm::vec3(2.0f, 0.5f, 0.0f)) << "above 1 is allowed";
    EXPECT_EQ(m.specular.colorTexture.texture, 1);
    EXPECT_TRUE(m.specular.colorTexture.transform.present);
    EXPECT_EQ(m.specular.colorTexture.transform.offset, glm::vec2(0.5f, 0.0f));
    EXPECT_EQ(m.specular.colorTexture.transform.scale, glm::vec2(2.0f));
    EXPECT_EQ(m.specular.colorTexture.transform.texCoord, 1);
    EXPECT_EQ(m.clearcoat.factor, 0.75f);
    EXPECT_EQ(m.clearcoat.texture.texture, 1);
    EXPECT_EQ(m.clearcoat.roughnessFactor, 0.125f);
    EXPECT_EQ(m.clearcoat.roughnessTexture.texture, 0);
    EXPECT_EQ(m.clearcoat.normalTexture.texture, 1);
    EXPECT_EQ(m.clearcoat.normalTexture.scale, 0.5f);
    EXPECT_TRUE(scene.report.repairs.empty());
}

TEST(ImportMaterialExtensions, OutOfRangeValuesAreClampedWithARepair) {
    const morph::Scene scene =
        load(withMaterial({{"emissiveFactor", {1, 1, 1}},
                           {"extensions",
                            {{"KHR_materials_emissive_strength", {{"emissiveStrength", -3}}},
                             {"KHR_materials_ior", {{"ior", 0.5}}},
                             {"KHR_materials_specular",
                              {{"specularFactor", 1.5}, {"specularColorFactor", {-1, 0.5, 3}}}},
                             {"KHR_materials_clearcoat",
                              {{"clearcoatFactor", -0.5}, {"clearcoatRoughnessFactor", 7}}}}}}));
    const morph::Material& m = scene.materials.at(0);
    EXPECT_EQ(m.emissiveStrength, 0.0f);
    EXPECT_EQ(m.emissiveFactor, glm::vec3(0.0f));
    EXPECT_EQ(m.ior, 1.0f) << "(0, 1) is no index of refraction; 1 is the nearest valid";
    EXPECT_EQ(m.specular.factor, 1.0f);
    EXPECT_EQ(m.specular.colorFactor, glm::vec3(0.0f, 0.5f, 3.0f));
    EXPECT_EQ(m.clearcoat.factor, 0.0f);
    EXPECT_EQ(m.clearcoat.roughnessFactor, 1.0f);
    const auto& repairs = scene.report.repairs;
    EXPECT_EQ(repairs.size(), 6u);
    EXPECT_TRUE(anyLine(repairs, "materials[0].extensions.KHR_materials_ior.ior"));
    EXPECT_TRUE(anyLine(repairs, "KHR_materials_specular.specularFactor"));
    EXPECT_TRUE(anyLine(repairs, "KHR_materials_specular.specularColorFactor[0]"));
    EXPECT_TRUE(anyLine(repairs, "KHR_materials_clearcoat.clearcoatFactor"));
    EXPECT_TRUE(anyLine(repairs, "KHR_materials_clearcoat.clearcoatRoughnessFactor"));
    EXPECT_TRUE(anyLine(repairs, "KHR_materials_emissive_strength.emissiveStrength"));
    for (const std::string& line : repairs) EXPECT_THAT(line, testing::StartsWith("mat.glb: "));
}

TEST(ImportMaterialExtensions, IorZeroIsKept) {
    // The extension allows exactly 0 (no dielectric reflection) as well as >= 1.
    const morph::Scene scene =
        load(withMaterial(extensions({{"KHR_materials_ior", {{"ior", 0}}}})));
    EXPECT_EQ(scene.materials.at(0).ior, 0.0f);
    EXPECT_TRUE(scene.report.repairs.empty());
}

TEST(ImportMaterialExtensions, WrongTypesAndHugeNumbersTakeTheDefault) {
    // A string is no number, null (what a writer makes of NaN) neither, 1e300 is no float:
    // none of them refuses the file.
    auto b = withMaterial(
        extensions({{"KHR_materials_ior", {{"ior", "glass"}}},
                    {"KHR_materials_specular", {{"specularColorFactor", {1, 2}}}},
                    {"KHR_materials_clearcoat",
                     {{"clearcoatFactor", 1e300}, {"clearcoatRoughnessFactor", nullptr}}},
                    {"KHR_materials_emissive_strength", 5}}));
    const morph::Scene scene = load(b);
    const morph::Material& m = scene.materials.at(0);
    EXPECT_EQ(m.ior, 1.5f);
    EXPECT_EQ(m.specular.colorFactor, glm::vec3(1.0f));
    EXPECT_EQ(m.clearcoat.factor, 1.0f);
    EXPECT_EQ(m.clearcoat.roughnessFactor, 0.0f);
    EXPECT_EQ(m.emissiveStrength, 1.0f);
    EXPECT_TRUE(anyLine(scene.report.repairs, "KHR_materials_ior.ior is not a finite number"));
    EXPECT_TRUE(anyLine(scene.report.repairs, "specularColorFactor is not an array of 3"));
    EXPECT_TRUE(anyLine(scene.report.repairs, "clearcoatFactor = "));
    EXPECT_TRUE(anyLine(scene.report.repairs, "clearcoatRoughnessFactor is not a finite number"));
    EXPECT_TRUE(anyLine(scene.report.warnings, "KHR_materials_emissive_strength is not an object"));
}

TEST(ImportMaterialExtensions, ABadTextureIndexIsIgnoredWithAWarning) {
    const morph::Scene scene = load(withMaterial(
        extensions({{"KHR_materials_specular", {{"specularTexture", {{"index", 9}}}}},
                    {"KHR_materials_clearcoat",
                     {{"clearcoatFactor", 1},
                      {"clearcoatNormalTexture", {{"index", -1}}},
                      {"clearcoatTexture", {{"index", "zero"}}},
                      {"clearcoatRoughnessTexture",
                       {{"index", 0},
                        {"extensions", {{"KHR_texture_transform", {{"rotation", "left"}}}}}}}}}})));
    const morph::Material& m = scene.materials.at(0);
    EXPECT_EQ(m.specular.texture.texture, -1);
    EXPECT_EQ(m.clearcoat.normalTexture.texture, -1);
    EXPECT_EQ(m.clearcoat.texture.texture, -1);
    EXPECT_EQ(m.clearcoat.factor, 1.0f) << "the rest of the extension is kept";
    EXPECT_EQ(m.clearcoat.roughnessTexture.texture, 0) << "a bad transform drops the transform";
    EXPECT_FALSE(m.clearcoat.roughnessTexture.transform.present);
    const auto& w = scene.report.warnings;
    EXPECT_TRUE(anyLine(w, "KHR_materials_specular.specularTexture.index is not one of textures"));
    EXPECT_TRUE(anyLine(w, "clearcoatNormalTexture.index is not one of textures (2)"));
    EXPECT_TRUE(anyLine(w, "clearcoatTexture.index"));
    EXPECT_TRUE(anyLine(w, "rotation is not a number; the transform is ignored"));
}

TEST(ImportMaterialExtensions, Sheen) {
    const morph::Scene defaults =
        load(withMaterial(extensions({{"KHR_materials_sheen", json::object()}})));
    const morph::MaterialSheen& d = defaults.materials.at(0).sheen;
    EXPECT_TRUE(d.present);
    EXPECT_EQ(d.colorFactor, glm::vec3(0.0f)) << "the extension's default: no sheen";
    EXPECT_EQ(d.roughnessFactor, 0.0f);
    EXPECT_FALSE(morph::Material{}.sheen.present);
    const morph::Scene scene =
        load(withMaterial(extensions({{"KHR_materials_sheen",
                                       {{"sheenColorFactor", {0.5, 2, -1}},
                                        {"sheenColorTexture", {{"index", 1}, {"texCoord", 1}}},
                                        {"sheenRoughnessFactor", 0.75},
                                        {"sheenRoughnessTexture", {{"index", 5}}}}}})));
    const morph::MaterialSheen& s = scene.materials.at(0).sheen;
    EXPECT_EQ(s.colorFactor, glm::vec3(0.5f, 1.0f, 0.0f)) << "clamped into [0, 1]";
    EXPECT_EQ(s.colorTexture.texture, 1);
    EXPECT_EQ(s.colorTexture.texCoord, 1);
    EXPECT_EQ(s.roughnessFactor, 0.75f);
    EXPECT_EQ(s.roughnessTexture.texture, -1);
    EXPECT_EQ(scene.report.repairs.size(), 2u);
    EXPECT_TRUE(anyLine(scene.report.repairs, "sheenColorFactor[1] = 2.000000 is above 1"));
    EXPECT_TRUE(anyLine(scene.report.repairs, "sheenColorFactor[2]"));
    EXPECT_TRUE(anyLine(scene.report.warnings, "sheenRoughnessTexture.index is not one of"));
}

TEST(ImportMaterialExtensions, IridescenceDefaults) {
    EXPECT_FALSE(morph::Material{}.iridescence.present);
    const morph::Scene scene =
        load(withMaterial(extensions({{"KHR_materials_iridescence", json::object()}})));
    const morph::MaterialIridescence& i = scene.materials.at(0).iridescence;
    EXPECT_TRUE(i.present);
    EXPECT_EQ(i.factor, 0.0f) << "the extension's default: no film";
    EXPECT_EQ(i.ior, 1.3f);
    EXPECT_EQ(i.thicknessMinimum, 100.0f);
    EXPECT_EQ(i.thicknessMaximum, 400.0f);
    EXPECT_EQ(i.texture.texture, -1);
    EXPECT_EQ(i.thicknessTexture.texture, -1);
    EXPECT_TRUE(scene.report.repairs.empty());
    EXPECT_TRUE(scene.report.warnings.empty());
}

TEST(ImportMaterialExtensions, TransmissionAndVolumeDefaults) {
    EXPECT_FALSE(morph::Material{}.transmission.present);
    EXPECT_FALSE(morph::Material{}.volume.present);
    const morph::Scene scene =
        load(withMaterial(extensions({{"KHR_materials_transmission", json::object()},
                                      {"KHR_materials_volume", json::object()}})));
    const morph::Material& m = scene.materials.at(0);
    EXPECT_TRUE(m.transmission.present);
    EXPECT_EQ(m.transmission.factor, 0.0f) << "the extension's default: nothing through";
    EXPECT_EQ(m.transmission.texture.texture, -1);
    EXPECT_TRUE(m.volume.present);
    EXPECT_EQ(m.volume.thicknessFactor, 0.0f) << "thin-walled";
    EXPECT_EQ(m.volume.thicknessTexture.texture, -1);
    EXPECT_TRUE(std::isinf(m.volume.attenuationDistance)) << "no attenuation";
    EXPECT_EQ(m.volume.attenuationColor, glm::vec3(1.0f));
    EXPECT_TRUE(scene.report.repairs.empty());
    EXPECT_TRUE(scene.report.warnings.empty());
}

TEST(ImportMaterialExtensions, IridescenceValuesAndTextures) {
    const json transform = {{"KHR_texture_transform", {{"offset", {0.25, 0}}, {"texCoord", 1}}}};
    const morph::Scene scene = load(withMaterial(extensions(
        {{"KHR_materials_iridescence",
          {{"iridescenceFactor", 0.75},
           {"iridescenceTexture", {{"index", 1}, {"texCoord", 1}}},
           {"iridescenceIor", 1.8},
           // The extension: the minimum MAY be above the maximum; kept as given.
           {"iridescenceThicknessMinimum", 800},
           {"iridescenceThicknessMaximum", 200},
           {"iridescenceThicknessTexture", {{"index", 0}, {"extensions", transform}}}}}})));
    const morph::MaterialIridescence& i = scene.materials.at(0).iridescence;
    EXPECT_EQ(i.factor, 0.75f);
    EXPECT_EQ(i.texture.texture, 1);
    EXPECT_EQ(i.texture.texCoord, 1);
    EXPECT_EQ(i.ior, 1.8f);
    EXPECT_EQ(i.thicknessMinimum, 800.0f);
    EXPECT_EQ(i.thicknessMaximum, 200.0f);
    EXPECT_EQ(i.thicknessTexture.texture, 0);
    EXPECT_TRUE(i.thicknessTexture.transform.present);
    EXPECT_EQ(i.thicknessTexture.transform.offset, glm::vec2(0.25f, 0.0f));
    EXPECT_EQ(i.thicknessTexture.transform.texCoord, 1);
    EXPECT_TRUE(scene.report.repairs.empty());
    EXPECT_TRUE(scene.report.warnings.empty());
}

TEST(ImportMaterialExtensions, TransmissionAndVolumeValuesAndTextures) {
    const json transform = {{"KHR_texture_transform", {{"scale", {4, 2}}, {"texCoord", 1}}}};
    const morph::Scene scene = load(withMaterial(extensions(
        {{"KHR_materials_transmission",
          {{"transmissionFactor", 0.75}, {"transmissionTexture", {{"index", 1}, {"texCoord", 1}}}}},
         {"KHR_materials_volume",
          {{"thicknessFactor", 2.5},
           {"thicknessTexture", {{"index", 0}, {"extensions", transform}}},
           {"attenuationDistance", 0.125},
           {"attenuationColor", {1, 0.5, 0.25}}}}})));
    const morph::Material& m = scene.materials.at(0);
    EXPECT_EQ(m.transmission.factor, 0.75f);
    EXPECT_EQ(m.transmission.texture.texture, 1);
    EXPECT_EQ(m.transmission.texture.texCoord, 1);
    EXPECT_EQ(m.volume.thicknessFactor, 2.5f) << "thickness has no upper bound";
    EXPECT_EQ(m.volume.thicknessTexture.texture, 0);
    EXPECT_TRUE(m.volume.thicknessTexture.transform.present);
    EXPECT_EQ(m.volume.thicknessTexture.transform.scale, glm::vec2(4.0f, 2.0f));
    EXPECT_EQ(m.volume.thicknessTexture.transform.texCoord, 1);
    EXPECT_EQ(m.volume.attenuationDistance, 0.125f);
    EXPECT_EQ(m.volume.attenuationColor, glm::vec3(1.0f, 0.5f, 0.25f));
    EXPECT_TRUE(scene.report.repairs.empty());
    EXPECT_TRUE(scene.report.warnings.empty());
}

TEST(ImportMaterialExtensions, IridescenceRepairs) {
    // Out of the schema's ranges: clamped; not a number: the default; a missing texture: none.
    // Each a line naming the file and the material, and the file still opens.
    const morph::Scene scene =
        load(withMaterial(extensions({{"KHR_materials_iridescence",
                                       {{"iridescenceFactor", 1.5},
                                        {"iridescenceIor", 0.5},
                                        {"iridescenceThicknessMinimum", -10},
                                        {"iridescenceThicknessMaximum", "thick"},
                                        {"iridescenceTexture", {{"index", 7}}}}}})));
    const morph::MaterialIridescence& i = scene.materials.at(0).iridescence;
    EXPECT_EQ(i.factor, 1.0f);
    EXPECT_EQ(i.ior, 1.0f) << "the film's index is at least 1";
    EXPECT_EQ(i.thicknessMinimum, 0.0f);
    EXPECT_EQ(i.thicknessMaximum, 400.0f);
    EXPECT_EQ(i.texture.texture, -1);
    const auto& repairs = scene.report.repairs;
    EXPECT_EQ(repairs.size(), 4u);
    const std::string w = "materials[0].extensions.KHR_materials_iridescence.";
    EXPECT_TRUE(anyLine(repairs, w + "iridescenceFactor = 1.500000 is outside [0.000000, 1"));
    EXPECT_TRUE(anyLine(repairs, w + "iridescenceIor = 0.500000 is outside [1.000000"));
    EXPECT_TRUE(anyLine(repairs, w + "iridescenceThicknessMinimum = -10.000000"));
    EXPECT_TRUE(anyLine(repairs, w + "iridescenceThicknessMaximum is not a finite number"));
    for (const std::string& line : repairs) EXPECT_THAT(line, testing::StartsWith("mat.glb: "));
    ASSERT_EQ(scene.report.warnings.size(), 1u);
    EXPECT_THAT(scene.report.warnings[0],
                HasSubstr(w + "iridescenceTexture.index is not one of textures (2)"));
}

TEST(ImportMaterialExtensions, TransmissionAndVolumeRepairs) {
    const morph::Scene scene = load(withMaterial(
        extensions({{"KHR_materials_transmission",
                     {{"transmissionFactor", 1.5}, {"transmissionTexture", {{"index", 7}}}}},
                    {"KHR_materials_volume",
                     {{"thicknessFactor", -1},
                      {"attenuationDistance", 0},
                      {"attenuationColor", {2, -0.5, 0.5}}}}})));
    const morph::Material& m = scene.materials.at(0);
    EXPECT_EQ(m.transmission.factor, 1.0f);
    EXPECT_EQ(m.transmission.texture.texture, -1);
    EXPECT_EQ(m.volume.thicknessFactor, 0.0f);
    EXPECT_TRUE(std::isinf(m.volume.attenuationDistance)) << "0 is no distance: none";
    EXPECT_EQ(m.volume.attenuationColor, glm::vec3(1.0f, 0.0f, 0.5f));
    const auto& repairs = scene.report.repairs;
    EXPECT_EQ(repairs.size(), 5u);
    EXPECT_TRUE(anyLine(repairs,
                        "materials[0].extensions.KHR_materials_transmission."
                        "transmissionFactor = 1.500000 is outside [0.000000, 1.000000]"));
    EXPECT_TRUE(anyLine(repairs, "KHR_materials_volume.thicknessFactor = -1"));
    EXPECT_TRUE(
        anyLine(repairs, "KHR_materials_volume.attenuationDistance is not a number above 0"));
    EXPECT_TRUE(anyLine(repairs, "attenuationColor[0] = 2.000000 is above 1; clamped to 1"));
    EXPECT_TRUE(anyLine(repairs, "attenuationColor[1]"));
    for (const std::string& line : repairs) EXPECT_THAT(line, testing::StartsWith("mat.glb: "));
    EXPECT_TRUE(anyLine(scene.report.warnings, "transmissionTexture.index is not one of textures"));
    // A string is no distance either, and the file still opens.
    const morph::Scene typed = load(
        withMaterial(extensions({{"KHR_materials_volume", {{"attenuationDistance", "far"}}}})));
    EXPECT_TRUE(std::isinf(typed.materials.at(0).volume.attenuationDistance));
    EXPECT_EQ(typed.report.repairs.size(), 1u);
}

TEST(ImportMaterialExtensions, SupportedInTheReport) {
    auto b = withMaterial(extensions({{"KHR_materials_clearcoat", json::object()}}));
    b.json()["extensionsUsed"] = {"KHR_materials_ior",          "KHR_materials_specular",
                                  "KHR_materials_clearcoat",    "KHR_materials_iridescence",
                                  "KHR_materials_transmission", "KHR_materials_volume",
                                  "KHR_materials_anisotropy"};
    const morph::Scene scene = load(b);
    ASSERT_EQ(scene.report.extensions.size(), 7u);
    for (size_t i = 0; i < 6; ++i) {
        EXPECT_TRUE(scene.report.extensions[i].supported) << scene.report.extensions[i].name;
    }
    EXPECT_FALSE(scene.report.extensions[6].supported) << "anisotropy is not implemented yet";
}

}  // namespace

}  // namespace import_material_extensions_test
