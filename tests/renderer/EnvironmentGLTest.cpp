// Image-based lighting on the GPU (renderer/light/GpuEnvironment.h), each against an oracle that
// is not the code under test: the cube's faces where GL's sampler looks for them, a uniform
// environment staying uniform at every roughness, the BRDF table against a quadrature on the
// CPU, and the white furnace: a white surface under a uniform white sky reflects exactly that
// sky, whatever its roughness or metalness, when the shading conserves energy.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "Panoramas.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/HdrImage.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/StudioEnvironment.h"
#include "renderer/scene/Capture.h"

namespace environment_gl_test {

namespace {

using fixtures::panorama;

// One face of one level, RGBA float, rows as GL stores them (t grows with the row).
std::vector<float> readFace(const renderer::gl::Texture& cube, int level, int face) {
    const int size = std::max(1, cube.width() >> level);
    std::vector<float> texels(size_t(size) * size_t(size) * 4);
    glGetTextureSubImage(cube.id(), level, 0, 0, face, size, size, 1, GL_RGBA, GL_FLOAT,
                         GLsizei(texels.size() * sizeof(float)), texels.data());
    return texels;
}

class EnvironmentTest : public fixtures::GlTest {};

TEST_F(EnvironmentTest, CubeFacesHoldTheDirectionsGlSamplesThemFor) {
    // Radiance that spells out its direction: (x, y, z) * 0.5 + 0.5.
    auto env = renderer::GpuEnvironment::create(
        panorama(512, [](const glm::vec3& d) { return d * 0.5f + 0.5f; }), "directions");
    ASSERT_TRUE(env.ok()) << env.error().message;
    // GL 4.5 table 8.19: faces +X, -X, +Y, -Y, +Z, -Z.
    const glm::vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    const int size = env->specular().width();
    for (int face = 0; face < 6; ++face) {
        const std::vector<float> texels = readFace(env->specular(), 0, face);
        // The face's centre, and a texel a quarter in along s and t: the table's sc/tc signs.
        const size_t centre = (size_t(size / 2) * size_t(size) + size_t(size / 2)) * 4;
        const glm::vec3 expected = axes[face] * 0.5f + 0.5f;
        for (int c = 0; c < 3; ++c) {
            EXPECT_NEAR(texels[centre + size_t(c)], expected[c], 0.02f) << "face " << face;
        }
    }
    // +Z face, texel at s = 3/4 (right), t = 3/4 (down the rows): direction (0.5, -0.5, 1).
    const std::vector<float> front = readFace(env->specular(), 0, 4);
    const size_t at = (size_t(size * 3 / 4) * size_t(size) + size_t(size * 3 / 4)) * 4;
    const glm::vec3 d = glm::normalize(glm::vec3(0.5f, -0.5f, 1.0f)) * 0.5f + 0.5f;
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(front[at + size_t(c)], d[c], 0.02f);
}

TEST_F(EnvironmentTest, AUniformSkyStaysUniformAtEveryRoughness) {
    auto env = renderer::GpuEnvironment::create(
        panorama(256, [](const glm::vec3&) { return glm::vec3(0.7f, 0.5f, 0.25f); }), "uniform");
    ASSERT_TRUE(env.ok()) << env.error().message;
    std::printf("prefiltered in %.1f ms\n", env->prefilterMs());
    for (int level = 0; level < env->levels(); ++level) {
        for (int face = 0; face < 6; ++face) {
            const std::vector<float> texels = readFace(env->specular(), level, face);
            float worst = 0;
            for (size_t i = 0; i < texels.size(); i += 4) {
                worst = std::max({worst, std::abs(texels[i] - 0.7f), std::abs(texels[i + 1] - 0.5f),
                                  std::abs(texels[i + 2] - 0.25f)});
            }
            // Half floats hold 0.7 to within 0.0005; the filter's weights are normalized.
            EXPECT_LT(worst, 0.002f) << "level " << level << " face " << face;
            // The sheen's cube: level 0 (sheen roughness 0) black, as the Sample Renderer's,
            // whose Charlie samples there all fall below the horizon; the sky above it.
            const std::vector<float> sheen = readFace(env->sheen(), level, face);
            const glm::vec3 expected = level == 0 ? glm::vec3(0.0f) : glm::vec3(0.7f, 0.5f, 0.25f);
            float sheenWorst = 0;
            for (size_t i = 0; i < sheen.size(); i += 4) {
                for (int c = 0; c < 3; ++c) {
                    sheenWorst = std::max(sheenWorst, std::abs(sheen[i + size_t(c)] - expected[c]));
                }
            }
            EXPECT_LT(sheenWorst, 0.002f) << "sheen level " << level << " face " << face;
        }
    }
    // Irradiance / PI of a uniform sky is the sky's radiance, in every direction.
    for (const glm::vec3& n : {glm::vec3(0, 1, 0), glm::vec3(0, -1, 0), glm::vec3(0.6f, 0, 0.8f)}) {
        const glm::vec3 e = renderer::shIrradiance(env->irradiance(), n);
        EXPECT_NEAR(e.r, 0.7f, 1e-3f);
        EXPECT_NEAR(e.g, 0.5f, 1e-3f);
        EXPECT_NEAR(e.b, 0.25f, 1e-3f);
    }
}

// The split-sum scale and bias by quadrature over the hemisphere of l (no importance sampling),
// with the same GGX and height-correlated Smith terms.
glm::vec2 brdfByQuadrature(float nDotV, float roughness) {
    const double pi = 3.14159265358979323846;
    const double alpha = double(roughness) * roughness;
    const double a2 = alpha * alpha;
    const glm::dvec3 v(std::sqrt(1.0 - double(nDotV) * nDotV), 0.0, nDotV);
    const int steps = 1024;
    glm::dvec2 sum(0.0);
    for (int i = 0; i < steps; ++i) {
        const double theta = (i + 0.5) / steps * pi / 2;
        for (int j = 0; j < steps; ++j) {
            const double phi = (j + 0.5) / steps * 2 * pi;
            const glm::dvec3 l(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                               std::cos(theta));
            const glm::dvec3 h = glm::normalize(l + v);
            const double nl = l.z, nv = v.z, nh = h.z, vh = glm::dot(v, h);
            const double f = nh * nh * (a2 - 1) + 1;
            const double d = a2 / (pi * f * f);
            const double vis = 0.5 / (nl * std::sqrt(nv * nv * (1 - a2) + a2) +
                                      nv * std::sqrt(nl * nl * (1 - a2) + a2));
            const double fc = std::pow(1 - vh, 5.0);
            const double dOmega = std::sin(theta) * (pi / 2 / steps) * (2 * pi / steps);
            sum += glm::dvec2(1 - fc, fc) * (d * vis * nl * dOmega);
        }
    }
    return glm::vec2(sum);
}

TEST_F(EnvironmentTest, TheBrdfTableAgreesWithAQuadrature) {
    auto env = renderer::GpuEnvironment::create(
        panorama(64, [](const glm::vec3&) { return glm::vec3(1.0f); }), "one");
    ASSERT_TRUE(env.ok()) << env.error().message;
    const int size = env->brdfLut().width();
    std::vector<float> table(size_t(size) * size_t(size) * 2);
    glGetTextureImage(env->brdfLut().id(), 0, GL_RG, GL_FLOAT, GLsizei(table.size() * 4),
                      table.data());
    // Rough enough that a 1024 x 1024 grid resolves the lobe.
    for (const auto& [x, y] : {std::pair{64, 64}, std::pair{115, 80}, std::pair{38, 100}}) {
        const float nDotV = (float(x) + 0.5f) / float(size);
        const float roughness = (float(y) + 0.5f) / float(size);
        const glm::vec2 expected = brdfByQuadrature(nDotV, roughness);
        const size_t at = (size_t(y) * size_t(size) + size_t(x)) * 2;
        // 512 Hammersley samples and a half-float table: within 0.01 of the integral.
        EXPECT_NEAR(table[at], expected.x, 0.01f) << nDotV << ", " << roughness;
        EXPECT_NEAR(table[at + 1], expected.y, 0.01f) << nDotV << ", " << roughness;
    }
}

TEST_F(EnvironmentTest, FewerFilteredSamplesMatchAThousandEverywhere) {
    const morph::FloatImage studio = renderer::studioEnvironment(512);
    renderer::EnvironmentQuality many;
    many.samples = 1024;
    auto fast = renderer::GpuEnvironment::create(studio, "studio");
    auto slow = renderer::GpuEnvironment::create(studio, "studio", renderer::ShaderLibrary(), many);
    ASSERT_TRUE(fast.ok() && slow.ok());
    std::printf("64 to 1024 samples: %.1f ms, 1024 samples: %.1f ms\n", fast->prefilterMs(),
                slow->prefilterMs());
    for (int level = 1; level < fast->levels(); ++level) {
        double diff = 0, total = 0, worst = 0;
        for (int face = 0; face < 6; ++face) {
            const std::vector<float> a = readFace(fast->specular(), level, face);
            const std::vector<float> b = readFace(slow->specular(), level, face);
            for (size_t i = 0; i < a.size(); i += 4) {
                for (size_t c = 0; c < 3; ++c) {
                    diff += std::abs(a[i + c] - b[i + c]);
                    total += b[i + c];
                    worst = std::max(
                        worst, double(std::abs(a[i + c] - b[i + c]) / std::max(b[i + c], 0.05f)));
                }
            }
        }
        std::printf("level %d: mean difference %.2f%%, worst %.1f%%\n", level, 100 * diff / total,
                    100 * worst);
        // The mean is what shading sees; the worst texel sits on a softbox's rim.
        EXPECT_LT(diff / total, 0.02) << "level " << level;
    }
}

// A quad facing the camera, base colour white, under a uniform sky of radiance 1 (an .hdr file,
// so the file path is tested too), drawn with no tone mapping at exposure 0.5: every pixel is
// 0.5, sRGB 188, rough or smooth, metal or not, as the multiple-scattering term promises.
TEST_F(EnvironmentTest, AWhiteSurfaceInAWhiteFurnaceReflectsTheFurnace) {
    auto capturer = renderer::Capturer::create();
    ASSERT_TRUE(capturer.ok());
    const std::string sky = fixtures::caseScratchDir() + "/furnace.hdr";
    ASSERT_TRUE(
        morph::writeHdrFile(sky, panorama(128, [](const glm::vec3&) { return glm::vec3(1.0f); }))
            .ok());
    for (const auto& [metallic, roughness] :
         {std::pair{0.0f, 0.2f}, std::pair{0.0f, 0.8f}, std::pair{1.0f, 0.2f},
          std::pair{1.0f, 0.8f}, std::pair{0.5f, 0.5f}}) {
        morph::Scene scene;
        scene.path = "furnace";
        morph::Primitive p;
        p.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
        p.normals.assign(4, glm::vec3(0, 0, 1));
        p.indices = {0, 1, 2, 0, 2, 3};
        p.material = 0;
        scene.meshes.emplace_back();
        scene.meshes[0].primitives.push_back(p);
        scene.nodes.emplace_back();
        scene.nodes[0].mesh = 0;
        scene.roots = {0};
        morph::Material material;
        material.metallicFactor = metallic;
        material.roughnessFactor = roughness;
        scene.materials.push_back(material);
        auto gpu = renderer::GpuScene::upload(scene);
        ASSERT_TRUE(gpu.ok());
        auto image = capturer->capture(*gpu, fixtures::furnaceShot(*capturer, sky));
        ASSERT_TRUE(image.ok()) << image.error().message;
        const uint8_t* centre = &image->pixels[(32 * 64 + 32) * 4];
        for (int c = 0; c < 3; ++c) {
            // sRGB(0.5) = 187.5. Two levels: the half-float cube and the 16-bit table's rounding,
            // and the Schlick-fit albedo of the multiple-scattering term (within 1%).
            EXPECT_NEAR(int(centre[c]), 188, 2)
                << "metallic " << metallic << ", roughness " << roughness;
        }
    }
}

// The studio made on a thread beside the capture (Capturer::environmentBeside), as capture's
// first picture makes it: drawn first with its stand-in, then with the light once made, the
// bundled face has the pixels of a capturer that made the light first; and the light stays.
TEST_F(EnvironmentTest, TheStudioMadeBesideGivesTheSamePixels) {
    const char* cacheDir = std::getenv("MORPHVIEW_CACHE_DIR");
    const std::string keptCacheDir = cacheDir ? cacheDir : "";
    setenv("MORPHVIEW_CACHE_DIR", "off", 1);  // prefiltered anew, so the first capture waits
    auto scene = morph::importGltf(fixtures::bundledFace());
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    auto gpu = renderer::GpuScene::upload(*scene);
    ASSERT_TRUE(gpu.ok());
    renderer::ShotSpec shot;
    shot.width = shot.height = 96;

    auto first = renderer::Capturer::create();
    ASSERT_TRUE(first.ok());
    auto expected = first->capture(*gpu, shot);
    ASSERT_TRUE(expected.ok()) << expected.error().message;

    auto beside = renderer::Capturer::create();
    ASSERT_TRUE(beside.ok());
    ASSERT_TRUE(
        beside->environmentBeside(renderer::kStudioEnvironment, *fixtures::sharedGlContext()));
    auto drawn = beside->capture(*gpu, shot);
    ASSERT_TRUE(drawn.ok()) << drawn.error().message;
    EXPECT_EQ(drawn->pixels, expected->pixels);
    auto light = beside->environment(renderer::kStudioEnvironment);
    ASSERT_TRUE(light.ok());
    EXPECT_EQ((*light)->name(), renderer::kStudioEnvironment);
    auto again = beside->capture(*gpu, shot);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->pixels, expected->pixels);
    EXPECT_EQ(*beside->environment(renderer::kStudioEnvironment), *light) << "kept, not remade";
    if (cacheDir) {
        setenv("MORPHVIEW_CACHE_DIR", keptCacheDir.c_str(), 1);
    } else {
        unsetenv("MORPHVIEW_CACHE_DIR");
    }
}

}  // namespace

}  // namespace environment_gl_test
