// morph::collectActive: the non-zero weights of a vector, ascending, at every length around the
// 64-weight blocks it reads, with the special values a weight can hold.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "morph/targets/ActiveWeights.h"

namespace active_weights_test {

namespace {

using morph::collectActive;

// The reference: a plain loop.
void expectMatchesLoop(const std::vector<float>& w) {
    std::vector<uint32_t> targets;
    std::vector<float> values;
    collectActive(w.data(), w.size(), targets, values);
    std::vector<uint32_t> expected;
    for (size_t t = 0; t < w.size(); ++t) {
        if (w[t] != 0.0f || std::isnan(w[t])) expected.push_back(uint32_t(t));
    }
    ASSERT_EQ(targets, expected) << w.size() << " weights";
    ASSERT_EQ(values.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        const float want = w[expected[i]];
        if (std::isnan(want)) {
            EXPECT_TRUE(std::isnan(values[i]));
        } else {
            EXPECT_EQ(values[i], want) << "target " << expected[i];
        }
    }
}

TEST(ActiveWeights, EveryLengthAroundTheBlocks) {
    for (size_t count : {0u, 1u, 7u, 8u, 63u, 64u, 65u, 127u, 128u, 129u, 256u, 300u}) {
        std::vector<float> w(count, 0.0f);
        // First, last, block edges and a few in between; every other weight set in the tail.
        for (size_t t = 0; t < count; ++t) {
            if (t == 0 || t + 1 == count || t % 64 == 63 || t % 64 == 0 || t % 17 == 5 ||
                (t > 250 && t % 2 == 0)) {
                w[t] = 0.01f * float(t + 1) * (t % 3 == 0 ? -1.0f : 1.0f);
            }
        }
        expectMatchesLoop(w);
        expectMatchesLoop(std::vector<float>(count, 0.0f));  // none active
        expectMatchesLoop(std::vector<float>(count, 0.5f));  // all active
    }
}

TEST(ActiveWeights, SignedZeroIsInactiveNanAndTinyValuesAreActive) {
    std::vector<float> w(70, 0.0f);
    w[3] = -0.0f;
    w[4] = std::numeric_limits<float>::quiet_NaN();
    w[5] = std::numeric_limits<float>::denorm_min();
    w[64] = -std::numeric_limits<float>::infinity();
    w[69] = -1e-30f;
    std::vector<uint32_t> targets;
    std::vector<float> values;
    collectActive(w.data(), w.size(), targets, values);
    EXPECT_EQ(targets, (std::vector<uint32_t>{4, 5, 64, 69}));
    expectMatchesLoop(w);
}

TEST(ActiveWeights, ReplacesThePreviousListAndReadsOnlyCount) {
    std::vector<uint32_t> targets = {99, 100};
    std::vector<float> values = {1.0f, 2.0f};
    const std::vector<float> w = {0.0f, 0.25f, 0.0f, 0.75f, 9.0f};
    collectActive(w.data(), 4, targets, values);  // the fifth weight is past `count`
    EXPECT_EQ(targets, (std::vector<uint32_t>{1, 3}));
    EXPECT_EQ(values, (std::vector<float>{0.25f, 0.75f}));
    collectActive(nullptr, 0, targets, values);
    EXPECT_TRUE(targets.empty());
    EXPECT_TRUE(values.empty());
}

}  // namespace

}  // namespace active_weights_test
