// KHR_materials_emissive_strength, _ior, _specular, _clearcoat, _sheen, _iridescence,
// _transmission and _volume drawn (shaders/layers.glsl, shaders/iridescence.glsl,
// shaders/transmission.glsl), each on a grid of spheres under the studio environment, with what
// the extension must do measured on the pixels: clearcoat adds a sharp highlight to a rough base,
// ior 1 takes the dielectric reflection away at normal incidence and f0 grows as
// ((ior - 1) / (ior + 1))^2,
// specular 0 removes all specular, emissive strength scales the emission linearly, sheen
// brightens the rim with its colour and under a uniform sky adds what its LUT says, a thin film's
// colour follows its thickness as the extension's formula says (a CPU transcription of it); the
// extensions at their defaults draw as the core material; transmission shows the quad behind a
// sphere, more with its factor, and a volume tints it by Beer-Lambert, more when thicker, with
// the transmission pass drawn only for frames that need it; past GL_MAX_TEXTURE_IMAGE_UNITS the
// least important feature goes with a note. Tone mapping is off (clamped linear) wherever a
// ratio is measured, so the sRGB bytes decode back to the shaded values.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "Panoramas.h"
#include "SphereGrid.h"
#include "fixtures/TestPaths.h"
#include "morph/image/HdrImage.h"
#include "renderer/light/SheenAlbedo.h"
#include "renderer/light/SheenLut.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/SceneRenderer.h"

namespace material_extensions_gl_test {

namespace {

using fixtures::CellStats;
using fixtures::GridLayout;

const uint8_t kBackground[3] = {255, 0, 255};  // no sphere pixel is pure magenta

class MaterialExtensionsTest : public fixtures::GlTest {
protected:
    static renderer::Capturer& capturer() { return fixtures::sharedCapturer(); }

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

// A 2 x 1 RGBA texture, left texel then right: on quadScene's quad (NEAREST) each half of the
// quad reads one.
morph::Image twoTexels(std::array<uint8_t, 4> left, std::array<uint8_t, 4> right) {
    morph::Image image;
    image.width = 2;
    image.height = 1;
    image.rgba.assign(left.begin(), left.end());
    image.rgba.insert(image.rgba.end(), right.begin(), right.end());
    return image;
}

// A 2 x 2 quad facing the camera, black, with a specular texture whose A is 0 on the image's
// left column and 255 on its right (NEAREST), so the left of the quad reflects nothing.
morph::Scene specularTextureQuad(const morph::TextureTransform& transform, int texCoord) {
    morph::Material m = withSpecular(fixtures::plainMaterial(0.0f, 0.4f), 1.0f);
    m.specular.texture.texture = 0;
    m.specular.texture.texCoord = texCoord;
    m.specular.texture.transform = transform;
    return fixtures::quadScene(m, twoTexels({255, 255, 255, 0}, {255, 255, 255, 255}));
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
        auto image = capturer->capture(*gpu, fixtures::furnaceShot(*capturer, sky));
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

// A 3 x 3 quad of unlit `backdrop` colour at z = 0 and, in front of it at z = 1, a smooth
// white dielectric sphere of `sphere`'s transmission and volume: what is behind the sphere is
// the quad, of a known linear colour. The camera looks down -Z at both centres.
morph::Scene glassInFrontOfAQuad(const morph::Material& sphere, glm::vec3 backdrop) {
    morph::Material quad;
    quad.unlit = true;
    quad.baseColorFactor = glm::vec4(backdrop, 1.0f);
    morph::Scene scene = fixtures::quadScene(quad);
    scene.nodes[0].scale = glm::vec3(1.5f);
    scene.materials.push_back(sphere);
    morph::Mesh mesh;
    mesh.primitives.push_back(fixtures::uvSphere(1, 48, 32));
    scene.meshes.push_back(mesh);
    morph::Node node;
    node.mesh = 1;
    node.translation = glm::vec3(0.0f, 0.0f, 1.0f);
    scene.nodes.push_back(node);
    scene.roots.push_back(1);
    return scene;
}

morph::Material glass(float transmission, float thickness = 0.0f,
                      glm::vec3 attenuationColor = glm::vec3(1.0f),
                      float attenuationDistance = 1.0f) {
    morph::Material m = fixtures::plainMaterial(1.0f, 0.0f);
    m.transmission.present = true;
    m.transmission.factor = transmission;
    if (thickness > 0.0f) {
        m.volume.present = true;
        m.volume.thicknessFactor = thickness;
        m.volume.attenuationColor = attenuationColor;
        m.volume.attenuationDistance = attenuationDistance;
    }
    return m;
}

// The linear colour of the pixels within `reach` pixels of the image's centre (the sphere's
// middle, where the view ray meets the surface head on and goes straight through).
glm::vec3 centreColour(const morph::RgbaImage& image, int reach = 3) {
    glm::vec3 sum(0.0f);
    int n = 0;
    for (int y = image.height / 2 - reach; y <= image.height / 2 + reach; ++y) {
        for (int x = image.width / 2 - reach; x <= image.width / 2 + reach; ++x) {
            const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
            for (int k = 0; k < 3; ++k) sum[k] += fixtures::srgbToLinear(p[k] / 255.0f);
            ++n;
        }
    }
    return sum / float(n);
}

TEST_F(MaterialExtensionsTest, TransmissionShowsTheQuadBehindAndGrowsWithTheFactor) {
    const glm::vec3 green(0.05f, 0.6f, 0.1f);
    const uint64_t before = capturer().renderer().transmissionPasses();
    const morph::RgbaImage plain = shoot(glassInFrontOfAQuad(fixtures::plainMaterial(1, 0), green));
    EXPECT_EQ(capturer().renderer().transmissionPasses(), before) << "no transmission, no pass";
    // Transmission 0 lets nothing through: the core program, bit for bit, and no pass.
    const morph::RgbaImage none = shoot(glassInFrontOfAQuad(glass(0.0f), green));
    EXPECT_EQ(capturer().renderer().transmissionPasses(), before);
    ASSERT_TRUE(plain.valid() && none.valid());
    EXPECT_EQ(worstDifference(plain, none), 0);
    glm::vec3 seen[3];
    const float factors[3] = {0.25f, 0.5f, 1.0f};
    for (int i = 0; i < 3; ++i) {
        const morph::RgbaImage image = shoot(glassInFrontOfAQuad(glass(factors[i]), green));
        ASSERT_TRUE(image.valid());
        EXPECT_EQ(capturer().renderer().transmissionPasses(), before + uint64_t(i) + 1)
            << "one pass per frame with transmission";
        seen[i] = centreColour(image);
    }
    const glm::vec3 opaque = centreColour(plain);
    std::printf(
        "centre (linear): opaque %.3f %.3f %.3f; transmission 0.25 %.3f %.3f %.3f, "
        "0.5 %.3f %.3f %.3f, 1 %.3f %.3f %.3f\n",
        opaque.r, opaque.g, opaque.b, seen[0].r, seen[0].g, seen[0].b, seen[1].r, seen[1].g,
        seen[1].b, seen[2].r, seen[2].g, seen[2].b);
    // The white sphere is grey where it is opaque; through it the quad's green shows, more
    // with the factor, and at 1 nearly all of it: (1 - the split-sum reflectance, about 0.04
    // head on) of the quad's green, plus the environment's reflection.
    EXPECT_LT(opaque.g - opaque.r, 0.02f);
    for (int i = 1; i < 3; ++i) EXPECT_GT(seen[i].g - seen[i].r, seen[i - 1].g - seen[i - 1].r);
    EXPECT_GT(seen[2].g, 0.9f * green.g);
    EXPECT_LT(seen[2].r, 0.5f * opaque.r) << "the sphere's own diffuse is gone";
}

TEST_F(MaterialExtensionsTest, AVolumeTintsWhatIsSeenThroughItMoreWhenThicker) {
    // A white quad behind a sphere of thickness 0.25, 0.5 and 1 (the sphere's diameter is 0.9)
    // whose volume turns white light (1, 0.25, 0.25) over a distance of 1: Beer-Lambert leaves
    // green/red = 0.25^thickness. Straight through the middle the ray does not bend.
    const glm::vec3 white(0.8f);
    const float thicknesses[3] = {0.25f, 0.5f, 1.0f};
    float ratio[3];
    for (int i = 0; i < 3; ++i) {
        const morph::RgbaImage image = shoot(glassInFrontOfAQuad(
            glass(1.0f, thicknesses[i], glm::vec3(1.0f, 0.25f, 0.25f), 1.0f), white));
        ASSERT_TRUE(image.valid());
        const glm::vec3 c = centreColour(image);
        ratio[i] = c.g / c.r;
        std::printf(
            "thickness %.2f: centre %.3f %.3f %.3f, green / red %.3f (Beer-Lambert "
            "%.3f)\n",
            thicknesses[i], c.r, c.g, c.b, ratio[i], std::pow(0.25f, thicknesses[i]));
    }
    for (int i = 1; i < 3; ++i) EXPECT_LT(ratio[i], ratio[i - 1]);
    // Measured within 0.008 of Beer-Lambert: the reflected environment (untinted, a few percent
    // of a smooth dielectric head on) lifts the ratio a little.
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(ratio[i], std::pow(0.25f, thicknesses[i]), 0.02f) << thicknesses[i];
    }
    // Without a volume (thin walls) nothing is tinted.
    const morph::RgbaImage thin = shoot(glassInFrontOfAQuad(glass(1.0f), white));
    const glm::vec3 c = centreColour(thin);
    EXPECT_NEAR(c.g / c.r, 1.0f, 0.01f);
}

TEST_F(MaterialExtensionsTest, ADirectionalLightBehindShinesThroughTransmissionOnly) {
    // One sphere, with and without a directional light behind it shining at the camera (+Z).
    // Opaque, its front cannot see that light (n . l < 0); transmissive, the light's GGX lobe
    // mirrored through the surface (the Sample Renderer's getPunctualRadianceTransmission)
    // peaks straight through the middle.
    const auto scene = [](const morph::Material& m, bool light) {
        morph::Scene out = fixtures::sphereGrid(1, 1, [&m](int, int) { return m; });
        if (!light) return out;
        morph::Light back;
        back.type = morph::LightType::Directional;
        back.intensity = 0.5f;
        out.lights.push_back(back);
        morph::Node node;
        node.light = 0;
        node.rotation = glm::quat(0.0f, 0.0f, 1.0f, 0.0f);  // -Z turned to +Z
        out.nodes.push_back(node);
        out.roots.push_back(1);
        return out;
    };
    const morph::Material opaque = fixtures::plainMaterial(1.0f, 0.3f);
    morph::Material clear = glass(1.0f);
    clear.roughnessFactor = 0.3f;
    const glm::vec3 opaqueGain = centreColour(shoot(scene(opaque, true), 128)) -
                                 centreColour(shoot(scene(opaque, false), 128));
    const glm::vec3 clearGain = centreColour(shoot(scene(clear, true), 128)) -
                                centreColour(shoot(scene(clear, false), 128));
    std::printf("a light behind adds, at the centre: opaque %.4f, transmissive %.4f (green)\n",
                opaqueGain.g, clearGain.g);
    EXPECT_EQ(opaqueGain, glm::vec3(0.0f));
    // Measured 0.19, far under the lobe's peak (about 4.7 here): the Sample Renderer mixes the
    // transmitted light into the dielectric by Schlick(v . h), h halfway between v and a light
    // straight behind, so nearly perpendicular to both and the Fresnel near 1. The same here.
    EXPECT_GT(clearGain.g, 0.1f);
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
    // Transmission takes two units (its texture and the transmission pass), its volume one
    // more: at 9 the volume goes first, at 8 the transmission too, never the volume alone.
    morph::Scene glassy = fixtures::sphereGrid(1, 1, [](int, int) {
        morph::Material m = fixtures::plainMaterial(1.0f, 0.0f);
        m.name = "glass";
        m.transmission = {true, 1.0f, {}};
        m.volume.present = true;
        m.volume.thicknessFactor = 0.5f;
        return m;
    });
    const uint32_t expected[] = {renderer::kFeatureTransmission | renderer::kFeatureVolume,
                                 renderer::kFeatureTransmission, 0u};
    for (uint32_t units = 10; units >= 8; --units) {
        limits.maxFragmentTextureUnits = units;
        options.limits = limits;
        auto glass = renderer::GpuScene::upload(glassy, options);
        ASSERT_TRUE(glass.ok());
        EXPECT_EQ(glass->materials()[0].features, expected[10 - units]) << units << " units";
        EXPECT_EQ(glass->notes().size(), size_t(10 - units));
    }
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

morph::Material withFilm(morph::Material m, float thickness, float factor = 1.0f) {
    m.iridescence.present = true;
    m.iridescence.factor = factor;
    m.iridescence.thicknessMinimum = 0.0f;
    m.iridescence.thicknessMaximum = thickness;
    return m;
}

// The thin-film Fresnel of KHR_materials_iridescence's implementation notes (Belcour and Barla
// 2017 as the extension approximates it), transcribed on the CPU from the extension's text: the
// oracle the GPU's colours are checked against.
glm::vec3 filmFresnelOracle(float filmIor, float cosTheta1, float thickness, glm::vec3 baseF0) {
    const float pi = 3.14159265358979f;
    const auto sq = [](auto x) { return x * x; };
    const auto schlick = [](auto f0, float c) {
        return f0 + (1.0f - f0) * std::pow(1.0f - c, 5.0f);
    };
    const float t = std::clamp(thickness / 0.03f, 0.0f, 1.0f);
    const float eta2 = 1.0f + (filmIor - 1.0f) * t * t * (3.0f - 2.0f * t);
    const float cosTheta2 = std::sqrt(1.0f - sq(1.0f / eta2) * (1.0f - sq(cosTheta1)));
    const float r12 = schlick(sq((eta2 - 1.0f) / (eta2 + 1.0f)), cosTheta1);
    const float t121 = 1.0f - r12;
    const float phi21 = eta2 < 1.0f ? 0.0f : pi;
    const glm::vec3 sqrtF0 = glm::sqrt(glm::clamp(baseF0, 0.0f, 0.9999f));
    const glm::vec3 baseIor = (1.0f + sqrtF0) / (1.0f - sqrtF0);
    glm::vec3 r23, phi;
    for (int k = 0; k < 3; ++k) {
        r23[k] = schlick(sq((baseIor[k] - eta2) / (baseIor[k] + eta2)), cosTheta2);
        phi[k] = phi21 + (baseIor[k] < eta2 ? pi : 0.0f);
    }
    const float opd = 2.0f * eta2 * thickness * cosTheta2;
    const glm::vec3 r123 = glm::clamp(r12 * r23, 1e-5f, 0.9999f);
    const glm::vec3 rs = sq(t121) * r23 / (1.0f - r123);
    glm::vec3 out = r12 + rs, cm = rs - t121;
    const glm::mat3 xyzToRec709(3.2404542f, -0.9692660f, 0.0556434f, -1.5371385f, 1.8760108f,
                                -0.2040259f, -0.4985314f, 0.0415560f, 1.0572252f);
    for (int m = 1; m <= 2; ++m) {
        cm *= glm::sqrt(r123);
        const float phase = 2.0f * pi * float(m) * opd * 1.0e-9f;
        const glm::vec3 val(5.4856e-13f, 4.4201e-13f, 5.2481e-13f);
        const glm::vec3 pos(1.6810e+06f, 1.7953e+06f, 2.2084e+06f);
        const glm::vec3 var(4.3278e+09f, 9.3046e+09f, 6.6121e+09f);
        glm::vec3 xyz = val * glm::sqrt(2.0f * pi * var) * glm::cos(pos * phase + float(m) * phi) *
                        glm::exp(-sq(phase) * var);
        xyz.x += 9.7470e-14f * std::sqrt(2.0f * pi * 4.5282e+09f) *
                 std::cos(2.2399e+06f * phase + float(m) * phi.x) *
                 std::exp(-4.5282e+09f * sq(phase));
        out += cm * 2.0f * (xyzToRec709 * (xyz / 1.0685e-7f));
    }
    return glm::max(out, glm::vec3(0.0f));
}

TEST_F(MaterialExtensionsTest, IridescenceFactorZeroIsTheCoreProgram) {
    // Three spheres (roughness 0.1, 0.5 dielectric; 1 metal), plain and with a film of factor 0
    // (the extension's default: no effect), which must not even be a feature.
    const float roughness[] = {0.1f, 0.5f, 1.0f};
    const auto grid = [&](bool film) {
        return fixtures::sphereGrid(3, 1, [&](int c, int) {
            morph::Material m = fixtures::plainMaterial(0.6f, roughness[c], c == 2 ? 1.0f : 0.0f);
            return film ? withFilm(m, 400.0f, 0.0f) : m;
        });
    };
    auto gpu = renderer::GpuScene::upload(grid(true));
    ASSERT_TRUE(gpu.ok());
    EXPECT_EQ(gpu->materials()[0].features, 0u);
    const morph::RgbaImage plain = shoot(grid(false), 256, renderer::ToneMapping::PbrNeutral);
    const morph::RgbaImage film = shoot(grid(true), 256, renderer::ToneMapping::PbrNeutral);
    ASSERT_TRUE(plain.valid() && film.valid());
    EXPECT_EQ(worstDifference(plain, film), 0) << "the core program: bit for bit";
}

TEST_F(MaterialExtensionsTest, IridescenceOfThicknessZeroIsThePlainFresnel) {
    // Columns: a black and a grey dielectric, a grey metal. Drawn with a film of factor 1 and
    // thickness 0 (the MV_MATERIAL_IRIDESCENCE variant) and with KHR_materials_specular at its
    // defaults (the layered variant without a film): a film of no thickness is no film.
    const auto grid = [](int mode) {  // 0: specular defaults, 1: film of 0 nm, 2: of 400 nm
        return fixtures::sphereGrid(3, 1, [mode](int c, int) {
            morph::Material m = withSpecular(
                fixtures::plainMaterial(c == 0 ? 0.0f : 0.6f, 0.3f, c == 2 ? 1.0f : 0.0f), 1.0f);
            return mode == 0 ? m : withFilm(m, mode == 1 ? 0.0f : 400.0f);
        });
    };
    const morph::RgbaImage layered = shoot(grid(0));
    const morph::RgbaImage none = shoot(grid(1));
    const morph::RgbaImage film = shoot(grid(2));
    ASSERT_TRUE(layered.valid() && none.valid() && film.valid());
    const int same = worstDifference(layered, none);
    const int moved = worstDifference(layered, film);
    std::printf("film of 0 nm: worst %d levels from none; of 400 nm: %d\n", same, moved);
    // The two programs differ in code the compiler may schedule differently: a level at most.
    EXPECT_LE(same, 1);
    EXPECT_GT(moved, 20) << "a film of 400 nm is no small change";
}

TEST_F(MaterialExtensionsTest, IridescenceThicknessShiftsTheHue) {
    // A black dielectric (no diffuse: only its reflection shows), roughness 0.2, plain and under
    // films of 200, 300, 400, 500 and 600 nm (ior 1.3). At a sphere's centre (n . v ~ 1) the
    // environment term is the film's Fresnel times the prefiltered environment, and the plain
    // sphere's a grey Fresnel times the same: per channel, film / plain is proportional to the
    // film's Fresnel, whose colour the CPU oracle gives.
    const float thickness[] = {200.0f, 300.0f, 400.0f, 500.0f, 600.0f};
    const int cols = 6;
    const morph::Scene scene = fixtures::sphereGrid(cols, 1, [&](int c, int) {
        const morph::Material m = fixtures::plainMaterial(0.0f, 0.2f);
        return c == 0 ? m : withFilm(m, thickness[c - 1]);
    });
    const morph::RgbaImage image = shoot(scene);
    ASSERT_TRUE(image.valid());
    const GridLayout g = fixtures::gridLayout(image, cols, 1, kBackground);
    const glm::vec3 plain = fixtures::cellStats(image, g, 0, 0, 0.15f).mean;
    glm::vec3 hue[cols - 1];
    for (int c = 1; c < cols; ++c) {
        const glm::vec3 ratio = fixtures::cellStats(image, g, c, 0, 0.15f).mean / plain;
        const glm::vec3 oracle = filmFresnelOracle(1.3f, 1.0f, thickness[c - 1], glm::vec3(0.04f));
        hue[c - 1] = ratio / (ratio.r + ratio.g + ratio.b);
        const glm::vec3 expected = oracle / (oracle.r + oracle.g + oracle.b);
        std::printf(
            "%3.0f nm: film/plain %.3f %.3f %.3f, chromaticity %.3f %.3f %.3f, oracle "
            "%.3f %.3f %.3f\n",
            thickness[c - 1], ratio.r, ratio.g, ratio.b, hue[c - 1].r, hue[c - 1].g, hue[c - 1].b,
            expected.r, expected.g, expected.b);
        // The centre disc spans n . v from 1 to 0.99 and 8-bit sRGB holds these dark values to
        // ~2%: the chromaticity within 0.035 of the oracle's at normal incidence (measured:
        // 0.022 at worst).
        for (int k = 0; k < 3; ++k) EXPECT_NEAR(hue[c - 1][k], expected[k], 0.035f) << c;
    }
    // Each step of 100 nm moves the colour (measured: by 0.09 or more in chromaticity).
    for (int c = 1; c < cols - 1; ++c) {
        EXPECT_GT(glm::length(hue[c] - hue[c - 1]), 0.05f) << thickness[c] << " nm";
    }
}

TEST_F(MaterialExtensionsTest, IridescenceTintsThePunctualLights) {
    // Under the rig (three directional lights and the analytic sky, no environment map) a black
    // dielectric's highlights are the lights' colours; a film of 400 nm tints them. The
    // brightest pixel within 0.8 of the radius is a light's highlight (the grazing rim, where
    // the film's Fresnel goes to 1 as any Fresnel does, is left out); exposure 0.1 keeps the
    // highlights from clipping to white.
    const auto sphere = [](bool film) {
        return fixtures::sphereGrid(1, 1, [film](int, int) {
            const morph::Material m = fixtures::plainMaterial(0.0f, 0.3f);
            return film ? withFilm(m, 400.0f) : m;
        });
    };
    const auto shootRig = [&](const morph::Scene& scene) {
        auto gpu = renderer::GpuScene::upload(scene);
        EXPECT_TRUE(gpu.ok());
        renderer::ShotSpec shot;
        shot.width = shot.height = 128;
        shot.environment = nullptr;  // the rig
        shot.background = glm::vec3(1.0f, 0.0f, 1.0f);
        shot.exposure = 0.1f;
        shot.toneMapping = renderer::ToneMapping::None;
        auto image = capturer().capture(*gpu, shot);
        EXPECT_TRUE(image.ok());
        return image.ok() ? std::move(image).value() : morph::RgbaImage{};
    };
    const auto brightest = [](const morph::RgbaImage& image) {
        const GridLayout g = fixtures::gridLayout(image, 1, 1, kBackground);
        const glm::vec2 centre = g.centre(0, 0);
        const float reach = 0.8f * g.radius();
        glm::vec3 best(0.0f);
        for (int y = 0; y < image.height; ++y) {
            for (int x = 0; x < image.width; ++x) {
                const glm::vec2 d = glm::vec2(float(x) + 0.5f, float(y) + 0.5f) - centre;
                if (glm::dot(d, d) > reach * reach) continue;
                const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
                const glm::vec3 c(p[0], p[1], p[2]);
                if (c.r + c.g + c.b > best.r + best.g + best.b) best = c;
            }
        }
        return best / std::max(best.r + best.g + best.b, 1.0f);
    };
    const glm::vec3 plain = brightest(shootRig(sphere(false)));
    const glm::vec3 film = brightest(shootRig(sphere(true)));
    std::printf("rig highlight chromaticity: plain %.3f %.3f %.3f, film %.3f %.3f %.3f\n", plain.r,
                plain.g, plain.b, film.r, film.g, film.b);
    // Measured: the plain highlight grey (0.34, 0.33, 0.33), the film's teal (0, 0.49, 0.51).
    EXPECT_LT(glm::length(plain - glm::vec3(1.0f / 3.0f)), 0.05f);
    EXPECT_GT(glm::length(film - plain), 0.2f);
}

// A 2 x 2 black quad facing the camera with one two-texel texture (NEAREST) in the film's
// thickness slot (`thickness`) or in its strength slot: left texel R 255, G 0; right R 0, G 255.
// A film of 0 to 400 nm, so only a texture read from G thins the left half to nothing (as
// would a strength read from R the right half).
morph::Scene filmTextureQuad(bool thickness) {
    morph::Material m = withFilm(fixtures::plainMaterial(0.0f, 0.3f), 400.0f);
    (thickness ? m.iridescence.thicknessTexture : m.iridescence.texture).texture = 0;
    return fixtures::quadScene(m, twoTexels({255, 0, 0, 255}, {0, 255, 0, 255}));
}

TEST_F(MaterialExtensionsTest, IridescenceTexturesFollowTheirChannels) {
    // Mean linear colour of the quad's left and right thirds (rows 40..55 of 96).
    const auto halves = [&](const morph::Scene& scene) {
        const morph::RgbaImage image = shoot(scene, 96);
        glm::vec3 sum[2] = {glm::vec3(0.0f), glm::vec3(0.0f)};
        for (int y = 40; y < 56; ++y) {
            for (int side = 0; side < 2; ++side) {
                for (int x = side == 0 ? 24 : 56; x < (side == 0 ? 40 : 72); ++x) {
                    for (int k = 0; k < 3; ++k) {
                        sum[side][k] += fixtures::srgbToLinear(
                            image.pixels[(size_t(y) * 96 + size_t(x)) * 4 + size_t(k)] / 255.0f);
                    }
                }
            }
        }
        return std::pair<glm::vec3, glm::vec3>(sum[0] / 256.0f, sum[1] / 256.0f);
    };
    const auto chroma = [](glm::vec3 c) { return c / (c.r + c.g + c.b); };
    morph::Material bare = fixtures::plainMaterial(0.0f, 0.3f);
    const auto [plainLeft, plainRight] = halves(fixtures::quadScene(withSpecular(bare, 1.0f)));
    const auto [fullLeft, fullRight] = halves(fixtures::quadScene(withFilm(bare, 400.0f)));
    const auto [thinLeft, thinRight] = halves(filmTextureQuad(true));
    const auto [weakLeft, weakRight] = halves(filmTextureQuad(false));
    std::printf("quad chromaticity: plain %.3f %.3f %.3f, film %.3f %.3f %.3f\n",
                chroma(plainLeft).r, chroma(plainLeft).g, chroma(plainLeft).b, chroma(fullLeft).r,
                chroma(fullLeft).g, chroma(fullLeft).b);
    ASSERT_GT(glm::length(chroma(fullLeft) - chroma(plainLeft)), 0.05f) << "the film shows";
    // Thickness from G: 0 on the left (no film), the maximum on the right.
    EXPECT_LT(glm::length(thinLeft - plainLeft), 0.002f);
    EXPECT_LT(glm::length(thinRight - fullRight), 0.002f);
    // Strength from R: the film on the left, none on the right.
    EXPECT_LT(glm::length(weakLeft - fullLeft), 0.002f);
    EXPECT_LT(glm::length(weakRight - plainRight), 0.002f);
}

TEST_F(MaterialExtensionsTest, EveryFeatureTogetherDropsInTheDocumentedOrder) {
    // All six: 7 core units + 2 + 3 + 4 + 2 + 2 (transmission: its texture and the pass) + 1
    // (the volume's thickness) = 21, within llvmpipe's 32. Past a limit they go in
    // renderer::kFeatureDropOrder: iridescence, volume, sheen, transmission, clearcoat, specular.
    morph::Scene scene = fixtures::sphereGrid(1, 1, [](int, int) {
        morph::Material m = withFilm(withSpecular(fixtures::plainMaterial(0.5f, 0.5f), 0.5f), 400);
        m.name = "everything";
        m.clearcoat.present = true;
        m.clearcoat.factor = 1.0f;
        m.sheen.present = true;
        m.sheen.colorFactor = glm::vec3(0.5f);
        m.transmission = {true, 1.0f, {}};
        m.volume.present = true;
        m.volume.thicknessFactor = 0.5f;
        return m;
    });
    using renderer::kFeatureClearcoat, renderer::kFeatureIridescence, renderer::kFeatureSheen,
        renderer::kFeatureSpecular, renderer::kFeatureTransmission, renderer::kFeatureVolume;
    const uint32_t all = kFeatureSpecular | kFeatureClearcoat | kFeatureSheen |
                         kFeatureIridescence | kFeatureTransmission | kFeatureVolume;
    struct Case {
        uint32_t units;
        uint32_t features;
        std::vector<std::string> dropped;
    };
    const Case cases[] = {
        {21, all, {}},
        {20, all & ~kFeatureIridescence, {"iridescence"}},
        {18, all & ~(kFeatureIridescence | kFeatureVolume), {"iridescence", "volume"}},
        // Sheen's four go before the transmission's two: 7 + 2 + 3 + 2 = 14.
        {16,
         kFeatureSpecular | kFeatureClearcoat | kFeatureTransmission,
         {"iridescence", "volume", "sheen"}},
        {13,
         kFeatureSpecular | kFeatureClearcoat,
         {"iridescence", "volume", "sheen", "transmission"}},
        {9, kFeatureSpecular, {"iridescence", "volume", "sheen", "transmission", "clearcoat"}},
    };
    renderer::UploadOptions options;
    renderer::GpuLimits limits = renderer::GpuLimits::query();
    for (const Case& c : cases) {
        limits.maxFragmentTextureUnits = c.units;
        options.limits = limits;
        auto gpu = renderer::GpuScene::upload(scene, options);
        ASSERT_TRUE(gpu.ok());
        EXPECT_EQ(gpu->materials()[0].features, c.features) << c.units << " units";
        ASSERT_EQ(gpu->notes().size(), c.dropped.size()) << c.units << " units";
        for (size_t i = 0; i < c.dropped.size(); ++i) {
            EXPECT_NE(gpu->notes()[i].find("KHR_materials_" + c.dropped[i] + " dropped"),
                      std::string::npos)
                << c.units << " units: " << gpu->notes()[i];
        }
    }
    // Everything fits llvmpipe's (and desktop GPUs') 32 units, and the variant with all six
    // builds: the full program a failed variant falls back to has no feature's samplers.
    auto full = renderer::GpuScene::upload(scene);
    ASSERT_TRUE(full.ok());
    if (renderer::GpuLimits::query().maxFragmentTextureUnits >= 21) {
        EXPECT_EQ(full->materials()[0].features, all);
        EXPECT_TRUE(full->notes().empty());
        auto made = renderer::SceneRenderer::create();
        ASSERT_TRUE(made.ok()) << made.error().message;
        const renderer::gl::Program& program = made->program(
            full->meshes()[0].primitives[0].buffers.attributeMask(), full->materials()[0]);
        for (const char* sampler :
             {"uSheenAlbedo", "uSheenEnvironment", "uTransmissionFramebuffer"}) {
            EXPECT_NE(glGetProgramResourceIndex(program.id(), GL_UNIFORM, sampler),
                      GL_INVALID_INDEX)
                << sampler;
        }
    }
}

}  // namespace

}  // namespace material_extensions_gl_test
