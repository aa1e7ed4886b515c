// The CPU side of image-based lighting: the panorama mapping, the built-in studio, and the SH
// irradiance projection against irradiance known in closed form.
#include <cmath>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include "Panoramas.h"
#include "renderer/light/EnvironmentCache.h"
#include "renderer/light/Look.h"
#include "renderer/light/SphericalHarmonics.h"
#include "renderer/light/StudioEnvironment.h"

namespace environment_test {

namespace {

using fixtures::panorama;

TEST(EnvironmentTest, ThePanoramaMappingRoundTrips) {
    EXPECT_NEAR(renderer::equirectDirection(0.5f, 0.5f).x, 1.0f, 1e-6f);   // u = 0.5: +X
    EXPECT_NEAR(renderer::equirectDirection(0.75f, 0.5f).z, 1.0f, 1e-6f);  // u = 0.75: +Z
    EXPECT_NEAR(renderer::equirectDirection(0.3f, 0.0f).y, 1.0f, 1e-6f);   // v = 0: up
    for (const glm::vec2 uv :
         {glm::vec2(0.1f, 0.2f), glm::vec2(0.6f, 0.9f), glm::vec2(0.99f, 0.5f)}) {
        const glm::vec2 back = renderer::equirectUv(renderer::equirectDirection(uv.x, uv.y));
        EXPECT_NEAR(back.x, uv.x, 1e-5f);
        EXPECT_NEAR(back.y, uv.y, 1e-5f);
    }
}

TEST(EnvironmentTest, TheStudioIsBrightestAtItsKeyAndDimBelow) {
    const morph::FloatImage studio = renderer::studioEnvironment(256);
    EXPECT_EQ(studio.width, 256);
    EXPECT_EQ(studio.height, 128);
    EXPECT_TRUE(studio.valid());
    const glm::vec3 key = renderer::studioRadiance(glm::normalize(glm::vec3(0.55f, 0.55f, 0.65f)));
    const glm::vec3 floor = renderer::studioRadiance(glm::vec3(0, -1, 0));
    const glm::vec3 side = renderer::studioRadiance(glm::vec3(1, 0, 0));
    EXPECT_GT(key.r, 5.0f);
    EXPECT_LT(floor.r, 0.2f);
    EXPECT_LT(side.r, key.r / 10);
}

TEST(EnvironmentTest, ShIrradianceOfAUniformSkyIsTheSky) {
    const renderer::IrradianceSh sh = renderer::projectIrradiance(
        panorama(128, [](const glm::vec3&) { return glm::vec3(0.5f, 1.0f, 2.0f); }));
    for (const glm::vec3& n : {glm::vec3(0, 1, 0), glm::vec3(1, 0, 0), glm::vec3(0, 0, -1)}) {
        const glm::vec3 e = renderer::shIrradiance(sh, n);
        // The row bands' solid angles are exact; what is left is the basis constants' six
        // digits (0.282095^2 * 4 PI = 1.00012).
        EXPECT_NEAR(e.r, 0.5f, 0.5f * 5e-4f);
        EXPECT_NEAR(e.g, 1.0f, 1.0f * 5e-4f);
        EXPECT_NEAR(e.b, 2.0f, 2.0f * 5e-4f);
    }
}

// A sky of radiance 1 over a black floor: E(n) / PI = (1 + n.y) / 2 exactly, a function of bands
// 0 and 1 only (the step's band-2 part is zero and its band 3 is killed by the cosine), so nine
// coefficients hold it to the quadrature's precision.
TEST(EnvironmentTest, ShIrradianceOfAHemisphereIsExact) {
    const renderer::IrradianceSh sh = renderer::projectIrradiance(
        panorama(512, [](const glm::vec3& d) { return glm::vec3(d.y > 0 ? 1.0f : 0.0f); }));
    for (const glm::vec3& n : {glm::vec3(0, 1, 0), glm::vec3(0, -1, 0), glm::vec3(1, 0, 0),
                               glm::normalize(glm::vec3(0.3f, 0.5f, -0.8f))}) {
        // 256 rows: the horizon row's half-lit texels cost about 1/256 of the integral.
        EXPECT_NEAR(renderer::shIrradiance(sh, n).r, (1.0f + n.y) / 2.0f, 5e-3f) << n.y;
    }
}

TEST(EnvironmentTest, ToneMappingNamesFollowTheShadersNumbers) {
    EXPECT_STREQ(renderer::toneMappingName(renderer::ToneMapping::PbrNeutral), "neutral");
    EXPECT_STREQ(renderer::toneMappingName(renderer::ToneMapping::Aces), "aces");
    EXPECT_STREQ(renderer::toneMappingName(renderer::ToneMapping::Agx), "agx");
    EXPECT_STREQ(renderer::toneMappingName(renderer::ToneMapping::None), "none");
}

// The cached light of the studio is keyed by kStudioVersion, not by its pixels
// (GpuEnvironment): a change to the studio's pixels must come with a new version, or a cache
// would keep lighting with the old studio.
TEST(EnvironmentTest, TheStudioVersionNamesItsPixels) {
    const morph::FloatImage studio = renderer::studioEnvironment();
    const uint64_t hash =
        renderer::hashBytes(studio.rgb.data(), studio.rgb.size() * sizeof(float), 0);
    const uint64_t recorded = 0x1492a91bf4c74661ull;  // the pixels of kStudioVersion 1
    EXPECT_EQ(renderer::kStudioVersion, 1);
    EXPECT_EQ(hash, recorded) << "the studio's pixels changed: raise kStudioVersion "
                              << "(renderer/light/StudioEnvironment.h) and record 0x" << std::hex
                              << hash << " here";
}

}  // namespace

}  // namespace environment_test
