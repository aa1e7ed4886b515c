// morph/fix reading the corpus's Draco-compressed files (KHR_draco_mesh_compression, from
// glTF-Transform): every primitive decoded into plain accessors, the extension gone from the
// primitives and the file with one warning, the compressed bytes left out, and the model the
// importer reads from the result the same, value for value, as the one it reads from the input.
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/TestPaths.h"
#include "morph/fix/FixDocument.h"
#include "morph/glb/Glb.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace fix_draco_corpus_test {

namespace {

const char* const kFiles[] = {"MorphStressTest/variants/MorphStressTest.draco.glb",
                              "MorphPrimitivesTest/variants/MorphPrimitivesTest.draco.glb"};

morph::Scene importedBytes(const std::vector<uint8_t>& bytes, const std::string& name) {
    morph::ImportOptions options;
    options.decodeImages = false;
    auto scene = morph::importGltfMemory(bytes, name, "", options);
    EXPECT_TRUE(scene) << scene.error().message;
    return scene ? std::move(scene).value() : morph::Scene{};
}

void expectSamePrimitive(const morph::Primitive& a, const morph::Primitive& b,
                         const std::string& where) {
    EXPECT_EQ(a.mode, b.mode) << where;
    EXPECT_EQ(a.positions, b.positions) << where;
    EXPECT_EQ(a.normals, b.normals) << where;
    EXPECT_EQ(a.tangents, b.tangents) << where;
    EXPECT_EQ(a.texcoords, b.texcoords) << where;
    EXPECT_EQ(a.colors, b.colors) << where;
    EXPECT_EQ(a.indices, b.indices) << where;
    ASSERT_EQ(a.targets.size(), b.targets.size()) << where;
    for (size_t t = 0; t < a.targets.size(); ++t)
        EXPECT_TRUE(a.targets[t] == b.targets[t]) << where << " target " << t;
}

// The buffer views the input's Draco primitives name.
std::set<int64_t> dracoViews(const std::vector<uint8_t>& glb) {
    auto parsed = morph::parseGlb(glb.data(), glb.size());
    EXPECT_TRUE(parsed);
    std::set<int64_t> views;
    if (!parsed) return views;
    const nlohmann::json json =
        nlohmann::json::parse(parsed->json, parsed->json + parsed->jsonSize);
    for (const nlohmann::json& mesh : json["meshes"])
        for (const nlohmann::json& prim : mesh["primitives"])
            views.insert(
                prim["extensions"]["KHR_draco_mesh_compression"]["bufferView"].get<int64_t>());
    EXPECT_FALSE(views.empty());
    return views;
}

}  // namespace

TEST(FixDracoCorpus, DracoPrimitivesAreWrittenAsPlainAccessorsThatReadTheSame) {
    for (const char* file : kFiles) {
        const std::string path = fixtures::corpusPath(file);
        auto bytes = morph::readFileBytes(path);
        ASSERT_TRUE(bytes) << bytes.error().message;
        auto doc = morph::readFixDocument(*bytes, path, "");
        ASSERT_TRUE(doc) << doc.error().message;
        EXPECT_EQ(doc->warnings,
                  std::vector<std::string>{"KHR_draco_mesh_compression: written uncompressed"});
        EXPECT_EQ(doc->json.dump().find("KHR_draco_mesh_compression"), std::string::npos) << file;
        // The compressed bytes are left out: each view the extension named is emptied.
        for (int64_t view : dracoViews(*bytes)) {
            EXPECT_EQ(doc->json["bufferViews"][size_t(view)]["byteLength"], 1) << file;
            EXPECT_EQ(doc->json["bufferViews"][size_t(view)]["byteOffset"], 0) << file;
        }
        const std::vector<uint8_t> out = morph::fixDocumentGlb(*doc);

        const morph::Scene before = importedBytes(*bytes, path);
        const morph::Scene after = importedBytes(out, "fixed.glb");
        ASSERT_EQ(before.meshes.size(), after.meshes.size()) << file;
        for (size_t m = 0; m < before.meshes.size(); ++m) {
            const morph::Mesh& a = before.meshes[m];
            const morph::Mesh& b = after.meshes[m];
            EXPECT_EQ(a.targetNames, b.targetNames);
            ASSERT_EQ(a.primitives.size(), b.primitives.size()) << file;
            for (size_t p = 0; p < a.primitives.size(); ++p)
                expectSamePrimitive(a.primitives[p], b.primitives[p],
                                    std::string(file) + " mesh " + std::to_string(m) + " prim " +
                                        std::to_string(p));
        }
    }
}

}  // namespace fix_draco_corpus_test
