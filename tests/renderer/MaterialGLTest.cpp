// glTF material rules on a code-built quad (2 x 2 units facing +Z, seen from the front), each
// with a pixel-level expectation: texture orientation (glTF UV origin is the image's top left),
// KHR_texture_transform, MASK and BLEND, back-face culling and double-sided, mirrored nodes,
// vertex colours, emissive, flat normals, and normal maps with and without TANGENT.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "SphereGrid.h"
#include "morph/image/ImageCompare.h"
#include "renderer/gl/Program.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/SceneRenderer.h"

namespace material_gl_test {

namespace {

constexpr int kSize = 96;

struct Rgb {
    int r, g, b;
};

class MaterialTest : public fixtures::GlTest {
protected:
    static renderer::Capturer& capturer() { return fixtures::sharedCapturer(); }

    morph::RgbaImage shoot(const morph::Scene& scene,
                           const renderer::CameraView& camera = renderer::CameraView{},
                           glm::vec3 background = glm::vec3(0.2f, 0.2f, 0.2f)) {
        auto gpu = renderer::GpuScene::upload(scene);
        EXPECT_TRUE(gpu.ok());
        if (!gpu.ok()) return {};
        renderer::ShotSpec shot;
        shot.width = shot.height = kSize;
        shot.camera = camera;
        shot.background = background;
        auto image = capturer().capture(*gpu, shot);
        EXPECT_TRUE(image.ok()) << (image.ok() ? "" : image.error().message);
        return image.ok() ? std::move(image).value() : morph::RgbaImage{};
    }
};

Rgb pixel(const morph::RgbaImage& image, double fx, double fy) {
    const int x = int(fx * image.width), y = int(fy * image.height);
    const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
}

bool isBackground(const Rgb& p, int level) {
    return p.r == level && p.g == level && p.b == level;
}
constexpr int kBackgroundLevel = 51;  // 0.2 * 255

// One quad, one material (index 0), optionally one 2x2 image (texture 0, sampler 0: NEAREST).
morph::Scene quad(const morph::Material& material, bool withImage = false) {
    morph::Image image;
    if (withImage) {
        image.width = image.height = 2;
        // Top row: red, green. Bottom row: blue, white.
        image.rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    }
    return fixtures::quadScene(material, image);
}

morph::Material dielectric(glm::vec4 color = glm::vec4(1.0f)) {
    morph::Material m;
    m.baseColorFactor = color;
    m.metallicFactor = 0;
    m.roughnessFactor = 0.6f;
    return m;
}

void expectDominant(const Rgb& p, char channel) {
    const int value = channel == 'r' ? p.r : channel == 'g' ? p.g : p.b;
    const int others = channel == 'r'   ? std::max(p.g, p.b)
                       : channel == 'g' ? std::max(p.r, p.b)
                                        : std::max(p.r, p.g);
    EXPECT_GT(value, others + 60) << channel << ": " << p.r << "," << p.g << "," << p.b;
}

TEST_F(MaterialTest, BaseColorTextureKeepsGltfUvOrientation) {
    morph::Material m = dielectric();
    m.baseColorTexture.texture = 0;
    const morph::RgbaImage image = shoot(quad(m, true));
    ASSERT_TRUE(image.valid());
    expectDominant(pixel(image, 0.36, 0.36), 'r');  // top left
    expectDominant(pixel(image, 0.64, 0.36), 'g');  // top right
    expectDominant(pixel(image, 0.36, 0.64), 'b');  // bottom left
    const Rgb white = pixel(image, 0.64, 0.64);
    EXPECT_GT(std::min({white.r, white.g, white.b}), 120);
}

TEST_F(MaterialTest, TextureTransformOffsetsTheLookup) {
    morph::Material m = dielectric();
    m.baseColorTexture.texture = 0;
    m.baseColorTexture.transform.present = true;
    m.baseColorTexture.transform.offset = {0.5f, 0.0f};  // REPEAT: columns swap
    const morph::RgbaImage image = shoot(quad(m, true));
    ASSERT_TRUE(image.valid());
    expectDominant(pixel(image, 0.36, 0.36), 'g');
    expectDominant(pixel(image, 0.64, 0.36), 'r');
}

TEST_F(MaterialTest, MaskCutsBelowTheCutoff) {
    morph::Material m = dielectric({0.9f, 0.9f, 0.9f, 0.3f});
    m.alphaMode = morph::AlphaMode::Mask;
    m.alphaCutoff = 0.5f;
    EXPECT_TRUE(isBackground(pixel(shoot(quad(m)), 0.5, 0.5), kBackgroundLevel));
    m.alphaCutoff = 0.25f;
    EXPECT_FALSE(isBackground(pixel(shoot(quad(m)), 0.5, 0.5), kBackgroundLevel));
}

TEST_F(MaterialTest, OpaqueIgnoresAlphaAndBlendMixesWithTheBackground) {
    const glm::vec3 black(0.0f);
    morph::Material m = dielectric({0.2f, 0.9f, 0.2f, 0.5f});
    const Rgb opaque = pixel(shoot(quad(m), renderer::CameraView{}, black), 0.5, 0.5);
    m.alphaMode = morph::AlphaMode::Blend;
    const Rgb blended = pixel(shoot(quad(m), renderer::CameraView{}, black), 0.5, 0.5);
    EXPECT_GT(opaque.g, 100);
    // Straight alpha over black: half of the opaque display value (+-2 levels of rounding).
    EXPECT_NEAR(blended.g, opaque.g * 0.5, 2.0) << opaque.g;
}

TEST_F(MaterialTest, BackFacesAreCulledUnlessDoubleSided) {
    morph::Material m = dielectric();
    EXPECT_TRUE(isBackground(pixel(shoot(quad(m), renderer::orbitView(180, 0)), 0.5, 0.5),
                             kBackgroundLevel));
    m.doubleSided = true;
    const Rgb back = pixel(shoot(quad(m), renderer::orbitView(180, 0)), 0.5, 0.5);
    EXPECT_FALSE(isBackground(back, kBackgroundLevel));
    // Lit as a front face (the normal flips): as bright as the front seen from the front, give
    // or take the view-dependent rig, not dark.
    EXPECT_GT(back.g, 90);
}

TEST_F(MaterialTest, MirroredNodesKeepTheirFrontFaces) {
    morph::Scene scene = quad(dielectric());
    scene.nodes[0].scale = {-1.0f, 1.0f, 1.0f};  // glTF 2.0 3.7.4: the winding flips
    EXPECT_FALSE(isBackground(pixel(shoot(scene), 0.5, 0.5), kBackgroundLevel));
    EXPECT_TRUE(
        isBackground(pixel(shoot(scene, renderer::orbitView(180, 0)), 0.5, 0.5), kBackgroundLevel));
}

TEST_F(MaterialTest, VertexColorsMultiplyTheBaseColor) {
    morph::Scene scene = quad(dielectric());
    scene.meshes[0].primitives[0].colors.assign(4, glm::vec4(0.1f, 0.1f, 1.0f, 1.0f));
    expectDominant(pixel(shoot(scene), 0.5, 0.5), 'b');
}

TEST_F(MaterialTest, EmissiveGlowsWithoutLight) {
    morph::Material m = dielectric({0.0f, 0.0f, 0.0f, 1.0f});
    m.emissiveFactor = {0.0f, 1.0f, 0.0f};
    const Rgb p = pixel(shoot(quad(m)), 0.5, 0.5);
    EXPECT_GT(p.g, 200);
    EXPECT_LT(std::max(p.r, p.b), 40);
}

TEST_F(MaterialTest, MissingNormalsGiveFlatShading) {
    morph::Scene scene = quad(dielectric());
    const Rgb smooth = pixel(shoot(scene), 0.5, 0.5);
    scene.meshes[0].primitives[0].normals.clear();
    const Rgb flat = pixel(shoot(scene), 0.5, 0.5);
    // The face normal of this quad is its vertex normal: the same light.
    EXPECT_NEAR(flat.r, smooth.r, 2);
    EXPECT_NEAR(flat.g, smooth.g, 2);
}

TEST_F(MaterialTest, NormalMapsTiltTheSurfaceWithOrWithoutTangents) {
    // Mid gray, so no channel saturates in the tone curve.
    morph::Scene scene = quad(dielectric({0.3f, 0.3f, 0.3f, 1.0f}), true);
    scene.samplers[0].magFilter = scene.samplers[0].minFilter = 0;
    scene.materials[0].normalTexture.texture = 0;
    auto fill = [&](uint8_t x) {  // a uniform normal map leaning along tangent-space X
        const uint8_t texel[4] = {x, 128, 218, 255};
        for (int i = 0; i < 4; ++i)
            std::copy(texel, texel + 4, &scene.images[0].rgba[size_t(i) * 4]);
    };
    fill(218);  // (0.71, 0, 0.71): towards +u, which runs to the right on this quad
    const morph::RgbaImage right = shoot(scene);  // no TANGENT: the frame from UV derivatives
    scene.meshes[0].primitives[0].tangents.assign(4, glm::vec4(1, 0, 0, 1));
    const morph::RgbaImage rightGiven = shoot(scene);
    fill(38);  // (-0.71, 0, 0.71): towards -u
    const morph::RgbaImage left = shoot(scene);

    // The key light comes from the upper right: a surface leaning right is brighter.
    EXPECT_GT(pixel(right, 0.5, 0.5).g, pixel(left, 0.5, 0.5).g + 15);
    morph::CompareTolerance close;
    close.maxChannelDiff = 3;  // the same frame, up to derivative rounding
    close.maxDifferingFraction = 0.01;
    const morph::ImageDifference d = morph::compareImages(right, rightGiven, close);
    EXPECT_TRUE(d.withinTolerance) << morph::summaryLine(d, right, rightGiven, close);
}

// Whether the linked program still reads vertex attribute `name`: a varying the fragment
// stage does not read is dropped by the linker, and with it the attribute that only fed it.
bool reads(const renderer::gl::Program& program, const char* name) {
    return glGetProgramResourceIndex(program.id(), GL_PROGRAM_INPUT, name) != GL_INVALID_INDEX;
}

TEST_F(MaterialTest, VariantsDropTheVaryingsNothingReads) {
    // A quad exported as most meshes are, with tangents and two UV sets.
    morph::Scene scene = quad(dielectric(), true);
    scene.meshes[0].primitives[0].tangents.assign(4, glm::vec4(1, 0, 0, 1));
    morph::Material untextured = dielectric();
    morph::Material baseOnSet1 = dielectric();
    baseOnSet1.baseColorTexture.texture = 0;
    baseOnSet1.baseColorTexture.texCoord = 1;
    morph::Material normalMapped = dielectric();
    normalMapped.normalTexture.texture = 0;
    morph::Material transformedToSet0 = baseOnSet1;  // KHR_texture_transform's texCoord wins
    transformedToSet0.baseColorTexture.transform.present = true;
    transformedToSet0.baseColorTexture.transform.texCoord = 0;
    scene.materials = {untextured, baseOnSet1, normalMapped, transformedToSet0};

    auto gpu = renderer::GpuScene::upload(scene);
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    auto made = renderer::SceneRenderer::create();
    ASSERT_TRUE(made.ok()) << made.error().message;
    renderer::SceneRenderer& drawer = made.value();
    const uint32_t mask = gpu->meshes()[0].primitives[0].buffers.attributeMask();
    const auto& materials = gpu->materials();

    const renderer::gl::Program& plain = drawer.program(mask, materials[0]);
    EXPECT_TRUE(reads(plain, "aNormal"));
    EXPECT_FALSE(reads(plain, "aTangent"));
    EXPECT_FALSE(reads(plain, "aTexCoord0"));
    EXPECT_FALSE(reads(plain, "aTexCoord1"));

    const renderer::gl::Program& set1 = drawer.program(mask, materials[1]);
    EXPECT_FALSE(reads(set1, "aTexCoord0"));
    EXPECT_TRUE(reads(set1, "aTexCoord1"));
    EXPECT_FALSE(reads(set1, "aTangent"));

    const renderer::gl::Program& mapped = drawer.program(mask, materials[2]);
    EXPECT_TRUE(reads(mapped, "aTangent"));
    EXPECT_TRUE(reads(mapped, "aTexCoord0"));

    const renderer::gl::Program& transformed = drawer.program(mask, materials[3]);
    EXPECT_TRUE(reads(transformed, "aTexCoord0"));
    EXPECT_FALSE(reads(transformed, "aTexCoord1"));
}

}  // namespace

}  // namespace material_gl_test
