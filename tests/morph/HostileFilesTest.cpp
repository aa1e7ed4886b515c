// Hostile files beyond the broken fixtures of BadInputTest: counts near 2^31, declared
// sizes past a 64 MiB budget, sparse count bombs, JSON nested 100,000 deep, NaN/Inf, URIs that
// try to leave the model's folder, data: URIs with bad base64. Each import ends with a Scene or
// ONE line "<file>: <problem>" naming the field, and (ASan/UBSan run) without a crash.
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "fixtures/Fixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/ErrorText.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"

namespace hostile_files_test {

namespace {

using fixtures::Bytes;
using morph::ErrorCode;
using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

constexpr uint64_t kBudget64MiB = 64ull << 20;

Bytes textBytes(const std::string& text) {
    return Bytes(text.begin(), text.end());
}

// The contract every hostile file is held to: a Scene, or one line starting with the name.
// Returns the error (none when the file loaded).
std::optional<morph::Error> outcome(const Bytes& bytes, const std::string& name,
                                    const morph::ImportOptions& options = {},
                                    const std::string& baseDir = "") {
    morph::Result<morph::Scene> r = morph::importGltfMemory(bytes, name, baseDir, options);
    if (r.ok()) return std::nullopt;
    const std::string& message = r.error().message;
    EXPECT_THAT(message, StartsWith(name + ": "));
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.find('\r'), std::string::npos) << message;
    EXPECT_GT(message.size(), name.size() + 2) << "the message says nothing after the name";
    return r.error();
}

// A file that may load; when it does not, the fault is in its bytes.
void expectLoadsOrInputFault(const Bytes& bytes, const std::string& name,
                             const morph::ImportOptions& options = {}) {
    if (const auto error = outcome(bytes, name, options)) {
        EXPECT_TRUE(fixtures::isInputFault(error->code))
            << morph::errorCodeName(error->code) << ": " << error->message;
    }
}

// A file that must not load; the message must name `field`, the code must be `code`.
void expectRefused(const Bytes& bytes, const std::string& name, const std::string& field,
                   ErrorCode code, const morph::ImportOptions& options = {},
                   const std::string& baseDir = "") {
    const auto error = outcome(bytes, name, options, baseDir);
    ASSERT_TRUE(error) << name << " loaded, but it should have failed naming " << field;
    EXPECT_THAT(error->message, HasSubstr(field));
    EXPECT_EQ(error->code, code) << error->message;
}

morph::ImportOptions budget64MiB() {
    morph::ImportOptions options;
    options.maxMemoryBytes = kBudget64MiB;
    return options;
}

morph::GltfBuilder triangle() {
    return fixtures::triangleWithTwoTargetsBuilder();
}

// ---- counts and offsets near 2^31 (and 2^63) --------------------------------------------------

TEST(HostileFiles, CountsNearTwoToTheThirtyOne) {
    for (int64_t count :
         {(int64_t(1) << 31) - 1, int64_t(1) << 31, (int64_t(1) << 32) + 3, INT64_MAX}) {
        SCOPED_TRACE(count);
        morph::GltfBuilder b = triangle();
        b.json()["accessors"][2]["count"] = count;
        expectRefused(b.glb(), "count.glb", "accessors[2]", ErrorCode::Limit);
    }
    // As an unsigned JSON number past INT64_MAX, and as a float no integer can hold.
    morph::GltfBuilder u = triangle();
    u.json()["accessors"][0]["count"] = UINT64_MAX;
    // Read as int64, UINT64_MAX is -1: a count no accessor can have.
    expectRefused(u.glb(), "unsigned.glb", "accessors[0].count", ErrorCode::BadValue);
    morph::GltfBuilder f = triangle();
    f.json()["accessors"][0]["count"] = 1e300;
    expectRefused(f.glb(), "float.glb", "accessors[0].count", ErrorCode::Schema);
}

TEST(HostileFiles, SparseCountNearTwoToTheThirtyOne) {
    morph::GltfBuilder b = triangle();
    const uint32_t index = 1;
    const float value[3] = {0, 0, 1};
    int sparse = b.addSparseAccessor(3, morph::ComponentType::Float, "VEC3", {index}, value);
    b.json()["accessors"][size_t(sparse)]["sparse"]["count"] = (int64_t(1) << 31) - 1;
    b.json()["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] = sparse;
    expectRefused(b.glb(), "sparse.glb", "sparse.count", ErrorCode::BadValue);
}

TEST(HostileFiles, OffsetsAndLengthsNearTheIntegerLimits) {
    struct Case {
        const char* array;
        size_t index;
        const char* key;
        int64_t value;
        const char* field;
        ErrorCode code;
    };
    const Case cases[] = {
        {"accessors", 0, "byteOffset", INT64_MAX, "accessors[0]", ErrorCode::OutOfBounds},
        {"accessors", 0, "byteOffset", (int64_t(1) << 31) - 4, "accessors[0]",
         ErrorCode::OutOfBounds},
        {"bufferViews", 0, "byteOffset", INT64_MAX - 8, "bufferViews[0]", ErrorCode::OutOfBounds},
        {"bufferViews", 0, "byteLength", INT64_MAX, "bufferViews[0]", ErrorCode::OutOfBounds},
        {"bufferViews", 0, "byteLength", (int64_t(1) << 31) - 1, "bufferViews[0]",
         ErrorCode::OutOfBounds},
        {"bufferViews", 0, "byteStride", (int64_t(1) << 31) - 1, "bufferViews[0].byteStride",
         ErrorCode::BadValue},
        {"buffers", 0, "byteLength", (int64_t(1) << 31) - 1, "buffers[0]",
         ErrorCode::OutOfBounds},  // past the BIN chunk
        {"buffers", 0, "byteLength", -1, "buffers[0]", ErrorCode::BadValue},
        {"nodes", 0, "mesh", (int64_t(1) << 31), "nodes[0].mesh", ErrorCode::BadReference},
        {"meshes", 0, "weights", 0, "meshes[0].weights", ErrorCode::Schema},  // not an array
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.array) + "." + c.key + " = " + std::to_string(c.value));
        morph::GltfBuilder b = triangle();
        b.json()[c.array][c.index][c.key] = c.value;
        expectRefused(b.glb(), "limits.glb", c.field, c.code);
    }
    morph::GltfBuilder children = triangle();
    children.json()["nodes"][0]["children"] = {int64_t(1) << 31};
    expectRefused(children.glb(), "children.glb", "nodes[0].children[0]", ErrorCode::BadReference);
}

// ---- declared sizes against a 64 MiB budget, checked before allocating --------------------------

TEST(HostileFiles, HugeDeclaredBufferIsRefusedBeforeReadingIt) {
    // "big.bin" does not exist: the budget must refuse the declared 1 TiB before any file access.
    morph::GltfBuilder b = triangle();
    b.json()["buffers"][0]["byteLength"] = int64_t(1) << 40;
    expectRefused(textBytes(b.gltfText("big.bin")), "big.gltf", "buffers[0]", ErrorCode::Limit,
                  budget64MiB());
    // Several buffers under the budget one by one, past it together.
    morph::GltfBuilder many = triangle();
    for (int i = 0; i < 3; ++i)
        many.json()["buffers"].push_back({{"uri", "part.bin"}, {"byteLength", 30 << 20}});
    expectRefused(textBytes(many.gltfText("small.bin")), "many.gltf", "buffers[3]",
                  ErrorCode::Limit, budget64MiB());
    expectRefused(textBytes(many.gltfText("small.bin")), "many.gltf", "memory limit",
                  ErrorCode::Limit, budget64MiB());
}

TEST(HostileFiles, AccessorsDecodingPastTheBudget) {
    // 2^22 VEC4 floats over no bufferView (zeros): 64 MiB of floats from a few bytes of JSON.
    morph::GltfBuilder b = triangle();
    b.json()["accessors"].push_back(
        {{"componentType", 5126}, {"count", 1 << 22}, {"type", "VEC4"}});
    expectRefused(b.glb(), "zeros.glb", "memory limit", ErrorCode::Limit, budget64MiB());
    // MAT4 is 16 floats an element: 2^20 of them take the same 64 MiB.
    morph::GltfBuilder m = triangle();
    m.json()["accessors"].push_back(
        {{"componentType", 5126}, {"count", 1 << 20}, {"type", "MAT4"}});
    expectRefused(m.glb(), "mat4.glb", "accessors[4]", ErrorCode::Limit, budget64MiB());
}

TEST(HostileFiles, SparseCountBombs) {
    // One sparse accessor of 2^24 VEC3 (192 MiB once expanded) with a single stored value.
    morph::GltfBuilder one = triangle();
    const uint32_t index = 1;
    const float value[3] = {0, 0, 1};
    int bomb = one.addSparseAccessor(1u << 24, morph::ComponentType::Float, "VEC3", {index}, value);
    one.json()["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] = bomb;
    expectRefused(one.glb(), "bomb.glb", "accessors[" + std::to_string(bomb) + "]",
                  ErrorCode::Limit, budget64MiB());
    // Twenty targets of 2^20 VEC3 each (12 MiB apiece, under the budget alone, 240 MiB together).
    morph::GltfBuilder many = triangle();
    json& targets = many.json()["meshes"][0]["primitives"][0]["targets"];
    for (int t = 0; t < 20; ++t) {
        const int a =
            many.addSparseAccessor(1u << 20, morph::ComponentType::Float, "VEC3", {index}, value);
        targets.push_back({{"POSITION", a}});
    }
    expectRefused(many.glb(), "bombs.glb", "memory limit", ErrorCode::Limit, budget64MiB());
    // sparse.count as large as the accessor, with an indices view of one element.
    morph::GltfBuilder lying = triangle();
    int a = lying.addSparseAccessor(1u << 20, morph::ComponentType::Float, "VEC3", {index}, value);
    lying.json()["accessors"][size_t(a)]["sparse"]["count"] = 1 << 20;
    lying.json()["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] = a;
    // Under the budget: the indices' view is what it runs past.
    expectRefused(lying.glb(), "lying.glb", "sparse", ErrorCode::OutOfBounds, budget64MiB());
}

TEST(HostileFiles, ImagesDecodingPastTheBudget) {
    // A PNG header claiming 8000 x 8000 (256 MB of RGBA) over a few bytes: the header is read
    // first and the decode refused; the model still loads, with a warning naming the image.
    morph::GltfBuilder b = triangle();
    std::vector<uint8_t> png = {0x89, 'P',  'N', 'G', '\r', '\n', 0x1a, '\n', 0,    0, 0,
                                13,   'I',  'H', 'D', 'R',  0,    0,    0x1f, 0x40, 0, 0,
                                0x1f, 0x40, 8,   6,   0,    0,    0,    0,    0,    0, 0};
    const int view = b.addBufferView(png.data(), png.size());
    b.json()["images"] = {{{"bufferView", view}, {"mimeType", "image/png"}}};
    morph::Result<morph::Scene> r = morph::importGltfMemory(b.glb(), "png.glb", "", budget64MiB());
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->images.size(), 1u);
    EXPECT_TRUE(r->images[0].rgba.empty());
    ASSERT_FALSE(r->warnings.empty());
    EXPECT_THAT(r->warnings[0], HasSubstr("images[0]"));
}

TEST(HostileFiles, ManyImagesShareOneBudget) {
    // Each 1024 x 1024 image decodes to 4 MiB: under a 6 MiB budget alone, past it together.
    morph::RgbaImage image;
    image.width = image.height = 1024;
    image.pixels.assign(size_t(1024) * 1024 * 4, 128);
    auto png = morph::encodePng(image);
    ASSERT_TRUE(png.ok());
    morph::GltfBuilder b = triangle();
    for (int i = 0; i < 4; ++i) {
        const int view = b.addBufferView(png->data(), png->size());
        b.json()["images"].push_back({{"bufferView", view}, {"mimeType", "image/png"}});
    }
    morph::ImportOptions options;
    options.maxMemoryBytes = 6 << 20;
    morph::Result<morph::Scene> r = morph::importGltfMemory(b.glb(), "images.glb", "", options);
    ASSERT_TRUE(r.ok()) << r.error().message;
    size_t decoded = 0;
    for (const morph::Image& i : r->images) decoded += i.rgba.size();
    EXPECT_LE(decoded, options.maxMemoryBytes);
}

// ---- deeply nested JSON ----------------------------------------------------------------------

TEST(HostileFiles, JsonNestedOneHundredThousandDeep) {
    const size_t depth = 100000;
    std::string objects;
    for (size_t i = 0; i < depth; ++i) objects += "{\"a\":";
    objects += "0" + std::string(depth, '}');
    const std::string head = R"({"asset":{"version":"2.0"},"extras":)";
    expectRefused(textBytes(head + objects + "}"), "objects.gltf", "nest", ErrorCode::Limit);
    // Unterminated, in a GLB, and inside a mesh where a reader would walk it.
    expectRefused(textBytes(head + std::string(depth, '[')), "open.gltf", "nest", ErrorCode::Limit);
    expectRefused(
        morph::writeGlb(head + std::string(depth, '[') + std::string(depth, ']') + "}", {}),
        "deep.glb", "nest", ErrorCode::Limit);
    morph::GltfBuilder b = triangle();
    b.json()["meshes"][0]["extras"] = "PLACEHOLDER";
    std::string text = b.json().dump();
    text.replace(text.find("\"PLACEHOLDER\""), 13,
                 std::string(depth, '[') + std::string(depth, ']'));
    expectRefused(morph::writeGlb(text, b.bin()), "mesh.glb", "nest", ErrorCode::Limit);
    // Brackets in strings, escaped quotes included, are text, not nesting.
    const std::string quoted = head + "\"\\\"" + std::string(depth, '[') + "\\\\\"}";
    EXPECT_FALSE(outcome(textBytes(quoted), "quoted.gltf").has_value());
}

// ---- NaN and infinity ------------------------------------------------------------------------

TEST(HostileFiles, NonFiniteValuesInAccessors) {
    const float values[] = {std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity()};
    for (float v : values) {
        SCOPED_TRACE(v);
        // T0 delta of v1 (accessor 2 at byte offset 44 of the bin: element 1 x at 56).
        morph::GltfBuilder target = triangle();
        std::memcpy(target.bin().data() + 56, &v, 4);
        expectRefused(target.glb(), "target.glb", "accessors[2]", ErrorCode::BadValue);
        // An animation input key and an output value.
        morph::GltfBuilder anim = triangle();
        const int in = anim.addFloats({0, v, 2}, "SCALAR");
        const int out = anim.addFloats({0, 0, 1, 0.5f, 0.25f, 1}, "SCALAR");
        anim.json()["animations"] = json::array({fixtures::weightsChannelAnimation(in, out)});
        expectRefused(anim.glb(), "input.glb", "accessors[" + std::to_string(in) + "]",
                      ErrorCode::BadValue);
        morph::GltfBuilder output = triangle();
        const int in2 = output.addFloats({0, 1, 2}, "SCALAR");
        const int out2 = output.addFloats({0, 0, v, 0.5f, 0.25f, 1}, "SCALAR");
        output.json()["animations"] = json::array({fixtures::weightsChannelAnimation(in2, out2)});
        expectRefused(output.glb(), "output.glb", "accessors[" + std::to_string(out2) + "]",
                      ErrorCode::BadValue);
    }
}

TEST(HostileFiles, NumbersPastFloatRangeInJson) {
    // 1e300 is a fine double but no float: converting it is undefined behaviour unless checked.
    for (const char* key : {"translation", "scale"}) {
        morph::GltfBuilder b = triangle();
        b.json()["nodes"][0][key] = {1e300, 0, 0};
        expectRefused(b.glb(), "big.glb", std::string("nodes[0].") + key, ErrorCode::BadValue);
    }
    morph::GltfBuilder w = triangle();
    w.json()["meshes"][0]["weights"] = {1e300, 0};
    expectRefused(w.glb(), "weights.glb", "meshes[0].weights", ErrorCode::BadValue);
    morph::GltfBuilder m = triangle();
    m.json()["materials"] = {{{"pbrMetallicRoughness", {{"metallicFactor", -1e300}}}}};
    m.json()["meshes"][0]["primitives"][0]["material"] = 0;
    expectLoadsOrInputFault(m.glb(), "material.glb");  // UBSan checks the conversion
    // 1e400 overflows even a double; the JSON reader gives infinity or refuses it.
    morph::GltfBuilder inf = triangle();
    inf.json()["nodes"][0]["translation"] = {"PLACEHOLDER", 0, 0};
    std::string text = inf.gltfText(inf.binDataUri());
    text.replace(text.find("\"PLACEHOLDER\""), 13, "1e400");
    expectLoadsOrInputFault(textBytes(text), "inf.gltf");
}

// ---- URIs ------------------------------------------------------------------------------------

TEST(HostileFiles, UrisThatLeaveTheModelsFolder) {
    // A real file outside the folder: a URI that reached it would load, so every one must fail.
    const std::string dir = fixtures::scratchDir("HostileFiles.Uris");
    const std::string model = fixtures::scratchDir("HostileFiles.Uris/model/sub");
    std::vector<uint8_t> bin = triangle().bin();
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/outside.bin", bin.data(), bin.size()));
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/model/outside.bin", bin.data(), bin.size()));
    const std::string uris[] = {"../../outside.bin",
                                "%2e%2e/%2e%2e/outside.bin",
                                "%2E%2E%2F%2E%2E%2Foutside.bin",
                                "./../../outside.bin",
                                "a/../../../outside.bin",
                                "..\\..\\outside.bin",
                                "%2e%2e%5c%2e%2e%5coutside.bin",
                                dir + "/outside.bin",
                                "file://" + dir + "/outside.bin",
                                "file:../../outside.bin",
                                "//localhost" + dir + "/outside.bin",
                                "C:\\outside.bin",
                                "../outside.bin"};
    for (const std::string& uri : uris) {
        SCOPED_TRACE(uri);
        expectRefused(textBytes(triangle().gltfText(uri)), "uri.gltf", "buffers[0].uri",
                      ErrorCode::UriDenied, {}, model);
    }
    // Decoded once, as the loader does: "%252e%252e" is the literal folder name "%2e%2e", which
    // does not exist (the loader's message names the file).
    expectRefused(textBytes(triangle().gltfText("%252e%252e/outside.bin")), "double.gltf",
                  "%2e%2e/outside.bin", ErrorCode::Io, {}, model);
    // The same for an image: refused, or kept out of the scene (a warning), never read.
    morph::GltfBuilder img = triangle();
    img.json()["images"] = {{{"uri", "%2e%2e/%2e%2e/outside.bin"}}};
    const auto error = outcome(textBytes(img.gltfText(img.binDataUri())), "image.gltf", {}, model);
    if (!error) {
        morph::Result<morph::Scene> r =
            morph::importGltfMemory(textBytes(img.gltfText(img.binDataUri())), "image.gltf", model);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->images.at(0).rgba.empty());
    } else {
        EXPECT_THAT(error->message, HasSubstr("images[0].uri"));
        EXPECT_EQ(error->code, ErrorCode::UriDenied) << error->message;
    }
}

TEST(HostileFiles, UriWithControlCharactersStaysOneLine) {
    // Messages echo the URI; its newline comes back escaped, so the error stays one line.
    expectRefused(textBytes(triangle().gltfText("../a\nb.bin")), "newline.gltf", "a\\x0ab.bin",
                  ErrorCode::UriDenied);
    // Missing files with control characters in their names: the loader's message, still one line.
    for (const std::string uri : {"missing\r\nfile.bin", "x\n.bin", "tab\tbell\a.bin"}) {
        SCOPED_TRACE(uri);
        expectRefused(textBytes(triangle().gltfText(uri)), "newline.gltf",
                      "newline.gltf: ", ErrorCode::Io);
    }
}

TEST(HostileFiles, DataUrisWithBadBase64) {
    const std::string bin = triangle().binDataUri();  // the good one
    const std::string payload = bin.substr(bin.find(',') + 1);
    // Not base64 at all: BadValue; characters or padding that do not decode: Decode; good
    // base64 of the wrong size: Inconsistent (with byteLength).
    const std::pair<std::string, ErrorCode> bad[] = {
        {"data:application/octet-stream;base64,@@@@", ErrorCode::Decode},
        {"data:application/octet-stream;base64," + payload.substr(0, 8) + "==" + payload.substr(8),
         ErrorCode::Decode},
        {"data:application/octet-stream;base64," + payload + "====", ErrorCode::Decode},
        {"data:application/octet-stream," + payload, ErrorCode::BadValue},
        {"data:application/octet-stream;base64", ErrorCode::BadValue},
        {"data:", ErrorCode::BadValue},
        {"data:;base64,", ErrorCode::Inconsistent},
        {"data:application/octet-stream;base64,====", ErrorCode::Decode},
        {"data:application/octet-stream;base64," + payload.substr(0, 4), ErrorCode::Inconsistent},
        {"data:application/octet-stream;base64," + payload.substr(0, payload.size() / 2) + "\n" +
             payload.substr(payload.size() / 2),
         ErrorCode::Decode},
        {"data:application/octet-stream;base64," + payload + std::string(1, '\0'),
         ErrorCode::Decode},
        {"data:application/octet-stream;base64," + payload + payload, ErrorCode::Decode},
    };
    for (const auto& [uri, code] : bad) {
        SCOPED_TRACE(uri.substr(0, 60));
        expectRefused(textBytes(triangle().gltfText(uri)), "data.gltf", "buffers[0]", code);
    }
    // An image data: URI that is not base64 at all: an error or a warning, never a crash.
    morph::GltfBuilder img = triangle();
    img.json()["images"] = {{{"uri", "data:image/png;base64,%%%%"}}};
    if (const auto error = outcome(textBytes(img.gltfText(bin)), "image.gltf")) {
        EXPECT_THAT(error->message, HasSubstr("images[0]"));
        EXPECT_TRUE(fixtures::isInputFault(error->code)) << error->message;
    }
}

}  // namespace

}  // namespace hostile_files_test
