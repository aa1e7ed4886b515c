// Hostile files beyond the broken fixtures of BadInputTest (issue 7): counts near 2^31, declared
// sizes past a 64 MiB budget, sparse count bombs, JSON nested 100,000 deep, NaN/Inf, URIs that
// try to leave the model's folder, data: URIs with bad base64. Each import ends with a Scene or
// ONE line "<file>: <problem>" naming the field, and (ASan/UBSan run) without a crash.
#include <cmath>
#include <cstring>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/Fixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageFile.h"

namespace {

using fixtures::Bytes;
using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

constexpr uint64_t kBudget64MiB = 64ull << 20;

Bytes textBytes(const std::string& text) {
    return Bytes(text.begin(), text.end());
}

// The contract every hostile file is held to: a Scene, or one line starting with the name.
// Returns the message ("" when the file loaded).
std::string outcome(const Bytes& bytes, const std::string& name,
                    const morph::ImportOptions& options = {}, const std::string& baseDir = "") {
    morph::Result<morph::Scene> r = morph::importGltfMemory(bytes, name, baseDir, options);
    if (r.ok()) return "";
    const std::string& message = r.error().message;
    EXPECT_THAT(message, StartsWith(name + ": "));
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.find('\r'), std::string::npos) << message;
    EXPECT_GT(message.size(), name.size() + 2) << "the message says nothing after the name";
    return message;
}

// A file that must not load; the message must name `field`.
void expectRefused(const Bytes& bytes, const std::string& name, const std::string& field,
                   const morph::ImportOptions& options = {}, const std::string& baseDir = "") {
    const std::string message = outcome(bytes, name, options, baseDir);
    EXPECT_FALSE(message.empty()) << name << " loaded, but it should have failed naming " << field;
    EXPECT_THAT(message, HasSubstr(field));
}

morph::ImportOptions budget64MiB() {
    morph::ImportOptions options;
    options.maxMemoryBytes = kBudget64MiB;
    return options;
}

morph::GltfBuilder triangle() {
    return fixtures::triangleWithTwoTargetsBuilder();
}

// One LINEAR weights animation of node 0 over the given accessors.
json weightsAnimation(int input, int output) {
    const json sampler = {{"input", input}, {"output", output}};
    const json channel = {{"sampler", 0}, {"target", {{"node", 0}, {"path", "weights"}}}};
    return json::array(
        {json{{"samplers", json::array({sampler})}, {"channels", json::array({channel})}}});
}

// ---- counts and offsets near 2^31 (and 2^63) --------------------------------------------------

TEST(HostileFiles, CountsNearTwoToTheThirtyOne) {
    for (int64_t count :
         {(int64_t(1) << 31) - 1, int64_t(1) << 31, (int64_t(1) << 32) + 3, INT64_MAX}) {
        SCOPED_TRACE(count);
        morph::GltfBuilder b = triangle();
        b.json()["accessors"][2]["count"] = count;
        expectRefused(b.glb(), "count.glb", "accessors[2]");
    }
    // As an unsigned JSON number past INT64_MAX, and as a float no integer can hold.
    morph::GltfBuilder u = triangle();
    u.json()["accessors"][0]["count"] = UINT64_MAX;
    expectRefused(u.glb(), "unsigned.glb", "accessors[0].count");
    morph::GltfBuilder f = triangle();
    f.json()["accessors"][0]["count"] = 1e300;
    expectRefused(f.glb(), "float.glb", "accessors[0].count");
}

TEST(HostileFiles, SparseCountNearTwoToTheThirtyOne) {
    morph::GltfBuilder b = triangle();
    const uint32_t index = 1;
    const float value[3] = {0, 0, 1};
    int sparse = b.addSparseAccessor(3, morph::ComponentType::Float, "VEC3", {index}, value);
    b.json()["accessors"][size_t(sparse)]["sparse"]["count"] = (int64_t(1) << 31) - 1;
    b.json()["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] = sparse;
    expectRefused(b.glb(), "sparse.glb", "sparse.count");
}

TEST(HostileFiles, OffsetsAndLengthsNearTheIntegerLimits) {
    struct Case {
        const char* array;
        size_t index;
        const char* key;
        int64_t value;
        const char* field;
    };
    const Case cases[] = {
        {"accessors", 0, "byteOffset", INT64_MAX, "accessors[0]"},
        {"accessors", 0, "byteOffset", (int64_t(1) << 31) - 4, "accessors[0]"},
        {"bufferViews", 0, "byteOffset", INT64_MAX - 8, "bufferViews[0]"},
        {"bufferViews", 0, "byteLength", INT64_MAX, "bufferViews[0]"},
        {"bufferViews", 0, "byteLength", (int64_t(1) << 31) - 1, "bufferViews[0]"},
        {"bufferViews", 0, "byteStride", (int64_t(1) << 31) - 1, "bufferViews[0].byteStride"},
        {"buffers", 0, "byteLength", (int64_t(1) << 31) - 1, "buffers[0]"},
        {"buffers", 0, "byteLength", -1, "buffers[0]"},
        {"nodes", 0, "mesh", (int64_t(1) << 31), "nodes[0].mesh"},
        {"meshes", 0, "weights", 0, "meshes[0].weights"},  // not an array
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.array) + "." + c.key + " = " + std::to_string(c.value));
        morph::GltfBuilder b = triangle();
        b.json()[c.array][c.index][c.key] = c.value;
        expectRefused(b.glb(), "limits.glb", c.field);
    }
    morph::GltfBuilder children = triangle();
    children.json()["nodes"][0]["children"] = {int64_t(1) << 31};
    expectRefused(children.glb(), "children.glb", "nodes[0].children[0]");
}

// ---- declared sizes against a 64 MiB budget, checked before allocating --------------------------

TEST(HostileFiles, HugeDeclaredBufferIsRefusedBeforeReadingIt) {
    // "big.bin" does not exist: the budget must refuse the declared 1 TiB before any file access.
    morph::GltfBuilder b = triangle();
    b.json()["buffers"][0]["byteLength"] = int64_t(1) << 40;
    expectRefused(textBytes(b.gltfText("big.bin")), "big.gltf", "buffers[0]", budget64MiB());
    // Several buffers under the budget one by one, past it together.
    morph::GltfBuilder many = triangle();
    for (int i = 0; i < 3; ++i)
        many.json()["buffers"].push_back({{"uri", "part.bin"}, {"byteLength", 30 << 20}});
    const std::string message =
        outcome(textBytes(many.gltfText("small.bin")), "many.gltf", budget64MiB());
    EXPECT_THAT(message, HasSubstr("buffers[3]"));
    EXPECT_THAT(message, HasSubstr("memory limit"));
}

TEST(HostileFiles, AccessorsDecodingPastTheBudget) {
    // 2^22 VEC4 floats over no bufferView (zeros): 64 MiB of floats from a few bytes of JSON.
    morph::GltfBuilder b = triangle();
    b.json()["accessors"].push_back(
        {{"componentType", 5126}, {"count", 1 << 22}, {"type", "VEC4"}});
    expectRefused(b.glb(), "zeros.glb", "memory limit", budget64MiB());
    // MAT4 is 16 floats an element: 2^20 of them take the same 64 MiB.
    morph::GltfBuilder m = triangle();
    m.json()["accessors"].push_back(
        {{"componentType", 5126}, {"count", 1 << 20}, {"type", "MAT4"}});
    expectRefused(m.glb(), "mat4.glb", "accessors[4]", budget64MiB());
}

TEST(HostileFiles, SparseCountBombs) {
    // One sparse accessor of 2^24 VEC3 (192 MiB once expanded) with a single stored value.
    morph::GltfBuilder one = triangle();
    const uint32_t index = 1;
    const float value[3] = {0, 0, 1};
    int bomb = one.addSparseAccessor(1u << 24, morph::ComponentType::Float, "VEC3", {index}, value);
    one.json()["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] = bomb;
    expectRefused(one.glb(), "bomb.glb", "accessors[" + std::to_string(bomb) + "]", budget64MiB());
    // Twenty targets of 2^20 VEC3 each (12 MiB apiece, under the budget alone, 240 MiB together).
    morph::GltfBuilder many = triangle();
    json& targets = many.json()["meshes"][0]["primitives"][0]["targets"];
    for (int t = 0; t < 20; ++t) {
        const int a =
            many.addSparseAccessor(1u << 20, morph::ComponentType::Float, "VEC3", {index}, value);
        targets.push_back({{"POSITION", a}});
    }
    expectRefused(many.glb(), "bombs.glb", "memory limit", budget64MiB());
    // sparse.count as large as the accessor, with an indices view of one element.
    morph::GltfBuilder lying = triangle();
    int a = lying.addSparseAccessor(1u << 20, morph::ComponentType::Float, "VEC3", {index}, value);
    lying.json()["accessors"][size_t(a)]["sparse"]["count"] = 1 << 20;
    lying.json()["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] = a;
    expectRefused(lying.glb(), "lying.glb", "sparse", budget64MiB());
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
    expectRefused(textBytes(head + objects + "}"), "objects.gltf", "nest");
    // Unterminated, in a GLB, and inside a mesh where a reader would walk it.
    expectRefused(textBytes(head + std::string(depth, '[')), "open.gltf", "nest");
    expectRefused(
        morph::writeGlb(head + std::string(depth, '[') + std::string(depth, ']') + "}", {}),
        "deep.glb", "nest");
    morph::GltfBuilder b = triangle();
    b.json()["meshes"][0]["extras"] = "PLACEHOLDER";
    std::string text = b.json().dump();
    text.replace(text.find("\"PLACEHOLDER\""), 13,
                 std::string(depth, '[') + std::string(depth, ']'));
    expectRefused(morph::writeGlb(text, b.bin()), "mesh.glb", "nest");
    // Brackets in strings, escaped quotes included, are text, not nesting.
    const std::string quoted = head + "\"\\\"" + std::string(depth, '[') + "\\\\\"}";
    EXPECT_EQ(outcome(textBytes(quoted), "quoted.gltf"), "");
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
        expectRefused(target.glb(), "target.glb", "accessors[2]");
        // An animation input key and an output value.
        morph::GltfBuilder anim = triangle();
        const int in = anim.addFloats({0, v, 2}, "SCALAR");
        const int out = anim.addFloats({0, 0, 1, 0.5f, 0.25f, 1}, "SCALAR");
        anim.json()["animations"] = weightsAnimation(in, out);
        expectRefused(anim.glb(), "input.glb", "accessors[" + std::to_string(in) + "]");
        morph::GltfBuilder output = triangle();
        const int in2 = output.addFloats({0, 1, 2}, "SCALAR");
        const int out2 = output.addFloats({0, 0, v, 0.5f, 0.25f, 1}, "SCALAR");
        output.json()["animations"] = weightsAnimation(in2, out2);
        expectRefused(output.glb(), "output.glb", "accessors[" + std::to_string(out2) + "]");
    }
}

TEST(HostileFiles, NumbersPastFloatRangeInJson) {
    // 1e300 is a fine double but no float: converting it is undefined behaviour unless checked.
    for (const char* key : {"translation", "scale"}) {
        morph::GltfBuilder b = triangle();
        b.json()["nodes"][0][key] = {1e300, 0, 0};
        expectRefused(b.glb(), "big.glb", std::string("nodes[0].") + key);
    }
    morph::GltfBuilder w = triangle();
    w.json()["meshes"][0]["weights"] = {1e300, 0};
    expectRefused(w.glb(), "weights.glb", "meshes[0].weights");
    morph::GltfBuilder m = triangle();
    m.json()["materials"] = {{{"pbrMetallicRoughness", {{"metallicFactor", -1e300}}}}};
    m.json()["meshes"][0]["primitives"][0]["material"] = 0;
    outcome(m.glb(), "material.glb");  // a Scene or a clean line; UBSan checks the conversion
    // 1e400 overflows even a double; the JSON reader gives infinity or refuses it.
    morph::GltfBuilder inf = triangle();
    inf.json()["nodes"][0]["translation"] = {"PLACEHOLDER", 0, 0};
    std::string text = inf.gltfText(inf.binDataUri());
    text.replace(text.find("\"PLACEHOLDER\""), 13, "1e400");
    outcome(textBytes(text), "inf.gltf");
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
        expectRefused(textBytes(triangle().gltfText(uri)), "uri.gltf", "buffers[0].uri", {}, model);
    }
    // Decoded once, as the loader does: "%252e%252e" is the literal folder name "%2e%2e", which
    // does not exist (the loader's message names the file).
    expectRefused(textBytes(triangle().gltfText("%252e%252e/outside.bin")), "double.gltf",
                  "%2e%2e/outside.bin", {}, model);
    // The same for an image: refused, or kept out of the scene (a warning), never read.
    morph::GltfBuilder img = triangle();
    img.json()["images"] = {{{"uri", "%2e%2e/%2e%2e/outside.bin"}}};
    const std::string message =
        outcome(textBytes(img.gltfText(img.binDataUri())), "image.gltf", {}, model);
    if (message.empty()) {
        morph::Result<morph::Scene> r =
            morph::importGltfMemory(textBytes(img.gltfText(img.binDataUri())), "image.gltf", model);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->images.at(0).rgba.empty());
    } else {
        EXPECT_THAT(message, HasSubstr("images[0].uri"));
    }
}

TEST(HostileFiles, UriWithControlCharactersStaysOneLine) {
    // Messages echo the URI; its newline comes back escaped, so the error stays one line.
    expectRefused(textBytes(triangle().gltfText("../a\nb.bin")), "newline.gltf", "a\\x0ab.bin");
    // Missing files with control characters in their names: the loader's message, still one line.
    for (const std::string uri : {"missing\r\nfile.bin", "x\n.bin", "tab\tbell\a.bin"}) {
        SCOPED_TRACE(uri);
        expectRefused(textBytes(triangle().gltfText(uri)), "newline.gltf", "newline.gltf: ");
    }
}

TEST(HostileFiles, DataUrisWithBadBase64) {
    const std::string bin = triangle().binDataUri();  // the good one
    const std::string payload = bin.substr(bin.find(',') + 1);
    const std::string bad[] = {
        "data:application/octet-stream;base64,@@@@",
        "data:application/octet-stream;base64," + payload.substr(0, 8) + "==" + payload.substr(8),
        "data:application/octet-stream;base64," + payload + "====",
        "data:application/octet-stream," + payload,
        "data:application/octet-stream;base64",
        "data:",
        "data:;base64,",
        "data:application/octet-stream;base64,====",
        "data:application/octet-stream;base64," + payload.substr(0, 4),
        "data:application/octet-stream;base64," + payload.substr(0, payload.size() / 2) + "\n" +
            payload.substr(payload.size() / 2),
        "data:application/octet-stream;base64," + payload + std::string(1, '\0'),
        "data:application/octet-stream;base64," + payload + payload,
    };
    for (const std::string& uri : bad) {
        SCOPED_TRACE(uri.substr(0, 60));
        expectRefused(textBytes(triangle().gltfText(uri)), "data.gltf", "buffers[0]");
    }
    // An image data: URI that is not base64 at all: an error or a warning, never a crash.
    morph::GltfBuilder img = triangle();
    img.json()["images"] = {{{"uri", "data:image/png;base64,%%%%"}}};
    const std::string message = outcome(textBytes(img.gltfText(bin)), "image.gltf");
    if (!message.empty()) {
        EXPECT_THAT(message, HasSubstr("images[0]"));
    }
}

}  // namespace
