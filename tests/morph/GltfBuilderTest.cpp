// GltfBuilder: the GLB byte layout (glTF 2.0 4.4), buffer view alignment, accessor JSON.
#include <cstring>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "morph/glb/GltfBuilder.h"

namespace gltf_builder_test {

namespace {

using morph::ComponentType;
using morph::GltfBuilder;

uint32_t u32At(const std::vector<uint8_t>& b, size_t offset) {
    return uint32_t(b[offset]) | uint32_t(b[offset + 1]) << 8 | uint32_t(b[offset + 2]) << 16 |
           uint32_t(b[offset + 3]) << 24;
}

TEST(GltfBuilder, GlbHeaderAndChunksFollowTheSpecLayout) {
    GltfBuilder b;
    uint8_t three[3] = {1, 2, 3};
    b.addBufferView(three, 3);
    std::vector<uint8_t> glb = b.glb();

    ASSERT_GE(glb.size(), 28u);
    EXPECT_EQ(std::memcmp(glb.data(), "glTF", 4), 0);
    EXPECT_EQ(u32At(glb, 4), 2u);
    EXPECT_EQ(u32At(glb, 8), glb.size());

    uint32_t jsonLength = u32At(glb, 12);
    EXPECT_EQ(std::memcmp(glb.data() + 16, "JSON", 4), 0);
    EXPECT_EQ(jsonLength % 4, 0u);
    std::string jsonText(glb.begin() + 20, glb.begin() + 20 + jsonLength);
    auto doc = nlohmann::json::parse(jsonText);  // trailing spaces are valid JSON whitespace
    EXPECT_EQ(doc["asset"]["version"], "2.0");
    std::string dumped = doc.dump();
    for (size_t i = dumped.size(); i < jsonText.size(); ++i) EXPECT_EQ(jsonText[i], ' ') << i;

    size_t binHeader = 20 + jsonLength;
    ASSERT_EQ(glb.size(), binHeader + 8 + 4);
    EXPECT_EQ(u32At(glb, binHeader), 4u);
    EXPECT_EQ(std::memcmp(glb.data() + binHeader + 4, "BIN\0", 4), 0);
    EXPECT_EQ(glb[binHeader + 8], 1);
    EXPECT_EQ(glb[binHeader + 9], 2);
    EXPECT_EQ(glb[binHeader + 10], 3);
    EXPECT_EQ(glb[binHeader + 11], 0);  // padded with zeros
    EXPECT_EQ(doc["buffers"][0]["byteLength"], 4);
}

TEST(GltfBuilder, NoBinChunkWithoutData) {
    GltfBuilder b;
    std::vector<uint8_t> glb = b.glb();
    EXPECT_EQ(glb.size(), 20 + u32At(glb, 12));
    EXPECT_FALSE(nlohmann::json::parse(glb.begin() + 20, glb.end()).contains("buffers"));
}

TEST(GltfBuilder, BufferViewsStartFourByteAligned) {
    GltfBuilder b;
    uint8_t one = 7;
    b.addBufferView(&one, 1);
    int floats = b.addFloats({1.0f, 2.0f}, "SCALAR");
    const auto& views = b.json()["bufferViews"];
    ASSERT_EQ(views.size(), 2u);
    EXPECT_EQ(views[1]["byteOffset"], 4);
    EXPECT_EQ(b.json()["accessors"][floats]["bufferView"], 1);
    float second;
    std::memcpy(&second, b.bin().data() + 8, 4);
    EXPECT_EQ(second, 2.0f);
}

TEST(GltfBuilder, FloatAccessorHasMinMax) {
    GltfBuilder b;
    int a = b.addFloats({1, -2, 3, -4, 5, 0.5f}, "VEC3");
    const auto& acc = b.json()["accessors"][a];
    EXPECT_EQ(acc["count"], 2);
    EXPECT_EQ(acc["type"], "VEC3");
    EXPECT_EQ(acc["componentType"], 5126);
    EXPECT_EQ(acc["min"], nlohmann::json({-4.0, -2.0, 0.5}));
    EXPECT_EQ(acc["max"], nlohmann::json({1.0, 5.0, 3.0}));
}

TEST(GltfBuilder, SmallVectorElementsGetAFourByteStride) {
    GltfBuilder b;
    int8_t data[6] = {1, 2, 3, -1, -2, -3};
    int a = b.addAccessor(data, ComponentType::Byte, 2, "VEC3", true);
    const auto& acc = b.json()["accessors"][a];
    EXPECT_EQ(acc["normalized"], true);
    EXPECT_FALSE(acc.contains("min"));
    const auto& view = b.json()["bufferViews"][acc["bufferView"].get<int>()];
    EXPECT_EQ(view["byteStride"], 4);
    EXPECT_EQ(view["byteLength"], 8);
    EXPECT_EQ(static_cast<int8_t>(b.bin()[4]), -1);
    EXPECT_EQ(static_cast<int8_t>(b.bin()[6]), -3);
}

TEST(GltfBuilder, SparseAccessorWithoutAndWithBase) {
    GltfBuilder b;
    int a = b.addSparseFloats(4, "SCALAR", {1, 3}, {5.0f, -6.0f});
    const auto& acc = b.json()["accessors"][a];
    EXPECT_FALSE(acc.contains("bufferView"));
    EXPECT_EQ(acc["sparse"]["count"], 2);
    EXPECT_EQ(acc["sparse"]["indices"]["componentType"], 5125);
    EXPECT_EQ(acc["min"], nlohmann::json({-6.0}));
    EXPECT_EQ(acc["max"], nlohmann::json({5.0}));

    std::vector<float> base = {10, 20, 30, 40};
    int view = b.addBufferView(base.data(), base.size() * 4);
    uint16_t value = 3;
    int s = b.addSparseAccessor(4, ComponentType::UnsignedShort, "SCALAR", {2}, &value,
                                ComponentType::UnsignedByte, -1);
    const auto& sacc = b.json()["accessors"][s];
    EXPECT_EQ(sacc["sparse"]["indices"]["componentType"], 5121);
    int indexView = sacc["sparse"]["indices"]["bufferView"];
    EXPECT_EQ(b.json()["bufferViews"][indexView]["byteLength"], 1);

    int withBase = b.addSparseFloats(4, "SCALAR", {0}, {-1.0f}, view);
    const auto& bacc = b.json()["accessors"][withBase];
    EXPECT_EQ(bacc["bufferView"], view);
    EXPECT_EQ(bacc["min"], nlohmann::json({-1.0}));
    EXPECT_EQ(bacc["max"], nlohmann::json({40.0}));
}

TEST(GltfBuilder, MakeGlbTakesAnyJsonText) {
    std::vector<uint8_t> glb = morph::writeGlb("not json", {});
    EXPECT_EQ(u32At(glb, 12), 8u);
    EXPECT_EQ(std::string(glb.begin() + 20, glb.end()), "not json");
}

TEST(GltfBuilder, GltfTextWithDataUri) {
    EXPECT_EQ(morph::base64Encode("Man", 3), "TWFu");
    EXPECT_EQ(morph::base64Encode("Ma", 2), "TWE=");
    EXPECT_EQ(morph::base64Encode("M", 1), "TQ==");
    GltfBuilder b;
    b.addFloats({1.0f}, "SCALAR");
    auto doc = nlohmann::json::parse(b.gltfText(b.binDataUri()));
    EXPECT_EQ(doc["buffers"][0]["uri"], "data:application/octet-stream;base64,AACAPw==");
}

}  // namespace

}  // namespace gltf_builder_test
