// The oracle: positions, normals and tangents morphed by the real vertex shader (mesh.vert +
// morph.glsl, captured with transform feedback) equal morph::blend, the CPU reference, to 1e-5
// of the bounding-box diagonal: on generated meshes (up to 50,000 vertices x 300 targets) and on
// every corpus file at default weights, random weights and animation times. Every case runs for
// every morph path (vs-dense, vs-active, cs-sparse, cpu, auto). cs-sparse reads int16 deltas,
// so it is compared with morph::blend over the same deltas dequantized on the CPU
// (fixtures::dequantizedPrimitive): the comparison is then as tight as for the other paths, and
// the quantization itself is bounded by SparseTargetsTest.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "MorphCompare.h"
#include "MorphPathCases.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Animate.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/morph/GpuOracle.h"
#include "renderer/morph/MorphPath.h"

namespace gpu_oracle_gl_test {

namespace {

using morph::MorphChannel;

using renderer::MorphPath;

renderer::GpuOracle& sharedGpu() {
    return fixtures::sharedOracle();
}

class GpuOracleTest : public fixtures::GlTest {
protected:
    renderer::GpuOracle& gpu() { return sharedGpu(); }
};

// The same cases for each path.
class GpuMorphPathTest : public fixtures::GlTest, public ::testing::WithParamInterface<MorphPath> {
protected:
    renderer::GpuOracle& gpu() { return sharedGpu(); }
};

// Runs `path`, then checks against the CPU: cs-sparse (when it ran) against the dequantized
// deltas, the others against the file's.
void evalAndCompare(renderer::GpuOracle& gpu, const morph::Primitive& primitive,
                    const std::vector<float>& weights, const std::string& what,
                    MorphPath path = MorphPath::VsActive) {
    auto result = gpu.eval(primitive, weights, renderer::MorphLimits::query(),
                           renderer::NormalOutput::Renormalized, path);
    ASSERT_TRUE(result.ok()) << what << ": " << result.error().message;
    const std::string label = what + " [" + renderer::morphPathName(gpu.lastPath()) + "]";
    if (gpu.lastPath() == MorphPath::CsSparse) {
        fixtures::expectSameMorph(fixtures::dequantizedPrimitive(primitive), weights, *result,
                                  label);
    } else {
        fixtures::expectSameMorph(primitive, weights, *result, label);
    }
}

TEST_P(GpuMorphPathTest, EveryChannelMorphs) {
    fixtures::GeneratedMesh spec;
    spec.vertexCount = 300;
    spec.targetCount = 5;
    spec.channels = {MorphChannel::Position, MorphChannel::Normal, MorphChannel::Tangent,
                     MorphChannel::TexCoord0, MorphChannel::Color0};
    spec.tangents = spec.texcoords = spec.colors = true;
    const morph::Primitive primitive = fixtures::generateMesh(spec);
    for (uint32_t seed = 1; seed <= 4; ++seed) {
        evalAndCompare(gpu(), primitive, fixtures::randomWeights(5, seed),
                       "seed " + std::to_string(seed), GetParam());
    }
    // Sparse targets hold POSITION and NORMAL only: cs-sparse (and auto) fall back to vs-active;
    // auto morphs on the CPU when the driver rasterizes there (chooseMorphPath).
    if (GetParam() == MorphPath::Auto && renderer::MorphLimits::query().softwareRenderer) {
        EXPECT_EQ(gpu().lastPath(), MorphPath::Cpu);
    } else if (GetParam() == MorphPath::CsSparse || GetParam() == MorphPath::Auto) {
        EXPECT_EQ(gpu().lastPath(), MorphPath::VsActive);
    } else {
        EXPECT_EQ(gpu().lastPath(), GetParam());
    }
}

TEST_P(GpuMorphPathTest, SparseTargetsOfPositionsAndNormals) {
    const morph::Primitive primitive = fixtures::generateMesh(2000, 24, 0.15f);
    for (uint32_t seed = 1; seed <= 3; ++seed) {
        evalAndCompare(gpu(), primitive, fixtures::randomWeights(24, seed, 0.6f),
                       "seed " + std::to_string(seed), GetParam());
        if (GetParam() != MorphPath::Auto) {
            EXPECT_EQ(gpu().lastPath(), GetParam());
        }
    }
}

// Targets in MorphTarget's sparse form (what the importer keeps from sparse accessors): every
// path uploads them (texture zeros + entries, sparse entries, CPU blend over entries) and agrees
// with the CPU reference, which itself equals the dense form's (BlendTest).
TEST_P(GpuMorphPathTest, SparseFormTargetsEveryChannel) {
    for (const bool allChannels : {false, true}) {
        fixtures::GeneratedMesh spec;
        spec.vertexCount = 1500;
        spec.targetCount = 12;
        spec.movedFraction = 0.1f;
        spec.sparse = true;
        if (allChannels) {
            spec.channels = {MorphChannel::Position, MorphChannel::Normal, MorphChannel::Tangent,
                             MorphChannel::TexCoord0, MorphChannel::Color0};
            spec.tangents = spec.texcoords = spec.colors = true;
        }
        const morph::Primitive primitive = fixtures::generateMesh(spec);
        ASSERT_TRUE(primitive.targets[0].isSparse());
        ASSERT_LT(primitive.targets[0].entryCount(), 1500u / 2);
        for (uint32_t seed = 1; seed <= 2; ++seed) {
            evalAndCompare(gpu(), primitive, fixtures::randomWeights(12, seed, 0.5f),
                           std::string(allChannels ? "all channels" : "position+normal") +
                               ", seed " + std::to_string(seed),
                           GetParam());
        }
    }
}

TEST_P(GpuMorphPathTest, HandComputedTriangle) {
    // glTF 2.0 3.7.2.2 by hand: base + 0.5 * d0 + 0.25 * d1. Each target's largest component
    // is its scale (q = 32767), which cs-sparse gives back to within float rounding of
    // scale / 32767 * 32767: hence 1e-6 rather than equality.
    morph::Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    p.targets.resize(2);
    p.targets[0].set(MorphChannel::Position,
                     std::vector<glm::vec4>{{0, 0, 1, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
    p.targets[1].set(MorphChannel::Position,
                     std::vector<glm::vec4>{{0, 0, 0, 0}, {4, 0, 0, 0}, {0, -4, 0, 0}});
    auto result = gpu().eval(p, {0.5f, 0.25f}, renderer::MorphLimits::query(),
                             renderer::NormalOutput::Renormalized, GetParam());
    ASSERT_TRUE(result.ok()) << result.error().message;
    ASSERT_EQ(result->positions.size(), 3u);
    EXPECT_NEAR(glm::length(result->positions[0] - glm::vec3(0, 0, 0.5f)), 0.0f, 1e-6f);
    EXPECT_NEAR(glm::length(result->positions[1] - glm::vec3(2, 0, 0)), 0.0f, 1e-6f);
    EXPECT_NEAR(glm::length(result->positions[2] - glm::vec3(0, 0, 0)), 0.0f, 1e-6f);
    EXPECT_TRUE(result->normals.empty());  // the base has none: none come out
}

TEST_F(GpuOracleTest, WeightsChangeWithoutReupload) {
    const morph::Primitive primitive = fixtures::generateMesh(200, 8);
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

const morph::Primitive& fiftyThousandByThreeHundred() {
    static const morph::Primitive primitive = [] {
        fixtures::GeneratedMesh spec;
        spec.vertexCount = 50000;
        spec.targetCount = 300;
        spec.movedFraction = 0.1f;  // sparse-ish, like face targets; the texture is dense anyway
        return fixtures::generateMesh(spec);
    }();
    return primitive;
}

TEST_P(GpuMorphPathTest, FiftyThousandVerticesThreeHundredTargets) {
    const auto start = std::chrono::steady_clock::now();
    const morph::Primitive& primitive = fiftyThousandByThreeHundred();
    const auto generated = std::chrono::steady_clock::now();

    auto limits = renderer::MorphLimits::query();
    renderer::PrimitiveMorph morph =
        renderer::PrimitiveMorph::create(std::shared_ptr<const morph::Primitive>(
                                             std::shared_ptr<const morph::Primitive>(), &primitive),
                                         limits);
    renderer::PrimitiveBuffers buffers = renderer::PrimitiveBuffers::upload(primitive);
    renderer::MorphWeights weights = renderer::MorphWeights::create(300);
    // Every target active (no zero weights): the longest loop the shader can run here.
    const std::vector<float> w = fixtures::randomWeights(300, 7, 0.0f);
    weights.update(w);
    ASSERT_EQ(weights.activeCount(), 300u);
    ASSERT_TRUE(morph.prepare(morph.resolve(GetParam(), 300)).ok());
    const auto uploaded = std::chrono::steady_clock::now();

    auto result = gpu().run(buffers, morph, GetParam(), weights);
    ASSERT_TRUE(result.ok()) << result.error().message;
    const auto evaluated = std::chrono::steady_clock::now();
    const bool sparse = gpu().lastPath() == MorphPath::CsSparse;
    const fixtures::CompareResult compared =
        fixtures::expectSameMorph(sparse ? fixtures::dequantizedPrimitive(primitive) : primitive, w,
                                  result->front(), "50k x 300");
    const auto done = std::chrono::steady_clock::now();

    auto ms = [](auto a, auto b) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count();
    };
    // Reported, never asserted (no timing assertions): generate / upload / GPU eval / CPU compare.
    std::printf(
        "50k x 300 %s: generate %lld ms, upload %lld ms, gpu eval %lld ms, cpu blend+compare "
        "%lld ms; worst position error %.3g of the diagonal, worst normal %.3g of allowed\n",
        renderer::morphPathName(gpu().lastPath()), (long long)ms(start, generated),
        (long long)ms(generated, uploaded), (long long)ms(uploaded, evaluated),
        (long long)ms(evaluated, done), compared.worstPosition, compared.worstNormal);
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

void checkScene(renderer::GpuOracle& gpu, const morph::Scene& scene, const std::string& name,
                MorphPath path) {
    int checkedPrimitives = 0;
    auto checkMesh = [&](int meshIndex, const std::vector<float>& weights,
                         const std::string& what) {
        for (size_t p = 0; p < scene.meshes[size_t(meshIndex)].primitives.size(); ++p) {
            const morph::Primitive& primitive = scene.meshes[size_t(meshIndex)].primitives[p];
            if (primitive.targets.empty()) continue;
            evalAndCompare(gpu, primitive, weights,
                           name + " mesh " + std::to_string(meshIndex) + " prim " +
                               std::to_string(p) + " " + what,
                           path);
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

TEST_P(GpuMorphPathTest, EveryCorpusFileAgreesWithTheCpu) {
    const std::vector<std::string> files = corpusFiles();
    ASSERT_GE(files.size(), 5u) << "corpus missing at " << fixtures::corpusPath("");
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        auto scene = morph::importGltf(file);
        EXPECT_TRUE(scene.ok()) << scene.error().message;
        if (!scene.ok()) continue;  // reported; the other files are still checked
        checkScene(gpu(), *scene, std::filesystem::path(file).filename().string(), GetParam());
    }
}

INSTANTIATE_TEST_SUITE_P(Paths, GpuMorphPathTest, ::testing::ValuesIn(fixtures::kEveryMorphPath),
                         fixtures::morphPathCaseName);

}  // namespace

}  // namespace gpu_oracle_gl_test
