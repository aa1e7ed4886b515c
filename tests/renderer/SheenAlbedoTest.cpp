// KHR_materials_sheen's directional albedo table (renderer/light/SheenAlbedo.h), against oracles
// that are not its quadrature: the Charlie distribution is a normalized NDF (its projected area
// integrates to 1), and a Monte Carlo estimate of E with uniform hemisphere samples agrees with
// the table's midpoint rule.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "renderer/light/SheenAlbedo.h"

namespace sheen_albedo_test {

namespace {

constexpr float kPi = 3.14159265358979f;

TEST(SheenAlbedo, CharlieIsANormalizedDistribution) {
    // The integral of D(h) (n . h) over the hemisphere of h is 1 for any roughness.
    for (float roughness : {0.3f, 0.5f, 0.8f, 1.0f}) {
        const int steps = 4000;
        double sum = 0;
        for (int i = 0; i < steps; ++i) {
            const float cosH = (float(i) + 0.5f) / float(steps);
            sum += double(renderer::charlieDistribution(roughness, cosH) * cosH);
        }
        EXPECT_NEAR(sum * 2.0 * kPi / steps, 1.0, 0.01) << "roughness " << roughness;
    }
}

TEST(SheenAlbedo, TableAgreesWithMonteCarlo) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    for (const auto& [nDotV, roughness] :
         {std::pair{0.9f, 0.5f}, std::pair{0.5f, 1.0f}, std::pair{0.2f, 0.3f}}) {
        const float sinV = std::sqrt(1.0f - nDotV * nDotV);
        const int samples = 400000;
        double sum = 0;
        for (int i = 0; i < samples; ++i) {
            // Uniform over the hemisphere: pdf 1 / (2 pi).
            const float z = u(rng), phi = 2.0f * kPi * u(rng);
            const float r = std::sqrt(1.0f - z * z);
            const float hx = r * std::cos(phi) + sinV, hy = r * std::sin(phi), hz = z + nDotV;
            const float len = std::sqrt(hx * hx + hy * hy + hz * hz);
            sum += double(renderer::charlieDistribution(roughness, hz / len) *
                          renderer::sheenVisibility(z, nDotV, roughness) * z);
        }
        const double mc = sum * 2.0 * kPi / samples;
        EXPECT_NEAR(renderer::sheenAlbedo(nDotV, roughness), mc, 0.02 * mc + 0.002)
            << "nDotV " << nDotV << " roughness " << roughness;
    }
}

TEST(SheenAlbedo, TableIsAnAlbedo) {
    const std::vector<float>& table = renderer::sheenAlbedoTable();
    ASSERT_EQ(table.size(), size_t(renderer::kSheenAlbedoSize * renderer::kSheenAlbedoSize));
    const int n = renderer::kSheenAlbedoSize;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const float nDotV = (float(c) + 0.5f) / float(n);
            const float e = table[size_t(r) * size_t(n) + size_t(c)];
            EXPECT_GE(e, 0.0f);
            EXPECT_LE(e, 1.0f);
            // The fit passes 1 only at grazing views (the table clamps it there).
            if (nDotV > 0.25f) {
                EXPECT_FLOAT_EQ(e, renderer::sheenAlbedo(nDotV, (float(r) + 0.5f) / float(n)));
            }
        }
    }
    // Facing the viewer, a rougher sheen reflects more (its lobe leaves the grazing ring).
    EXPECT_GT(table[size_t(n - 1) * n + size_t(n - 1)], table[size_t(n / 4) * n + size_t(n - 1)]);
}

}  // namespace

}  // namespace sheen_albedo_test
