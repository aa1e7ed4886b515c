// The CPU reference blend, checked against sums worked out by hand.
#include <cmath>

#include <gtest/gtest.h>

#include "fixtures/Fixtures.h"
#include "morph/targets/Blend.h"

namespace morph::blend_test {
namespace {

using fixtures::positionTarget;

void expectVec3(const glm::vec3& expected, const glm::vec3& actual) {
    EXPECT_FLOAT_EQ(expected.x, actual.x);
    EXPECT_FLOAT_EQ(expected.y, actual.y);
    EXPECT_FLOAT_EQ(expected.z, actual.z);
}

// A triangle shaped like the SimpleMorph sample: two targets, each moving one vertex.
Primitive simpleMorphTriangle() {
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}, {0.5f, 0.5f, 0}};
    p.targets.push_back(positionTarget({{0, 0, 0, 0}, {0, 0, 0, 0}, {-1, 0, 0, 0}}));
    p.targets.push_back(positionTarget({{0, 0, 0, 0}, {0, 0, 0, 0}, {1, 1, 0, 0}}));
    return p;
}

TEST(Blend, SimpleMorphTriangleAtHalfAndHalf) {
    const MorphedPrimitive m = blend(simpleMorphTriangle(), {0.5f, 0.5f});
    ASSERT_EQ(m.positions.size(), 3u);
    expectVec3({0, 0, 0}, m.positions[0]);
    expectVec3({1, 0, 0}, m.positions[1]);
    // (0.5, 0.5, 0) + 0.5 * (-1, 0, 0) + 0.5 * (1, 1, 0) = (0.5, 1.0, 0)
    expectVec3({0.5f, 1.0f, 0}, m.positions[2]);
}

TEST(Blend, AnActiveListGivesTheSameSumsAsItsDenseWeights) {
    const Primitive p = simpleMorphTriangle();
    for (const std::vector<float>& weights :
         {std::vector<float>{0.5f, 0.5f}, {0.0f, -2.0f}, {1.0f}, {}, {0.25f, 0.0f, 7.0f}}) {
        ActiveWeights active;
        active.assign(weights);
        EXPECT_EQ(blendActive(p, active).positions, blend(p, weights).positions);
    }
}

TEST(Blend, ZeroAndMissingWeightsGiveTheBase) {
    const Primitive p = simpleMorphTriangle();
    EXPECT_EQ(blend(p, {0.0f, 0.0f}).positions, p.positions);
    EXPECT_EQ(blend(p, {}).positions, p.positions);
    // Missing entries count as 0: only target 0 applies.
    expectVec3({-0.5f, 0.5f, 0}, blend(p, {1.0f}).positions[2]);
    // Extra entries (more weights than targets) are ignored.
    expectVec3({-0.5f, 0.5f, 0}, blend(p, {1.0f, 0.0f, 7.0f}).positions[2]);
}

TEST(Blend, NegativeAndLargeWeightsAreLinear) {
    const Primitive p = simpleMorphTriangle();
    // (0.5, 0.5, 0) - 2 * (-1, 0, 0) + 3 * (1, 1, 0) = (5.5, 3.5, 0)
    expectVec3({5.5f, 3.5f, 0}, blend(p, {-2.0f, 3.0f}).positions[2]);
}

TEST(Blend, EveryChannelIsMorphedAndTangentHandednessKept) {
    Primitive p;
    p.positions = {{0, 0, 0}};
    p.normals = {{0, 0, 1}};
    p.tangents = {{1, 0, 0, -1}};
    p.texcoords[0] = {{0.25f, 0.5f}};
    p.texcoords[1] = {{1, 1}};
    p.colors = {{1, 0, 0, 1}};
    MorphTarget t;
    t.set(MorphChannel::Normal, std::vector<glm::vec4>{{0, 1, 0, 0}});
    // A w in a TANGENT delta must not touch the handedness.
    t.set(MorphChannel::Tangent, std::vector<glm::vec4>{{0, 2, 0, 5}});
    t.set(MorphChannel::TexCoord0, std::vector<glm::vec4>{{0.5f, -0.5f, 0, 0}});
    t.set(MorphChannel::TexCoord1, std::vector<glm::vec4>{{-1, 0, 0, 0}});
    t.set(MorphChannel::Color0, std::vector<glm::vec4>{{-1, 1, 0, -0.5f}});
    p.targets.push_back(t);

    const MorphedPrimitive m = blend(p, {0.5f});
    expectVec3({0, 0, 0}, m.positions[0]);  // the target lacks POSITION: unchanged
    expectVec3({0, 0.5f, 1}, m.normals[0]);
    EXPECT_EQ(m.tangents[0], glm::vec4(1, 1, 0, -1));
    EXPECT_EQ(m.texcoords[0][0], glm::vec2(0.5f, 0.25f));
    EXPECT_EQ(m.texcoords[1][0], glm::vec2(0.5f, 1));
    EXPECT_EQ(m.colors[0], glm::vec4(0.5f, 0.5f, 0, 0.75f));
}

TEST(Blend, NormalsAreNotRenormalized) {
    Primitive p;
    p.positions = {{0, 0, 0}};
    p.normals = {{0, 0, 1}};
    MorphTarget t;
    t.set(MorphChannel::Normal, std::vector<glm::vec4>{{1, 0, 0, 0}});
    p.targets.push_back(t);
    const MorphedPrimitive m = blend(p, {1.0f});
    expectVec3({1, 0, 1}, m.normals[0]);
    EXPECT_NEAR(glm::length(m.normals[0]), std::sqrt(2.0f), 1e-6f);
}

TEST(Blend, OnlyChannelsTheBaseHasComeOut) {
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 1, 1}};
    MorphTarget t;
    t.set(MorphChannel::Position, std::vector<glm::vec4>{{1, 0, 0, 0}, {0, 1, 0, 0}});
    t.set(MorphChannel::Normal, std::vector<glm::vec4>{{1, 0, 0, 0}, {1, 0, 0, 0}});
    t.set(MorphChannel::Color0, std::vector<glm::vec4>{{1, 0, 0, 0}, {1, 0, 0, 0}});
    p.targets.push_back(t);
    const MorphedPrimitive m = blend(p, {1.0f});
    EXPECT_TRUE(m.normals.empty());
    EXPECT_TRUE(m.tangents.empty());
    EXPECT_TRUE(m.colors.empty());
    EXPECT_TRUE(m.texcoords[0].empty());
    expectVec3({1, 0, 0}, m.positions[0]);
    expectVec3({1, 2, 1}, m.positions[1]);
}

TEST(Blend, ShortDeltaListsAreNeverReadPast) {
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}};
    p.targets.push_back(positionTarget({{1, 1, 1, 0}}));  // one delta for two vertices
    const MorphedPrimitive m = blend(p, {1.0f});
    expectVec3({1, 1, 1}, m.positions[0]);
    expectVec3({1, 0, 0}, m.positions[1]);
}

TEST(Blend, EmptyPrimitive) {
    const MorphedPrimitive m = blend(Primitive{}, {1.0f});
    EXPECT_TRUE(m.positions.empty());
}

}  // namespace
}  // namespace morph::blend_test
