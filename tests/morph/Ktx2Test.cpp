// KHR_texture_basisu's KTX2 images: the transcoder in morph/ktx2 against the
// Basis Universal reference transcoder. Each tests/fixtures/ktx2/NAME.ktx2 was written once by the
// basisu encoder and NAME.rgba.png is what the reference transcoder decodes its base level to
// (tests/fixtures/ktx2/make/make.js). ETC1S and UASTC decode bit-exactly to RGBA8 (integer
// arithmetic the formats specify), so every pixel must be equal: no tolerance.
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/ImageFixtures.h"
#include "fixtures/Ktx2Fixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/decode/ImageDecode.h"
#include "morph/gltf/GltfImport.h"
#include "morph/ktx2/Ktx2Container.h"
#include "morph/ktx2/Ktx2Decode.h"
#include "morph/ktx2/Uastc.h"
#include "morph/ktx2/Zstd.h"

namespace ktx2_test {

namespace {

using fixtures::Bytes;
using morph::ErrorCode;
using testing::HasSubstr;
using testing::StartsWith;

// "N of M pixels differ; first at (x, y): got r g b a, want r g b a", or "" when equal.
std::string describeDifference(const morph::DecodedImage& got, const morph::RgbaImage& want) {
    if (got.width != want.width || got.height != want.height) return "sizes differ";
    size_t differ = 0;
    std::string first;
    for (size_t i = 0; i < want.pixels.size(); i += 4) {
        bool same = true;
        for (size_t c = 0; c < 4; ++c) same = same && got.rgba[i + c] == want.pixels[i + c];
        if (same) continue;
        if (differ++ == 0) {
            const size_t p = i / 4;
            first = " first at (" + std::to_string(p % size_t(want.width)) + ", " +
                    std::to_string(p / size_t(want.width)) + "): got";
            for (size_t c = 0; c < 4; ++c) first += " " + std::to_string(got.rgba[i + c]);
            first += ", want";
            for (size_t c = 0; c < 4; ++c) first += " " + std::to_string(want.pixels[i + c]);
        }
    }
    if (!differ) return {};
    return std::to_string(differ) + " of " + std::to_string(want.pixels.size() / 4) +
           " pixels differ;" + first;
}

class Ktx2Reference : public testing::TestWithParam<const char*> {};

TEST_P(Ktx2Reference, DecodesToTheReferenceTranscodersPixels) {
    const std::string name = GetParam();
    const Bytes file = fixtures::readKtx2Fixture(name);
    ASSERT_FALSE(file.empty()) << name;
    const morph::RgbaImage want = fixtures::ktx2ReferencePixels(name);
    ASSERT_TRUE(want.valid()) << name;
    // By the identifier: no mimeType needed.
    auto got = morph::decodeImage(file.data(), file.size(), 1 << 24);
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(describeDifference(*got, want), "") << name;
}

const char* const kUastcFixtures[] = {"uastc-rgb-32x32",        "uastc-rgba-32x32",
                                      "uastc-zstd-rgba-48x48",  "uastc-zstd-odd-19x23",
                                      "uastc-zstd-mips-64x64",  "uastc-gray-alpha-32x32",
                                      "uastc-level4-rgb-64x64", "uastc-level4-rgba-64x64"};

INSTANTIATE_TEST_SUITE_P(Etc1s, Ktx2Reference,
                         testing::Values("etc1s-rgb-32x32", "etc1s-rgba-32x32", "etc1s-odd-21x13",
                                         "etc1s-mips-64x64"),
                         [](const auto& info) {
                             std::string n = info.param;
                             for (char& c : n)
                                 if (c == '-') c = '_';
                             return n;
                         });
INSTANTIATE_TEST_SUITE_P(Uastc, Ktx2Reference, testing::ValuesIn(kUastcFixtures),
                         [](const auto& info) {
                             std::string n = info.param;
                             for (char& c : n)
                                 if (c == '-') c = '_';
                             return n;
                         });

// The benchmark's 1024 x 1024 ETC1S file (tests/bench/CpuBench): its reference pixels are kept as
// a CRC-32 (of the RGBA8 bytes, zlib's polynomial) rather than a 4 MiB image.
uint32_t crc32(const std::vector<uint8_t>& bytes) {
    uint32_t crc = 0xFFFFFFFFu;
    for (uint8_t b : bytes) {
        crc ^= b;
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

TEST(Ktx2Reference, BenchmarkEtc1sMatchesTheReferenceCrc) {
    const Bytes file = fixtures::readKtx2Fixture("bench-etc1s-1024x1024");
    auto got = morph::decodeImage(file.data(), file.size(), 1 << 23);
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(got->width, 1024);
    std::ifstream in(std::string(MORPHVIEW_SOURCE_DIR) +
                     "/tests/fixtures/ktx2/bench-etc1s-1024x1024.rgba.crc32");
    std::string want;
    in >> want;
    char hex[9];
    std::snprintf(hex, sizeof(hex), "%08x", crc32(got->rgba));
    EXPECT_EQ(hex, want);
}

// The reference comparison above is only as good as the modes the encoder chose: the UASTC
// fixtures' blocks (every level) use 18 of the 19 modes. Mode 18 (RGB, 5-bit weights), which
// basisu 1.15 did not pick for any image tried, is checked on a block built by hand below.
TEST(Ktx2Uastc, FixturesCoverEveryModeButEighteen) {
    std::set<int> modes;
    for (const char* name : kUastcFixtures) {
        const Bytes file = fixtures::readKtx2Fixture(name);
        auto c = morph::ktx2::readKtx2Container(file.data(), file.size());
        ASSERT_TRUE(c.ok()) << c.error().message;
        for (size_t level = 0; level < c->levels.size(); ++level) {
            morph::ktx2::ByteSpan blocks = c->levelBytes(level);
            std::vector<uint8_t> inflated;
            if (c->scheme == morph::ktx2::Supercompression::Zstandard) {
                auto r = morph::ktx2::zstdPrefix(blocks, c->levels[level].uncompressedByteLength);
                ASSERT_TRUE(r.ok()) << r.error().message;
                inflated = std::move(*r);
                blocks = {inflated.data(), inflated.size()};
            }
            for (size_t b = 0; b + 16 <= blocks.size; b += 16)
                modes.insert(morph::ktx2::uastcBlockMode(blocks.data + b));
        }
    }
    std::set<int> want;
    for (int m = 0; m < 18; ++m) want.insert(m);
    EXPECT_EQ(modes, want);
}

// Mode 18 by the UASTC specification's layout: code 0x09 (4 bits), 15 hint bits, six 5-bit
// endpoints (r0 r1 g0 g1 b0 b1), then 16 weights of 5 bits, texel 0's (the anchor) of 4. The
// expected texels are worked out by hand from ASTC's rules: 5-bit values replicate to 8 bits
// (31 -> 255, 16 -> 132); 5-bit weights unquantize 31 -> 64, 16 -> 34, 15 -> 30; a channel is
// ((l * 257 * (64 - w) + h * 257 * w + 32) >> 6) >> 8, so 0..255 at 34 is 135 and at 30 is 120.
TEST(Ktx2Uastc, ModeEighteenByHand) {
    uint8_t block[16] = {};
    unsigned pos = 0;
    const auto put = [&](uint32_t value, unsigned bits) {
        for (unsigned i = 0; i < bits; ++i, ++pos)
            block[pos / 8] |= uint8_t(((value >> i) & 1u) << (pos % 8));
    };
    put(0x09, 4);
    put(0, 15);
    for (uint32_t e : {0u, 31u, 31u, 0u, 16u, 16u}) put(e, 5);
    put(0, 4);  // texel 0
    for (uint32_t w : {31u, 16u, 15u}) put(w, 5);
    for (int i = 4; i < 16; ++i) put(0, 5);
    ASSERT_EQ(pos, 128u);
    ASSERT_EQ(morph::ktx2::uastcBlockMode(block), 18);
    uint8_t rgba[64];
    ASSERT_TRUE(morph::ktx2::decodeUastcBlock(block, rgba));
    const std::vector<uint8_t> got(rgba, rgba + 16);
    EXPECT_EQ(got, (std::vector<uint8_t>{0, 255, 132, 255, 255, 0, 132, 255, 135, 120, 132, 255,
                                         120, 135, 132, 255}));
    EXPECT_EQ(std::vector<uint8_t>(rgba + 16, rgba + 20), (std::vector<uint8_t>{0, 255, 132, 255}));
}

// ---- the plain 8-bit formats (written by the fixture, so the pixels are known exactly) ----

morph::RgbaImage knownPixels(int w, int h) {
    morph::RgbaImage image;
    image.width = w;
    image.height = h;
    for (int i = 0; i < w * h; ++i)
        image.pixels.insert(image.pixels.end(),
                            {uint8_t(i * 7), uint8_t(255 - i), uint8_t(i * 3), uint8_t(100 + i)});
    return image;
}

TEST(Ktx2Plain, Rgba8AndRgb8RawAndZstandard) {
    const morph::RgbaImage image = knownPixels(5, 3);
    for (bool zstd : {false, true}) {
        const Bytes rgba = fixtures::plainKtx2(image, false, zstd);
        auto a = morph::decodeImage(rgba.data(), rgba.size(), 1 << 20);
        ASSERT_TRUE(a.ok()) << a.error().message;
        EXPECT_EQ(a->width, 5);
        EXPECT_EQ(a->height, 3);
        EXPECT_EQ(a->rgba, image.pixels) << "zstd " << zstd;
        const Bytes rgb = fixtures::plainKtx2(image, true, zstd);
        auto b = morph::decodeImage(rgb.data(), rgb.size(), 1 << 20);
        ASSERT_TRUE(b.ok()) << b.error().message;
        morph::RgbaImage opaque = image;
        for (size_t i = 3; i < opaque.pixels.size(); i += 4) opaque.pixels[i] = 255;
        EXPECT_EQ(b->rgba, opaque.pixels) << "zstd " << zstd;
    }
}

// ---- errors: one line, no file name, the right code; never a crash ----

morph::Error decodeError(const Bytes& file, uint64_t maxBytes = 1 << 24) {
    auto r = morph::decodeImage(file.data(), file.size(), maxBytes, "image/ktx2");
    if (r.ok()) {
        ADD_FAILURE() << "expected an error";
        return {ErrorCode::Io, ""};
    }
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.find(".ktx2"), std::string::npos) << r.error().message;
    return r.error();
}

void put32(Bytes& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(v >> (8 * i));
}
uint32_t get32(const Bytes& b, size_t at) {
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 |
           uint32_t(b[at + 3]) << 24;
}

TEST(Ktx2Errors, HeaderAndContainer) {
    const Bytes good = fixtures::readKtx2Fixture("etc1s-rgba-32x32");
    ASSERT_GT(good.size(), 200u);
    EXPECT_THAT(decodeError(Bytes(good.begin(), good.begin() + 40)).message,
                StartsWith("truncated KTX2 file"));
    Bytes notKtx2 = good;
    notKtx2[1] = 'k';
    morph::Error e = decodeError(notKtx2);
    EXPECT_EQ(e.code, ErrorCode::Decode);
    EXPECT_THAT(e.message, HasSubstr("not a KTX2 image"));

    Bytes bc1 = fixtures::readKtx2Fixture("uastc-rgb-32x32");
    put32(bc1, 12, 131);  // VK_FORMAT_BC1_RGB_UNORM_BLOCK
    e = decodeError(bc1);
    EXPECT_EQ(e.code, ErrorCode::Unsupported);
    EXPECT_THAT(e.message, HasSubstr("vkFormat 131"));
    Bytes zlib = fixtures::readKtx2Fixture("uastc-zstd-odd-19x23");
    put32(zlib, 44, 3);
    EXPECT_EQ(decodeError(zlib).code, ErrorCode::Unsupported);
    Bytes levels = good;
    put32(levels, 40, 1000);
    EXPECT_EQ(decodeError(levels).code, ErrorCode::BadValue);
    Bytes level = good;
    put32(level, 80, uint32_t(good.size()));  // level 0's byteOffset at the end, length > 0
    e = decodeError(level);
    EXPECT_EQ(e.code, ErrorCode::OutOfBounds);
    EXPECT_THAT(e.message, HasSubstr("level 0"));
    Bytes sgd = good;
    put32(sgd, 72, 0xFFFFFFF0u);  // sgdByteLength (low word)
    EXPECT_EQ(decodeError(sgd).code, ErrorCode::OutOfBounds);
}

TEST(Ktx2Errors, SizesPastTheCapAreRefusedBeforeDecoding) {
    const Bytes file = fixtures::readKtx2Fixture("uastc-zstd-rgba-48x48");
    morph::Error e = decodeError(file, 48 * 48 * 4 - 1);
    EXPECT_EQ(e.code, ErrorCode::Limit);
    EXPECT_THAT(e.message, HasSubstr("48x48"));
    EXPECT_TRUE(morph::decodeImage(file.data(), file.size(), 48 * 48 * 4).ok());
    // A header that claims 65536 x 65536 (16 GiB of RGBA8) with 2 KiB of data.
    Bytes huge = file;
    put32(huge, 20, 65536);
    put32(huge, 24, 65536);
    EXPECT_EQ(decodeError(huge, uint64_t(1) << 30).code, ErrorCode::Limit);
    // Within the cap, the UASTC data that should be there is not.
    EXPECT_NE(decodeError(huge, uint64_t(1) << 40).code, ErrorCode::Limit);
    // 2^32 - 1 square: width * height * 4 is past 2^64, and still refused under any cap.
    put32(huge, 20, 0xFFFFFFFFu);
    put32(huge, 24, 0xFFFFFFFFu);
    EXPECT_EQ(decodeError(huge, ~uint64_t(0)).code, ErrorCode::Limit);
}

// The BasisLZ global data of an ETC1S fixture: where its Huffman tables start.
size_t etc1sTablesOffset(const Bytes& file) {
    const size_t sgd = get32(file, 64);
    const size_t images = 1;  // one level, one layer, one face
    return sgd + 20 + images * 20 + get32(file, sgd + 4) + get32(file, sgd + 8);
}

TEST(Ktx2Errors, CorruptBasisLzData) {
    const Bytes good = fixtures::readKtx2Fixture("etc1s-rgba-32x32");
    Bytes tables = good;
    const size_t at = etc1sTablesOffset(good);
    for (size_t i = at; i < at + 8; ++i) tables[i] = 0xFF;  // 16383 symbols, 31 length codes
    morph::Error e = decodeError(tables);
    EXPECT_EQ(e.code, ErrorCode::Decode);
    EXPECT_THAT(e.message, HasSubstr("Huffman"));
    Bytes slice = good;
    const size_t sgd = get32(good, 64);
    put32(slice, sgd + 20 + 4, 0x7FFFFFFF);  // imageDescs[0].rgbSliceByteOffset
    e = decodeError(slice);
    EXPECT_EQ(e.code, ErrorCode::OutOfBounds);
    EXPECT_THAT(e.message, HasSubstr("RGB slice"));
    Bytes codebook = good;
    put32(codebook, sgd + 4, 1);  // endpointsByteLength: the codebook stops after a byte
    EXPECT_EQ(decodeError(codebook).code, ErrorCode::Decode);
}

TEST(Ktx2Errors, ReservedUastcModeIsAnError) {
    Bytes file = fixtures::readKtx2Fixture("uastc-rgb-32x32");
    const size_t level = get32(file, 80);
    file[level] = 0x45;  // the 7-bit code no mode has
    morph::Error e = decodeError(file);
    EXPECT_EQ(e.code, ErrorCode::Decode);
    EXPECT_THAT(e.message, HasSubstr("UASTC block (0, 0)"));
}

// Every prefix of two fixtures and every byte of them inverted: an error or an image, never a
// crash or a read past the data (the sanitized build checks that).
TEST(Ktx2Errors, EveryTruncationAndByteFlipIsSafe) {
    for (const char* name : {"etc1s-odd-21x13", "uastc-zstd-odd-19x23"}) {
        const Bytes good = fixtures::readKtx2Fixture(name);
        for (size_t n = 0; n < good.size(); ++n) {
            const Bytes cut(good.begin(), good.begin() + long(n));
            auto r = morph::decodeImage(cut.data(), cut.size(), 1 << 20, "image/ktx2");
            EXPECT_FALSE(r.ok()) << name << " cut to " << n;
        }
        for (size_t i = 0; i < good.size(); ++i) {
            Bytes flipped = good;
            flipped[i] ^= 0xFF;
            auto r = morph::decodeImage(flipped.data(), flipped.size(), 1 << 20, "image/ktx2");
            if (!r.ok()) {
                EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
            }
        }
    }
}

// ---- glTF: KHR_texture_basisu's image decoded; the PNG fallback when it does not ----

morph::Scene load(const morph::GltfBuilder& b) {
    auto r = morph::importGltfMemory(b.glb(), "basisu.glb", "", {});
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : morph::Scene{};
}

TEST(Ktx2Import, BasisuTextureImportsWithDecodedPixels) {
    const morph::Scene scene =
        load(fixtures::basisuTextureBuilder(fixtures::readKtx2Fixture("etc1s-rgba-32x32")));
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 0);
    ASSERT_EQ(scene.images.size(), 1u);
    EXPECT_EQ(scene.images[0].mimeType, "image/ktx2");
    EXPECT_EQ(scene.images[0].width, 32);
    EXPECT_EQ(scene.images[0].height, 32);
    EXPECT_EQ(scene.images[0].rgba, fixtures::ktx2ReferencePixels("etc1s-rgba-32x32").pixels);
    EXPECT_TRUE(scene.warnings.empty()) << testing::PrintToString(scene.warnings);
    EXPECT_TRUE(scene.report.textures.empty());
}

TEST(Ktx2Import, KtxIsPreferredToItsPngFallback) {
    const morph::RgbaImage png = knownPixels(2, 2);
    const morph::Scene scene = load(fixtures::basisuTextureBuilder(
        fixtures::readKtx2Fixture("uastc-zstd-odd-19x23"), fixtures::encodePngBytes(png)));
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 0) << "the KTX2, which decoded";
    EXPECT_EQ(scene.images[0].rgba, fixtures::ktx2ReferencePixels("uastc-zstd-odd-19x23").pixels);
    EXPECT_EQ(scene.images[1].rgba, png.pixels);
    EXPECT_TRUE(scene.warnings.empty()) << testing::PrintToString(scene.warnings);
}

TEST(Ktx2Import, CorruptKtxFallsBackToThePngWithAWarning) {
    Bytes ktx2 = fixtures::readKtx2Fixture("etc1s-rgba-32x32");
    const size_t at = etc1sTablesOffset(ktx2);
    for (size_t i = at; i < at + 8; ++i) ktx2[i] = 0xFF;
    const morph::RgbaImage png = knownPixels(2, 2);
    const morph::Scene scene =
        load(fixtures::basisuTextureBuilder(ktx2, fixtures::encodePngBytes(png)));
    ASSERT_EQ(scene.textures.size(), 1u);
    EXPECT_EQ(scene.textures[0].image, 1) << "the PNG in `source`";
    EXPECT_EQ(scene.images[1].rgba, png.pixels);
    EXPECT_TRUE(scene.images[0].rgba.empty());
    ASSERT_EQ(scene.warnings.size(), 1u);
    EXPECT_THAT(scene.warnings[0], StartsWith("basisu.glb: textures[0]: images[0]: BasisLZ"));
    EXPECT_THAT(scene.warnings[0], HasSubstr("using the fallback images[1]"));
    ASSERT_EQ(scene.report.textures.size(), 1u);
    EXPECT_EQ(scene.report.textures[0].image, 0);
    EXPECT_EQ(scene.report.textures[0].fallback, 1);
    EXPECT_THAT(scene.report.textures[0].reason, StartsWith("BasisLZ slice Huffman tables"));
}

// A .gltf beside its .ktx2 file, no mimeType: the file's identifier says what it is.
TEST(Ktx2Import, ExternalKtxFileWithoutMimeType) {
    const std::string dir = fixtures::caseScratchDir();
    const Bytes ktx2 = fixtures::readKtx2Fixture("uastc-zstd-rgba-48x48");
    std::ofstream(dir + "/face.ktx2", std::ios::binary)
        .write(reinterpret_cast<const char*>(ktx2.data()), std::streamsize(ktx2.size()));
    morph::GltfBuilder b = fixtures::basisuTextureBuilder(ktx2);
    b.json()["images"] = {{{"uri", "face.ktx2"}}};
    ASSERT_TRUE(b.writeGltf(dir + "/face.gltf", "face.bin").ok());
    auto r = morph::importGltf(dir + "/face.gltf");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->images.size(), 1u);
    EXPECT_EQ(r->images[0].width, 48);
    EXPECT_EQ(r->images[0].rgba, fixtures::ktx2ReferencePixels("uastc-zstd-rgba-48x48").pixels);
    EXPECT_TRUE(r->warnings.empty()) << testing::PrintToString(r->warnings);
}

}  // namespace

}  // namespace ktx2_test
