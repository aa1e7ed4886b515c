// EXT_texture_webp (glTF extensions/2.0/Vendor/EXT_texture_webp): WebP images decoded with
// libwebp, each texture's choice between its WebP and the PNG/JPEG fallback in `source`, and what
// the import report says when the WebP does not decode. The fixtures encode known pixels with
// libwebp's lossless encoder, so the decoded pixels must equal them exactly.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "fixtures/ImageFixtures.h"
#include "morph/decode/ImageDecode.h"
#include "morph/gltf/GltfImport.h"

namespace import_webp_test {

namespace {

using fixtures::WebpCase;
using morph::ErrorCode;
using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

morph::Scene load(const fixtures::Bytes& bytes, const morph::ImportOptions& options = {}) {
    auto r = morph::importGltfMemory(bytes, "webp.glb", "", options);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : morph::Scene{};
}

void expectPixels(const morph::Image& image, const morph::RgbaImage& expected) {
    EXPECT_EQ(image.width, expected.width);
    EXPECT_EQ(image.height, expected.height);
    EXPECT_EQ(image.rgba, expected.pixels);
}

TEST(ImportWebp, LosslessWebpDecodesToItsPixels) {
    const fixtures::Bytes webp = fixtures::encodeWebpLossless(fixtures::webpPixels());
    ASSERT_FALSE(webp.empty());
    EXPECT_TRUE(morph::looksLikeWebp(webp.data(), webp.size()));
    // By its magic bytes, whatever the declared type.
    auto decoded = morph::decodeImage(webp.data(), webp.size(), 1 << 20);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(decoded->width, 2);
    EXPECT_EQ(decoded->height, 2);
    EXPECT_EQ(decoded->rgba, fixtures::webpPixels().pixels);
}

TEST(ImportWebp, DecodeErrorsSayWhy) {
    const fixtures::Bytes webp = fixtures::encodeWebpLossless(fixtures::webpPixels());
    // 2 x 2 x 4 = 16 bytes: refused on the header, before libwebp allocates.
    auto small = morph::decodeImage(webp.data(), webp.size(), 15);
    ASSERT_FALSE(small.ok());
    EXPECT_EQ(small.error().code, ErrorCode::Limit) << small.error().message;
    const fixtures::Bytes corrupt = fixtures::corruptWebp();
    auto broken = morph::decodeImage(corrupt.data(), corrupt.size(), 1 << 20);
    ASSERT_FALSE(broken.ok());
    EXPECT_EQ(broken.error().code, ErrorCode::Decode) << broken.error().message;
    EXPECT_THAT(broken.error().message, HasSubstr("WebP"));
    // Declared image/webp but a PNG: the declared type is believed, and the message says so.
    const fixtures::Bytes png = fixtures::encodePngBytes(fixtures::fallbackPixels());
    auto declared = morph::decodeImage(png.data(), png.size(), 1 << 20, "image/webp");
    ASSERT_FALSE(declared.ok());
    EXPECT_EQ(declared.error().code, ErrorCode::Decode);
    EXPECT_THAT(declared.error().message, HasSubstr("not a WebP image"));
    EXPECT_FALSE(morph::looksLikeWebp(png.data(), png.size()));
    EXPECT_FALSE(morph::looksLikeWebp(webp.data(), 11));
}

// (a) Required, no texture.source: the WebP is the texture's only image.
TEST(ImportWebp, RequiredWithoutFallbackDecodesTheWebp) {
    const morph::Scene scene = load(fixtures::webpTexture(WebpCase::RequiredNoFallback));
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 0);
    ASSERT_EQ(scene.images.size(), 1u);
    EXPECT_EQ(scene.images[0].mimeType, "image/webp");
    expectPixels(scene.images[0], fixtures::webpPixels());
    EXPECT_EQ(scene.materials.at(0).baseColorTexture.texture, 0);
    EXPECT_TRUE(scene.warnings.empty()) << scene.warnings.front();
    EXPECT_TRUE(scene.report.textures.empty());
    ASSERT_EQ(scene.report.extensions.size(), 1u);
    EXPECT_EQ(scene.report.extensions[0].name, "EXT_texture_webp");
    EXPECT_TRUE(scene.report.extensions[0].required);
    EXPECT_TRUE(scene.report.extensions[0].supported);
    EXPECT_EQ(scene.report.attentionCount(), 0u);
}

// (b) Used, not required, with a PNG fallback in `source`: we decode WebP, so the WebP wins.
TEST(ImportWebp, UsedWithAPngFallbackPrefersTheWebp) {
    const morph::Scene scene = load(fixtures::webpTexture(WebpCase::UsedWithFallback));
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 1) << "the extension's WebP, not the fallback";
    ASSERT_EQ(scene.images.size(), 2u);
    expectPixels(scene.images[1], fixtures::webpPixels());
    expectPixels(scene.images[0], fixtures::fallbackPixels());  // decoded too, unused
    EXPECT_TRUE(scene.warnings.empty()) << scene.warnings.front();
    EXPECT_TRUE(scene.report.textures.empty());
    ASSERT_EQ(scene.report.extensions.size(), 1u);
    EXPECT_FALSE(scene.report.extensions[0].required);
    EXPECT_TRUE(scene.report.extensions[0].supported);
}

// (c) The WebP does not decode, the PNG fallback does: the texture uses it, with one warning.
TEST(ImportWebp, CorruptWebpFallsBackToThePngWithAWarning) {
    const morph::Scene scene = load(fixtures::webpTexture(WebpCase::CorruptWithFallback));
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 0) << "the PNG in `source`";
    expectPixels(scene.images[0], fixtures::fallbackPixels());
    EXPECT_TRUE(scene.images[1].rgba.empty());
    ASSERT_EQ(scene.report.textures.size(), 1u);
    const morph::TextureIssue& issue = scene.report.textures[0];
    EXPECT_EQ(issue.texture, 0);
    EXPECT_EQ(issue.image, 1);
    EXPECT_EQ(issue.fallback, 0);
    EXPECT_THAT(issue.reason, HasSubstr("WebP"));
    EXPECT_THAT(issue.message, StartsWith("webp.glb: textures[0]: images[1]"));
    EXPECT_THAT(issue.message, HasSubstr("using the fallback images[0]"));
    ASSERT_EQ(scene.warnings.size(), 1u);
    EXPECT_EQ(scene.warnings[0], issue.message);
    EXPECT_EQ(scene.report.attentionCount(), 1u);
}

// (d) The WebP does not decode and there is no fallback: the texture has no pixels (its
// materials use their factors), the report says which and why, and the file still opens.
TEST(ImportWebp, CorruptWebpWithoutFallbackIsReportedAndTheFileOpens) {
    const morph::Scene scene = load(fixtures::webpTexture(WebpCase::CorruptRequiredNoSource));
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_EQ(scene.meshes[0].primitives[0].targets.size(), 2u);
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 0);
    EXPECT_TRUE(scene.images[0].rgba.empty());
    ASSERT_EQ(scene.report.textures.size(), 1u);
    const morph::TextureIssue& issue = scene.report.textures[0];
    EXPECT_EQ(issue.texture, 0);
    EXPECT_EQ(issue.image, 0);
    EXPECT_EQ(issue.fallback, -1);
    EXPECT_THAT(issue.reason, HasSubstr("WebP"));
    EXPECT_THAT(issue.message, StartsWith("webp.glb: textures[0]: images[0]"));
    EXPECT_THAT(issue.message, HasSubstr("its materials use their factors"));
    EXPECT_EQ(issue.message.find('\n'), std::string::npos);
    EXPECT_EQ(scene.warnings, std::vector<std::string>{issue.message});
}

// A WebP that would decode past the memory budget is refused on its header; the file loads.
TEST(ImportWebp, WebpPastTheBudgetIsReportedNotDecoded) {
    morph::RgbaImage big;
    big.width = big.height = 64;  // 16 KiB decoded, a few bytes encoded
    big.pixels.assign(64 * 64 * 4, 200);
    morph::GltfBuilder b = fixtures::webpTextureBuilder(WebpCase::RequiredNoFallback);
    const fixtures::Bytes webp = fixtures::encodeWebpLossless(big);
    ASSERT_LT(webp.size(), 1024u);
    b.json()["images"][0]["bufferView"] = b.addBufferView(webp.data(), webp.size());
    morph::ImportOptions options;
    options.maxMemoryBytes = 8192;
    const morph::Scene scene = load(b.glb(), options);
    EXPECT_TRUE(scene.images.at(0).rgba.empty());
    ASSERT_EQ(scene.report.textures.size(), 1u);
    EXPECT_THAT(scene.report.textures[0].reason, HasSubstr("64x64 is past the memory limit"));
}

// Without image decoding the texture still names the image it would show: the WebP.
TEST(ImportWebp, WithoutDecodingTheWebpIsStillTheChoice) {
    morph::ImportOptions options;
    options.decodeImages = false;
    const morph::Scene scene = load(fixtures::webpTexture(WebpCase::CorruptWithFallback), options);
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 1);
    EXPECT_TRUE(scene.warnings.empty());
}

// A .gltf with the WebP in a data: URI: its type comes from the URI.
TEST(ImportWebp, DataUriWebp) {
    morph::GltfBuilder b = fixtures::webpTextureBuilder(WebpCase::RequiredNoFallback);
    const fixtures::Bytes webp = fixtures::encodeWebpLossless(fixtures::webpPixels());
    b.json()["images"] = {
        {{"uri", "data:image/webp;base64," + morph::base64Encode(webp.data(), webp.size())}}};
    const std::string text = b.gltfText(b.binDataUri());
    auto r = morph::importGltfMemory(fixtures::Bytes(text.begin(), text.end()), "webp.gltf", "");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->images.at(0).mimeType, "image/webp");
    expectPixels(r->images[0], fixtures::webpPixels());
}

TEST(ImportWebp, ExtensionSourceMustBeAnImage) {
    morph::GltfBuilder b = fixtures::webpTextureBuilder(WebpCase::UsedWithFallback);
    b.json()["textures"][0]["extensions"]["EXT_texture_webp"]["source"] = 5;
    auto r = morph::importGltfMemory(b.glb(), "webp.glb", "");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::BadReference) << r.error().message;
    EXPECT_THAT(r.error().message,
                StartsWith("webp.glb: textures[0].extensions.EXT_texture_webp.source = 5"));
    b.json()["textures"][0]["extensions"]["EXT_texture_webp"] = "webp";
    r = morph::importGltfMemory(b.glb(), "webp.glb", "");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Schema) << r.error().message;
    EXPECT_THAT(r.error().message, HasSubstr("EXT_texture_webp"));
}

}  // namespace

}  // namespace import_webp_test
