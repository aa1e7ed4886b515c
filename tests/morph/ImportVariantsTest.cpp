// KHR_materials_variants on import: the root's variant names and each
// primitive's mappings, materialFor and findVariant, every kind of bad data repaired or ignored
// with a warning naming the field, and clip export keeping the extension. Fixtures:
// tests/fixtures/VariantFixtures.h.
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ImportOrFail.h"
#include "fixtures/TestPaths.h"
#include "fixtures/VariantFixtures.h"
#include "morph/edit/ClipExport.h"
#include "morph/edit/UserClip.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace import_variants_test {

namespace {

using testing::ElementsAre;
using testing::HasSubstr;
using testing::Not;
using Json = nlohmann::json;

morph::Scene load(const std::vector<uint8_t>& bytes) {
    return morphtest::importOrFail(bytes, "variants.glb");
}

std::string lines(const morph::Scene& scene) {
    return morphtest::warningLines(scene);
}

const morph::Primitive& mapped(const morph::Scene& s) {
    return s.meshes.at(0).primitives.at(0);
}
const morph::Primitive& unmapped(const morph::Scene& s) {
    return s.meshes.at(0).primitives.at(1);
}

TEST(ImportVariantsTest, NamesAndMappings) {
    const morph::Scene s = load(fixtures::variantsFixture());
    ASSERT_EQ(s.variants.size(), 2u);
    EXPECT_EQ(s.variants[0].name, "Red");
    EXPECT_EQ(s.variants[0].displayName, "Red");
    EXPECT_EQ(s.variants[1].displayName, "Blue");
    EXPECT_THAT(mapped(s).variantMaterials, ElementsAre(1, 2));
    EXPECT_TRUE(unmapped(s).variantMaterials.empty());
    EXPECT_EQ(mapped(s).material, 0);  // the default stays the file's
    EXPECT_TRUE(s.warnings.empty()) << lines(s);
    ASSERT_EQ(s.report.extensions.size(), 1u);
    EXPECT_EQ(s.report.extensions[0].name, "KHR_materials_variants");
    EXPECT_TRUE(s.report.extensions[0].supported);
}

TEST(ImportVariantsTest, MaterialForEachVariant) {
    const morph::Scene s = load(fixtures::variantsFixture());
    EXPECT_EQ(morph::materialFor(mapped(s), -1), 0);  // the file's default materials
    EXPECT_EQ(morph::materialFor(mapped(s), 0), 1);   // Red
    EXPECT_EQ(morph::materialFor(mapped(s), 1), 2);   // Blue
    EXPECT_EQ(morph::materialFor(mapped(s), 7), 0);   // out of range: the default
    for (int v : {-1, 0, 1}) EXPECT_EQ(morph::materialFor(unmapped(s), v), 3);
}

TEST(ImportVariantsTest, FindVariantByNameIndexOrDefault) {
    const morph::Scene s = load(fixtures::variantsFixture());
    EXPECT_EQ(morph::findVariant(s, "Blue").value(), 1);
    EXPECT_EQ(morph::findVariant(s, "0").value(), 0);
    EXPECT_EQ(morph::findVariant(s, "").value(), -1);
    EXPECT_EQ(morph::findVariant(s, "default").value(), -1);
    const auto unknown = morph::findVariant(s, "Gold");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(unknown.error().message,
              "--variant Gold: variants.glb has no such variant; its variants: \"Red\", \"Blue\" "
              "(or an index 0 to 1)");
    EXPECT_FALSE(morph::findVariant(s, "2").ok());
    const morph::Scene none = load(fixtures::variantsFixture(nullptr, nullptr));
    EXPECT_TRUE(none.variants.empty());
    EXPECT_THAT(morph::findVariant(none, "Red").error().message,
                HasSubstr("variants.glb has no material variants"));
}

TEST(ImportVariantsTest, NamelessAndDuplicateNamesGetDisplayNames) {
    const morph::Scene s = load(fixtures::variantsFixture(
        {{{"name", "Paint"}}, Json::object(), {{"name", "Paint"}}, {{"name", ""}}, 42},
        {{{"material", 1}, {"variants", {0, 1, 2, 3, 4}}}}));
    ASSERT_EQ(s.variants.size(), 5u);
    EXPECT_EQ(s.variants[0].displayName, "Paint");
    EXPECT_EQ(s.variants[1].displayName, "Variant 1");
    EXPECT_EQ(s.variants[2].name, "Paint");
    EXPECT_EQ(s.variants[2].displayName, "Paint (Variant 2)");
    EXPECT_EQ(s.variants[3].displayName, "Variant 3");
    EXPECT_EQ(s.variants[4].displayName, "Variant 4");
    const std::string w = lines(s);
    EXPECT_THAT(w, HasSubstr("variants[1] has no name; shown as \"Variant 1\""));
    EXPECT_THAT(w, HasSubstr("variants[2].name \"Paint\" repeats an earlier variant's; shown as "
                             "\"Paint (Variant 2)\""));
    EXPECT_THAT(w, HasSubstr("variants[4] is not an object"));
    EXPECT_EQ(s.report.repairs.size(), 4u);  // variants 1 to 4 renamed
    EXPECT_THAT(mapped(s).variantMaterials, ElementsAre(1, 1, 1, 1, 1));
    EXPECT_EQ(morph::findVariant(s, "Paint (Variant 2)").value(), 2);
    EXPECT_EQ(morph::findVariant(s, "Paint").value(), 0);  // the display name first
}

TEST(ImportVariantsTest, VariantIndexOutOfRangeIsIgnored) {
    const morph::Scene s = load(fixtures::variantsFixture(
        {{{"name", "Red"}}, {{"name", "Blue"}}},
        {{{"material", 1}, {"variants", {0, 5, -1, "x"}}}, {{"material", 2}, {"variants", {1}}}}));
    EXPECT_THAT(mapped(s).variantMaterials, ElementsAre(1, 2));
    const std::string w = lines(s);
    EXPECT_THAT(w, HasSubstr("meshes[0].primitives[0].extensions.KHR_materials_variants."
                             "mappings[0].variants[1] = 5 is not in KHR_materials_variants."
                             "variants (2); ignored"));
    EXPECT_THAT(w, HasSubstr("mappings[0].variants[2] = -1 is not in"));
    EXPECT_THAT(w, HasSubstr("mappings[0].variants[3] is not a variant index; ignored"));
}

TEST(ImportVariantsTest, MaterialOutOfRangeDropsTheMapping) {
    const morph::Scene s = load(fixtures::variantsFixture({{{"name", "Red"}}, {{"name", "Blue"}}},
                                                          {{{"material", 9}, {"variants", {0}}},
                                                           {{"variants", {1}}},
                                                           {{"material", 2}, {"variants", {1}}}}));
    // Red falls back to the default material; Blue is mapped by the third mapping.
    EXPECT_THAT(mapped(s).variantMaterials, ElementsAre(-1, 2));
    EXPECT_EQ(morph::materialFor(mapped(s), 0), 0);
    const std::string w = lines(s);
    EXPECT_THAT(w, HasSubstr("mappings[0].material = 9 is not in materials (4); mapping ignored"));
    EXPECT_THAT(w, HasSubstr("mappings[1].material is missing; mapping ignored"));
}

TEST(ImportVariantsTest, DuplicateVariantInTwoMappingsKeepsTheFirst) {
    const morph::Scene s = load(fixtures::variantsFixture(
        {{{"name", "Red"}}, {{"name", "Blue"}}},
        {{{"material", 1}, {"variants", {0}}}, {{"material", 2}, {"variants", {0, 1}}}}));
    EXPECT_THAT(mapped(s).variantMaterials, ElementsAre(1, 2));
    EXPECT_THAT(lines(s), HasSubstr("mappings[1].variants[0]: variant 0 (\"Red\") is already "
                                    "mapped by mappings[0]; the first mapping is kept"));
}

TEST(ImportVariantsTest, MalformedExtensionsAreWarningsNotRefusals) {
    {  // mappings without any declared variant
        const morph::Scene s = load(fixtures::variantsFixture(nullptr));
        EXPECT_TRUE(s.variants.empty());
        EXPECT_TRUE(mapped(s).variantMaterials.empty());
        EXPECT_THAT(lines(s), HasSubstr("mappings: the file declares no variants; ignored"));
    }
    {  // variants not an array, mappings not an array
        const morph::Scene s = load(fixtures::variantsFixture("red", 3));
        EXPECT_TRUE(s.variants.empty());
        EXPECT_THAT(lines(s), HasSubstr("extensions.KHR_materials_variants.variants is missing or "
                                        "not an array; the file has no variants"));
        EXPECT_THAT(lines(s), HasSubstr("mappings is missing or not an array; ignored"));
    }
    {  // a mapping that is not an object, a mapping whose variants is not an array
        const morph::Scene s = load(fixtures::variantsFixture(
            {{{"name", "Red"}}}, {7, {{"material", 1}, {"variants", 0}}}));
        EXPECT_TRUE(mapped(s).variantMaterials.empty());
        EXPECT_THAT(lines(s), HasSubstr("mappings[0] is not an object; ignored"));
        EXPECT_THAT(lines(s),
                    HasSubstr("mappings[1].variants is missing or not an array; mapping ignored"));
    }
    {  // the extension object itself of the wrong type
        morph::GltfBuilder b;
        b.json()["extensions"]["KHR_materials_variants"] = "nope";
        const morph::Scene s = load(b.glb());
        EXPECT_THAT(lines(s), HasSubstr("glTF.extensions.KHR_materials_variants is not an object"));
    }
}

// The viewer's clip export keeps the source's JSON: the variants and mappings survive it.
TEST(ImportVariantsTest, ClipExportKeepsVariantsAndMappings) {
    const std::string dir = fixtures::caseScratchDir();
    const std::vector<uint8_t> bytes = fixtures::variantsFixture();
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/v.glb", bytes.data(), bytes.size()).ok());
    morph::UserClip clip;
    clip.name = "up";
    clip.mesh = "cubes";
    clip.targetNames = {"lift"};
    clip.keys = {{0.0f, {0.0f}}, {1.0f, {1.0f}}};
    const morph::Status exported = morph::exportClip(dir + "/v.glb", dir + "/out.glb", clip);
    ASSERT_TRUE(exported.ok()) << exported.error().message;
    auto out = morph::importGltf(dir + "/out.glb");
    ASSERT_TRUE(out.ok()) << out.error().message;
    ASSERT_EQ(out->variants.size(), 2u);
    EXPECT_EQ(out->variants[1].displayName, "Blue");
    EXPECT_THAT(out->meshes[0].primitives[0].variantMaterials, ElementsAre(1, 2));
    EXPECT_EQ(out->animations.size(), 1u);
}

}  // namespace

}  // namespace import_variants_test
