// MorphTarget's sparse form: the importer keeps glTF sparse accessors without a
// bufferView sparse (3.6.2.3, 3.7.2.2), and every consumer gives a sparse target exactly what it
// gives the same target stored dense.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "morph/anim/Animate.h"
#include "morph/edit/RayCast.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Blend.h"
#include "morph/targets/Displacement.h"
#include "morph/targets/Packing.h"
#include "morph/targets/SparseTargets.h"
#include "morph/targets/SyntheticMesh.h"

namespace sparse_form_test {

namespace {

using morph::ComponentType;
using morph::MorphChannel;
using morph::MorphTarget;
using testing::HasSubstr;
using V4 = std::vector<glm::vec4>;
using json = nlohmann::json;

constexpr uint32_t kVertices = 10;

std::vector<float> linePositions() {
    std::vector<float> out;
    for (uint32_t v = 0; v < kVertices; ++v) out.insert(out.end(), {float(v), float(v % 2), 0.0f});
    return out;
}

// One mesh, one primitive of kVertices points, the given targets (each a JSON object of
// attribute -> accessor), written by `build` into `b`.
std::vector<uint8_t> glbWithTargets(morph::GltfBuilder& b, const json& targets) {
    json prim;
    prim["attributes"] = {{"POSITION", b.addFloats(linePositions(), "VEC3")}};
    prim["mode"] = 0;
    prim["targets"] = targets;
    b.json()["meshes"] = json::array({{{"primitives", json::array({prim})}}});
    b.json()["nodes"] = json::array({{{"mesh", 0}}});
    return b.glb();
}

morph::Result<morph::Scene> importBytes(const std::vector<uint8_t>& bytes) {
    return morph::importGltfMemory(bytes, "sparse.glb", "");
}

TEST(SparseForm, ImportKeepsSparseAccessorsWithoutBufferViewSparse) {
    morph::GltfBuilder b;
    // POSITION moves v2 and v7, NORMAL v2 and v5: the target is their union {2, 5, 7}, each
    // channel zero where the other moves a vertex it does not.
    const int position = b.addSparseFloats(kVertices, "VEC3", {2, 7}, {0, 0, 1, 0.5f, 0, 0});
    const int normal = b.addSparseFloats(kVertices, "VEC3", {2, 5}, {0, 1, 0, -1, 0, 0});
    const float value[3] = {0, -2, 0};
    const int single = b.addSparseAccessor(kVertices, ComponentType::Float, "VEC3", {9}, value,
                                           ComponentType::UnsignedByte);
    auto scene = importBytes(glbWithTargets(
        b, json::array({{{"POSITION", position}, {"NORMAL", normal}}, {{"POSITION", single}}})));
    ASSERT_TRUE(scene) << scene.error().message;
    const morph::Primitive& p = scene->meshes[0].primitives[0];
    ASSERT_EQ(p.targets.size(), 2u);
    const MorphTarget& t0 = p.targets[0];
    ASSERT_TRUE(t0.isSparse());
    EXPECT_EQ(t0.entryCount(), 3u);
    EXPECT_EQ(t0.indices(), (std::vector<uint32_t>{2, 5, 7}));
    EXPECT_EQ(t0.entries(MorphChannel::Position),
              (V4{{0, 0, 1, 0}, {0, 0, 0, 0}, {0.5f, 0, 0, 0}}));
    EXPECT_EQ(t0.entries(MorphChannel::Normal), (V4{{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 0, 0}}));
    EXPECT_FALSE(t0.has(MorphChannel::Tangent));
    EXPECT_EQ(t0.delta(MorphChannel::Position, 7), glm::vec4(0.5f, 0, 0, 0));
    EXPECT_EQ(t0.delta(MorphChannel::Position, 6), glm::vec4(0.0f));
    EXPECT_EQ(t0.dense(MorphChannel::Normal, kVertices)[5], glm::vec4(-1, 0, 0, 0));
    ASSERT_TRUE(p.targets[1].isSparse());
    EXPECT_EQ(p.targets[1].indices(), (std::vector<uint32_t>{9}));
    EXPECT_EQ(p.targets[1].entries(MorphChannel::Position), (V4{{0, -2, 0, 0}}));
    // Stats from the entries alone: zero deltas elsewhere add nothing.
    EXPECT_EQ(p.targetStats[0].movedVertices, 2u);  // POSITION moves v2 and v7 only
    EXPECT_FLOAT_EQ(p.targetStats[1].maxPositionDelta, 2.0f);
}

TEST(SparseForm, BufferViewBackedOrDenseChannelsMakeTheTargetDense) {
    morph::GltfBuilder b;
    std::vector<float> base(kVertices * 3, 0.0f);
    for (uint32_t v = 0; v < kVertices; ++v) base[v * 3] = 0.1f * float(v + 1);
    const int baseView = b.addBufferView(base.data(), base.size() * sizeof(float));
    // 3.6.2.3: the substituted values replace the bufferView's, the others keep it.
    const int onView = b.addSparseFloats(kVertices, "VEC3", {4}, {0, 0, 3}, baseView);
    const int sparse = b.addSparseFloats(kVertices, "VEC3", {1}, {0, 1, 0});
    const int dense = b.addFloats(std::vector<float>(kVertices * 3, 0.25f), "VEC3");
    auto scene = importBytes(glbWithTargets(
        b, json::array({{{"POSITION", onView}}, {{"POSITION", sparse}, {"NORMAL", dense}}})));
    ASSERT_TRUE(scene) << scene.error().message;
    const morph::Primitive& p = scene->meshes[0].primitives[0];
    const MorphTarget& t0 = p.targets[0];
    EXPECT_FALSE(t0.isSparse());
    ASSERT_EQ(t0.entries(MorphChannel::Position).size(), kVertices);
    EXPECT_EQ(t0.entries(MorphChannel::Position)[0], glm::vec4(0.1f, 0, 0, 0));
    EXPECT_EQ(t0.entries(MorphChannel::Position)[4], glm::vec4(0, 0, 3, 0));
    EXPECT_EQ(t0.entries(MorphChannel::Position)[9], glm::vec4(1.0f, 0, 0, 0));
    const MorphTarget& t1 = p.targets[1];  // one dense channel: the whole target is dense
    EXPECT_FALSE(t1.isSparse());
    V4 expected(kVertices, glm::vec4(0.0f));
    expected[1] = {0, 1, 0, 0};
    EXPECT_EQ(t1.entries(MorphChannel::Position), expected);
    EXPECT_EQ(t1.entries(MorphChannel::Normal), V4(kVertices, glm::vec4(0.25f, 0.25f, 0.25f, 0)));
}

TEST(SparseForm, MoreThanHalfTheVerticesIsStoredDense) {
    morph::GltfBuilder b;
    std::vector<float> values(6 * 3, 1.0f);
    const int five =
        b.addSparseFloats(kVertices, "VEC3", {0, 1, 2, 3, 4}, std::vector<float>(15, 1.0f));
    const int six = b.addSparseFloats(kVertices, "VEC3", {0, 1, 2, 3, 4, 5}, values);
    auto scene =
        importBytes(glbWithTargets(b, json::array({{{"POSITION", five}}, {{"POSITION", six}}})));
    ASSERT_TRUE(scene) << scene.error().message;
    const morph::Primitive& p = scene->meshes[0].primitives[0];
    EXPECT_TRUE(p.targets[0].isSparse());
    EXPECT_EQ(p.targets[0].entryCount(), 5u);
    ASSERT_FALSE(p.targets[1].isSparse());
    V4 expected(kVertices, glm::vec4(0.0f));
    for (int v = 0; v < 6; ++v) expected[size_t(v)] = {1, 1, 1, 0};
    EXPECT_EQ(p.targets[1].entries(MorphChannel::Position), expected);
}

TEST(SparseForm, HostileSparseTargetsAreRefusedInOneLine) {
    struct Case {
        std::vector<uint32_t> indices;
        size_t count;
        const char* problem;
    };
    const std::vector<Case> cases = {
        {{3, 10}, kVertices, "out of range"},
        {{5, 2}, kVertices, "does not increase"},
        {{4, 4}, kVertices, "does not increase"},
        {{1}, kVertices + 1, "differs from the base vertex count"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.problem);
        morph::GltfBuilder b;
        std::vector<float> values(c.indices.size() * 3, 0.5f);
        const int accessor =
            b.addSparseAccessor(c.count, ComponentType::Float, "VEC3", c.indices, values.data());
        auto scene = importBytes(glbWithTargets(b, json::array({{{"POSITION", accessor}}})));
        ASSERT_FALSE(scene);
        EXPECT_EQ(scene.error().message.rfind("sparse.glb: ", 0), 0u) << scene.error().message;
        EXPECT_THAT(scene.error().message, HasSubstr(c.problem));
        EXPECT_EQ(scene.error().message.find('\n'), std::string::npos);
    }
}

// A primitive with targets of every channel, vertices moved at random; `sparse` stores each
// target in the sparse form (exact-zero deltas dropped), else dense.
morph::Primitive mixedPrimitive(bool sparse) {
    morph::SplitMix64 rng(11);
    morph::Primitive p;
    const uint32_t n = 64;
    for (uint32_t v = 0; v < n; ++v) {
        p.positions.push_back({float(v % 8), float(v / 8), 0.1f * rng.signedUnit()});
        p.normals.push_back({0, 0, 1});
        p.tangents.push_back({1, 0, 0, v % 2 ? 1.0f : -1.0f});
        p.texcoords[0].push_back({float(v % 8) / 8, float(v / 8) / 8});
        p.colors.push_back({1, 1, 1, 1});
    }
    for (uint32_t y = 0; y + 1 < 8; ++y) {  // an 8 x 8 grid of quads, two triangles each
        for (uint32_t x = 0; x + 1 < 8; ++x) {
            const uint32_t i = y * 8 + x;
            p.indices.insert(p.indices.end(), {i, i + 1, i + 8, i + 1, i + 9, i + 8});
        }
    }
    for (int t = 0; t < 5; ++t) {
        MorphTarget target;
        for (MorphChannel c : {MorphChannel::Position, MorphChannel::Normal, MorphChannel::Tangent,
                               MorphChannel::TexCoord0, MorphChannel::Color0}) {
            if (t == 3 && c != MorphChannel::Position) continue;  // a POSITION-only target
            V4 deltas(n, glm::vec4(0.0f));
            for (uint32_t v = 0; v < n; ++v) {
                if (rng.unit() < 0.2f)
                    deltas[v] = {rng.signedUnit(), rng.signedUnit(), rng.signedUnit(), 0.0f};
            }
            target.set(c, deltas);
        }
        p.targets.push_back(sparse ? target.toSparse(n) : target);
    }
    morph::computeTargetStats(p);
    return p;
}

TEST(SparseForm, ToSparseAndToDenseRoundTrip) {
    const morph::Primitive dense = mixedPrimitive(false);
    const morph::Primitive sparse = mixedPrimitive(true);
    for (size_t t = 0; t < dense.targets.size(); ++t) {
        ASSERT_TRUE(sparse.targets[t].isSparse());
        EXPECT_LT(sparse.targets[t].entryCount(), dense.vertexCount());
        const MorphTarget back = sparse.targets[t].toDense(dense.vertexCount());
        for (size_t c = 0; c < morph::kMorphChannelCount; ++c) {
            const auto channel = static_cast<MorphChannel>(c);
            EXPECT_EQ(back.has(channel), dense.targets[t].has(channel));
            EXPECT_EQ(back.entries(channel), dense.targets[t].entries(channel)) << "target " << t;
        }
        for (uint32_t v = 0; v < dense.vertexCount(); ++v) {
            EXPECT_EQ(sparse.targets[t].delta(MorphChannel::Normal, v),
                      dense.targets[t].delta(MorphChannel::Normal, v));
        }
    }
}

TEST(SparseForm, ConsumersGiveTheDenseFormsResults) {
    const morph::Primitive dense = mixedPrimitive(false);
    const morph::Primitive sparse = mixedPrimitive(true);
    const std::vector<float> weights = {0.5f, -0.25f, 1.0f, 0.75f, 0.0f};

    const morph::MorphedPrimitive a = morph::blend(dense, weights),
                                  b = morph::blend(sparse, weights);
    EXPECT_EQ(a.positions, b.positions);
    EXPECT_EQ(a.normals, b.normals);
    EXPECT_EQ(a.tangents, b.tangents);
    EXPECT_EQ(a.texcoords[0], b.texcoords[0]);
    EXPECT_EQ(a.colors, b.colors);
    EXPECT_NE(a.positions, dense.positions);  // the targets did move something

    const morph::PackedTargets pa = morph::packTargets(dense, 16384),
                               pb = morph::packTargets(sparse, 16384);
    EXPECT_EQ(pa.channels, pb.channels);
    EXPECT_EQ(pa.width, pb.width);
    EXPECT_EQ(pa.texels, pb.texels);

    for (size_t t = 0; t < dense.targets.size(); ++t) {
        SCOPED_TRACE("target " + std::to_string(t));
        EXPECT_EQ(dense.targetStats[t].movedVertices, sparse.targetStats[t].movedVertices);
        EXPECT_EQ(dense.targetStats[t].maxPositionDelta, sparse.targetStats[t].maxPositionDelta);
        for (float threshold : {0.0f, 0.3f}) {
            auto sa = morph::sparsify(dense.targets[t], dense.vertexCount(), threshold);
            auto sb = morph::sparsify(sparse.targets[t], sparse.vertexCount(), threshold);
            ASSERT_TRUE(sa && sb);
            EXPECT_EQ(sa->indices, sb->indices);
            EXPECT_EQ(sa->positions, sb->positions);
            EXPECT_EQ(sa->normals, sb->normals);
            EXPECT_EQ(sa->positionScale, sb->positionScale);
            EXPECT_EQ(sa->normalScale, sb->normalScale);
            EXPECT_EQ(sa->maxPositionError, sb->maxPositionError);
            EXPECT_EQ(sa->maxNormalError, sb->maxNormalError);
            const morph::DequantizationError ea = morph::measureError(*sa, dense.targets[t]);
            const morph::DequantizationError eb = morph::measureError(*sb, sparse.targets[t]);
            EXPECT_EQ(ea.position, eb.position);
            EXPECT_EQ(ea.normal, eb.normal);
        }
    }

    EXPECT_EQ(morph::maxDisplacement(dense, weights, glm::mat3(2.0f)),
              morph::maxDisplacement(sparse, weights, glm::mat3(2.0f)));
    for (uint32_t v : {0u, 7u, 33u, 63u}) {
        EXPECT_EQ(morph::morphedPosition(dense, v, weights),
                  morph::morphedPosition(sparse, v, weights));
        const auto ia = morph::vertexInfluences(dense, v, weights),
                   ib = morph::vertexInfluences(sparse, v, weights);
        ASSERT_EQ(ia.size(), ib.size());
        for (size_t i = 0; i < ia.size(); ++i) {
            EXPECT_EQ(ia[i].target, ib[i].target);
            EXPECT_EQ(ia[i].delta, ib[i].delta);
        }
    }
}

TEST(SparseForm, RayCastHitsTheSameVertex) {
    auto sceneOf = [](morph::Primitive p) {
        morph::Scene scene;
        morph::Mesh mesh;
        mesh.targetNames = {"0", "1", "2", "3", "4"};
        mesh.defaultWeights = {1.0f, 0.5f, 0.0f, 1.0f, 0.0f};
        mesh.primitives.push_back(std::move(p));
        scene.meshes.push_back(std::move(mesh));
        morph::Node node;
        node.mesh = 0;
        scene.nodes.push_back(node);
        scene.roots = {0};
        return scene;
    };
    const morph::Scene dense = sceneOf(mixedPrimitive(false)),
                       sparse = sceneOf(mixedPrimitive(true));
    const std::vector<morph::NodePose> pose = morph::restPose(dense);
    int hits = 0;
    for (float x = 0.5f; x < 7.0f; x += 1.0f) {
        const morph::Ray ray{{x, 2.4f, 5.0f}, {0, 0, -1}};
        const auto a = morph::raycast(dense, morph::resolveFrame(dense, pose), {0}, ray);
        const auto b = morph::raycast(sparse, morph::resolveFrame(sparse, pose), {0}, ray);
        ASSERT_EQ(a.has_value(), b.has_value());
        if (!a) continue;
        ++hits;
        EXPECT_EQ(a->triangle, b->triangle);
        EXPECT_EQ(a->vertex, b->vertex);
        EXPECT_EQ(a->distance, b->distance);
        EXPECT_EQ(a->vertexPosition, b->vertexPosition);
    }
    EXPECT_GT(hits, 0);
}

TEST(SparseForm, SyntheticSceneIsSparseLikeItsImportedFile) {
    morph::SyntheticSpec spec;
    spec.vertices = 400;
    spec.targets = 3;
    spec.density = 0.05f;
    const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(spec);
    const morph::Scene built = morph::toScene(mesh);
    auto imported = importBytes(morph::toGltf(mesh).glb());
    ASSERT_TRUE(imported) << imported.error().message;
    for (size_t t = 0; t < 3; ++t) {
        const MorphTarget& a = built.meshes[0].primitives[0].targets[t];
        const MorphTarget& b = imported->meshes[0].primitives[0].targets[t];
        ASSERT_TRUE(a.isSparse() && b.isSparse());
        EXPECT_EQ(a.indices(), mesh.targets[t].indices);
        EXPECT_EQ(a.indices(), b.indices());
        EXPECT_EQ(a.entries(MorphChannel::Position), b.entries(MorphChannel::Position));
        EXPECT_EQ(a.entries(MorphChannel::Normal), b.entries(MorphChannel::Normal));
    }
}

}  // namespace

}  // namespace sparse_form_test
