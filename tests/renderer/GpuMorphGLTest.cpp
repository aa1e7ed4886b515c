// The oracle: positions, normals and tangents morphed by the real vertex shader (mesh.vert +
// morph.glsl, captured with transform feedback) equal morph::blend, the CPU reference, to 1e-5
// of the bounding-box diagonal: on generated meshes (up to 50,000 vertices x 300 targets) and on
// every corpus file at default weights, random weights and animation times.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "MorphCompare.h"
#include "fixtures/TestPaths.h"
#include "morph/Animate.h"
#include "morph/GltfImport.h"
#include "renderer/GpuMorph.h"

namespace {

using morph::MorphChannel;

class GpuMorphTest : public fixtures::GlTest {
protected:
    renderer::GpuMorph& gpu() {
        static morph::Result<renderer::GpuMorph> instance = renderer::GpuMorph::create();
        if (!instance.ok()) ADD_FAILURE() << instance.error().message;
        return instance.value();
    }
};

void evalAndCompare(renderer::GpuMorph& gpu, const morph::Primitive& primitive,
                    const std::vector<float>& weights, const std::string& what) {
    auto result = gpu.eval(primitive, weights);
    ASSERT_TRUE(result.ok()) << what << ": " << result.error().message;
    fixtures::expectSameMorph(primitive, weights, *result, what);
}

TEST_F(GpuMorphTest, EveryChannelMorphs) {
    fixtures::GeneratedMesh spec;
    spec.vertexCount = 300;
    spec.targetCount = 5;
    spec.channels = {MorphChannel::Position, MorphChannel::Normal, MorphChannel::Tangent,
                     MorphChannel::TexCoord0, MorphChannel::Color0};
    spec.tangents = spec.texcoords = spec.colors = true;
    const morph::Primitive primitive = fixtures::generateMesh(spec);
    for (uint32_t seed = 1; seed <= 4; ++seed) {
        evalAndCompare(gpu(), primitive, fixtures::randomWeights(5, seed), "seed " + std::to_string(seed));
    }
}

TEST_F(GpuMorphTest, HandComputedTriangle) {
    // glTF 2.0 3.7.2.2 by hand: base + 0.5 * d0 + 0.25 * d1.
    morph::Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    p.targets.resize(2);
    p.targets[0][MorphChannel::Position] = {{0, 0, 1, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}};
    p.targets[1][MorphChannel::Position] = {{0, 0, 0, 0}, {4, 0, 0, 0}, {0, -4, 0, 0}};
    auto result = gpu().eval(p, {0.5f, 0.25f});
    ASSERT_TRUE(result.ok()) << result.error().message;
    ASSERT_EQ(result->positions.size(), 3u);
    EXPECT_EQ(result->positions[0], glm::vec3(0, 0, 0.5f));
    EXPECT_EQ(result->positions[1], glm::vec3(2, 0, 0));
    EXPECT_EQ(result->positions[2], glm::vec3(0, 0, 0));
    EXPECT_TRUE(result->normals.empty());  // the base has none: none come out
}

TEST_F(GpuMorphTest, WeightsChangeWithoutReupload) {
    fixtures::GeneratedMesh spec;
    spec.vertexCount = 200;
    spec.targetCount = 8;
    const morph::Primitive primitive = fixtures::generateMesh(spec);
    auto targets = renderer::MorphTargets::upload(primitive, renderer::MorphLimits::query());
    ASSERT_TRUE(targets.ok());
    renderer::PrimitiveBuffers buffers = renderer::PrimitiveBuffers::upload(primitive);
    renderer::MorphWeights weights = renderer::MorphWeights::create(8);
    for (uint32_t frame = 0; frame < 6; ++frame) {
        const std::vector<float> w = fixtures::randomWeights(8, 100 + frame, frame % 3 * 0.4f);
        weights.update(w);
        auto result = gpu().run(buffers, *targets, weights);
        ASSERT_TRUE(result.ok()) << result.error().message;
        fixtures::expectSameMorph(primitive, w, *result, "frame " + std::to_string(frame));
    }
}

TEST_F(GpuMorphTest, FiftyThousandVerticesThreeHundredTargets) {
    fixtures::GeneratedMesh spec;
    spec.vertexCount = 50000;
    spec.targetCount = 300;
    spec.movedFraction = 0.1f;  // sparse-ish, like face targets; the texture is dense anyway
    const auto start = std::chrono::steady_clock::now();
    const morph::Primitive primitive = fixtures::generateMesh(spec);
    const auto generated = std::chrono::steady_clock::now();

    auto targets = renderer::MorphTargets::upload(primitive, renderer::MorphLimits::query());
    ASSERT_TRUE(targets.ok()) << targets.error().message;
    renderer::PrimitiveBuffers buffers = renderer::PrimitiveBuffers::upload(primitive);
    renderer::MorphWeights weights = renderer::MorphWeights::create(300);
    const auto uploaded = std::chrono::steady_clock::now();

    // Every target active (no zero weights): the longest loop the shader can run here.
    const std::vector<float> w = fixtures::randomWeights(300, 7, 0.0f);
    weights.update(w);
    ASSERT_EQ(weights.activeCount(), 300u);
    auto result = gpu().run(buffers, *targets, weights);
    ASSERT_TRUE(result.ok()) << result.error().message;
    const auto evaluated = std::chrono::steady_clock::now();
    const fixtures::CompareResult compared = fixtures::expectSameMorph(primitive, w, *result, "50k x 300");
    const auto done = std::chrono::steady_clock::now();

    auto ms = [](auto a, auto b) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count();
    };
    // Reported, never asserted (no timing assertions): generate / upload / GPU eval / CPU compare.
    std::printf("50k x 300: generate %lld ms, upload %lld ms, gpu eval %lld ms, cpu blend+compare "
                "%lld ms; worst position error %.3g of the diagonal, worst normal %.3g of allowed\n",
                (long long)ms(start, generated), (long long)ms(generated, uploaded),
                (long long)ms(uploaded, evaluated), (long long)ms(evaluated, done),
                compared.worstPosition, compared.worstNormal);
}

// --- corpus ------------------------------------------------------------------------------------

std::vector<std::string> corpusFiles() {
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    const fs::path root = fixtures::corpusPath("");
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(root, error);
         !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        const std::string extension = it->path().extension().string();
        if (extension == ".gltf" || extension == ".glb") files.push_back(it->path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

void checkScene(renderer::GpuMorph& gpu, const morph::Scene& scene, const std::string& name) {
    int checkedPrimitives = 0;
    auto checkMesh = [&](int meshIndex, const std::vector<float>& weights, const std::string& what) {
        for (size_t p = 0; p < scene.meshes[size_t(meshIndex)].primitives.size(); ++p) {
            const morph::Primitive& primitive = scene.meshes[size_t(meshIndex)].primitives[p];
            if (primitive.targets.empty()) continue;
            evalAndCompare(gpu, primitive, weights,
                           name + " mesh " + std::to_string(meshIndex) + " prim " +
                               std::to_string(p) + " " + what);
            ++checkedPrimitives;
        }
    };
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        const morph::Mesh& mesh = scene.meshes[m];
        if (mesh.targetCount() == 0) continue;
        checkMesh(int(m), mesh.defaultWeights, "default weights");
        for (uint32_t seed = 1; seed <= 3; ++seed) {
            checkMesh(int(m), fixtures::randomWeights(mesh.targetCount(), seed),
                      "random weights " + std::to_string(seed));
        }
    }
    // Animation times: node weights as the player would set them (glTF 2.0 3.11).
    for (const morph::Animation& animation : scene.animations) {
        for (float f : {0.0f, 0.13f, 0.5f, 0.77f, 1.0f}) {
            const float t = animation.start + f * (animation.end - animation.start);
            std::vector<morph::NodePose> pose = morph::restPose(scene);
            morph::applyAnimation(scene, animation, t, pose);
            for (size_t n = 0; n < scene.nodes.size(); ++n) {
                const int mesh = scene.nodes[n].mesh;
                if (mesh < 0 || scene.meshes[size_t(mesh)].targetCount() == 0) continue;
                checkMesh(mesh, pose[n].weights,
                          "animation '" + animation.name + "' t=" + std::to_string(t));
            }
        }
    }
    EXPECT_GT(checkedPrimitives, 0) << name << ": no morphed primitive was checked";
}

TEST_F(GpuMorphTest, EveryCorpusFileAgreesWithTheCpu) {
    const std::vector<std::string> files = corpusFiles();
    ASSERT_GE(files.size(), 5u) << "corpus missing at " << fixtures::corpusPath("");
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        auto scene = morph::importGltf(file);
        EXPECT_TRUE(scene.ok()) << scene.error().message;
        if (!scene.ok()) continue;  // reported; the other files are still checked
        checkScene(gpu(), *scene, std::filesystem::path(file).filename().string());
    }
}

}  // namespace
