// Texture-array packing: sizes and texel index math, worked out by hand.
#include <gtest/gtest.h>

#include "morph/targets/Packing.h"

namespace morph::packing_test {
namespace {

glm::vec4 tag(float target, float vertex, float channel) {
    return {target, vertex, channel, 1.0f};  // a recognizable delta per (target, vertex, channel)
}

// Three vertices, two targets: target 0 morphs POSITION and NORMAL, target 1 POSITION and
// COLOR_0. The primitive's channels are therefore POSITION, NORMAL, COLOR_0 (stride 3).
Primitive threeChannelPrimitive(uint32_t vertices) {
    Primitive p;
    for (uint32_t v = 0; v < vertices; ++v) p.positions.push_back({float(v), 0, 0});
    std::vector<glm::vec4> p0, n0, p1, c1;
    for (uint32_t v = 0; v < vertices; ++v) {
        p0.push_back(tag(0, float(v), 0));
        n0.push_back(tag(0, float(v), 1));
        p1.push_back(tag(1, float(v), 0));
        c1.push_back(tag(1, float(v), 5));
    }
    MorphTarget t0, t1;
    t0.set(MorphChannel::Position, p0);
    t0.set(MorphChannel::Normal, n0);
    t1.set(MorphChannel::Position, p1);
    t1.set(MorphChannel::Color0, c1);
    p.targets = {t0, t1};
    return p;
}

TEST(Packing, IndexIsVertexTimesStridePlusSlot) {
    const PackedTargets packed = packTargets(threeChannelPrimitive(3), 16384);
    EXPECT_EQ(packed.vertexCount, 3u);
    EXPECT_EQ(packed.targetCount, 2u);
    EXPECT_EQ(packed.stride, 3u);
    ASSERT_EQ(packed.channels.size(), 3u);
    EXPECT_EQ(packed.channels[0], MorphChannel::Position);
    EXPECT_EQ(packed.channels[1], MorphChannel::Normal);
    EXPECT_EQ(packed.channels[2], MorphChannel::Color0);
    EXPECT_EQ(packed.width, 9u);
    EXPECT_EQ(packed.height, 1u);
    ASSERT_EQ(packed.texels.size(), 18u);
    EXPECT_EQ(packed.bytes(), 18u * 16u);

    for (uint32_t v = 0; v < 3; ++v) {
        // Layer 0 starts at 0, layer 1 at width * height = 9.
        EXPECT_EQ(packed.texels[v * 3 + 0], tag(0, float(v), 0));
        EXPECT_EQ(packed.texels[v * 3 + 1], tag(0, float(v), 1));
        EXPECT_EQ(packed.texels[v * 3 + 2], glm::vec4(0.0f));  // target 0 lacks COLOR_0
        EXPECT_EQ(packed.texels[9 + v * 3 + 0], tag(1, float(v), 0));
        EXPECT_EQ(packed.texels[9 + v * 3 + 1], glm::vec4(0.0f));  // target 1 lacks NORMAL
        EXPECT_EQ(packed.texels[9 + v * 3 + 2], tag(1, float(v), 5));
    }
}

TEST(Packing, RowsWrapAtTheMaxTextureSize) {
    // 5 vertices x stride 3 = 15 texels a layer; rows of 4 give 4 rows, 16 texels, 1 padding.
    const PackedTargets packed = packTargets(threeChannelPrimitive(5), 4);
    EXPECT_EQ(packed.width, 4u);
    EXPECT_EQ(packed.height, 4u);
    EXPECT_EQ(packed.layerTexels(), 16u);
    ASSERT_EQ(packed.texels.size(), 32u);
    EXPECT_EQ(packed.bytes(), 32u * 16u);
    // Vertex 4, slot 2 of target 1: index 4 * 3 + 2 = 14, row 3, column 2 of layer 1.
    EXPECT_EQ(packed.texels[16 + 3 * 4 + 2], tag(1, 4, 5));
    // Vertex 2, slot 1 of target 0: index 7, row 1, column 3.
    EXPECT_EQ(packed.texels[1 * 4 + 3], tag(0, 2, 1));
    // The texel after the last vertex is padding.
    EXPECT_EQ(packed.texels[15], glm::vec4(0.0f));
    EXPECT_EQ(packed.texels[31], glm::vec4(0.0f));
}

TEST(Packing, ExactMultipleOfTheWidthHasNoPadding) {
    // 4 vertices x 3 = 12 = 3 rows of 4.
    const PackedTargets packed = packLayout(threeChannelPrimitive(4), 4);
    EXPECT_EQ(packed.width, 4u);
    EXPECT_EQ(packed.height, 3u);
}

TEST(Packing, LayoutMatchesPackingWithoutTexels) {
    const Primitive p = threeChannelPrimitive(7);
    const PackedTargets layout = packLayout(p, 5);
    const PackedTargets packed = packTargets(p, 5);
    EXPECT_TRUE(layout.texels.empty());
    EXPECT_EQ(layout.width, packed.width);
    EXPECT_EQ(layout.height, packed.height);
    EXPECT_EQ(layout.stride, packed.stride);
    EXPECT_EQ(layout.bytes(), packed.bytes());
    EXPECT_EQ(packed.texels.size(), packed.layerTexels() * packed.targetCount);
}

TEST(Packing, NoVerticesOrNoTargetsIsAnEmptyLayout) {
    const PackedTargets none = packTargets(threeChannelPrimitive(0), 16384);
    EXPECT_EQ(none.width, 0u);
    EXPECT_EQ(none.height, 0u);
    EXPECT_EQ(none.bytes(), 0u);
    EXPECT_TRUE(none.texels.empty());

    Primitive noTargets;
    noTargets.positions = {{0, 0, 0}, {1, 0, 0}};
    const PackedTargets empty = packTargets(noTargets, 16384);
    EXPECT_EQ(empty.stride, 0u);
    EXPECT_EQ(empty.targetCount, 0u);
    EXPECT_EQ(empty.bytes(), 0u);
    EXPECT_EQ(threejsMorphBytes(noTargets), 0u);
}

TEST(Packing, ZeroMaxTextureSizeDoesNotDivideByZero) {
    const PackedTargets packed = packLayout(threeChannelPrimitive(2), 0);
    EXPECT_EQ(packed.width, 1u);
    EXPECT_EQ(packed.height, 6u);
}

TEST(Packing, ThreejsCountsOnlyPositionNormalColor) {
    Primitive p;
    p.positions.resize(10);
    for (int t = 0; t < 3; ++t) {
        MorphTarget target;
        target.set(MorphChannel::Position, std::vector<glm::vec4>(10, glm::vec4(1.0f)));
        if (t == 1) target.set(MorphChannel::Normal, std::vector<glm::vec4>(10, glm::vec4(1.0f)));
        target.set(MorphChannel::Tangent, std::vector<glm::vec4>(10, glm::vec4(1.0f)));
        target.set(MorphChannel::TexCoord0, std::vector<glm::vec4>(10, glm::vec4(1.0f)));
        p.targets.push_back(target);
    }
    // three.js: POSITION + NORMAL = 2 texels a vertex: 3 x 10 x 16 x 2.
    EXPECT_EQ(threejsMorphBytes(p), 960u);
    // Ours: 4 channels (POSITION, NORMAL, TANGENT, TEXCOORD_0), 40 texels a layer in one row.
    EXPECT_EQ(packLayout(p, 16384).bytes(), 3u * 40u * 16u);
}

TEST(Packing, SummaryAddsEveryPrimitiveWithTargets) {
    Scene scene;
    Mesh morphed;
    morphed.primitives = {threeChannelPrimitive(3), threeChannelPrimitive(5)};
    Mesh plain;
    plain.primitives.resize(1);
    plain.primitives[0].positions.resize(100);
    scene.meshes = {plain, morphed};
    const PackingSummary summary = packingSummary(scene, 4);
    // 3 vertices: 9 texels -> 4 x 3 = 12 a layer; 5 vertices: 15 -> 4 x 4 = 16; 2 layers each.
    EXPECT_EQ(summary.bytes, (12u + 16u) * 2u * 16u);
    // three.js: POSITION, NORMAL, COLOR all morphed: 2 targets x V x 16 x 3.
    EXPECT_EQ(summary.threejsBytes, 2u * 3u * 16u * 3u + 2u * 5u * 16u * 3u);
    // The default max texture size keeps each layer in one row.
    EXPECT_EQ(packingSummary(scene).bytes, (9u + 15u) * 2u * 16u);
}

}  // namespace
}  // namespace morph::packing_test
