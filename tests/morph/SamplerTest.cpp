// Animation sampling against values worked out by hand (glTF 2.0 Appendix C).
#include <cmath>

#include <gtest/gtest.h>

#include "morph/anim/Sampler.h"

namespace morph::sampler_test {
namespace {

AnimationSampler scalar(Interpolation interpolation, std::vector<float> input,
                        std::vector<float> output) {
    AnimationSampler s;
    s.interpolation = interpolation;
    s.input = std::move(input);
    s.output = std::move(output);
    s.width = 1;
    return s;
}

float at(const AnimationSampler& s, float t) {
    return sample(s, AnimationPath::Weights, t)[0];
}

TEST(Sampler, FindKeyIntervalClampsToTheEnds) {
    const std::vector<float> input = {1, 2, 4};
    EXPECT_EQ(findKeyInterval(input, -5.0f), 0u);
    EXPECT_EQ(findKeyInterval(input, 1.0f), 0u);
    EXPECT_EQ(findKeyInterval(input, 1.5f), 0u);
    EXPECT_EQ(findKeyInterval(input, 2.0f), 1u);
    EXPECT_EQ(findKeyInterval(input, 3.9f), 1u);
    EXPECT_EQ(findKeyInterval(input, 4.0f), 1u);
    EXPECT_EQ(findKeyInterval(input, 100.0f), 1u);
    EXPECT_EQ(findKeyInterval({7}, 3.0f), 0u);
    EXPECT_EQ(findKeyInterval({}, 3.0f), 0u);
}

TEST(Sampler, FindKeyIntervalOnManyKeys) {
    std::vector<float> input;
    for (int i = 0; i < 1000; ++i) input.push_back(0.5f * float(i));
    EXPECT_EQ(findKeyInterval(input, 0.75f), 1u);
    EXPECT_EQ(findKeyInterval(input, 250.0f), 500u);
    EXPECT_EQ(findKeyInterval(input, 499.4f), 998u);
}

TEST(Sampler, StepHoldsUntilTheNextKey) {
    const auto s = scalar(Interpolation::Step, {1, 2, 3}, {0, 10, 20});
    EXPECT_EQ(at(s, 1.0f), 0.0f);
    EXPECT_EQ(at(s, 1.99f), 0.0f);
    EXPECT_EQ(at(s, 2.0f), 10.0f);
    EXPECT_EQ(at(s, 2.5f), 10.0f);
    EXPECT_EQ(at(s, 3.0f), 20.0f);
}

TEST(Sampler, LinearAndClampingWhenInputDoesNotStartAtZero) {
    const auto s = scalar(Interpolation::Linear, {1, 2, 4}, {0, 10, 30});
    EXPECT_EQ(at(s, 0.0f), 0.0f);  // before the first key: the first value
    EXPECT_EQ(at(s, -10.0f), 0.0f);
    EXPECT_FLOAT_EQ(at(s, 1.5f), 5.0f);
    EXPECT_FLOAT_EQ(at(s, 3.0f), 20.0f);
    EXPECT_EQ(at(s, 4.0f), 30.0f);
    EXPECT_EQ(at(s, 9.0f), 30.0f);  // after the last key: the last value
    EXPECT_EQ(at(s, std::nanf("")), 0.0f);
}

TEST(Sampler, OneKeyIsThatValueEverywhere) {
    for (Interpolation i : {Interpolation::Step, Interpolation::Linear}) {
        const auto s = scalar(i, {2}, {7});
        EXPECT_EQ(at(s, 0.0f), 7.0f);
        EXPECT_EQ(at(s, 2.0f), 7.0f);
        EXPECT_EQ(at(s, 5.0f), 7.0f);
    }
    const auto cubic = scalar(Interpolation::CubicSpline, {2}, {100, 7, 100});
    EXPECT_EQ(at(cubic, 0.0f), 7.0f);
    EXPECT_EQ(at(cubic, 5.0f), 7.0f);
}

TEST(Sampler, WeightsWidthInterpolatesEachTarget) {
    AnimationSampler s;
    s.input = {0, 1};
    s.output = {0, 1, 1, 0};  // key 0: [0, 1], key 1: [1, 0]
    s.width = 2;
    const std::vector<float> w = sample(s, AnimationPath::Weights, 0.25f);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_FLOAT_EQ(w[0], 0.25f);
    EXPECT_FLOAT_EQ(w[1], 0.75f);
}

TEST(Sampler, CubicSplineIsTheHermiteWithTangentsScaledByTheInterval) {
    // Keys at t = 1 and t = 3 (td = 2). Per key: in-tangent, value, out-tangent.
    const auto s = scalar(Interpolation::CubicSpline, {1, 3}, {9, 1, 2, -1, 4, 7});
    // u = 0.25: h00 = 0.84375, h10 = 0.140625, h01 = 0.15625, h11 = -0.046875
    // p = 0.84375 * 1 + 0.140625 * 2 * 2 + 0.15625 * 4 + -0.046875 * 2 * -1 = 2.125
    EXPECT_FLOAT_EQ(at(s, 1.5f), 2.125f);
    // u = 0.5: 0.5 * 1 + 0.125 * 2 * 2 + 0.5 * 4 - 0.125 * 2 * -1 = 3.25
    EXPECT_FLOAT_EQ(at(s, 2.0f), 3.25f);
    EXPECT_FLOAT_EQ(at(s, 1.0f), 1.0f);
    EXPECT_FLOAT_EQ(at(s, 3.0f), 4.0f);
    EXPECT_EQ(at(s, 0.0f), 1.0f);  // the value, not the in-tangent
    EXPECT_EQ(at(s, 5.0f), 4.0f);  // the value, not the out-tangent
}

TEST(Sampler, CubicSplineIndexesLaterKeysRight) {
    // Three keys to make sure the per-key layout (in, value, out) is indexed right for k > 0.
    const auto s = scalar(Interpolation::CubicSpline, {0, 1, 2}, {0, 0, 0, 0, 10, 0, 0, 20, 0});
    // Zero tangents: p = h00 * v0 + h01 * v1; at u = 0.5 that is the mean.
    EXPECT_FLOAT_EQ(at(s, 1.5f), 15.0f);
    EXPECT_FLOAT_EQ(at(s, 0.5f), 5.0f);
}

// 90 degrees about z, as glTF stores it (x, y, z, w).
const float kHalf = std::sqrt(0.5f);

TEST(Sampler, LinearRotationIsSlerp) {
    AnimationSampler s;
    s.input = {0, 1};
    s.output = {0, 0, 0, 1, 0, 0, kHalf, kHalf};
    s.width = 4;
    const std::vector<float> q = sample(s, AnimationPath::Rotation, 0.5f);
    // Halfway is 45 degrees: (0, 0, sin 22.5, cos 22.5). A plain lerp would give the same
    // direction, so also check a quarter of the way: 22.5 degrees, which a lerp misses.
    const float pi = 3.14159265358979f;
    EXPECT_NEAR(q[0], 0.0f, 1e-6f);
    EXPECT_NEAR(q[1], 0.0f, 1e-6f);
    EXPECT_NEAR(q[2], std::sin(pi / 8), 1e-6f);
    EXPECT_NEAR(q[3], std::cos(pi / 8), 1e-6f);
    const std::vector<float> quarter = sample(s, AnimationPath::Rotation, 0.25f);
    EXPECT_NEAR(quarter[2], std::sin(pi / 16), 1e-6f);
    EXPECT_NEAR(quarter[3], std::cos(pi / 16), 1e-6f);
}

TEST(Sampler, SlerpTakesTheShortestPath) {
    AnimationSampler s;
    s.input = {0, 1};
    s.output = {0, 0, 0, 1, 0, 0, -kHalf, -kHalf};  // the same 90 degrees, negated
    s.width = 4;
    const std::vector<float> q = sample(s, AnimationPath::Rotation, 0.5f);
    const float pi = 3.14159265358979f;
    EXPECT_NEAR(q[2], std::sin(pi / 8), 1e-6f);
    EXPECT_NEAR(q[3], std::cos(pi / 8), 1e-6f);
}

TEST(Sampler, CubicSplineRotationIsNormalized) {
    AnimationSampler s;
    s.interpolation = Interpolation::CubicSpline;
    s.input = {0, 1};
    s.output = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, kHalf, kHalf, 0, 0, 0, 0};
    s.width = 4;
    const std::vector<float> q = sample(s, AnimationPath::Rotation, 0.5f);
    // Unnormalized: (0, 0, kHalf / 2, (1 + kHalf) / 2); normalized it is 45 degrees about z.
    const float length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    EXPECT_NEAR(length, 1.0f, 1e-6f);
    const float pi = 3.14159265358979f;
    EXPECT_NEAR(q[2], std::sin(pi / 8), 1e-6f);
    EXPECT_NEAR(q[3], std::cos(pi / 8), 1e-6f);
}

TEST(Sampler, ShortOrEmptyOutputNeverReadsPastTheEnd) {
    AnimationSampler s = scalar(Interpolation::Linear, {0, 1, 2}, {5, 6});  // one key missing
    EXPECT_EQ(at(s, 10.0f), 6.0f);
    s.output.clear();
    EXPECT_EQ(at(s, 0.5f), 0.0f);
    AnimationSampler rotation;
    rotation.width = 4;
    rotation.input = {0};
    const std::vector<float> q = sample(rotation, AnimationPath::Rotation, 0.0f);
    EXPECT_EQ(q, (std::vector<float>{0, 0, 0, 1}));
}

TEST(Sampler, EqualKeyTimesDoNotDivideByZero) {
    const auto s = scalar(Interpolation::Linear, {0, 1, 1, 2}, {0, 10, 20, 30});
    const float v = at(s, 1.0f);
    EXPECT_TRUE(std::isfinite(v));
    EXPECT_FLOAT_EQ(at(s, 1.5f), 25.0f);
}

}  // namespace
}  // namespace morph::sampler_test
