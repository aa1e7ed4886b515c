// Import of the extensions and scene parts the rule fixtures do not cover: materials
// (KHR_texture_transform, KHR_materials_unlit, KHR_materials_emissive_strength),
// KHR_texture_basisu, extensionsRequired/Used, node matrices, skins, hierarchy errors, the memory
// budget.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "fixtures/Fixtures.h"
#include "morph/gltf/GltfImport.h"

namespace import_extensions_test {

namespace {

using morph::ErrorCode;
using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

morph::Result<morph::Scene> import(const morph::GltfBuilder& b,
                                   const morph::ImportOptions& options = {}) {
    return morph::importGltfMemory(b.glb(), "ext.glb", "", options);
}

morph::Scene load(const morph::GltfBuilder& b) {
    auto r = import(b);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : morph::Scene{};
}

// The message of a file that must not load, whose error must have `code`.
std::string error(const morph::GltfBuilder& b, ErrorCode code,
                  const morph::ImportOptions& options = {}) {
    auto r = import(b, options);
    if (r.ok()) {
        ADD_FAILURE() << "expected an error";
        return {};
    }
    EXPECT_EQ(r.error().code, code) << r.error().message;
    EXPECT_THAT(r.error().message, StartsWith("ext.glb: "));
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << r.error().message;
    return r.error().message;
}

// Two images (a broken "PNG" and a KTX2), two textures, one material using every slot.
morph::GltfBuilder materialFixture() {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    const uint8_t notPng[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    const uint8_t ktx2[12] = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, 0x0D, 0x0A, 0x1A, 0x0A};
    json& j = b.json();
    j["images"] = {
        {{"bufferView", b.addBufferView(notPng, sizeof(notPng))}, {"mimeType", "image/png"}},
        {{"bufferView", b.addBufferView(ktx2, sizeof(ktx2))}, {"mimeType", "image/ktx2"}}};
    j["samplers"] = {{{"magFilter", 9728}, {"wrapS", 33071}}};
    // textures[0]: KTX2 only; textures[1]: PNG fallback in `source`, KTX2 in the extension.
    j["textures"] = {
        {{"extensions", {{"KHR_texture_basisu", {{"source", 1}}}}}},
        {{"source", 0}, {"sampler", 0}, {"extensions", {{"KHR_texture_basisu", {{"source", 1}}}}}}};
    j["materials"] = {{
        {"name", "skin"},
        {"pbrMetallicRoughness",
         {{"baseColorFactor", {0.5, 0.25, 1, 0.75}},
          {"metallicFactor", 0.0},
          {"roughnessFactor", 0.5},
          {"baseColorTexture",
           {{"index", 0},
            {"texCoord", 1},
            {"extensions",
             {{"KHR_texture_transform",
               {{"offset", {0.5, 0.25}},
                {"rotation", 1.5},
                {"scale", {2, 3}},
                {"texCoord", 0}}}}}}}}},
        {"normalTexture", {{"index", 1}, {"scale", 0.5}}},
        {"occlusionTexture", {{"index", 1}, {"strength", 0.25}}},
        {"emissiveTexture", {{"index", 1}}},
        {"emissiveFactor", {1, 0.5, 0.25}},
        {"alphaMode", "MASK"},
        {"alphaCutoff", 0.3},
        {"doubleSided", true},
        {"extensions",
         {{"KHR_materials_unlit", json::object()},
          {"KHR_materials_emissive_strength", {{"emissiveStrength", 4}}}}},
    }};
    j["meshes"][0]["primitives"][0]["material"] = 0;
    j["extensionsUsed"] = {"KHR_texture_basisu", "KHR_texture_transform", "KHR_materials_unlit",
                           "KHR_materials_emissive_strength", "EXT_some_future_thing"};
    j["extensionsRequired"] = {"KHR_texture_basisu", "KHR_materials_unlit"};
    return b;
}

TEST(ImportExtensions, MaterialFactorsTexturesAndTransform) {
    const morph::Scene scene = load(materialFixture());
    ASSERT_EQ(scene.materials.size(), 1u);
    const morph::Material& m = scene.materials[0];
    EXPECT_EQ(m.name, "skin");
    EXPECT_EQ(m.baseColorFactor, glm::vec4(0.5f, 0.25f, 1.0f, 0.75f));
    EXPECT_EQ(m.metallicFactor, 0.0f);
    EXPECT_EQ(m.roughnessFactor, 0.5f);
    EXPECT_EQ(m.baseColorTexture.texture, 0);
    EXPECT_EQ(m.baseColorTexture.texCoord, 1);
    EXPECT_TRUE(m.baseColorTexture.transform.present);
    EXPECT_EQ(m.baseColorTexture.transform.offset, glm::vec2(0.5f, 0.25f));
    EXPECT_EQ(m.baseColorTexture.transform.rotation, 1.5f);
    EXPECT_EQ(m.baseColorTexture.transform.scale, glm::vec2(2.0f, 3.0f));
    EXPECT_EQ(m.baseColorTexture.transform.texCoord, 0);
    EXPECT_FALSE(m.normalTexture.transform.present);
    EXPECT_EQ(m.normalTexture.scale, 0.5f);
    EXPECT_EQ(m.occlusionTexture.scale, 0.25f);
    // KHR_materials_emissive_strength multiplies the factor.
    EXPECT_EQ(m.emissiveFactor, glm::vec3(4.0f, 2.0f, 1.0f));
    EXPECT_EQ(m.alphaMode, morph::AlphaMode::Mask);
    EXPECT_FLOAT_EQ(m.alphaCutoff, 0.3f);
    EXPECT_TRUE(m.doubleSided);
    EXPECT_TRUE(m.unlit);
    ASSERT_EQ(scene.samplers.size(), 1u);
    EXPECT_EQ(scene.samplers[0].magFilter, 9728);
    EXPECT_EQ(scene.samplers[0].wrapS, 33071);
    EXPECT_EQ(scene.samplers[0].wrapT, 10497);
    EXPECT_EQ(scene.meshes[0].primitives[0].material, 0);
}

// KTX2 images are decoded (morph/ktx2, tests/morph/Ktx2Test.cpp); this fixture's is only the
// 12-byte identifier, a truncated file, and its PNG fallback is not a PNG either.
TEST(ImportExtensions, UndecodableBasisuTexturesStayOnFactorsWithAWarning) {
    const morph::Scene scene = load(materialFixture());
    ASSERT_EQ(scene.textures.size(), 2u);
    EXPECT_EQ(scene.textures[0].image, 1) << "KTX2 only: the extension's source";
    EXPECT_EQ(scene.textures[1].image, 1) << "the KTX2 comes before the fallback in `source`";
    EXPECT_EQ(scene.textures[1].sampler, 0);
    ASSERT_EQ(scene.images.size(), 2u);
    EXPECT_TRUE(scene.images[0].rgba.empty()) << "undecodable bytes: empty, a warning";
    EXPECT_TRUE(scene.images[1].rgba.empty());
    EXPECT_EQ(scene.images[1].mimeType, "image/ktx2");
    EXPECT_THAT(testing::PrintToString(scene.warnings),
                HasSubstr("images[1]: truncated KTX2 file (12 bytes"));
    EXPECT_THAT(testing::PrintToString(scene.warnings), HasSubstr("images[0]"));
    for (const std::string& w : scene.warnings) EXPECT_THAT(w, StartsWith("ext.glb: "));
    // The report: one line per texture without pixels, naming the image each would show, then
    // the images no texture's line named.
    ASSERT_EQ(scene.report.textures.size(), 3u);
    EXPECT_EQ(scene.report.textures[0].texture, 0);
    EXPECT_EQ(scene.report.textures[0].image, 1);
    EXPECT_EQ(scene.report.textures[0].fallback, -1);
    EXPECT_THAT(scene.report.textures[0].reason, StartsWith("truncated KTX2 file"));
    EXPECT_EQ(scene.report.textures[1].texture, 1);
    EXPECT_EQ(scene.report.textures[1].image, 1);
    EXPECT_EQ(scene.report.textures[1].fallback, -1);
    EXPECT_EQ(scene.report.textures[2].texture, -1);
    EXPECT_EQ(scene.report.textures[2].image, 0);
    EXPECT_THAT(scene.report.textures[2].reason, StartsWith("not a decodable image"));
    EXPECT_EQ(scene.warnings.size(), 3u);
}

TEST(ImportExtensions, ExtensionsUsedAndRequiredAreReported) {
    const morph::Scene scene = load(materialFixture());
    std::vector<std::string> names, unsupported, required;
    for (const morph::ExtensionUse& e : scene.report.extensions) {
        names.push_back(e.name);
        if (!e.supported) unsupported.push_back(e.name);
        if (e.required) required.push_back(e.name);
    }
    EXPECT_EQ(names, (std::vector<std::string>{
                         "KHR_texture_basisu", "KHR_texture_transform", "KHR_materials_unlit",
                         "KHR_materials_emissive_strength", "EXT_some_future_thing"}));
    EXPECT_EQ(unsupported, std::vector<std::string>{"EXT_some_future_thing"});
    EXPECT_EQ(required, (std::vector<std::string>{"KHR_texture_basisu", "KHR_materials_unlit"}));
}

TEST(ImportExtensions, UnsupportedRequiredExtensionIsNamedUsedOnesAreIgnored) {
    morph::GltfBuilder b = materialFixture();
    b.json()["extensionsRequired"] = {"KHR_mesh_quantization", "EXT_unknown_required"};
    EXPECT_THAT(error(b, ErrorCode::Unsupported), HasSubstr("EXT_unknown_required"));
    b.json()["extensionsRequired"] = {
        "KHR_mesh_quantization",          "EXT_meshopt_compression", "KHR_draco_mesh_compression",
        "KHR_texture_transform",          "KHR_materials_unlit",     "KHR_texture_basisu",
        "KHR_materials_emissive_strength"};
    EXPECT_TRUE(import(b).ok());
}

TEST(ImportExtensions, MissingTextureIsAnError) {
    morph::GltfBuilder b = materialFixture();
    b.json()["materials"][0]["normalTexture"]["index"] = 7;
    EXPECT_THAT(error(b, ErrorCode::BadReference),
                HasSubstr("materials[0].normalTexture.index = 7"));
}

TEST(ImportExtensions, MatrixNodesAndSkins) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    json& j = b.json();
    const size_t meshNode = j["nodes"].size() - 1;
    // nodes: [..., mesh node, joint (matrix = translate(1,2,3))]
    j["nodes"].push_back(
        {{"name", "joint"}, {"matrix", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1}}});
    const int joint = int(j["nodes"].size()) - 1;
    std::vector<float> inverseBind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, -2, -3, 1};
    j["skins"] = {{{"joints", {joint}},
                   {"inverseBindMatrices", b.addFloats(inverseBind, "MAT4")},
                   {"skeleton", joint}}};
    j["nodes"][meshNode]["skin"] = 0;
    j["nodes"][meshNode]["children"] = {joint};
    const morph::Scene scene = load(b);
    ASSERT_EQ(scene.nodes.size(), size_t(joint) + 1);
    const morph::Node& n = scene.nodes[size_t(joint)];
    EXPECT_TRUE(n.hasMatrix);
    EXPECT_EQ(n.matrix[3], glm::vec4(1, 2, 3, 1)) << "column-major, translation in column 3";
    EXPECT_EQ(n.parent, int(meshNode));
    EXPECT_EQ(scene.nodes[meshNode].skin, 0);
    ASSERT_EQ(scene.skins.size(), 1u);
    EXPECT_EQ(scene.skins[0].joints, std::vector<int>{joint});
    EXPECT_EQ(scene.skins[0].skeleton, joint);
    EXPECT_EQ(scene.skins[0].inverseBindMatrices.at(0)[3], glm::vec4(-1, -2, -3, 1));
}

TEST(ImportExtensions, NodeWithTwoParentsIsAnError) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    json& j = b.json();
    j["nodes"].push_back({{"name", "a"}});
    j["nodes"].push_back({{"name", "b"}});
    const int a = int(j["nodes"].size()) - 2, c = int(j["nodes"].size()) - 1;
    j["nodes"][0]["children"] = {c};
    j["nodes"][size_t(a)]["children"] = {c};
    EXPECT_THAT(error(b, ErrorCode::Inconsistent), HasSubstr("has two parents"));
}

TEST(ImportExtensions, SelfParentIsACycle) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["nodes"][0]["children"] = {0};
    EXPECT_THAT(error(b, ErrorCode::Inconsistent), HasSubstr("nodes[0]"));
}

TEST(ImportExtensions, WeightsChannelOnANodeWithoutTargetsIsAnError) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    json& j = b.json();
    j["nodes"].push_back({{"name", "empty"}});
    const int empty = int(j["nodes"].size()) - 1;
    const int input = b.addFloats({0, 1}, "SCALAR");
    j["animations"] = json::array(
        {fixtures::weightsChannelAnimation(input, b.addFloats({0, 0, 1, 1}, "SCALAR"), empty)});
    EXPECT_THAT(error(b, ErrorCode::Inconsistent),
                HasSubstr("which has no mesh with morph targets"));
}

TEST(ImportExtensions, AnimationStartAndEndSpanAllSamplers) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    json& j = b.json();
    const size_t node = j["nodes"].size() - 1;
    j["animations"] = {
        {{"samplers",
          {{{"input", b.addFloats({0.5, 2}, "SCALAR")},
            {"output", b.addFloats({0, 0, 1, 1}, "SCALAR")}},
           {{"input", b.addFloats({1, 3}, "SCALAR")},
            {"output", b.addFloats({0, 0, 0, 1, 1, 1}, "VEC3")},
            {"interpolation", "STEP"}}}},
         {"channels",
          {{{"sampler", 0}, {"target", {{"node", node}, {"path", "weights"}}}},
           {{"sampler", 1}, {"target", {{"node", node}, {"path", "translation"}}}}}}}};
    const morph::Scene scene = load(b);
    ASSERT_EQ(scene.animations.size(), 1u);
    EXPECT_EQ(scene.animations[0].start, 0.5f);
    EXPECT_EQ(scene.animations[0].end, 3.0f);
    EXPECT_EQ(scene.animations[0].samplers[0].width, 2u);
    EXPECT_EQ(scene.animations[0].samplers[1].width, 3u);
    EXPECT_EQ(scene.animations[0].samplers[1].interpolation, morph::Interpolation::Step);
}

TEST(ImportExtensions, DeclaredSizesPastTheBudgetAreRefusedBeforeAllocating) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    morph::ImportOptions small;
    small.maxMemoryBytes = 64;
    EXPECT_THAT(error(b, ErrorCode::Limit, small), HasSubstr("memory limit"));
    // An accessor claiming 2^29 VEC4 elements over no bufferView (zeros) would decode to 8 GiB.
    b.json()["accessors"].push_back(
        {{"componentType", 5126}, {"count", 1 << 29}, {"type", "VEC4"}});
    EXPECT_THAT(error(b, ErrorCode::Limit), HasSubstr("memory limit"));
}

TEST(ImportExtensions, CountsNearTwoToTheThirtyOneAreRefused) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["accessors"][0]["count"] = (int64_t(1) << 31) - 2;
    EXPECT_THAT(error(b, ErrorCode::Limit), HasSubstr("accessors[0].count"));
}

TEST(ImportExtensions, FieldOfTheWrongTypeIsNamed) {
    morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
    b.json()["nodes"][0]["translation"] = "up";
    EXPECT_THAT(error(b, ErrorCode::Schema), HasSubstr("nodes[0].translation"));
    morph::GltfBuilder c = fixtures::triangleWithTwoTargetsBuilder();
    c.json()["meshes"][0]["primitives"][0]["mode"] = "triangles";
    EXPECT_THAT(error(c, ErrorCode::Schema), HasSubstr("meshes[0].primitives[0].mode"));
}

}  // namespace

}  // namespace import_extensions_test
