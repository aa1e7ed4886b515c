// The bundled face (assets/face.glb): it is exactly what the generator writes, and it has what
// the viewer's sample needs (vertex count, ARKit targets stored sparse, local deformations,
// the three clips).
#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "face/FaceAssembly.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace face_asset_test {

namespace {

const std::string kFacePath = fixtures::bundledFace();

std::vector<uint8_t> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

nlohmann::json glbJson(const std::vector<uint8_t>& glb) {
    uint32_t length = 0;
    if (glb.size() < 20) return {};
    std::memcpy(&length, glb.data() + 12, 4);
    return nlohmann::json::parse(glb.begin() + 20, glb.begin() + 20 + length);
}

const morph::Mesh& faceMesh(const morph::Scene& scene) {
    return scene.meshes.at(0);
}

int targetIndex(const morph::Mesh& mesh, const std::string& name) {
    auto it = std::find(mesh.targetNames.begin(), mesh.targetNames.end(), name);
    return it == mesh.targetNames.end() ? -1 : static_cast<int>(it - mesh.targetNames.begin());
}

const morph::Primitive& skin(const morph::Scene& scene) {
    for (const morph::Primitive& p : faceMesh(scene).primitives)
        if (p.material >= 0 && scene.materials[p.material].name == "skin") return p;
    return faceMesh(scene).primitives.at(0);
}

size_t movedVertices(const morph::Primitive& p, int target) {
    const auto& d = p.targets.at(target).dense(morph::MorphChannel::Position, p.vertexCount());
    return static_cast<size_t>(std::count_if(d.begin(), d.end(), [](const glm::vec4& v) {
        return v.x != 0.0f || v.y != 0.0f || v.z != 0.0f;
    }));
}

const std::vector<std::string> kArkit = {
    "eyeBlinkLeft",     "eyeBlinkRight",     "eyeWideLeft",      "eyeWideRight",
    "eyeSquintLeft",    "eyeSquintRight",    "browDownLeft",     "browDownRight",
    "browInnerUp",      "browOuterUpLeft",   "browOuterUpRight", "jawOpen",
    "jawLeft",          "jawRight",          "jawForward",       "mouthClose",
    "mouthSmileLeft",   "mouthSmileRight",   "mouthFrownLeft",   "mouthFrownRight",
    "mouthPucker",      "mouthFunnel",       "mouthLeft",        "mouthRight",
    "mouthStretchLeft", "mouthStretchRight", "mouthRollLower",   "mouthRollUpper",
    "mouthShrugLower",  "mouthShrugUpper",   "mouthPressLeft",   "mouthPressRight",
    "cheekPuff",        "cheekSquintLeft",   "cheekSquintRight", "noseSneerLeft",
    "noseSneerRight",   "eyeLookUpLeft",     "eyeLookInRight",   "tongueOut"};

TEST(FaceAsset, CommittedFileIsTheGeneratorsOutputByteForByte) {
    std::vector<uint8_t> committed = readBytes(kFacePath);
    ASSERT_FALSE(committed.empty()) << kFacePath << " is missing";
    std::vector<uint8_t> generated = face::buildFaceGlb();
    ASSERT_EQ(generated.size(), committed.size())
        << "assets/face.glb is stale: rebuild it with `cmake --build <build> --target face_asset`";
    EXPECT_TRUE(generated == committed)
        << "assets/face.glb differs from the generator's output: regenerate it (face_asset)";
}

TEST(FaceAsset, GeneratingTwiceGivesTheSameBytes) {
    EXPECT_TRUE(face::buildFaceGlb() == face::buildFaceGlb());
}

TEST(FaceAsset, TargetsAreSparseAndNamedAfterArkit) {
    nlohmann::json doc = glbJson(readBytes(kFacePath));
    ASSERT_TRUE(doc.contains("meshes"));
    const nlohmann::json& mesh = doc["meshes"][0];
    std::vector<std::string> names = mesh["extras"]["targetNames"].get<std::vector<std::string>>();
    EXPECT_EQ(names.size(), 52u);
    std::set<std::string> have(names.begin(), names.end());
    for (const std::string& n : kArkit) EXPECT_TRUE(have.count(n)) << n;
    ASSERT_EQ(mesh["weights"].size(), names.size());
    for (const auto& w : mesh["weights"]) EXPECT_EQ(w.get<double>(), 0.0);
    for (const auto& prim : mesh["primitives"]) {
        ASSERT_EQ(prim["targets"].size(), names.size());  // glTF 2.0 3.7.2.2: same count
        for (const auto& target : prim["targets"]) {
            for (const char* attribute : {"POSITION", "NORMAL"}) {
                ASSERT_TRUE(target.contains(attribute));
                const auto& accessor = doc["accessors"][target[attribute].get<int>()];
                EXPECT_TRUE(accessor.contains("sparse"));
                EXPECT_FALSE(accessor.contains("bufferView"));
            }
        }
    }
}

TEST(FaceAsset, HasTalkExpressionsAndBlinkClips) {
    nlohmann::json doc = glbJson(readBytes(kFacePath));
    std::map<std::string, std::string> expected = {
        {"talk", "CUBICSPLINE"}, {"expressions", "LINEAR"}, {"blink", "STEP"}};
    std::map<std::string, std::string> found;
    for (const auto& a : doc["animations"])
        found[a["name"].get<std::string>()] = a["samplers"][0]["interpolation"].get<std::string>();
    EXPECT_EQ(found, expected);
}

TEST(FaceAsset, ImportsWithEnoughVerticesAndTargets) {
    auto scene = morph::importGltf(kFacePath);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    ASSERT_EQ(scene->meshes.size(), 1u);
    size_t vertices = 0;
    for (const auto& p : faceMesh(*scene).primitives) {
        vertices += p.vertexCount();
        EXPECT_EQ(p.targets.size(), faceMesh(*scene).targetCount());
        EXPECT_FALSE(p.normals.empty());
        EXPECT_FALSE(p.tangents.empty());
    }
    EXPECT_GE(skin(*scene).vertexCount(), 8000u);
    EXPECT_GE(vertices, 8000u);
    EXPECT_GE(faceMesh(*scene).targetCount(), 30u);
    EXPECT_GE(scene->materials.size(), 4u);  // skin and separate eye materials
    EXPECT_EQ(scene->animations.size(), 3u);
}

TEST(FaceAsset, TargetsAreLocal) {
    auto scene = morph::importGltf(kFacePath);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    const morph::Mesh& mesh = faceMesh(*scene);
    const morph::Primitive& s = skin(*scene);
    for (const std::string& name : mesh.targetNames) {
        int t = targetIndex(mesh, name);
        size_t moved = 0;
        for (const auto& p : mesh.primitives) moved += movedVertices(p, t);
        EXPECT_GT(moved, 0u) << name << " moves nothing";
        // Only the jaw moves a large part of the head (the chin, lower lip and jaw line).
        bool jaw = name.rfind("jaw", 0) == 0 || name == "tongueOut";  // tongueOut drops the jaw
        size_t limit = jaw ? s.vertexCount() / 2 : s.vertexCount() / 10;
        EXPECT_LT(movedVertices(s, t), limit) << name;
    }
    size_t brow = movedVertices(s, targetIndex(mesh, "browInnerUp"));
    EXPECT_GT(brow, 100u);
    EXPECT_LT(brow, s.vertexCount() / 10);
}

TEST(FaceAsset, LeftIsTheCharactersLeftOnPlusX) {
    auto scene = morph::importGltf(kFacePath);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    const morph::Mesh& mesh = faceMesh(*scene);
    const morph::Primitive& s = skin(*scene);
    for (const char* name :
         {"eyeBlinkLeft", "browOuterUpLeft", "mouthSmileLeft", "cheekSquintLeft"}) {
        const auto& d = s.targets.at(targetIndex(mesh, name))
                            .dense(morph::MorphChannel::Position, s.vertexCount());
        float weighted = 0.0f;
        for (size_t v = 0; v < d.size(); ++v)
            weighted += glm::length(glm::vec3(d[v])) * s.positions[v].x;
        EXPECT_GT(weighted, 0.0f) << name;
    }
}

TEST(FaceAsset, JawOpenMovesTheChinDownAndBlinkClosesTheLid) {
    auto scene = morph::importGltf(kFacePath);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    const morph::Mesh& mesh = faceMesh(*scene);
    const morph::Primitive& s = skin(*scene);
    // The chin: the most forward skin vertex low on the face.
    size_t chin = 0;
    float best = -1.0f;
    for (size_t v = 0; v < s.positions.size(); ++v)
        if (s.positions[v].y < -0.09f && s.positions[v].z > best) best = s.positions[v].z, chin = v;
    const auto& jaw = s.targets.at(targetIndex(mesh, "jawOpen"))
                          .dense(morph::MorphChannel::Position, s.vertexCount());
    EXPECT_LT(jaw[chin].y, -0.01f);
    // The crown does not move.
    size_t crown = 0;
    for (size_t v = 0; v < s.positions.size(); ++v)
        if (s.positions[v].y > s.positions[crown].y) crown = v;
    EXPECT_EQ(glm::vec3(jaw[crown]), glm::vec3(0.0f));
    // eyeBlinkLeft brings the upper lid down by more than half a centimetre somewhere.
    const auto& blink = s.targets.at(targetIndex(mesh, "eyeBlinkLeft"))
                            .dense(morph::MorphChannel::Position, s.vertexCount());
    float lowest = 0.0f;
    for (const auto& d : blink) lowest = std::min(lowest, d.y);
    EXPECT_LT(lowest, -0.005f);
}

}  // namespace

}  // namespace face_asset_test
