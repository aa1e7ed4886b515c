// Skins on the GPU: `morphview eval --space world` with and without --gpu through the real
// binary (positions after morph, skin and node transforms from mesh.vert + skin.glsl, read
// back with transform feedback, against morph::toWorldSpace), many joints through GpuOracle
// directly, and skinned bounds holding every skinned vertex.
#include <cmath>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "GlFixture.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/SkinFixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Animate.h"
#include "morph/anim/Skin.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/morph/GpuOracle.h"
#include "renderer/scene/GpuScene.h"

namespace skin_gl_test {

namespace {

using fixtures::SkinCase;
using nlohmann::json;

std::string writeArm(SkinCase skinCase, const std::string& name) {
    // A folder per case: scratchDir empties its folder, and ctest runs cases in parallel.
    return fixtures::writeFixture(fixtures::scratchDir(std::string("SkinGLTest_") + name),
                                  name + ".glb", fixtures::skinnedArm(skinCase));
}

// Headless: no display to fall back on.
json eval(const std::vector<std::string>& args) {
    return fixtures::runJson(args, 0, {"DISPLAY", "WAYLAND_DISPLAY"});
}

// Tolerances: positions to 1e-5 of the arm's extent (about 2.5; float32 matrix products in a
// different order on each side differ by a few ulps); unit normals to 1e-4 (inversesqrt on the
// GPU against 1/sqrt on the CPU).
void expectGpuMatchesCpu(const std::string& path, float time, const std::string& clip = "bend",
                         const std::string& morphPath = "") {
    const std::vector<std::string> args = {"eval",        path, "--space", "world",
                                           "--animation", clip, "--time",  std::to_string(time)};
    const json cpu = eval(args);
    std::vector<std::string> gpuArgs = args;
    gpuArgs.push_back("--gpu");
    if (!morphPath.empty()) gpuArgs.insert(gpuArgs.end(), {"--morph-path", morphPath});
    const json gpu = eval(gpuArgs);
    ASSERT_EQ(cpu.value("space", ""), "world");
    ASSERT_EQ(gpu.value("space", ""), "world");
    ASSERT_EQ(cpu["items"].size(), gpu["items"].size());
    ASSERT_FALSE(cpu["items"].empty());
    for (size_t i = 0; i < cpu["items"].size(); ++i) {
        const json& c = cpu["items"][i];
        const json& g = gpu["items"][i];
        EXPECT_EQ(c["node"], g["node"]);
        EXPECT_EQ(c["nodeName"], g["nodeName"]);
        EXPECT_EQ(c["skin"], g["skin"]);
        ASSERT_EQ(c["positions"].size(), g["positions"].size());
        for (size_t k = 0; k < c["positions"].size(); ++k) {
            EXPECT_NEAR(c["positions"][k].get<float>(), g["positions"][k].get<float>(), 2.5e-5f)
                << path << " t=" << time << " item " << i << " component " << k;
        }
        ASSERT_EQ(c["normals"].size(), g["normals"].size());
        for (size_t k = 0; k < c["normals"].size(); ++k) {
            EXPECT_NEAR(c["normals"][k].get<float>(), g["normals"][k].get<float>(), 1e-4f)
                << path << " t=" << time << " normal component " << k;
        }
    }
}

TEST(SkinEval, WorldSpaceGpuMatchesCpuOnTheArmsAtSeveralTimes) {
    const std::pair<SkinCase, const char*> arms[] = {{SkinCase::Arm, "arm"},
                                                     {SkinCase::QuantizedOverweight, "quantized"},
                                                     {SkinCase::EightInfluences, "eight"},
                                                     {SkinCase::TwoSkins, "twoSkins"}};
    for (const auto& [skinCase, name] : arms) {
        const std::string path = writeArm(skinCase, name);
        for (float t : {0.0f, 0.3f, 0.75f, 1.0f}) expectGpuMatchesCpu(path, t);
    }
}

// The bundled character (17 joints, two primitives, clips with joint TRS and weights): the
// check that GPU skinning matches the CPU's on a model the fixtures did not shape.
TEST(SkinEval, WorldSpaceGpuMatchesCpuOnTheCharacter) {
    const std::string path = std::string(MORPHVIEW_SOURCE_DIR) + "/assets/character.glb";
    for (float t : {0.0f, 0.6f, 1.3f}) expectGpuMatchesCpu(path, t, "wave");
    for (float t : {0.25f, 0.8f}) expectGpuMatchesCpu(path, t, "walk");
    // Morph in another path (a pre-pass or the CPU), skin in the draw: the same world positions.
    for (const char* morphPath : {"vs-dense", "cs-sparse", "cpu", "auto"}) {
        expectGpuMatchesCpu(path, 0.6f, "wave", morphPath);
    }
}

TEST(SkinEval, WorldSpaceIsSkinnedAndNamesEachNode) {
    const std::string path = writeArm(SkinCase::TwoSkins, "twoSkinsNames");
    const json out =
        eval({"eval", path, "--space", "world", "--animation", "bend", "--time", "1", "--gpu"});
    ASSERT_EQ(out["items"].size(), 2u);  // the mesh drawn by arm (skin 0) and arm2 (skin 1)
    const json& arm = out["items"][0];
    const json& arm2 = out["items"][1];
    EXPECT_EQ(arm["nodeName"], "arm");
    EXPECT_EQ(arm["skin"], 0);
    EXPECT_EQ(arm2["nodeName"], "arm2");
    EXPECT_EQ(arm2["skin"], 1);
    // v9 (x 2.5, top): morphed by the bulge (weight 1 on arm, 0 on arm2), then the 90-degree
    // elbow: (1.4, 1.0, 0.5); arm2 is unmorphed and 2 lower: (1.4, -1.0, 0). Neither gets the
    // arm node's own translation (0, 3, 0) (glTF 2.0 3.7.3.1).
    const float expected[2][3] = {{1.4f, 1.0f, 0.5f}, {1.4f, -1.0f, 0.0f}};
    for (int item = 0; item < 2; ++item) {
        const json& p = out["items"][size_t(item)]["positions"];
        for (int k = 0; k < 3; ++k) EXPECT_NEAR(p[27 + k].get<float>(), expected[item][k], 1e-5f);
    }
    // The default stays mesh-local: one item per morphing (node, primitive), bind space.
    const json local = eval({"eval", path, "--animation", "bend", "--time", "1"});
    EXPECT_FALSE(local.contains("space"));
    EXPECT_NEAR(local["items"][0]["positions"][29].get<float>(), 0.5f, 1e-6f);
    EXPECT_NEAR(local["items"][0]["positions"][27].get<float>(), 2.5f, 1e-6f);
}

TEST(SkinEval, BadSpaceIsAUsageError) {
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"eval", writeArm(SkinCase::Arm, "usage"), "--space", "screen"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("--space"), std::string::npos) << run.err;
}

class SkinGLTest : public fixtures::GlTest {};

// 300 joints (19 KiB of matrices, past a 16 KiB uniform block) and 8 influences with random
// joints and weights: GpuOracle::evalWorld against morph::toWorldSpace, positions, normals and
// tangents.
TEST_F(SkinGLTest, ManyJointsAndEightInfluencesMatchTheReference) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_int_distribution<int> joint(0, 299);
    morph::Primitive primitive;
    for (int v = 0; v < 500; ++v) {
        primitive.positions.emplace_back(unit(random), unit(random), unit(random));
        primitive.normals.push_back(glm::normalize(glm::vec3(unit(random), unit(random), 2.0f)));
        primitive.tangents.push_back(
            glm::vec4(glm::normalize(glm::vec3(2.0f, unit(random), unit(random))), -1.0f));
        for (int set = 0; set < 2; ++set) {
            glm::u16vec4 j;
            glm::vec4 w;
            for (int c = 0; c < 4; ++c) {
                j[c] = uint16_t(joint(random));
                w[c] = 0.5f + 0.5f * unit(random);
            }
            primitive.joints[size_t(set)].push_back(j);
            primitive.weights[size_t(set)].push_back(w);
        }
    }
    morph::normalizeSkinWeights(primitive);
    morph::MorphTarget target;
    target.set(morph::MorphChannel::Position,
               std::vector<glm::vec4>(500, glm::vec4(0.1f, 0.0f, -0.2f, 0.0f)));
    primitive.targets.push_back(target);
    std::vector<glm::mat4> joints;
    for (int j = 0; j < 300; ++j) {
        const glm::vec3 axis =
            glm::normalize(glm::vec3(unit(random), unit(random), unit(random)) + 0.01f);
        joints.push_back(glm::rotate(
            glm::translate(glm::mat4(1.0f), glm::vec3(unit(random), unit(random), unit(random))),
            unit(random) * 3.0f, axis));
    }
    const glm::mat4 model = glm::translate(glm::mat4(1.0f), {0, 1, 2});

    auto gpuMorph = renderer::GpuOracle::create();
    ASSERT_TRUE(gpuMorph.ok()) << gpuMorph.error().message;
    auto gpu = gpuMorph->evalWorld(primitive, {0.5f}, model, joints);
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    morph::MorphedPrimitive cpu = morph::blend(primitive, {0.5f});
    morph::toWorldSpace(primitive, model, joints, cpu);
    ASSERT_EQ(gpu->positions.size(), cpu.positions.size());
    for (size_t v = 0; v < cpu.positions.size(); ++v) {
        for (int k = 0; k < 3; ++k) {
            EXPECT_NEAR(gpu->positions[v][k], cpu.positions[v][k], 2e-5f) << "vertex " << v;
            EXPECT_NEAR(gpu->normals[v][k], cpu.normals[v][k], 1e-4f) << "vertex " << v;
            EXPECT_NEAR(gpu->tangents[v][k], cpu.tangents[v][k], 1e-4f) << "vertex " << v;
        }
        EXPECT_EQ(gpu->tangents[v].w, -1.0f);  // handedness is never skinned
    }
}

// The morph paths keep working under skins: whichever path morphs (in the
// vertex shader, in the cs-sparse compute pre-pass, or on the CPU), skinVertex() then skins in
// the draw. The character's body at "wave" 0.6 s, every path against the CPU reference. The
// tolerance allows cs-sparse's int16 deltas (a quantum of max |delta| / 32767, about 1e-6 m
// here) on top of float rounding.
TEST_F(SkinGLTest, EveryMorphPathSkinsAfterMorphing) {
    auto scene = morph::importGltf(std::string(MORPHVIEW_SOURCE_DIR) + "/assets/character.glb");
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    std::vector<morph::NodePose> pose = morph::restPose(*scene);
    morph::applyAnimation(*scene, scene->animations[0], 0.6f, pose);
    const std::vector<glm::mat4> world = morph::worldMatrices(*scene, pose);
    const int body = 2;
    const std::vector<glm::mat4> joints = morph::nodeJointMatrices(*scene, body, world);
    const glm::mat4 model = morph::skinnedModel(world[body]);
    ASSERT_FALSE(joints.empty());
    auto gpuMorph = renderer::GpuOracle::create();
    ASSERT_TRUE(gpuMorph.ok()) << gpuMorph.error().message;
    std::set<renderer::MorphPath> ran;
    for (const morph::Primitive& primitive : scene->meshes[0].primitives) {
        morph::MorphedPrimitive cpu = morph::blend(primitive, pose[body].weights);
        morph::toWorldSpace(primitive, model, joints, cpu);
        for (renderer::MorphPath path : renderer::kConcreteMorphPaths) {
            auto gpu = gpuMorph->evalWorld(primitive, pose[body].weights, model, joints,
                                           renderer::MorphLimits::query(), path);
            ASSERT_TRUE(gpu.ok()) << gpu.error().message;
            // cs-sparse falls back for the body (it morphs COLOR_0, which the pre-pass does
            // not carry); the eyes (POSITION only) take it.
            ran.insert(gpuMorph->lastPath());
            ASSERT_EQ(gpu->positions.size(), cpu.positions.size());
            for (size_t v = 0; v < cpu.positions.size(); ++v) {
                ASSERT_LT(glm::distance(gpu->positions[v], cpu.positions[v]), 2e-5f)
                    << renderer::morphPathName(gpuMorph->lastPath()) << " vertex " << v;
                ASSERT_LT(glm::distance(gpu->normals[v], cpu.normals[v]), 1e-3f)
                    << renderer::morphPathName(gpuMorph->lastPath()) << " vertex " << v;
            }
        }
    }
    EXPECT_EQ(ran.size(), std::size(renderer::kConcreteMorphPaths));
}

// GpuScene::bounds holds every vertex the reference places, at every time, and is not the
// unskinned box (which, with the arm node's ignored translation, would sit 3 units higher).
TEST_F(SkinGLTest, SkinnedBoundsHoldThePosedVertices) {
    auto scene = morph::importGltfMemory(fixtures::skinnedArm(SkinCase::TwoSkins), "arm.glb", ".");
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    auto gpu = renderer::GpuScene::upload(*scene);
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    for (float t : {0.0f, 0.4f, 1.0f}) {
        std::vector<morph::NodePose> pose = morph::restPose(*scene);
        morph::applyAnimation(*scene, scene->animations[0], t, pose);
        const renderer::Aabb box = gpu->bounds(pose);
        ASSERT_TRUE(box.valid);
        const std::vector<glm::mat4> world = morph::worldMatrices(*scene, pose);
        for (int node : {3, 4}) {
            const morph::Primitive& primitive = scene->meshes[0].primitives[0];
            morph::MorphedPrimitive m = morph::blend(primitive, pose[size_t(node)].weights);
            morph::toWorldSpace(primitive, morph::skinnedModel(world[size_t(node)]),
                                morph::nodeJointMatrices(*scene, node, world), m);
            for (const glm::vec3& p : m.positions) {
                for (int k = 0; k < 3; ++k) {
                    EXPECT_GE(p[k], box.min[k] - 1e-5f) << "t=" << t;
                    EXPECT_LE(p[k], box.max[k] + 1e-5f) << "t=" << t;
                }
            }
        }
        EXPECT_LT(box.max.y, 1.6f) << "t=" << t;   // skinned, not moved by the arm node
        EXPECT_GT(box.min.y, -2.5f) << "t=" << t;  // per-joint boxes stay near the arm
    }
}

}  // namespace

}  // namespace skin_gl_test
