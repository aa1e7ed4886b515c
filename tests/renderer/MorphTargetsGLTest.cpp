// The upload side of the morph path: texture-array layout (read back texel by texel), the
// per-frame weight buffer, layer-limit splitting, and bounds.
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "MorphCompare.h"
#include "fixtures/ErrorCodes.h"
#include "renderer/gl/Bindings.h"
#include "renderer/gl/Log.h"
#include "renderer/morph/GpuOracle.h"
#include "renderer/morph/MorphTargets.h"
#include "renderer/scene/Bounds.h"
#include "renderer/scene/GpuScene.h"

namespace morph_targets_gl_test {

namespace {

using morph::MorphChannel;
using renderer::MorphLimits;
using renderer::MorphTargets;
using renderer::MorphWeights;

class MorphTargetsTest : public fixtures::GlTest {};

glm::vec4 readTexel(const renderer::gl::Texture& texture, int x, int y, int layer) {
    glm::vec4 texel(-99.0f);
    glGetTextureSubImage(texture.id(), 0, x, y, layer, 1, 1, 1, GL_RGBA, GL_FLOAT, sizeof(texel),
                         &texel);
    return texel;
}

// A primitive whose targets are in the sparse form (as imported from sparse accessors) uploads
// exactly what its dense twin uploads: the same texture texels (zeros + entries), the same
// per-target entry counts and delta boxes, the same morphed bounds.
TEST_F(MorphTargetsTest, SparseTargetsUploadLikeTheirDenseForm) {
    fixtures::GeneratedMesh spec;
    spec.vertexCount = 300;
    spec.targetCount = 4;
    spec.movedFraction = 0.1f;
    spec.channels = {MorphChannel::Position, MorphChannel::Normal, MorphChannel::Color0};
    spec.colors = true;
    const morph::Primitive dense = fixtures::generateMesh(spec);
    spec.sparse = true;
    const morph::Primitive sparse = fixtures::generateMesh(spec);
    ASSERT_TRUE(sparse.targets[0].isSparse());

    auto sceneOf = [](const morph::Primitive& p) {
        morph::Scene scene;
        scene.meshes.resize(1);
        scene.meshes[0].primitives = {p};
        scene.meshes[0].targetNames = {"a", "b", "c", "d"};
        scene.meshes[0].defaultWeights.assign(4, 0.0f);
        scene.nodes.resize(1);
        scene.nodes[0].mesh = 0;
        scene.roots = {0};
        morph::computeTargetStats(scene);
        return scene;
    };
    auto a = renderer::GpuScene::upload(sceneOf(dense));
    auto b = renderer::GpuScene::upload(sceneOf(sparse));
    ASSERT_TRUE(a.ok() && b.ok());
    const renderer::GpuPrimitive& pa = a->meshes()[0].primitives[0];
    const renderer::GpuPrimitive& pb = b->meshes()[0].primitives[0];
    EXPECT_EQ(pa.targetDeltaBoxes, pb.targetDeltaBoxes);
    EXPECT_EQ(pa.morph->shape.targetEntries, pb.morph->shape.targetEntries);
    EXPECT_GT(pa.morph->shape.entries(), 0u);

    const std::vector<float> weights = {0.5f, -1.0f, 0.0f, 2.0f};
    const morph::Primitive withoutStats = [&] {
        morph::Primitive p = sparse;
        p.targetStats.clear();  // the bounds then walk the deltas themselves
        return p;
    }();
    const renderer::Aabb boundsA =
        renderer::morphedBounds(sceneOf(dense).meshes[0].primitives[0], weights);
    const renderer::Aabb boundsB = renderer::morphedBounds(withoutStats, weights);
    EXPECT_EQ(boundsA.min, boundsB.min);
    EXPECT_EQ(boundsA.max, boundsB.max);

    auto ta = MorphTargets::upload(dense, MorphLimits::query());
    auto tb = MorphTargets::upload(sparse, MorphLimits::query());
    ASSERT_TRUE(ta.ok() && tb.ok());
    ASSERT_EQ(ta->width(), tb->width());
    ASSERT_EQ(ta->slots(), tb->slots());
    const int width = int(ta->width()), height = int(ta->height());
    for (int t = 0; t < 4; ++t) {
        std::vector<glm::vec4> texelsA(size_t(width * height)), texelsB(texelsA.size());
        const GLsizei bytes = GLsizei(texelsA.size() * sizeof(glm::vec4));
        glGetTextureSubImage(ta->textures()[0].id(), 0, 0, 0, t, width, height, 1, GL_RGBA,
                             GL_FLOAT, bytes, texelsA.data());
        glGetTextureSubImage(tb->textures()[0].id(), 0, 0, 0, t, width, height, 1, GL_RGBA,
                             GL_FLOAT, bytes, texelsB.data());
        EXPECT_EQ(texelsA, texelsB) << "target " << t;
    }
}

TEST_F(MorphTargetsTest, TexelsFollowThePackingLayout) {
    fixtures::GeneratedMesh spec;
    spec.vertexCount = 37;
    spec.targetCount = 3;
    spec.channels = {MorphChannel::Position, MorphChannel::Tangent, MorphChannel::Color0};
    spec.tangents = true;
    spec.colors = true;
    const morph::Primitive primitive = fixtures::generateMesh(spec);
    MorphLimits limits;
    limits.maxTextureSize = 16;  // 37 x 3 texels per layer wrap into rows of 16
    auto targets = MorphTargets::upload(primitive, limits);
    ASSERT_TRUE(targets.ok()) << targets.error().message;
    EXPECT_EQ(targets->stride(), 3u);
    EXPECT_EQ(targets->width(), 16u);
    EXPECT_EQ(targets->height(), (37u * 3u + 15u) / 16u);
    ASSERT_EQ(targets->textures().size(), 1u);
    EXPECT_EQ(targets->textures()[0].depth(), 3);
    const auto& slots = targets->slots();
    EXPECT_EQ(slots[morph::index(MorphChannel::Position)], 0);
    EXPECT_EQ(slots[morph::index(MorphChannel::Normal)], -1);
    EXPECT_EQ(slots[morph::index(MorphChannel::Tangent)], 1);
    EXPECT_EQ(slots[morph::index(MorphChannel::Color0)], 2);

    for (uint32_t t = 0; t < 3; ++t) {
        for (uint32_t v : {0u, 5u, 36u}) {
            for (MorphChannel c : spec.channels) {
                const uint32_t texel = v * 3 + uint32_t(slots[morph::index(c)]);
                const glm::vec4 got =
                    readTexel(targets->textures()[0], int(texel % 16), int(texel / 16), int(t));
                EXPECT_EQ(got, primitive.targets[t].delta(c, v))
                    << "target " << t << " vertex " << v << " " << morph::channelName(c);
            }
        }
    }
}

TEST_F(MorphTargetsTest, WeightBufferHoldsOnlyNonZeroWeightsInOrder) {
    MorphWeights weights = MorphWeights::create(5);
    weights.update({0.0f, 0.5f, 0.0f, -1.25f});  // missing fifth entry counts as 0
    EXPECT_EQ(weights.activeCount(), 2u);
    uint32_t words[5] = {};
    weights.upload(renderer::kWeightPairs);
    weights.pairsBuffer().read(0, sizeof(words), words);
    float w1 = 0, w3 = 0;
    std::memcpy(&w1, &words[2], sizeof(float));
    std::memcpy(&w3, &words[4], sizeof(float));
    EXPECT_EQ(words[0], 2u);
    EXPECT_EQ(words[1], 1u);
    EXPECT_EQ(w1, 0.5f);
    EXPECT_EQ(words[3], 3u);
    EXPECT_EQ(w3, -1.25f);

    // Entries beyond the target count are ignored rather than written past the buffer.
    weights.update(std::vector<float>(50, 1.0f));
    EXPECT_EQ(weights.activeCount(), 5u);
}

// What the GPU holds as rows (vs-dense, the gather): instanceCount() x targetCount() floats.
// Uploaded first: the getters never upload.
std::vector<float> gpuRows(MorphWeights& weights) {
    weights.upload(renderer::kWeightRows);
    std::vector<float> rows(weights.instanceCount() * weights.targetCount(), -1.0f);
    weights.rowsBuffer().read(0, GLsizeiptr(rows.size() * sizeof(float)), rows.data());
    return rows;
}

TEST_F(MorphTargetsTest, ActiveListsSkipZerosAcrossWordsOfEightWeights) {
    // 300 targets: whole words of zeros (and of -0) skipped, actives at word edges, in the tail
    // past the last full word, and a NaN (not zero: it stays visible instead of vanishing).
    std::vector<float> w(300, 0.0f);
    for (size_t t = 16; t < 24; ++t) w[t] = -0.0f;
    const std::vector<uint32_t> expected = {0, 7, 8, 63, 150, 295, 299};
    for (uint32_t t : expected) w[t] = 0.25f * float(t + 1);
    w[150] = std::numeric_limits<float>::quiet_NaN();
    MorphWeights weights = MorphWeights::create(300);
    weights.update(w);
    ASSERT_EQ(weights.active().size(), 1u);
    EXPECT_EQ(weights.active()[0].targets, expected);
    EXPECT_EQ(weights.activeCount(), uint32_t(expected.size()));
    EXPECT_EQ(gpuRows(weights)[7], 2.0f);
    // Instances: each row its own list; a short row counts its missing weights as zero.
    weights.updateInstances({w, {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f}, {}});
    ASSERT_EQ(weights.active().size(), 3u);
    EXPECT_EQ(weights.active()[0].targets, expected);
    EXPECT_EQ(weights.active()[1].targets, std::vector<uint32_t>{9});
    EXPECT_TRUE(weights.active()[2].targets.empty());
    const std::vector<float> rows = gpuRows(weights);
    EXPECT_EQ(rows[300 + 9], 1.0f);
    EXPECT_EQ(rows[600 + 9], 0.0f);
}

TEST_F(MorphTargetsTest, AFramesActiveListIsTakenAsItIs) {
    morph::ActiveWeights frame;
    frame.assign({0.0f, 0.5f, 0.0f, -1.0f, 2.0f});
    MorphWeights weights = MorphWeights::create(4);  // the fifth target is past the mesh's
    weights.update(frame);
    EXPECT_EQ(weights.active()[0].targets, (std::vector<uint32_t>{1, 3}));
    EXPECT_EQ(weights.active()[0].values, (std::vector<float>{0.5f, -1.0f}));
    EXPECT_EQ(gpuRows(weights), (std::vector<float>{0.0f, 0.5f, 0.0f, -1.0f}));
}

TEST_F(MorphTargetsTest, BuffersChangeOnlyInUpload) {
    // update() copies the lists; the GPU buffers keep the last upload's weights until the
    // drawer uploads the buffers its path reads, and only those.
    MorphWeights weights = MorphWeights::create(4);
    weights.update(std::vector<float>{0.0f, 0.5f, 0.0f, 0.0f});
    weights.upload(renderer::kWeightRows | renderer::kWeightPairs);
    weights.update(std::vector<float>{0.0f, 0.0f, 0.75f, 0.0f});
    std::vector<float> rows(4, -1.0f);
    weights.rowsBuffer().read(0, GLsizeiptr(rows.size() * sizeof(float)), rows.data());
    EXPECT_EQ(rows, (std::vector<float>{0.0f, 0.5f, 0.0f, 0.0f}));
    weights.upload(renderer::kWeightRows);
    weights.rowsBuffer().read(0, GLsizeiptr(rows.size() * sizeof(float)), rows.data());
    EXPECT_EQ(rows, (std::vector<float>{0.0f, 0.0f, 0.75f, 0.0f}));
    uint32_t words[2] = {};
    weights.pairsBuffer().read(0, sizeof(words), words);
    EXPECT_EQ(words[1], 1u);  // the pairs were not asked for: still the first weights
}

TEST_F(MorphTargetsTest, RowsAndBuffersFollowEveryUpdate) {
    // The GPU rows are written from the active lists when uploaded after an update: a weight
    // that was active and is now zero must read zero, in both GPU buffers.
    MorphWeights weights = MorphWeights::create(300);
    std::vector<float> w(300, 0.0f);
    w[10] = 0.5f;
    w[200] = -2.0f;
    weights.update(w);
    EXPECT_EQ(weights.active()[0].values, (std::vector<float>{0.5f, -2.0f}));
    EXPECT_EQ(gpuRows(weights)[200], -2.0f);

    w[10] = 0.0f;
    w[200] = 0.0f;
    w[299] = 0.25f;
    weights.update(w);
    EXPECT_EQ(weights.active()[0].targets, std::vector<uint32_t>{299});
    EXPECT_EQ(weights.active()[0].values, std::vector<float>{0.25f});
    const std::vector<float> row = gpuRows(weights);
    std::vector<float> expected(300, 0.0f);
    expected[299] = 0.25f;
    EXPECT_EQ(row, expected);
    uint32_t words[3] = {};
    weights.upload(renderer::kWeightPairs);
    weights.pairsBuffer().read(0, sizeof(words), words);
    float w299 = 0;
    std::memcpy(&w299, &words[2], sizeof(float));
    EXPECT_EQ(words[0], 1u);
    EXPECT_EQ(words[1], 299u);
    EXPECT_EQ(w299, 0.25f);

    // From a crowd back to one instance: one row again, the crowd's other rows gone.
    weights.updateInstances({w, w});
    EXPECT_EQ(gpuRows(weights).size(), 600u);
    EXPECT_EQ(gpuRows(weights)[300 + 299], 0.25f);
    weights.update(std::vector<float>(300, 0.0f));
    EXPECT_EQ(weights.instanceCount(), 1u);
    EXPECT_EQ(weights.activeCount(), 0u);
    EXPECT_EQ(gpuRows(weights), std::vector<float>(300, 0.0f));
}

TEST_F(MorphTargetsTest, PrimitiveWithoutTargetsUploadsNothing) {
    fixtures::GeneratedMesh spec;
    spec.targetCount = 0;
    const morph::Primitive primitive = fixtures::generateMesh(spec);
    auto targets = MorphTargets::upload(primitive, MorphLimits::query());
    ASSERT_TRUE(targets.ok());
    EXPECT_TRUE(targets->empty());
    EXPECT_TRUE(targets->textures().empty());

    // And it still evaluates: the base, with normals renormalized.
    auto gpu = renderer::GpuOracle::create();
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    auto result = gpu->eval(primitive, {});
    ASSERT_TRUE(result.ok()) << result.error().message;
    fixtures::expectSameMorph(primitive, {}, *result, "no targets");
}

TEST_F(MorphTargetsTest, TargetsBeyondTheLayerLimitSplitAcrossArrays) {
    const morph::Primitive primitive = fixtures::generateMesh(50, 20);
    MorphLimits limits = MorphLimits::query();
    limits.maxLayers = 7;  // as if the driver allowed 7 layers: 7 + 7 + 6
    limits.maxTextureSize = 64;
    std::vector<std::string> notes;
    renderer::LogSink previous =
        renderer::setLogSink([&](const std::string& line) { notes.push_back(line); });
    auto targets = MorphTargets::upload(primitive, limits);
    renderer::setLogSink(previous);
    ASSERT_TRUE(targets.ok()) << targets.error().message;
    ASSERT_EQ(targets->textures().size(), 3u);
    EXPECT_EQ(targets->textures()[2].depth(), 6);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("split across 3 texture arrays"), std::string::npos) << notes[0];
    // Target 15 is layer 1 of the third array.
    const int slot = targets->slots()[morph::index(MorphChannel::Normal)];
    const uint32_t texel = 4 * 2 + uint32_t(slot);
    EXPECT_EQ(readTexel(targets->textures()[2], int(texel % 64), int(texel / 64), 1),
              primitive.targets[15].dense(MorphChannel::Normal, primitive.vertexCount())[4]);

    auto gpu = renderer::GpuOracle::create();
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    renderer::PrimitiveBuffers buffers = renderer::PrimitiveBuffers::upload(primitive);
    MorphWeights weights = MorphWeights::create(primitive.targets.size());
    for (uint32_t seed : {1u, 2u, 3u}) {
        const std::vector<float> w = fixtures::randomWeights(primitive.targets.size(), seed);
        weights.update(w);
        auto result = gpu->run(buffers, *targets, weights);
        ASSERT_TRUE(result.ok()) << result.error().message;
        fixtures::expectSameMorph(primitive, w, *result, "split seed " + std::to_string(seed));
    }
}

TEST_F(MorphTargetsTest, TooManyArraysIsAnErrorNotAGlError) {
    const morph::Primitive primitive = fixtures::generateMesh(4, renderer::kMaxMorphTextures + 1);
    MorphLimits limits = MorphLimits::query();
    limits.maxLayers = 1;
    auto targets = MorphTargets::upload(primitive, limits);
    ASSERT_FALSE(targets.ok());
    EXPECT_EQ(targets.error().code, morph::ErrorCode::Limit);
    EXPECT_NE(targets.error().message.find("morph targets: 9 targets need 9 texture arrays"),
              std::string::npos)
        << targets.error().message;
}

TEST_F(MorphTargetsTest, LayerTallerThanTheTextureLimitIsAnError) {
    const morph::Primitive primitive = fixtures::generateMesh(100, 1);
    MorphLimits limits;
    limits.maxTextureSize = 8;  // 200 texels need 25 rows of 8
    auto targets = MorphTargets::upload(primitive, limits);
    ASSERT_FALSE(targets.ok());
    EXPECT_NE(targets.error().message.find("over GL_MAX_TEXTURE_SIZE 8"), std::string::npos)
        << targets.error().message;
}

TEST_F(MorphTargetsTest, MorphedBoundsHoldEveryMorphedPosition) {
    const morph::Primitive primitive = fixtures::generateMesh(500, 6);
    for (uint32_t seed = 1; seed <= 5; ++seed) {
        const std::vector<float> w = fixtures::randomWeights(primitive.targets.size(), seed);
        const renderer::Aabb box = renderer::morphedBounds(primitive, w);
        ASSERT_TRUE(box.valid);
        for (const glm::vec3& p : morph::blend(primitive, w).positions) {
            EXPECT_TRUE(glm::all(glm::greaterThanEqual(p, box.min)) &&
                        glm::all(glm::lessThanEqual(p, box.max)));
        }
    }
    // Zero weights: exactly the base box.
    const renderer::Aabb base = renderer::baseBounds(primitive);
    const renderer::Aabb rest = renderer::morphedBounds(primitive, std::vector<float>(6, 0.0f));
    EXPECT_EQ(rest.min, base.min);
    EXPECT_EQ(rest.max, base.max);
}

}  // namespace

}  // namespace morph_targets_gl_test
