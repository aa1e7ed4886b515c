// morph/fix reading a code-built Draco file whose attributes are integers (fixtures/DracoFixtures):
// each attribute written back as a plain view in its accessor's own component type (normalized
// unsigned short UVs, normalized unsigned byte colours on a 4-byte stride, unsigned byte joints
// and normalized ones for their weights, unsigned short indices), the extension gone with one
// warning, and the model the importer reads from the result the same, value for value, as the one
// it reads from the Draco file.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/DracoFixtures.h"
#include "morph/fix/FixDocument.h"
#include "morph/gltf/GltfImport.h"

namespace fix_draco_test {

namespace {

using nlohmann::json;

morph::Scene importedBytes(const std::vector<uint8_t>& bytes) {
    morph::ImportOptions options;
    options.decodeImages = false;
    auto scene = morph::importGltfMemory(bytes, "draco.glb", "", options);
    EXPECT_TRUE(scene) << scene.error().message;
    return scene ? std::move(scene).value() : morph::Scene{};
}

}  // namespace

TEST(FixDraco, IntegerAttributesKeepTheirTypesAndReadTheSame) {
    const std::vector<uint8_t> bytes = fixtures::dracoIntegerGrid();
    auto doc = morph::readFixDocument(bytes, "draco.glb", "");
    ASSERT_TRUE(doc) << doc.error().message;
    EXPECT_EQ(doc->warnings,
              std::vector<std::string>{"KHR_draco_mesh_compression: written uncompressed"});
    EXPECT_EQ(doc->json.dump().find("KHR_draco_mesh_compression"), std::string::npos);

    const json& prim = doc->json["meshes"][0]["primitives"][0];
    const json& accessors = doc->json["accessors"];
    const json& views = doc->json["bufferViews"];
    auto accessor = [&](const char* name) {
        return accessors[prim["attributes"][name].get<size_t>()];
    };
    EXPECT_EQ(accessor("TEXCOORD_0")["componentType"], 5123);
    EXPECT_EQ(accessor("TEXCOORD_0")["normalized"], true);
    EXPECT_EQ(accessor("COLOR_0")["componentType"], 5121);
    EXPECT_EQ(views[accessor("COLOR_0")["bufferView"].get<size_t>()]["byteStride"], 4);
    EXPECT_EQ(accessor("JOINTS_0")["componentType"], 5121);
    EXPECT_FALSE(accessor("JOINTS_0").contains("normalized"));
    EXPECT_EQ(accessors[prim["indices"].get<size_t>()]["componentType"], 5123);
    EXPECT_EQ(accessor("WEIGHTS_0")["normalized"], true);
    for (const char* name : {"POSITION", "TEXCOORD_0", "COLOR_0", "JOINTS_0", "WEIGHTS_0"})
        EXPECT_TRUE(accessor(name).contains("bufferView")) << name;

    const morph::Scene before = importedBytes(bytes);
    const morph::Scene after = importedBytes(morph::fixDocumentGlb(*doc));
    ASSERT_EQ(before.meshes.size(), 1u);
    ASSERT_EQ(after.meshes.size(), 1u);
    const morph::Primitive& a = before.meshes[0].primitives[0];
    const morph::Primitive& b = after.meshes[0].primitives[0];
    ASSERT_EQ(a.positions.size(), 9u);
    EXPECT_EQ(a.positions, b.positions);
    EXPECT_EQ(a.texcoords, b.texcoords);
    EXPECT_EQ(a.colors, b.colors);
    EXPECT_EQ(a.joints, b.joints);
    EXPECT_EQ(a.weights, b.weights);
    EXPECT_EQ(a.indices, b.indices);
    ASSERT_EQ(b.targets.size(), 1u);
    EXPECT_TRUE(a.targets[0] == b.targets[0]);
    // The values themselves: the encoder's integers came through Draco and back unchanged.
    EXPECT_EQ(b.joints[0][8].x, 8);  // the two joints with weight (the others the importer's)
    EXPECT_EQ(b.joints[0][8].y, 9);
    EXPECT_FLOAT_EQ(b.texcoords[0][4].x, 30000.0f / 65535.0f);
    EXPECT_FLOAT_EQ(b.colors[8].g, 95.0f / 255.0f);
}

}  // namespace fix_draco_test
