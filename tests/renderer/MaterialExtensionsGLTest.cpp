// KHR_materials_emissive_strength, _ior, _specular and _clearcoat drawn (shaders/layers.glsl),
// each on a grid of spheres under the studio environment, with what the extension must do
// measured on the pixels: clearcoat adds a sharp highlight to a rough base, ior 1 takes the
// dielectric reflection away at normal incidence and f0 grows as ((ior - 1) / (ior + 1))^2,
// specular 0 removes all specular, emissive strength scales the emission linearly, sheen
// brightens the rim with its colour and under a uniform sky adds what its LUT says; the
// extensions at their defaults draw as the core material; past GL_MAX_TEXTURE_IMAGE_UNITS the
// least important feature goes with a note. Tone mapping is off (clamped linear) wherever a
// ratio is measured, so the sRGB bytes decode back to the shaded values.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "Panoramas.h"
#include "SphereGrid.h"
#include "fixtures/TestPaths.h"
#include "morph/image/HdrImage.h"
#include "renderer/light/SheenAlbedo.h"
#include "renderer/light/SheenLut.h"
#include "renderer/scene/Capture.h"

namespace {

using fixtures::CellStats;
using fixtures::GridLayout;

const uint8_t kBackground[3] = {255, 0, 255};  // no sphere pixel is pure magenta

class MaterialExtensionsTest : public fixtures::GlTest {
protected:
    static renderer::Capturer& capturer() {
        static morph::Result<renderer::Capturer> instance = renderer::Capturer::create();
        if (!instance.ok()) ADD_FAILURE() << instance.error().message;
        return instance.value();
    }

    morph::RgbaImage shoot(const morph::Scene& scene, int size = 256,
                           renderer::ToneMapping tone = renderer::ToneMapping::None) {
        auto gpu = renderer::GpuScene::upload(scene);
        EXPECT_TRUE(gpu.ok());
        if (!gpu.ok()) return {};
        renderer::ShotSpec shot;
        shot.width = shot.height = size;
        shot.background = glm::vec3(1.0f, 0.0f, 1.0f);
        shot.toneMapping = tone;
        auto image = capturer().capture(*gpu, shot);
        EXPECT_TRUE(image.ok()) << (image.ok() ? "" : image.error().message);
        EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
        return image.ok() ? std::move(image).value() : morph::RgbaImage{};
    }
};

morph::Material withSpecular(morph::Material m, float factor, glm::vec3 color = glm::vec3(1)) {
    m.specular.present = true;
    m.specular.factor = factor;
    m.specular.colorFactor = color;
    return m;
}

float luminance(const glm::vec3& c) {
    return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

TEST_F(MaterialExtensionsTest, ClearcoatAddsASharpHighlightToARoughBase) {
    // Columns: clearcoat 0, 0.25, 0.5, 0.75, 1; rows: clearcoat roughness 0, 0.5, 1. The base is
    // a grey dielectric of roughness 1, whose own reflection is a soft glow. The same grid with
    // no coat at all is the reference: what a coat adds is the difference, pixel by pixel.
    const int cols = 5, rows = 3;
    const auto grid = [](bool coated) {
        return fixtures::sphereGrid(cols, rows, [coated](int c, int r) {
            morph::Material m = fixtures::plainMaterial(0.5f, 1.0f);
            m.clearcoat.present = coated;
            m.clearcoat.factor = 0.25f * float(c);
            m.clearcoat.roughnessFactor = 0.5f * float(r);
            return m;
        });
    };
    const morph::RgbaImage bare = shoot(grid(false));
    const morph::RgbaImage image = shoot(grid(true));
    ASSERT_TRUE(image.valid() && bare.valid());
    const GridLayout g = fixtures::gridLayout(image, cols, rows, kBackground);
    // Per sphere, the largest and the mean of what the coat added (linear, green).
    float peak[rows][cols], mean[rows][cols];
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const glm::vec2 centre = g.centre(c, r);
            const float reach = g.radius() * 0.9f;
            float sum = 0, most = -1;
            int n = 0;
            for (int y = int(centre.y - reach); y <= int(centre.y + reach); ++y) {
                for (int x = int(centre.x - reach); x <= int(centre.x + reach); ++x) {
                    const glm::vec2 d = glm::vec2(float(x) + 0.5f, float(y) + 0.5f) - centre;
                    if (glm::dot(d, d) > reach * reach) continue;
                    const size_t i = (size_t(y) * size_t(image.width) + size_t(x)) * 4 + 1;
                    const float added = fixtures::srgbToLinear(image.pixels[i] / 255.0f) -
                                        fixtures::srgbToLinear(bare.pixels[i] / 255.0f);
                    sum += added, most = std::max(most, added), ++n;
                }
            }
            peak[r][c] = most;
            mean[r][c] = sum / float(std::max(n, 1));
        }
        std::printf(
            "clearcoat roughness %.1f: added peak %.3f %.3f %.3f %.3f %.3f, mean %.4f "
            "%.4f %.4f %.4f %.4f\n",
            0.5 * r, peak[r][0], peak[r][1], peak[r][2], peak[r][3], peak[r][4], mean[r][0],
            mean[r][1], mean[r][2], mean[r][3], mean[r][4]);
    }
    // Clearcoat 0 is no coat, whatever its roughness: the core program, bit for bit.
    for (int r = 0; r < rows; ++r) EXPECT_EQ(peak[r][0], 0.0f) << "row " << r;
    // A smooth coat mirrors the studio's softboxes: the highlight it adds grows with the factor,
    // and at factor 1 it is far above anything the rough base shows by itself (measured 0.31
    // linear at its brightest; 0.1 leaves room for another environment filter).
    for (int c = 1; c < cols; ++c) EXPECT_GT(peak[0][c], peak[0][c - 1]) << "column " << c;
    EXPECT_GT(peak[0][4], 0.1f);
    // A rough coat spreads the same reflection: a lower peak than the smooth one's.
    EXPECT_LT(peak[2][4], 0.6f * peak[0][4]);
    // Spread, not lost: what the full coat adds on average is the same at every roughness
    // (measured 0.0094, 0.0100, 0.0103; the split-sum's energy differs by a few percent).
    EXPECT_NEAR(mean[2][4] / mean[0][4], 1.0f, 0.2f);
}

TEST_F(MaterialExtensionsTest, IorSetsTheDielectricF0) {
    // A black dielectric shows only its specular reflection. Columns: ior 1, 1.25, 1.5, 2, 2.5.
    const float iors[] = {1.0f, 1.25f, 1.5f, 2.0f, 2.5f};
    const int cols = 5;
    const morph::Scene scene = fixtures::sphereGrid(cols, 1, [&](int c, int) {
        morph::Material m = fixtures::plainMaterial(0.0f, 0.3f);
        m.ior = iors[c];
        return m;
    });
    const morph::RgbaImage image = shoot(scene);
    ASSERT_TRUE(image.valid());
    const GridLayout g = fixtures::gridLayout(image, cols, 1, kBackground);
    // The middle of each sphere faces the camera: normal incidence, where Fresnel is f0.
    float centre[cols];
    for (int c = 0; c < cols; ++c)
        centre[c] = luminance(fixtures::cellStats(image, g, c, 0, 0.2f).mean);
    std::printf("ior centres: %.4f %.4f %.4f %.4f %.4f\n", centre[0], centre[1], centre[2],
                centre[3], centre[4]);
    // ior 1: f0 = 0, so no reflection facing the camera (the split-sum bias term of roughness
    // 0.3 leaves under 0.3% of the 1.5 sphere's).
    EXPECT_LT(centre[0], 0.02f * centre[2]);
    for (int c = 1; c < cols; ++c) EXPECT_GT(centre[c], centre[c - 1]) << "ior " << iors[c];
    // f0(2.5) / f0(1.5) = (1.5 / 3.5)^2 / 0.04 = 4.59; the bias term and the texture's 8 bits
    // move the measured ratio by a few percent.
    EXPECT_NEAR(centre[4] / centre[2], 4.59f, 0.4f);
}

TEST_F(MaterialExtensionsTest, SpecularFactorScalesAndZeroRemovesTheSpecular) {
    // A black dielectric again. Columns: specular 0, 0.25, 0.5, 0.75, 1. Row 0: white
    // specular colour; row 1: red (the F0 tinted, the F90 of the weight left white).
    const int cols = 5, rows = 2;
    const morph::Scene scene = fixtures::sphereGrid(cols, rows, [](int c, int r) {
        return withSpecular(fixtures::plainMaterial(0.0f, 0.3f), 0.25f * float(c),
                            r == 0 ? glm::vec3(1.0f) : glm::vec3(1.0f, 0.0f, 0.0f));
    });
    const morph::RgbaImage image = shoot(scene);
    ASSERT_TRUE(image.valid());
    const GridLayout g = fixtures::gridLayout(image, cols, rows, kBackground);
    // Specular 0: nothing at all is reflected, to the rim (0.95 of the radius keeps the MSAA
    // edge, where the magenta background blends in, out).
    for (int r = 0; r < rows; ++r) {
        EXPECT_EQ(fixtures::cellStats(image, g, 0, r, 0.95f).maxByte, 0) << "row " << r;
    }
    float mean[cols];
    for (int c = 0; c < cols; ++c)
        mean[c] = luminance(fixtures::cellStats(image, g, c, 0, 0.9f).mean);
    std::printf("specular means: %.4f %.4f %.4f %.4f %.4f\n", mean[0], mean[1], mean[2], mean[3],
                mean[4]);
    for (int c = 1; c < cols; ++c) EXPECT_GT(mean[c], mean[c - 1]) << "column " << c;
    // The weight scales the single and the multiple scattering alike, so nearly linearly: the
    // multiple-scattering term (F_avg * weight in a denominator) bends it by well under 5%.
    EXPECT_NEAR(mean[2] / mean[4], 0.5f, 0.05f);
    // A red specular colour: red's F0 stays, green's and blue's go (only their grazing F90
    // remains), so at the centre red dominates.
    const glm::vec3 red = fixtures::cellStats(image, g, 4, 1, 0.3f).mean;
    EXPECT_GT(red.r, 3.0f * red.g);
}

TEST_F(MaterialExtensionsTest, EmissiveStrengthScalesTheEmissionLinearly) {
    // Black, specular 0: the emission alone. emissiveFactor 0.05, strength 1, 2, 4, 8 (the
    // importer multiplies the two; the GPU must keep it linear past 1 up to the tone map).
    const float strengths[] = {1.0f, 2.0f, 4.0f, 8.0f};
    const morph::Scene scene = fixtures::sphereGrid(4, 1, [&](int c, int) {
        morph::Material m = withSpecular(fixtures::plainMaterial(0.0f, 1.0f), 0.0f);
        m.emissiveStrength = strengths[c];
        m.emissiveFactor = glm::vec3(0.05f) * strengths[c];
        return m;
    });
    const morph::RgbaImage image = shoot(scene);
    ASSERT_TRUE(image.valid());
    const GridLayout g = fixtures::gridLayout(image, 4, 1, kBackground);
    const float base = fixtures::cellStats(image, g, 0, 0, 0.8f).mean.g;
    EXPECT_NEAR(base, 0.05f, 0.003f) << "8-bit sRGB holds 0.05 to 0.0015";
    for (int c = 1; c < 4; ++c) {
        const float v = fixtures::cellStats(image, g, c, 0, 0.8f).mean.g;
        EXPECT_NEAR(v / base, strengths[c], 0.03f * strengths[c]) << "strength " << strengths[c];
    }
}

int worstDifference(const morph::RgbaImage& a, const morph::RgbaImage& b) {
    EXPECT_EQ(a.pixels.size(), b.pixels.size());
    int worst = 0;
    for (size_t i = 0; i < std::min(a.pixels.size(), b.pixels.size()); ++i) {
        worst = std::max(worst, std::abs(int(a.pixels[i]) - int(b.pixels[i])));
    }
    return worst;
}

TEST_F(MaterialExtensionsTest, DefaultsDrawAsTheCoreMaterial) {
    // Three spheres (roughness 0.1, 0.5 dielectric; 1 metal), drawn three times: plain; with
    // KHR_materials_ior 1.5 and KHR_materials_specular at its defaults (the MV_MATERIAL_SPECULAR
    // variant, which computes f0 from the ior); with a clearcoat of factor 0 (no feature).
    const float roughness[] = {0.1f, 0.5f, 1.0f};
    const auto grid = [&](int variant) {
        return fixtures::sphereGrid(3, 1, [&](int c, int) {
            morph::Material m = fixtures::plainMaterial(0.6f, roughness[c], c == 2 ? 1.0f : 0.0f);
            if (variant == 1) m = withSpecular(m, 1.0f);
            if (variant == 2) m.clearcoat.present = true;
            return m;
        });
    };
    auto gpu = renderer::GpuScene::upload(grid(1));
    ASSERT_TRUE(gpu.ok());
    EXPECT_EQ(gpu->materials()[0].features, uint32_t(renderer::kFeatureSpecular));
    auto core = renderer::GpuScene::upload(grid(2));
    ASSERT_TRUE(core.ok());
    EXPECT_EQ(core->materials()[0].features, 0u) << "a clearcoat of 0 is no feature";
    const morph::RgbaImage plain = shoot(grid(0), 256, renderer::ToneMapping::PbrNeutral);
    const morph::RgbaImage variant = shoot(grid(1), 256, renderer::ToneMapping::PbrNeutral);
    const morph::RgbaImage coreAgain = shoot(grid(2), 256, renderer::ToneMapping::PbrNeutral);
    ASSERT_TRUE(plain.valid() && variant.valid() && coreAgain.valid());
    EXPECT_EQ(worstDifference(plain, coreAgain), 0) << "the core program: bit for bit";
    // The variant's f0 is ((1.5 - 1) / 2.5)^2, a float ulp from the core's 0.04, with the same
    // split-sum terms in another order: a level where the rounding tips, no more.
    EXPECT_LE(worstDifference(plain, variant), 1);
}

// A 2 x 2 quad facing the camera, black, with a specular texture whose A is 0 on the image's
// left column and 255 on its right (NEAREST), so the left of the quad reflects nothing.
morph::Scene specularTextureQuad(const morph::TextureTransform& transform, int texCoord) {
    morph::Material m = withSpecular(fixtures::plainMaterial(0.0f, 0.4f), 1.0f);
    m.specular.texture.texture = 0;
    m.specular.texture.texCoord = texCoord;
    m.specular.texture.transform = transform;
    morph::Image image;
    image.width = 2;
    image.height = 1;
    image.rgba = {255, 255, 255, 0, 255, 255, 255, 255};
    return fixtures::quadScene(m, image);
}

TEST_F(MaterialExtensionsTest, NewTexturesFollowTexCoordAndTextureTransform) {
    // Which half of the quad reflects: its mean brightness on the left and on the right third.
    const auto halves = [&](const morph::Scene& scene) {
        const morph::RgbaImage image = shoot(scene, 96);
        float sum[2] = {0, 0};
        for (int y = 40; y < 56; ++y) {
            for (int side = 0; side < 2; ++side) {
                for (int x = side == 0 ? 24 : 56; x < (side == 0 ? 40 : 72); ++x) {
                    sum[side] += image.pixels[(size_t(y) * 96 + size_t(x)) * 4 + 1];
                }
            }
        }
        return std::pair<float, float>(sum[0], sum[1]);
    };
    const auto [plainLeft, plainRight] = halves(specularTextureQuad({}, 0));
    EXPECT_EQ(plainLeft, 0.0f) << "the left column's A of 0 is specular 0";
    EXPECT_GT(plainRight, 0.0f);
    // TEXCOORD_1 mirrors the quad's UVs: the other half reflects.
    const auto [mirroredLeft, mirroredRight] = halves(specularTextureQuad({}, 1));
    EXPECT_GT(mirroredLeft, 0.0f);
    EXPECT_EQ(mirroredRight, 0.0f);
    // KHR_texture_transform: an offset of half the image swaps the columns.
    morph::TextureTransform shift;
    shift.present = true;
    shift.offset = glm::vec2(0.5f, 0.0f);
    const auto [shiftedLeft, shiftedRight] = halves(specularTextureQuad(shift, 0));
    EXPECT_GT(shiftedLeft, 0.0f);
    EXPECT_EQ(shiftedRight, 0.0f);
}

TEST_F(MaterialExtensionsTest, TheClearcoatNormalTextureTiltsTheCoat) {
    // One smooth coat over a rough base; its normal map a single texel tilted towards +X
    // (tangent space (0.57, 0, 0.8)), at scale 1, 0 and absent.
    const auto sphere = [](int mode) {  // 0: no map, 1: map at scale 1, 2: map at scale 0
        morph::Scene scene = fixtures::sphereGrid(1, 1, [mode](int, int) {
            morph::Material m = fixtures::plainMaterial(0.5f, 1.0f);
            m.clearcoat.present = true;
            m.clearcoat.factor = 1.0f;
            if (mode > 0) {
                m.clearcoat.normalTexture.texture = 0;
                m.clearcoat.normalTexture.scale = mode == 1 ? 1.0f : 0.0f;
            }
            return m;
        });
        morph::Image image;
        image.width = image.height = 1;
        image.rgba = {200, 128, 230, 255};
        scene.images.push_back(image);
        scene.textures.push_back({0, -1});
        return scene;
    };
    const morph::RgbaImage flat = shoot(sphere(0), 128);
    const morph::RgbaImage tilted = shoot(sphere(1), 128);
    const morph::RgbaImage scaledAway = shoot(sphere(2), 128);
    ASSERT_TRUE(flat.valid() && tilted.valid() && scaledAway.valid());
    // The coat's reflections move: many pixels change by many levels.
    int moved = 0;
    for (size_t i = 0; i < flat.pixels.size(); ++i) {
        moved += std::abs(int(flat.pixels[i]) - int(tilted.pixels[i])) > 8 ? 1 : 0;
    }
    EXPECT_GT(moved, 200);
    // scale 0 multiplies the texel's X and Y away: the geometry's normal again (the normalize of
    // a rebuilt unit vector may round a level).
    EXPECT_LE(worstDifference(flat, scaledAway), 1);
}

// The mean linear green a coloured layer adds to sphere (c, r), between `inner` and `outer`
// fractions of its radius, over the same grid drawn without it.
float addedInRing(const morph::RgbaImage& with, const morph::RgbaImage& without,
                  const GridLayout& g, int c, int r, float inner, float outer) {
    const glm::vec2 centre = g.centre(c, r);
    const float r0 = g.radius() * inner, r1 = g.radius() * outer;
    double sum = 0;
    int n = 0;
    for (int y = int(centre.y - r1); y <= int(centre.y + r1); ++y) {
        for (int x = int(centre.x - r1); x <= int(centre.x + r1); ++x) {
            const glm::vec2 d = glm::vec2(float(x) + 0.5f, float(y) + 0.5f) - centre;
            const float d2 = glm::dot(d, d);
            if (d2 > r1 * r1 || d2 < r0 * r0) continue;
            const size_t i = (size_t(y) * size_t(with.width) + size_t(x)) * 4 + 1;
            sum += fixtures::srgbToLinear(with.pixels[i] / 255.0f) -
                   fixtures::srgbToLinear(without.pixels[i] / 255.0f);
            ++n;
        }
    }
    return n > 0 ? float(sum / n) : 0.0f;
}

TEST_F(MaterialExtensionsTest, SheenBrightensTheRimAndScalesWithItsColour) {
    // Columns: white sheen colour 0, 0.25, 0.5, 0.75, 1; rows: sheen roughness 0.3, 0.6, 1. The
    // base is a dark, rough dielectric, so the sheen's dimming of it hardly shows.
    const int cols = 5, rows = 3;
    const auto grid = [](bool sheen) {
        return fixtures::sphereGrid(cols, rows, [sheen](int c, int r) {
            morph::Material m = fixtures::plainMaterial(0.05f, 0.8f);
            m.sheen.present = sheen;
            m.sheen.colorFactor = glm::vec3(0.25f * float(c));
            m.sheen.roughnessFactor = 0.3f + 0.35f * float(r);
            return m;
        });
    };
    const morph::RgbaImage bare = shoot(grid(false));
    const morph::RgbaImage image = shoot(grid(true));
    ASSERT_TRUE(image.valid() && bare.valid());
    const GridLayout g = fixtures::gridLayout(image, cols, rows, kBackground);
    for (int r = 0; r < rows; ++r) {
        // Colour 0 is no sheen: the core program, bit for bit.
        EXPECT_EQ(addedInRing(image, bare, g, 0, r, 0.0f, 0.95f), 0.0f) << "row " << r;
        float added[cols];
        for (int c = 0; c < cols; ++c) added[c] = addedInRing(image, bare, g, c, r, 0.0f, 0.9f);
        float rim[cols];
        for (int c = 0; c < cols; ++c) rim[c] = addedInRing(image, bare, g, c, r, 0.75f, 0.92f);
        const float centre = addedInRing(image, bare, g, 4, r, 0.0f, 0.3f);
        std::printf(
            "sheen roughness %.2f: added %.4f %.4f %.4f %.4f %.4f; rim %.4f %.4f %.4f %.4f; "
            "centre %.4f\n",
            0.3 + 0.35 * r, added[0], added[1], added[2], added[3], added[4], rim[1], rim[2],
            rim[3], rim[4], centre);
        for (int c = 1; c < cols; ++c) {
            EXPECT_GT(added[c], added[c - 1]) << "row " << r;
            EXPECT_GT(rim[c], rim[c - 1]) << "row " << r;
        }
        // Charlie sheen is a grazing-angle lobe: the rim gains more than the middle (measured
        // 60x at roughness 0.3, 3.5x at 0.65, 1.8x at 1).
        EXPECT_GT(rim[4], 1.5f * centre) << "row " << r;
    }
}

TEST_F(MaterialExtensionsTest, SheenOnAWhiteBaseKeepsTheEnergy) {
    // The albedo scaling (1 - max(sheen colour) * E) takes from the layers under the sheen what
    // the sheen reflects: over a white Lambert base under the environment the two cancel, where
    // without the scaling a white sheen would add E, up to ~20% of the light. The sheen's light
    // is the Sample Renderer's Charlie cube times its LUT, not E: at roughness 1 the LUT is
    // within 10% of E (SheenLutTest), so they still cancel; at roughness 0.5 it is up to 1.7 E,
    // and the reference's sheen adds light there.
    const auto sphere = [](bool sheen) {
        return fixtures::sphereGrid(1, 1, [sheen](int, int) {
            morph::Material m = fixtures::plainMaterial(1.0f, 1.0f);
            m.sheen.present = sheen;
            m.sheen.colorFactor = glm::vec3(1.0f);
            m.sheen.roughnessFactor = 1.0f;
            return m;
        });
    };
    const morph::RgbaImage bare = shoot(sphere(false), 128);
    const morph::RgbaImage sheen = shoot(sphere(true), 128);
    ASSERT_TRUE(bare.valid() && sheen.valid());
    const GridLayout g = fixtures::gridLayout(bare, 1, 1, kBackground);
    const float base = fixtures::cellStats(bare, g, 0, 0, 0.5f).mean.g;
    const float added = addedInRing(sheen, bare, g, 0, 0, 0.0f, 0.5f);
    std::printf("white base %.4f, white sheen adds %.4f\n", base, added);
    // What remains is the base's own specular, dimmed by E (a few percent of the total).
    EXPECT_LT(std::abs(added), 0.05f * base);
}

TEST_F(MaterialExtensionsTest, UnderAUniformSkyTheSheenIsItsLut) {
    // A quad whose normal leans 60 degrees from the view (n . v = 0.5 at the centre) under a
    // uniform white sky: the Charlie cube holds the sky at every level but 0, so the sheen adds
    // sky x sheen colour x LUT(0.5, roughness) and dims what is under it by
    // 1 - max(sheen colour) x E(0.5, roughness), the values renderer/light computes on the CPU.
    auto capturer = renderer::Capturer::create();
    ASSERT_TRUE(capturer.ok());
    const std::string sky = fixtures::caseScratchDir() + "/white.hdr";
    ASSERT_TRUE(morph::writeHdrFile(
                    sky, fixtures::panorama(128, [](const glm::vec3&) { return glm::vec3(1.0f); }))
                    .ok());
    const auto centre = [&](float color, float roughness) {
        morph::Material m = fixtures::plainMaterial(0.0f, 1.0f);
        m.sheen.present = color > 0.0f;
        m.sheen.colorFactor = glm::vec3(color);
        m.sheen.roughnessFactor = roughness;
        morph::Scene scene = fixtures::quadScene(m);
        scene.meshes[0].primitives[0].normals.assign(4, glm::vec3(std::sqrt(0.75f), 0.0f, 0.5f));
        auto gpu = renderer::GpuScene::upload(scene);
        EXPECT_TRUE(gpu.ok());
        renderer::ShotSpec shot;
        shot.width = shot.height = 64;
        shot.environment = sky;
        shot.exposure = 0.5f;
        shot.toneMapping = renderer::ToneMapping::None;
        auto image = capturer->capture(*gpu, shot);
        EXPECT_TRUE(image.ok()) << (image.ok() ? "" : image.error().message);
        if (!image.ok()) return -1.0f;
        return fixtures::srgbToLinear(image->pixels[(32 * 64 + 32) * 4 + 1] / 255.0f);
    };
    const float bare = centre(0.0f, 0.5f);  // the base's own reflection, sheen or not
    for (const auto& [color, roughness] :
         {std::pair{1.0f, 0.5f}, std::pair{0.5f, 0.5f}, std::pair{1.0f, 1.0f}}) {
        const float expected = bare * (1.0f - color * renderer::sheenAlbedo(0.5f, roughness)) +
                               0.5f * color * renderer::sheenLut(0.5f, roughness);
        const float measured = centre(color, roughness);
        std::printf("sheen %.1f roughness %.1f: base %.4f, measured %.4f, expected %.4f\n", color,
                    roughness, bare, measured, expected);
        // An 8-bit sRGB level near 0.15 linear is 0.002; the 32x32 tables' interpolation and
        // quadrature differ from the functions by under 0.004 at this point.
        EXPECT_NEAR(measured, expected, 0.006f) << "colour " << color << " roughness " << roughness;
    }
}

TEST_F(MaterialExtensionsTest, AFeaturePastTheTextureUnitsIsDroppedWithANote) {
    morph::Scene scene = fixtures::sphereGrid(1, 1, [](int, int) {
        morph::Material m = withSpecular(fixtures::plainMaterial(0.5f, 0.5f), 0.5f);
        m.name = "coated";
        m.clearcoat.present = true;
        m.clearcoat.factor = 1.0f;
        return m;
    });
    renderer::UploadOptions options;
    renderer::GpuLimits limits = renderer::GpuLimits::query();
    EXPECT_GE(limits.maxFragmentTextureUnits, 16u);
    // 7 core units + 2 of specular fit 10; clearcoat's 3 more do not.
    limits.maxFragmentTextureUnits = 10;
    options.limits = limits;
    auto gpu = renderer::GpuScene::upload(scene, options);
    ASSERT_TRUE(gpu.ok());
    EXPECT_EQ(gpu->materials()[0].features, uint32_t(renderer::kFeatureSpecular));
    ASSERT_EQ(gpu->notes().size(), 1u);
    EXPECT_NE(gpu->notes()[0].find("spheres: material \"coated\": KHR_materials_clearcoat dropped"),
              std::string::npos)
        << gpu->notes()[0];
    // With the real limit both stay.
    auto full = renderer::GpuScene::upload(scene);
    ASSERT_TRUE(full.ok());
    EXPECT_EQ(full->materials()[0].features,
              uint32_t(renderer::kFeatureSpecular | renderer::kFeatureClearcoat));
    EXPECT_TRUE(full->notes().empty());

    // All three: 7 + 2 + 3 + 4 (sheen's two slots, its tables and the Charlie cube) = 16, GL
    // 4.5's minimum; one unit fewer drops the sheen.
    scene.materials[0].sheen.present = true;
    scene.materials[0].sheen.colorFactor = glm::vec3(1.0f);
    const uint32_t all =
        renderer::kFeatureSpecular | renderer::kFeatureClearcoat | renderer::kFeatureSheen;
    limits.maxFragmentTextureUnits = 16;
    options.limits = limits;
    auto sixteen = renderer::GpuScene::upload(scene, options);
    ASSERT_TRUE(sixteen.ok());
    EXPECT_EQ(sixteen->materials()[0].features, all);
    limits.maxFragmentTextureUnits = 15;
    options.limits = limits;
    auto fifteen = renderer::GpuScene::upload(scene, options);
    ASSERT_TRUE(fifteen.ok());
    EXPECT_EQ(fifteen->materials()[0].features, all & ~uint32_t(renderer::kFeatureSheen));
}

}  // namespace
