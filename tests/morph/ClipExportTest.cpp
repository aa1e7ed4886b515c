#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "UserClips.h"
#include "fixtures/AuditFixtures.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/Fixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Sampler.h"
#include "morph/edit/ClipExport.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace clip_export_test {

namespace {

namespace fs = std::filesystem;
using morph::ErrorCode;
using morph::UserClip;

std::vector<uint8_t> readBytes(const std::string& path) {
    morph::Result<std::vector<uint8_t>> bytes = morph::readFileBytes(path);
    return bytes ? std::move(*bytes) : std::vector<uint8_t>{};
}

// Exporting `clip` from `source` to `output` fails with `code`, with `part` in the message.
void expectExportError(const std::string& source, const std::string& output, const UserClip& clip,
                       ErrorCode code, const std::string& part = "") {
    morph::Status s = morph::exportClip(source, output, clip);
    ASSERT_FALSE(s.ok()) << source << " exported to " << output;
    EXPECT_EQ(s.error().code, code);
    EXPECT_NE(s.error().message.find(part), std::string::npos) << s.error().message;
}

// The source model: one triangle, targets "smile" (v1 +z) and "blink" (v2 +y), mesh.weights
// [0.25, 0.5], used by nodes 0 and 1, and an existing LINEAR clip "wave" on node 0.
morph::GltfBuilder faceLikeSource() {
    morph::GltfBuilder b;
    std::vector<float> positions = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    std::vector<float> t0 = {0, 0, 0, 0, 0, 1, 0, 0, 0};
    std::vector<float> t1 = {0, 0, 0, 0, 0, 0, 0, 2, 0};
    int pos = b.addFloats(positions, "VEC3");
    int a0 = b.addFloats(t0, "VEC3");
    int a1 = b.addFloats(t1, "VEC3");
    int in = b.addFloats({0, 1}, "SCALAR");
    int out = b.addFloats({0, 0, 1, 1}, "SCALAR");
    auto& j = b.json();
    j["meshes"] = {{{"name", "Face"},
                    {"primitives",
                     {{{"attributes", {{"POSITION", pos}}},
                       {"targets", {{{"POSITION", a0}}, {{"POSITION", a1}}}}}}},
                    {"weights", {0.25, 0.5}},
                    {"extras", {{"targetNames", {"smile", "blink"}}}}}};
    j["nodes"] = {{{"mesh", 0}, {"name", "left"}}, {{"mesh", 0}, {"name", "right"}}};
    j["scenes"] = {{{"nodes", {0, 1}}}};
    j["scene"] = 0;
    nlohmann::json wave = fixtures::weightsChannelAnimation(in, out);
    wave["name"] = "wave";
    j["animations"] = nlohmann::json::array({wave});
    // Something no importer models, to show the JSON is kept as it was.
    j["extras"] = {{"author", "test"}};
    return b;
}

// Keys in another target order than the mesh's, to show the export follows names.
UserClip blinkThenSmile(morph::Interpolation interpolation) {
    return morphtest::keyedClip("keyed", "Face", {"blink", "smile"},
                                {{0.0f, {1.0f, 0.0f}}, {0.5f, {0.0f, 1.0f}}, {2.0f, {0.5f, 0.5f}}},
                                interpolation);
}

const morph::Animation* findAnimation(const morph::Scene& scene, const std::string& name) {
    for (const morph::Animation& a : scene.animations) {
        if (a.name == name) return &a;
    }
    return nullptr;
}

TEST(ClipExport, ExportedClipReimportsAndSamplesToTheKeys) {
    for (morph::Interpolation interpolation :
         {morph::Interpolation::Step, morph::Interpolation::Linear,
          morph::Interpolation::CubicSpline}) {
        std::string dir = fixtures::scratchDir("ClipExportReimport");
        std::string source = dir + "/face.glb";
        std::string output = dir + "/face-keyed.glb";
        ASSERT_TRUE(faceLikeSource().writeGlb(source).ok());
        std::vector<uint8_t> before = readBytes(source);

        UserClip clip = blinkThenSmile(interpolation);
        morph::Status s = morph::exportClip(source, output, clip);
        ASSERT_TRUE(s.ok()) << s.error().message;
        EXPECT_EQ(readBytes(source), before) << "the source must stay untouched";

        auto scene = morph::importGltf(output);
        ASSERT_TRUE(scene.ok()) << scene.error().message;
        ASSERT_EQ(scene->animations.size(), 2u);
        ASSERT_NE(findAnimation(*scene, "wave"), nullptr);
        const morph::Animation* keyed = findAnimation(*scene, "keyed");
        ASSERT_NE(keyed, nullptr);
        ASSERT_EQ(keyed->channels.size(), 2u);  // both nodes that use the mesh
        EXPECT_EQ(keyed->channels[0].node, 0);
        EXPECT_EQ(keyed->channels[1].node, 1);
        const morph::AnimationSampler& sampler =
            keyed->samplers[size_t(keyed->channels[0].sampler)];
        EXPECT_EQ(sampler.interpolation, interpolation);
        for (const morph::UserKey& key : clip.keys) {
            std::vector<float> w = morph::sample(sampler, morph::AnimationPath::Weights, key.time);
            ASSERT_EQ(w.size(), 2u);
            EXPECT_NEAR(w[0], key.weights[1], 1e-6) << "smile at " << key.time;
            EXPECT_NEAR(w[1], key.weights[0], 1e-6) << "blink at " << key.time;
        }
        // Between keys too, the export evaluates as the viewer played it.
        std::vector<float> mid = morph::sample(sampler, morph::AnimationPath::Weights, 1.2f);
        std::vector<float> played = morph::sampleUserClip(clip, 1.2f);
        EXPECT_NEAR(mid[0], played[1], 1e-5);
        EXPECT_NEAR(mid[1], played[0], 1e-5);
        // The model itself came through.
        ASSERT_EQ(scene->meshes.size(), 1u);
        EXPECT_EQ(scene->meshes[0].targetNames, (std::vector<std::string>{"smile", "blink"}));
    }
}

TEST(ClipExport, KeepsTheSourceJsonAndTheInputAccessorHasMinMax) {
    std::string dir = fixtures::scratchDir("ClipExportJson");
    ASSERT_TRUE(faceLikeSource().writeGlb(dir + "/face.glb").ok());
    ASSERT_TRUE(morph::exportClip(dir + "/face.glb", dir + "/out.glb",
                                  blinkThenSmile(morph::Interpolation::Linear))
                    .ok());
    auto out = morph::readSelfContained(dir + "/out.glb");
    ASSERT_TRUE(out.ok()) << out.error().message;
    EXPECT_EQ(out->json["extras"]["author"], "test");
    const auto& sampler = out->json["animations"][1]["samplers"][0];
    const auto& input = out->json["accessors"][sampler["input"].get<int>()];
    EXPECT_EQ(input["min"][0], 0.0);
    EXPECT_EQ(input["max"][0], 2.0);
    auto times = morph::readFloatAccessor(*out, sampler["input"]);
    ASSERT_TRUE(times.ok());
    EXPECT_EQ(*times, (std::vector<float>{0.0f, 0.5f, 2.0f}));
    auto values = morph::readFloatAccessor(*out, sampler["output"]);
    ASSERT_TRUE(values.ok());
    EXPECT_EQ(*values, (std::vector<float>{0, 1, 1, 0, 0.5f, 0.5f}));  // mesh order: smile, blink
    EXPECT_EQ(out->json["buffers"].size(), 1u);
    EXPECT_EQ(out->json["buffers"][0]["byteLength"], out->bin.size());
}

// With the scene's rig logic, each key's derived targets are baked from its drivers: the
// corrective jawOpen_mouthSmileLeft is their product, jawOpen's in-betweens their tents.
TEST(ClipExport, RigLogicIsBakedIntoTheKeys) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string source =
        fixtures::writeRig(fixtures::rigWithCorrectives(), dir, "correctives.glb");
    auto scene = morph::importGltf(source);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    UserClip clip;
    clip.name = "talk";
    clip.targetNames = {"jawOpen", "mouthSmileLeft"};
    clip.keys = {{0.0f, {0.0f, 0.0f}}, {1.0f, {0.4f, 0.5f}}};
    const std::vector<std::string>& names = scene->meshes[0].targetNames;
    const auto index = [&names](const std::string& name) {
        return size_t(std::find(names.begin(), names.end(), name) - names.begin());
    };
    for (const bool baked : {false, true}) {
        const std::string out = dir + (baked ? "/baked.glb" : "/raw.glb");
        ASSERT_TRUE(morph::exportClip(source, out, clip, 0, baked ? &*scene : nullptr).ok());
        auto gltf = morph::readSelfContained(out);
        ASSERT_TRUE(gltf.ok()) << gltf.error().message;
        auto values = morph::readFloatAccessor(
            *gltf, gltf->json["animations"].back()["samplers"][0]["output"]);
        ASSERT_TRUE(values.ok());
        ASSERT_EQ(values->size(), 2 * names.size());
        const float* second = values->data() + names.size();  // the key at 1 s
        EXPECT_FLOAT_EQ(second[index("jawOpen")], 0.4f);
        EXPECT_FLOAT_EQ(second[index("jawOpen_mouthSmileLeft")], baked ? 0.2f : 0.0f);
        // jawOpen 0.4 between the in-betweens' peaks 0.25 and 0.75: 0.7 of one, 0.3 of the other.
        EXPECT_NEAR(second[index("jawOpen25")], baked ? 0.7f : 0.0f, 1e-5);
        EXPECT_NEAR(second[index("jawOpen75")], baked ? 0.3f : 0.0f, 1e-5);
    }
}

TEST(ClipExport, RefusesToWriteOverTheSource) {
    std::string dir = fixtures::scratchDir("ClipExportRefuse");
    std::string source = dir + "/face.glb";
    ASSERT_TRUE(faceLikeSource().writeGlb(source).ok());
    std::vector<uint8_t> before = readBytes(source);
    UserClip clip = blinkThenSmile(morph::Interpolation::Linear);
    expectExportError(source, source, clip, ErrorCode::Usage, "source");
    // The same file spelled another way.
    expectExportError(source, dir + "/./../ClipExportRefuse/face.glb", clip, ErrorCode::Usage);
    EXPECT_EQ(readBytes(source), before);
}

TEST(ClipExport, RefusesToWriteOverAnExternalBufferOfTheSource) {
    std::string dir = fixtures::scratchDir("ClipExportRefuseBin");
    morph::GltfBuilder b = faceLikeSource();
    ASSERT_TRUE(b.writeGltf(dir + "/face.gltf", "face.bin").ok());
    std::vector<uint8_t> bin = readBytes(dir + "/face.bin");
    EXPECT_FALSE(morph::exportClip(dir + "/face.gltf", dir + "/face.bin",
                                   blinkThenSmile(morph::Interpolation::Linear))
                     .ok());
    EXPECT_EQ(readBytes(dir + "/face.bin"), bin);
}

TEST(ClipExport, ExternalAndDataUriBuffersAreEmbedded) {
    std::string dir = fixtures::scratchDir("ClipExportEmbed");
    morph::GltfBuilder b = faceLikeSource();
    ASSERT_TRUE(b.writeGltf(dir + "/external.gltf", "my buffer.bin").ok());
    std::ofstream(dir + "/datauri.gltf") << b.gltfText(b.binDataUri());
    for (const char* name : {"external.gltf", "datauri.gltf"}) {
        std::string output = dir + "/" + name + ".out.glb";
        morph::Status s = morph::exportClip(dir + "/" + name, output,
                                            blinkThenSmile(morph::Interpolation::Linear));
        ASSERT_TRUE(s.ok()) << s.error().message;
        // Alone in a fresh folder, the export still loads: nothing refers to a file.
        std::string alone = fixtures::scratchDir(std::string("ClipExportEmbedAlone")) + "/a.glb";
        fs::copy_file(output, alone);
        auto scene = morph::importGltf(alone);
        ASSERT_TRUE(scene.ok()) << scene.error().message;
        ASSERT_EQ(scene->meshes.size(), 1u);
        EXPECT_EQ(scene->meshes[0].primitives[0].positions[1], glm::vec3(1, 0, 0));
        EXPECT_EQ(
            scene->meshes[0].primitives[0].targets[1].dense(
                morph::MorphChannel::Position, scene->meshes[0].primitives[0].vertexCount())[2],
            glm::vec4(0, 2, 0, 0));
        EXPECT_EQ(scene->animations.size(), 2u);
    }
}

TEST(ClipExport, ExternalImagesAreEmbeddedWithTheirType) {
    std::string dir = fixtures::scratchDir("ClipExportImages");
    morph::GltfBuilder b = faceLikeSource();
    // Only the signature matters to the exporter; the bytes must arrive unchanged.
    const std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + "not really pixels";
    std::ofstream(dir + "/skin.png", std::ios::binary) << png;
    b.json()["images"] = {{{"uri", "skin.png"}}};
    ASSERT_TRUE(b.writeGltf(dir + "/face.gltf", "face.bin").ok());
    ASSERT_TRUE(morph::exportClip(dir + "/face.gltf", dir + "/out.glb",
                                  blinkThenSmile(morph::Interpolation::Linear))
                    .ok());
    auto out = morph::readSelfContained(dir + "/out.glb");
    ASSERT_TRUE(out.ok()) << out.error().message;
    const auto& image = out->json["images"][0];
    EXPECT_FALSE(image.contains("uri"));
    EXPECT_EQ(image["mimeType"], "image/png");
    const auto& view = out->json["bufferViews"][image["bufferView"].get<int>()];
    size_t offset = view["byteOffset"];
    std::string embedded(out->bin.begin() + offset,
                         out->bin.begin() + offset + view["byteLength"].get<size_t>());
    EXPECT_EQ(embedded, png);
}

TEST(ClipExport, ErrorsAreValues) {
    std::string dir = fixtures::scratchDir("ClipExportErrors");
    ASSERT_TRUE(faceLikeSource().writeGlb(dir + "/face.glb").ok());
    UserClip strangers;
    strangers.name = "strangers";
    strangers.targetNames = {"tail"};
    ASSERT_TRUE(morph::setKey(strangers, 0.0f, {1.0f}).ok());
    // The clip names targets the model lacks.
    expectExportError(dir + "/face.glb", dir + "/o.glb", strangers, ErrorCode::BadReference,
                      "strangers");
    EXPECT_FALSE(fs::exists(dir + "/o.glb"));

    UserClip empty = blinkThenSmile(morph::Interpolation::Linear);
    empty.keys.clear();
    expectExportError(dir + "/face.glb", dir + "/o.glb", empty, ErrorCode::Usage);
    expectExportError(dir + "/missing.glb", dir + "/o.glb", strangers, ErrorCode::Io);
    std::ofstream(dir + "/junk.gltf")
        << "{\"buffers\": [{\"uri\": \"nope.bin\", \"byteLength\": 4}]}";
    expectExportError(dir + "/junk.gltf", dir + "/o.glb",
                      blinkThenSmile(morph::Interpolation::Linear), ErrorCode::Io, "nope.bin");
    std::ofstream(dir + "/escape.gltf")
        << "{\"buffers\": [{\"uri\": \"../x.bin\", \"byteLength\": 4}]}";
    expectExportError(dir + "/escape.gltf", dir + "/o.glb",
                      blinkThenSmile(morph::Interpolation::Linear), ErrorCode::UriDenied,
                      "leaves the model's folder");
}

}  // namespace

}  // namespace clip_export_test
