// Every glTF file of ../shared/corpus loads and matches the counts of the corpus README; every
// variant of a model (sparse, quantized, meshopt, Draco, STEP/CUBICSPLINE) morphs to the same
// world-space shape as the plain file, within its quantization error.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>

#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "morph/anim/Animate.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Blend.h"

namespace import_corpus_test {

namespace {

namespace fs = std::filesystem;
using morph::MorphChannel;

morph::Scene load(const std::string& relative) {
    auto scene = morph::importGltf(fixtures::corpusPath(relative));
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(*scene) : morph::Scene{};
}

const morph::Mesh* morphedMesh(const morph::Scene& scene) {
    for (const morph::Mesh& mesh : scene.meshes) {
        if (mesh.targetCount() > 0) return &mesh;
    }
    return nullptr;
}

TEST(ImportCorpus, EveryFileLoads) {
    size_t files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(fixtures::corpusPath(""))) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".gltf" && ext != ".glb") continue;
        ++files;
        auto scene = morph::importGltf(entry.path().string());
        ASSERT_TRUE(scene.ok()) << scene.error().message;
        EXPECT_NE(morphedMesh(*scene), nullptr) << entry.path();
        for (const std::string& warning : scene->warnings)
            EXPECT_EQ(warning.find('\n'), std::string::npos);
    }
    EXPECT_GE(files, 23u) << "the corpus README lists 5 models and their variants";
}

struct Expected {
    std::string file;
    std::vector<uint32_t> vertices;  // per morphed primitive
    size_t targets;
    std::set<MorphChannel> channels;  // union over primitives
    size_t animations;
};

// The corpus README table, for the plain files and their plain GLB copies.
const std::vector<Expected> kTable = {
    {"SimpleMorph/glTF/SimpleMorph.gltf", {3}, 2, {MorphChannel::Position}, 1},
    {"SimpleMorph/variants/SimpleMorph.glb", {3}, 2, {MorphChannel::Position}, 1},
    {"AnimatedMorphCube/glTF/AnimatedMorphCube.gltf",
     {24},
     2,
     {MorphChannel::Position, MorphChannel::Normal, MorphChannel::Tangent},
     1},
    {"AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf",
     {1876},
     2,
     {MorphChannel::Position, MorphChannel::Normal, MorphChannel::Tangent},
     1},
    {"MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf", {21, 9}, 1, {MorphChannel::Position}, 0},
    {"MorphPrimitivesTest/variants/MorphPrimitivesTest.glb",
     {21, 9},
     1,
     {MorphChannel::Position},
     0},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     {24, 1504},
     8,
     {MorphChannel::Position, MorphChannel::Normal},
     3},
    {"MorphStressTest/variants/MorphStressTest.glb",
     {24, 1504},
     8,
     {MorphChannel::Position, MorphChannel::Normal},
     3},
};

TEST(ImportCorpus, CountsMatchTheReadme) {
    for (const Expected& e : kTable) {
        SCOPED_TRACE(e.file);
        const morph::Scene scene = load(e.file);
        const morph::Mesh* mesh = morphedMesh(scene);
        ASSERT_NE(mesh, nullptr);
        EXPECT_EQ(mesh->targetCount(), e.targets);
        std::vector<uint32_t> vertices;
        std::set<MorphChannel> channels;
        for (const morph::Primitive& p : mesh->primitives) {
            vertices.push_back(p.vertexCount());
            EXPECT_EQ(p.targets.size(), e.targets);
            for (MorphChannel c : p.morphedChannels()) channels.insert(c);
        }
        EXPECT_EQ(vertices, e.vertices);
        EXPECT_EQ(channels, e.channels);
        EXPECT_EQ(scene.animations.size(), e.animations);
    }
}

TEST(ImportCorpus, MorphStressTestNamesAndZeroTargets) {
    const morph::Scene scene = load("MorphStressTest/glTF/MorphStressTest.gltf");
    const morph::Mesh* mesh = morphedMesh(scene);
    ASSERT_NE(mesh, nullptr);
    EXPECT_EQ(mesh->targetNames, (std::vector<std::string>{"Key 1", "Key 2", "Key 3", "Key 4",
                                                           "Key 5", "Key 6", "Key 7", "Key 8"}));
    // README: "prim 0 has all-zero targets"; prim 1 moves vertices in every target.
    ASSERT_EQ(mesh->primitives.size(), 2u);
    for (const morph::TargetStats& s : mesh->primitives[0].targetStats)
        EXPECT_EQ(s.movedVertices, 0u);
    for (const morph::TargetStats& s : mesh->primitives[1].targetStats)
        EXPECT_GT(s.movedVertices, 0u);
    EXPECT_FALSE(mesh->primitives[1].texcoords[1].empty()) << "README: TEXCOORD_1";
    EXPECT_EQ(scene.images.size(), 3u);
    for (const morph::Image& image : scene.images) EXPECT_FALSE(image.rgba.empty()) << image.name;
}

TEST(ImportCorpus, DefaultWeights) {
    EXPECT_EQ(morphedMesh(load("SimpleMorph/glTF/SimpleMorph.gltf"))->defaultWeights,
              (std::vector<float>{0.5f, 0.5f}));
    EXPECT_EQ(
        morphedMesh(load("MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf"))->defaultWeights,
        (std::vector<float>{0.5f}));
    EXPECT_EQ(morphedMesh(load("MorphPrimitivesTest/variants/MorphPrimitivesTest.draco.glb"))
                  ->defaultWeights,
              (std::vector<float>{0.5f}));
}

// ---- Variants: the same morphed shape in world space -------------------------------------

// World-space morphed positions of every primitive of every node whose mesh has targets.
std::vector<glm::vec3> morphedPoints(const morph::Scene& scene, const std::vector<float>& weights) {
    const std::vector<glm::mat4> world = morph::worldMatrices(scene, morph::restPose(scene));
    std::vector<glm::vec3> points;
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        const int m = scene.nodes[n].mesh;
        if (m < 0 || scene.meshes[size_t(m)].targetCount() == 0) continue;
        for (const morph::Primitive& p : scene.meshes[size_t(m)].primitives) {
            for (const glm::vec3& v : morph::blend(p, weights).positions)
                points.push_back(glm::vec3(world[n] * glm::vec4(v, 1.0f)));
        }
    }
    return points;
}

float diagonal(const std::vector<glm::vec3>& points) {
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const glm::vec3& p : points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    return glm::length(hi - lo);
}

// Largest nearest-neighbour distance from any point of `a` to `b` (a one-sided Hausdorff
// distance). Point sets, because gltfpack merges duplicate vertices and Draco reorders them.
// `b` is swept in x order, so each query only looks at points within the best distance so far.
float farthestNearest(const std::vector<glm::vec3>& a, std::vector<glm::vec3> b) {
    std::sort(b.begin(), b.end(), [](const glm::vec3& l, const glm::vec3& r) { return l.x < r.x; });
    float worst = 0.0f;
    for (const glm::vec3& p : a) {
        const auto start = std::lower_bound(b.begin(), b.end(), p.x,
                                            [](const glm::vec3& q, float x) { return q.x < x; });
        float best = std::numeric_limits<float>::max();
        for (auto it = start; it != b.end() && (it->x - p.x) * (it->x - p.x) < best; ++it) {
            best = std::min(best, glm::dot(p - *it, p - *it));
        }
        for (auto it = start; it != b.begin();) {
            --it;
            if ((p.x - it->x) * (p.x - it->x) >= best) break;
            best = std::min(best, glm::dot(p - *it, p - *it));
        }
        worst = std::max(worst, best);
    }
    return std::sqrt(worst);
}

struct Variant {
    std::string plain;
    std::string variant;
    // Allowed distance as a fraction of the bounding-box diagonal; see kQuantized.
    float tolerance;
};

// Float-only re-encodings (GLB, sparse, Draco's reordering of float data, STEP/CUBICSPLINE
// animation rewrites) must agree to float rounding.
constexpr float kExact = 1e-5f;
// Quantized encodings. gltfpack (and glTF-Transform's Draco default) put positions on a 14-bit
// grid over the mesh bounds: one step is diagonal / 2^14 ~ 6.1e-5 per axis, and rounding moves a
// point by at most half a step per axis, 3.1e-5 * sqrt(3) ~ 5.3e-5 of the diagonal. Targets are
// stored on that same grid (int8/int16 deltas), so each target at weight w adds w times that
// again: the worst weight set below (all 8 targets of MorphStressTest at 0.5) reaches
// (1 + 8 * 0.5) * 5.3e-5 ~ 2.7e-4. gt-quantize's normalized int16 (2^-15 steps) is finer.
// 5e-4 leaves 2x on top; measured worst is 1.2e-4 (AnimatedMorphSphere.gltfpack). The smallest
// target in the corpus moves a vertex by 0.14 of the diagonal (MorphPrimitivesTest), 280x this,
// so a dropped or misdecoded target cannot pass.
constexpr float kQuantized = 5e-4f;

const std::vector<Variant> kVariants = {
    {"SimpleMorph/glTF/SimpleMorph.gltf", "SimpleMorph/variants/SimpleMorph.glb", kExact},
    {"SimpleMorph/glTF/SimpleMorph.gltf", "SimpleMorph/variants/SimpleMorph.step.glb", kExact},
    {"SimpleMorph/glTF/SimpleMorph.gltf", "SimpleMorph/variants/SimpleMorph.cubicspline.glb",
     kExact},
    {"AnimatedMorphCube/glTF/AnimatedMorphCube.gltf",
     "AnimatedMorphCube/variants/AnimatedMorphCube.glb", kExact},
    {"AnimatedMorphCube/glTF/AnimatedMorphCube.gltf",
     "AnimatedMorphCube/variants/AnimatedMorphCube.sparse.glb", kExact},
    {"AnimatedMorphCube/glTF/AnimatedMorphCube.gltf",
     "AnimatedMorphCube/variants/AnimatedMorphCube.gltfpack.glb", kQuantized},
    {"AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf",
     "AnimatedMorphSphere/variants/AnimatedMorphSphere.glb", kExact},
    {"AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf",
     "AnimatedMorphSphere/variants/AnimatedMorphSphere.gltfpack.glb", kQuantized},
    {"MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf",
     "MorphPrimitivesTest/variants/MorphPrimitivesTest.glb", kExact},
    {"MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf",
     "MorphPrimitivesTest/variants/MorphPrimitivesTest.draco.glb", kQuantized},
    {"MorphStressTest/glTF/MorphStressTest.gltf", "MorphStressTest/variants/MorphStressTest.glb",
     kExact},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     "MorphStressTest/variants/MorphStressTest.sparse.glb", kExact},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     "MorphStressTest/variants/MorphStressTest.step.glb", kExact},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     "MorphStressTest/variants/MorphStressTest.cubicspline.glb", kExact},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     "MorphStressTest/variants/MorphStressTest.gltfpack.glb", kQuantized},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     "MorphStressTest/variants/MorphStressTest.gltfpack-c.glb", kQuantized},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     "MorphStressTest/variants/MorphStressTest.gt-quantize.glb", kQuantized},
    {"MorphStressTest/glTF/MorphStressTest.gltf",
     "MorphStressTest/variants/MorphStressTest.draco.glb", kQuantized},
};

TEST(ImportCorpus, VariantsMorphToTheSameWorldShape) {
    for (const Variant& v : kVariants) {
        SCOPED_TRACE(v.variant);
        const morph::Scene plain = load(v.plain);
        const morph::Scene variant = load(v.variant);
        const morph::Mesh* plainMesh = morphedMesh(plain);
        const morph::Mesh* variantMesh = morphedMesh(variant);
        ASSERT_NE(plainMesh, nullptr);
        ASSERT_NE(variantMesh, nullptr);
        ASSERT_EQ(variantMesh->targetCount(), plainMesh->targetCount());
        EXPECT_EQ(variantMesh->defaultWeights, plainMesh->defaultWeights);
        EXPECT_EQ(variant.animations.size(), plain.animations.size());
        // Each target alone at weight 1, then all of them at 0.5 (the quantization errors add).
        std::vector<std::vector<float>> weightSets;
        const size_t targets = plainMesh->targetCount();
        weightSets.push_back(std::vector<float>(targets, 0.0f));
        for (size_t t = 0; t < targets; ++t) {
            weightSets.push_back(std::vector<float>(targets, 0.0f));
            weightSets.back()[t] = 1.0f;
        }
        weightSets.push_back(std::vector<float>(targets, 0.5f));
        for (const std::vector<float>& weights : weightSets) {
            const auto a = morphedPoints(plain, weights);
            const auto b = morphedPoints(variant, weights);
            ASSERT_FALSE(a.empty());
            ASSERT_FALSE(b.empty());
            const float limit = v.tolerance * diagonal(a);
            EXPECT_LE(farthestNearest(a, b), limit);
            EXPECT_LE(farthestNearest(b, a), limit);
        }
    }
}

// STEP and CUBICSPLINE rewrites keep the LINEAR file's key times and key values.
TEST(ImportCorpus, RewrittenAnimationsKeepTheirKeys) {
    for (const std::string model : {"SimpleMorph", "MorphStressTest"}) {
        const morph::Scene plain = load(model + "/variants/" + model + ".glb");
        for (const std::string kind : {"step", "cubicspline"}) {
            SCOPED_TRACE(model + "." + kind);
            const morph::Scene variant = load(model + "/variants/" + model + "." + kind + ".glb");
            ASSERT_EQ(variant.animations.size(), plain.animations.size());
            for (size_t a = 0; a < plain.animations.size(); ++a) {
                const morph::AnimationSampler& p = plain.animations[a].samplers.at(0);
                const morph::AnimationSampler& s = variant.animations[a].samplers.at(0);
                EXPECT_EQ(s.interpolation, kind == "step" ? morph::Interpolation::Step
                                                          : morph::Interpolation::CubicSpline);
                ASSERT_EQ(s.input, p.input);
                ASSERT_EQ(s.width, p.width);
                const size_t stride =
                    kind == "step" ? 1 : 3;  // CUBICSPLINE: in-tangent, value, out-tangent
                ASSERT_EQ(s.output.size(), p.output.size() * stride);
                for (size_t k = 0; k < p.input.size(); ++k) {
                    for (size_t c = 0; c < p.width; ++c) {
                        const size_t at = (k * stride + (stride == 3 ? 1 : 0)) * p.width + c;
                        EXPECT_NEAR(s.output[at], p.output[k * p.width + c], 1e-6f);
                    }
                }
                EXPECT_FLOAT_EQ(variant.animations[a].end, plain.animations[a].end);
            }
        }
    }
}

TEST(ImportCorpus, MeshoptAndTextureTransform) {
    const morph::Scene scene = load("MorphStressTest/variants/MorphStressTest.gltfpack-c.glb");
    bool anyTransform = false;
    for (const morph::Material& m : scene.materials) {
        anyTransform = anyTransform || m.baseColorTexture.transform.present ||
                       m.occlusionTexture.transform.present || m.normalTexture.transform.present ||
                       m.emissiveTexture.transform.present ||
                       m.metallicRoughnessTexture.transform.present;
    }
    EXPECT_TRUE(anyTransform) << "README: KHR_texture_transform on TEXCOORD";
}

// Corrupted compressed data (meshopt streams, Draco bitstreams) and a corrupted JSON chunk give
// an error or a scene, never a crash: 400 bytes spread over each file are flipped in turn (odd
// strides, so they land in the JSON, the views and the compressed streams alike), and the file is
// cut at 100 lengths. The ASan/UBSan build checks the reads.
TEST(ImportCorpus, CorruptedCompressedFilesNeverCrash) {
    for (const std::string relative :
         {"MorphStressTest/variants/MorphStressTest.gltfpack-c.glb",
          "MorphPrimitivesTest/variants/MorphPrimitivesTest.draco.glb",
          "AnimatedMorphCube/variants/AnimatedMorphCube.gltfpack.glb"}) {
        SCOPED_TRACE(relative);
        std::ifstream in(fixtures::corpusPath(relative), std::ios::binary);
        const std::vector<uint8_t> good((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
        ASSERT_FALSE(good.empty());
        morph::ImportOptions options;
        options.decodeImages = false;  // stb is not ours to fuzz, and it is slow on big PNGs
        size_t failures = 0;
        auto check = [&](const std::vector<uint8_t>& bytes) {
            auto scene = morph::importGltfMemory(bytes, "mutant.glb", "", options);
            if (scene.ok()) return;
            ++failures;
            EXPECT_EQ(scene.error().message.rfind("mutant.glb: ", 0), 0u) << scene.error().message;
            EXPECT_EQ(scene.error().message.find('\n'), std::string::npos) << scene.error().message;
        };
        for (size_t at = 0; at < good.size(); at += good.size() / 400 | 1) {
            std::vector<uint8_t> bytes = good;
            bytes[at] ^= 0x5A;
            check(bytes);
        }
        for (size_t length = 0; length < good.size(); length += good.size() / 100 | 1) {
            check(std::vector<uint8_t>(good.begin(), good.begin() + long(length)));
        }
        EXPECT_GT(failures, 0u) << "truncations at least must fail";
    }
}

}  // namespace

}  // namespace import_corpus_test
