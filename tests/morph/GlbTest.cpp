// The GLB container (glTF 2.0 4.4): header, chunk lengths, chunk order, and the errors for each.
#include <cstring>
#include <utility>

#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "morph/glb/Glb.h"
#include "morph/gltf/GltfImport.h"

namespace glb_test {

namespace {

using morph::ErrorCode;
using morph::parseGlb;
using morph::writeGlb;

const std::string kJson = R"({"asset":{"version":"2.0"}})";

void putU32(std::vector<uint8_t>& bytes, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes[at + i] = uint8_t(v >> (8 * i));
}

TEST(Glb, RoundTripWithBinChunk) {
    const std::vector<uint8_t> bin = {1, 2, 3, 4, 5};
    const auto glb = writeGlb(kJson, bin);
    EXPECT_EQ(glb.size() % 4, 0u);
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_TRUE(view.ok()) << view.error().message;
    // The JSON chunk is padded with spaces, so it starts with the text we wrote.
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(view->json), kJson.size()), kJson);
    ASSERT_TRUE(view->hasBin());
    EXPECT_EQ(view->binSize, 8u);  // 5 bytes padded to 8 with zeros
    EXPECT_EQ(view->bin[4], 5);
    EXPECT_EQ(view->bin[5], 0);
}

TEST(Glb, BinChunkIsOptional) {
    const auto glb = writeGlb(kJson, nullptr, 0);
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_TRUE(view.ok()) << view.error().message;
    EXPECT_FALSE(view->hasBin());
}

TEST(Glb, EmptyFile) {
    auto view = parseGlb(nullptr, 0);
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code, ErrorCode::Container);
    EXPECT_EQ(view.error().message, "empty file");
}

TEST(Glb, BadMagic) {
    auto glb = writeGlb(kJson, nullptr, 0);
    glb[0] = 'x';
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code, ErrorCode::Container);
    EXPECT_NE(view.error().message.find("bad magic"), std::string::npos);
}

TEST(Glb, VersionOtherThanTwo) {
    auto glb = writeGlb(kJson, nullptr, 0);
    putU32(glb, 4, 1);
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code, ErrorCode::Unsupported);
    EXPECT_NE(view.error().message.find("version 1"), std::string::npos) << view.error().message;
}

TEST(Glb, TruncatedFile) {
    const std::vector<uint8_t> bin(64, 7);
    auto glb = writeGlb(kJson, bin);
    glb.resize(glb.size() - 10);
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code, ErrorCode::Container);
    EXPECT_NE(view.error().message.find("truncated"), std::string::npos) << view.error().message;
}

TEST(Glb, ShorterThanHeader) {
    auto glb = writeGlb(kJson, nullptr, 0);
    auto view = parseGlb(glb.data(), 7);
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code, ErrorCode::Container);
    EXPECT_NE(view.error().message.find("truncated"), std::string::npos);
}

TEST(Glb, ChunkLengthPastTheEnd) {
    auto glb = writeGlb(kJson, std::vector<uint8_t>(16, 1));
    const size_t binHeader = 12 + 8 + ((kJson.size() + 3) & ~size_t(3));
    putU32(glb, binHeader, 1000);
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code, ErrorCode::Container);
    EXPECT_NE(view.error().message.find("runs past the end"), std::string::npos)
        << view.error().message;
}

TEST(Glb, FirstChunkNotJson) {
    auto glb = writeGlb(kJson, nullptr, 0);
    putU32(glb, 16, morph::kGlbChunkBin);
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code, ErrorCode::Container);
    EXPECT_NE(view.error().message.find("not JSON"), std::string::npos) << view.error().message;
}

TEST(Glb, UnknownChunksAreSkipped) {
    // 4.4.3.1: a chunk of unknown type after the known ones is ignored.
    auto glb = writeGlb(kJson, std::vector<uint8_t>(4, 9));
    const uint32_t extra[3] = {4, 0x12345678, 0};
    const size_t old = glb.size();
    glb.resize(old + 12);
    std::memcpy(glb.data() + old, extra, 12);
    putU32(glb, 8, uint32_t(glb.size()));
    auto view = parseGlb(glb.data(), glb.size());
    ASSERT_TRUE(view.ok()) << view.error().message;
    EXPECT_TRUE(view->hasBin());
}

// The same errors through the importer, as one line naming the file.
TEST(Glb, ImporterNamesTheFile) {
    auto glb = writeGlb(kJson, nullptr, 0);
    glb.resize(glb.size() - 4);
    auto scene = morph::importGltfMemory(glb, "cut.glb", "");
    ASSERT_FALSE(scene.ok());
    EXPECT_EQ(scene.error().code, ErrorCode::Container);  // kept through the importer
    EXPECT_EQ(scene.error().message.rfind("cut.glb: truncated", 0), 0u) << scene.error().message;
    EXPECT_EQ(scene.error().message.find('\n'), std::string::npos);
}

TEST(Glb, ImporterRejectsJsonThatIsNotGltf) {
    const std::pair<std::string, ErrorCode> cases[] = {
        {"[1,2,3]", ErrorCode::Schema},
        {"{\"meshes\":[]}", ErrorCode::Schema},
        {"{\"asset\":{\"version\":\"1.0\"}}", ErrorCode::Unsupported},
        {"{not json", ErrorCode::Json},
    };
    for (const auto& [text, code] : cases) {
        auto scene = morph::importGltfMemory(writeGlb(text, nullptr, 0), "x.glb", "");
        ASSERT_FALSE(scene.ok()) << text;
        EXPECT_EQ(scene.error().code, code) << scene.error().message;
        EXPECT_EQ(scene.error().message.rfind("x.glb: ", 0), 0u) << scene.error().message;
        EXPECT_EQ(scene.error().message.find('\n'), std::string::npos) << scene.error().message;
    }
}

TEST(Glb, ImporterEmptyFile) {
    auto scene = morph::importGltfMemory({}, "empty.glb", "");
    ASSERT_FALSE(scene.ok());
    EXPECT_EQ(scene.error().code, ErrorCode::Container);
    EXPECT_EQ(scene.error().message, "empty.glb: empty file");
}

TEST(Glb, ImporterRefusesDeeplyNestedJson) {
    // 100,000 nested arrays in extras: copying or dumping such JSON recurses once per level.
    const std::string deep = R"({"asset":{"version":"2.0"},"extras":)" + std::string(100000, '[') +
                             std::string(100000, ']') + "}";
    auto scene = morph::importGltfMemory(writeGlb(deep, nullptr, 0), "deep.glb", "");
    ASSERT_FALSE(scene.ok());
    EXPECT_EQ(scene.error().code, ErrorCode::Limit);
    EXPECT_NE(scene.error().message.find("deep.glb: JSON nests deeper than"), std::string::npos)
        << scene.error().message;
    // Brackets inside strings do not count.
    const std::string quoted =
        R"({"asset":{"version":"2.0","generator":")" + std::string(1000, '[') + R"("}})";
    EXPECT_TRUE(morph::importGltfMemory(writeGlb(quoted, nullptr, 0), "quoted.glb", "").ok());
}

}  // namespace

}  // namespace glb_test
