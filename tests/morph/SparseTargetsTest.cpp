// Sparse quantized targets: entry order, dropping, entry sizes, the half-quantum error bound per
// target (a tiny eyelid beside a large jaw), round trips, encode() validation, and the face asset.
#include <cfloat>
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Packing.h"
#include "morph/targets/SparseTargets.h"

namespace morph::sparse_targets_test {
namespace {

// Rounding to nearest leaves at most half a quantum; the float multiply that dequantizes adds a
// few units in the last place of the scale (the quantum itself is rounded to float, then scaled
// by up to 32767). 4 * FLT_EPSILON * scale covers both with room, and is still ~250 times
// smaller than half a quantum, so the bound is the quantization's, not the slack's.
float bound(float scale) {
    return scale / kQuantumSteps / 2.0f + 4.0f * FLT_EPSILON * scale;
}

// The independent oracle: max over components of |dequantized - original| for the vertices the
// dense original has, computed here from dequantizePosition/Normal per entry.
float oracleError(const SparseTarget& sparse, const std::vector<glm::vec4>& original,
                  bool normals) {
    std::vector<glm::vec3> restored(original.size(), glm::vec3(0.0f));
    for (size_t e = 0; e < sparse.entryCount(); ++e) {
        restored[sparse.indices[e]] =
            normals ? dequantizeNormal(sparse, e) : dequantizePosition(sparse, e);
    }
    float largest = 0;
    for (size_t v = 0; v < original.size(); ++v) {
        for (int c = 0; c < 3; ++c)
            largest = std::max(largest, std::abs(restored[v][c] - original[v][c]));
    }
    return largest;
}

// A target over `vertices` vertices that moves every `step`-th vertex by values of size `extent`.
MorphTarget target(uint32_t vertices, uint32_t step, float extent, bool positions, bool normals) {
    std::vector<glm::vec4> p(vertices, glm::vec4(0.0f)), n(vertices, glm::vec4(0.0f));
    for (uint32_t v = 0; v < vertices; v += step) {
        // Irrational-ish fractions so values fall between quanta, with both signs.
        const float a = std::sin(float(v) * 1.7f + 0.3f), b = std::cos(float(v) * 0.77f);
        p[v] = {extent * a, -extent * b, extent * a * b, 0.0f};
        n[v] = {0.3f * b, 0.2f * a, -0.5f * a * b, 0.0f};
    }
    MorphTarget t;
    if (positions) t.set(MorphChannel::Position, p);
    if (normals) t.set(MorphChannel::Normal, n);
    return t;
}

Primitive primitiveWith(std::vector<MorphTarget> targets, uint32_t vertices) {
    Primitive p;
    p.positions.assign(vertices, glm::vec3(0.0f));
    p.targets = std::move(targets);
    return p;
}

TEST(SparseTargets, IndicesAscendAndOnlyMovingVerticesAreKept) {
    std::vector<glm::vec4> p(8, glm::vec4(0.0f));
    p[6] = {0, 0, 1, 0};
    p[1] = {0.5f, 0, 0, 0};
    p[3] = {0, -2, 0, 0};
    p[5] = {0, 0, 0, 7};  // w is not a POSITION component: no move
    MorphTarget t;
    t.set(MorphChannel::Position, p);
    Result<SparseTarget> sparse = sparsify(t, 8);
    ASSERT_TRUE(sparse) << sparse.error().message;
    EXPECT_EQ(sparse->indices, (std::vector<uint32_t>{1, 3, 6}));
    EXPECT_FLOAT_EQ(sparse->positionScale, 2.0f);  // the largest component magnitude
    EXPECT_EQ(sparse->positions[1], glm::i16vec3(0, -32767, 0));
    EXPECT_EQ(sparse->positions[0], glm::i16vec3(8192, 0, 0));  // 0.5 / 2 * 32767 = 8191.75
}

TEST(SparseTargets, ThresholdDropsWhenPositionAndNormalAreBothWithin) {
    MorphTarget t;
    t.set(
        MorphChannel::Position,
        std::vector<glm::vec4>{{0.01f, 0, 0, 0}, {0.01f, 0, 0, 0}, {0.5f, 0, 0, 0}, {0, 0, 0, 0}});
    t.set(MorphChannel::Normal,
          std::vector<glm::vec4>{{0, 0, 0, 0}, {0, 0.2f, 0, 0}, {0, 0, 0, 0}, {0, 0, -0.01f, 0}});
    Result<SparseTarget> exact = sparsify(t, 4);  // default 0: only exact zeros go
    ASSERT_TRUE(exact);
    EXPECT_EQ(exact->indices, (std::vector<uint32_t>{0, 1, 2, 3}));

    Result<SparseTarget> loose = sparsify(t, 4, 0.05f);
    ASSERT_TRUE(loose);
    // Vertex 0: small position, no normal: dropped. Vertex 1: small position but a real normal
    // change: kept. Vertex 3: only a small normal: dropped.
    EXPECT_EQ(loose->indices, (std::vector<uint32_t>{1, 2}));
    // Dropping counts as error: the dropped 0.01 components are now 0.
    EXPECT_GE(loose->maxPositionError, 0.01f);
    EXPECT_LE(loose->maxPositionError, 0.05f);
    EXPECT_FLOAT_EQ(loose->maxNormalError, std::max(0.01f, exact->maxNormalError));
}

TEST(SparseTargets, SixteenBytesAnEntryWithNormalsTenWithout) {
    Result<SparseTarget> both = sparsify(target(100, 4, 0.1f, true, true), 100);
    Result<SparseTarget> positionsOnly = sparsify(target(100, 4, 0.1f, true, false), 100);
    ASSERT_TRUE(both);
    ASSERT_TRUE(positionsOnly);
    ASSERT_EQ(both->entryCount(), 25u);
    EXPECT_EQ(both->bytesPerEntry(), 16u);
    EXPECT_EQ(both->sizeInBytes(), 25u * 16u);
    EXPECT_EQ(positionsOnly->bytesPerEntry(), 10u);
    EXPECT_EQ(positionsOnly->sizeInBytes(), 25u * 10u);
    EXPECT_TRUE(positionsOnly->normals.empty());
}

TEST(SparseTargets, ErrorWithinHalfAQuantumOfEachTargetsOwnScale) {
    // One primitive: a 10 cm jaw and a 2 mm eyelid. Each target's error is bounded by its own
    // scale, so the eyelid's bound is fifty times tighter than the jaw's.
    Primitive p = primitiveWith(
        {target(5000, 1, 0.1f, true, true), target(5000, 37, 0.002f, true, true)}, 5000);
    Result<SparsePrimitive> sparse = sparsify(p);
    ASSERT_TRUE(sparse) << sparse.error().message;
    ASSERT_EQ(sparse->targets.size(), 2u);
    const SparseTarget& jaw = sparse->targets[0];
    const SparseTarget& lid = sparse->targets[1];
    EXPECT_NEAR(jaw.positionScale / lid.positionScale, 50.0f, 1.0f);
    for (size_t t = 0; t < 2; ++t) {
        const SparseTarget& s = sparse->targets[t];
        const float positionError =
            oracleError(s, p.targets[t].dense(MorphChannel::Position, p.vertexCount()), false);
        const float normalError =
            oracleError(s, p.targets[t].dense(MorphChannel::Normal, p.vertexCount()), true);
        EXPECT_LE(positionError, bound(s.positionScale)) << "target " << t;
        EXPECT_LE(normalError, bound(s.normalScale)) << "target " << t;
        // The reported error is the measured one, and quantization did round something.
        EXPECT_FLOAT_EQ(s.maxPositionError, positionError);
        EXPECT_FLOAT_EQ(s.maxNormalError, normalError);
        EXPECT_GT(positionError, 0.0f);
        const DequantizationError measured = measureError(s, p.targets[t]);
        EXPECT_FLOAT_EQ(measured.position, positionError);
        EXPECT_FLOAT_EQ(measured.normal, normalError);
    }
    EXPECT_LE(lid.maxPositionError, 0.002f / kQuantumSteps);  // ~61 nm, not the jaw's ~3 µm
}

TEST(SparseTargets, RoundTripThroughDenseIsStable) {
    const MorphTarget original = target(300, 3, 0.25f, true, true);
    Result<SparseTarget> sparse = sparsify(original, 300);
    ASSERT_TRUE(sparse);
    const MorphTarget dense = dequantize(*sparse, 300);
    ASSERT_TRUE(dense.has(MorphChannel::Position));
    ASSERT_TRUE(dense.has(MorphChannel::Normal));
    EXPECT_FALSE(dense.has(MorphChannel::Tangent));
    EXPECT_FALSE(dense.isSparse());
    EXPECT_EQ(dense.entries(MorphChannel::Position).size(), 300u);
    EXPECT_EQ(dense.entries(MorphChannel::Position)[1], glm::vec4(0.0f));  // not an entry: zero
    // Quantizing dequantized values again gives the same integers (a fixed point), so reloading
    // a stored target never drifts.
    Result<SparseTarget> again = sparsify(dense, 300);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->indices, sparse->indices);
    EXPECT_EQ(again->positions, sparse->positions);
    EXPECT_EQ(again->normals, sparse->normals);
}

TEST(SparseTargets, EncodeMatchesSparsifyOfTheSameEntries) {
    const MorphTarget dense = target(64, 5, 0.3f, true, true);
    Result<SparseTarget> fromDense = sparsify(dense, 64);
    ASSERT_TRUE(fromDense);
    std::vector<uint32_t> indices;
    std::vector<glm::vec3> positions, normals;
    for (uint32_t v = 0; v < 64; v += 5) {
        indices.push_back(v);
        positions.push_back(dense.delta(MorphChannel::Position, v));
        normals.push_back(dense.delta(MorphChannel::Normal, v));
    }
    Result<SparseTarget> encoded = encode(indices, positions, normals, 64);
    ASSERT_TRUE(encoded) << encoded.error().message;
    EXPECT_EQ(encoded->indices, fromDense->indices);
    EXPECT_EQ(encoded->positions, fromDense->positions);
    EXPECT_EQ(encoded->normals, fromDense->normals);
    EXPECT_EQ(encoded->sizeInBytes(), indices.size() * 16u);
    EXPECT_LE(encoded->maxPositionError, bound(encoded->positionScale));
}

TEST(SparseTargets, EncodeRefusesBadEntries) {
    const std::vector<glm::vec3> three(3, glm::vec3(0.1f));
    struct Case {
        const char* why;
        std::vector<uint32_t> indices;
        std::vector<glm::vec3> positions, normals;
        const char* expected;
        ErrorCode code;
    };
    const Case cases[] = {
        {"descending", {4, 2, 9}, three, {}, "strictly ascending", ErrorCode::BadValue},
        {"duplicate", {2, 2, 9}, three, {}, "strictly ascending", ErrorCode::BadValue},
        {"out of range",
         {1, 2, 10},
         three,
         {},
         "out of range (10 vertices)",
         ErrorCode::OutOfBounds},
        {"too few positions",
         {1, 2, 3},
         {glm::vec3(1.0f)},
         {},
         "1 POSITION deltas for 3 indices",
         ErrorCode::Inconsistent},
        {"too many normals",
         {1, 2, 3},
         three,
         std::vector<glm::vec3>(4),
         "4 NORMAL deltas",
         ErrorCode::Inconsistent},
        {"nan",
         {1, 2, 3},
         {glm::vec3(0), glm::vec3(NAN), glm::vec3(0)},
         {},
         "indices[1] = 2 is not finite",
         ErrorCode::BadValue},
        {"inf normal",
         {1, 2, 3},
         {},
         {glm::vec3(0), glm::vec3(0), glm::vec3(INFINITY)},
         "not finite",
         ErrorCode::BadValue},
    };
    for (const Case& c : cases) {
        Result<SparseTarget> r = encode(c.indices, c.positions, c.normals, 10);
        ASSERT_FALSE(r) << c.why;
        EXPECT_EQ(r.error().code, c.code) << c.why << ": " << r.error().message;
        EXPECT_NE(r.error().message.find(c.expected), std::string::npos)
            << c.why << ": " << r.error().message;
        EXPECT_EQ(r.error().message.find('\n'), std::string::npos);  // one line
    }
}

TEST(SparseTargets, SparsifyRefusesBadInput) {
    MorphTarget shortTarget;
    shortTarget.set(MorphChannel::Position, std::vector<glm::vec4>(3, glm::vec4(1.0f)));
    Result<SparseTarget> sizes = sparsify(shortTarget, 4);
    ASSERT_FALSE(sizes);
    EXPECT_EQ(sizes.error().code, ErrorCode::Inconsistent);
    EXPECT_NE(sizes.error().message.find("POSITION has 3 deltas for 4 vertices"),
              std::string::npos);

    MorphTarget nan;
    nan.set(MorphChannel::Position,
            {glm::vec4(1.0f), glm::vec4(1.0f), glm::vec4(1.0f, NAN, 1.0f, 1.0f)});
    for (const Result<SparseTarget>& bad :
         {sparsify(nan, 3), sparsify(shortTarget, 3, -1.0f), sparsify(shortTarget, 3, NAN)}) {
        ASSERT_FALSE(bad);
        EXPECT_EQ(bad.error().code, ErrorCode::BadValue) << bad.error().message;
    }

    // Named by its target, with the target's code.
    Result<SparsePrimitive> named = sparsify(primitiveWith({shortTarget, shortTarget}, 4));
    ASSERT_FALSE(named);
    EXPECT_EQ(named.error().code, ErrorCode::Inconsistent);
    EXPECT_EQ(named.error().message.rfind("target 0: ", 0), 0u) << named.error().message;
}

TEST(SparseTargets, EmptyTargetStoresNothing) {
    Result<SparseTarget> zeros =
        sparsify(target(50, 1000, 0.0f, true, false), 50);  // extent 0: all zero
    ASSERT_TRUE(zeros);
    EXPECT_EQ(zeros->entryCount(), 0u);
    EXPECT_EQ(zeros->sizeInBytes(), 0u);
    EXPECT_EQ(zeros->positionScale, 0.0f);
    EXPECT_EQ(zeros->maxError(), 0.0f);
    EXPECT_TRUE(zeros->hasPositions);  // the channels survive, so dequantize gives zeros back
    EXPECT_EQ(dequantize(*zeros, 50).entries(MorphChannel::Position),
              std::vector<glm::vec4>(50, glm::vec4(0.0f)));

    Result<SparseTarget> none = sparsify(MorphTarget{}, 50);  // a target with no channel at all
    ASSERT_TRUE(none);
    EXPECT_EQ(none->sizeInBytes(), 0u);
    EXPECT_FALSE(dequantize(*none, 50).has(MorphChannel::Position));

    Result<SparseTarget> encoded = encode({}, {}, {});
    ASSERT_TRUE(encoded);
    EXPECT_EQ(encoded->entryCount(), 0u);
}

TEST(SparseTargets, NormalsOnlyTarget) {
    const MorphTarget original = target(40, 2, 0.0f, false, true);
    Result<SparseTarget> sparse = sparsify(original, 40);
    ASSERT_TRUE(sparse);
    EXPECT_FALSE(sparse->hasPositions);
    EXPECT_TRUE(sparse->positions.empty());
    EXPECT_EQ(sparse->entryCount(), 20u);
    EXPECT_EQ(sparse->bytesPerEntry(), 10u);  // index + three int16 normal components
    EXPECT_EQ(dequantizePosition(*sparse, 0), glm::vec3(0.0f));
    EXPECT_LE(sparse->maxNormalError, bound(sparse->normalScale));
    const MorphTarget dense = dequantize(*sparse, 40);
    EXPECT_FALSE(dense.has(MorphChannel::Position));
    EXPECT_TRUE(dense.has(MorphChannel::Normal));
}

TEST(SparseTargets, NormalDeltasAreNotRenormalized) {
    MorphTarget t;
    t.set(MorphChannel::Normal,
          std::vector<glm::vec4>{{0.0f, 0.0f, 0.001f, 0.0f}, {0.0f, 0.0f, -0.002f, 0.0f}});
    Result<SparseTarget> sparse = sparsify(t, 2);
    ASSERT_TRUE(sparse);
    // A delta of length 0.001 stays 0.001 (normalizing it would give 1).
    EXPECT_NEAR(dequantizeNormal(*sparse, 0).z, 0.001f, bound(0.002f));
    EXPECT_NEAR(dequantizeNormal(*sparse, 1).z, -0.002f, bound(0.002f));
}

TEST(SparseTargets, ClampsAndRoundsToNearest) {
    // Values exactly on a half step round away from zero; the extreme maps to +-32767, never
    // -32768.
    const float scale = kQuantumSteps;  // quantum 1: values map to themselves
    Result<SparseTarget> r = encode(
        {0, 1, 2, 3}, {{2.5f, -2.5f, 0.49f}, {scale, -scale, 0}, {1.5f, 0, 0}, {-0.5f, 0, 0}}, {});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->positions[0], glm::i16vec3(3, -3, 0));
    EXPECT_EQ(r->positions[1], glm::i16vec3(32767, -32767, 0));
    EXPECT_EQ(r->positions[2], glm::i16vec3(2, 0, 0));
    EXPECT_EQ(r->positions[3], glm::i16vec3(-1, 0, 0));
}

TEST(SparseTargets, CoversOnlyPositionAndNormal) {
    Primitive p = primitiveWith({target(4, 1, 1.0f, true, true)}, 4);
    EXPECT_TRUE(sparseCovers(p));
    p.targets[0].set(MorphChannel::TexCoord0, std::vector<glm::vec4>(4, glm::vec4(0.1f)));
    EXPECT_FALSE(sparseCovers(p));  // a renderer keeps the dense path for this primitive
}

TEST(SparseTargets, SceneSummaryAndPerTargetErrors) {
    Scene scene;
    scene.meshes.resize(1);
    Mesh& mesh = scene.meshes[0];
    mesh.targetNames = {"jaw", "lid"};
    mesh.primitives = {
        primitiveWith({target(1000, 1, 0.1f, true, true), target(1000, 50, 0.002f, true, true)},
                      1000),
        primitiveWith({target(10, 1, 0.5f, true, false), target(10, 5, 0.0f, true, false)}, 10)};
    Result<SparseSummary> summary = sparseSummary(scene);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->primitives, 2u);
    EXPECT_EQ(summary->entries,
              1000u + 20u + 10u);  // the second primitive's lid target is all zero
    EXPECT_EQ(summary->bytes, (1000u + 20u) * 16u + 10u * 10u);
    EXPECT_EQ(summary->denseBytes, packingSummary(scene).bytes);
    EXPECT_EQ(summary->uncoveredPrimitives, 0u);

    Result<std::vector<float>> errors = maxDequantizationErrors(mesh);
    ASSERT_TRUE(errors);
    ASSERT_EQ(errors->size(), 2u);
    // The jaw's error comes from its larger primitive's normals or positions, the lid's from
    // its own 2 mm scale: per target, never shared.
    EXPECT_GT((*errors)[0], 0.0f);
    EXPECT_LE((*errors)[1], std::max(bound(0.002f), bound(0.5f)));
}

// The face asset (52 ARKit targets over the whole head): sparse storage is a fraction of the
// texture array, and every target is within its half-quantum bound.
TEST(SparseTargets, FaceAssetIsSmallerSparse) {
    Result<Scene> scene = importGltf(fixtures::bundledFace());
    ASSERT_TRUE(scene) << scene.error().message;
    Result<SparseSummary> summary = sparseSummary(*scene);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->denseBytes, packingSummary(*scene).bytes);
    EXPECT_GT(summary->entries, 0u);
    EXPECT_LT(summary->bytes * 4, summary->denseBytes);
    std::printf("face: sparse %llu bytes (%llu entries), dense %llu bytes, three.js %llu bytes\n",
                (unsigned long long)summary->bytes, (unsigned long long)summary->entries,
                (unsigned long long)summary->denseBytes, (unsigned long long)summary->threejsBytes);
    for (const Mesh& mesh : scene->meshes) {
        for (const Primitive& primitive : mesh.primitives) {
            Result<SparsePrimitive> sparse = sparsify(primitive);
            ASSERT_TRUE(sparse);
            for (size_t t = 0; t < sparse->targets.size(); ++t) {
                const SparseTarget& s = sparse->targets[t];
                EXPECT_LE(s.maxPositionError, bound(s.positionScale))
                    << mesh.name << " target " << t;
                EXPECT_LE(s.maxNormalError, bound(s.normalScale)) << mesh.name << " target " << t;
            }
        }
    }
}

}  // namespace
}  // namespace morph::sparse_targets_test
