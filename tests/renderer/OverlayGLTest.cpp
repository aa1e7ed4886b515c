// The viewer's overlays (renderer/OverlayRenderer): the heat map of a known displacement gives
// the ramp's colours at known pixels (current weights, and a target shown on its own), the ghost
// is the unmorphed mesh blended over the frame, the normals are lines along the MORPHED normals.
// A code-built quad facing the camera, so every covered pixel faces it squarely (no shading
// falloff) and the expected colours are exact.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "fixtures/Fixtures.h"
#include "morph/anim/Animate.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/OverlayRenderer.h"
#include "renderer/scene/SceneRenderer.h"

namespace overlay_gl_test {

namespace {

constexpr int kSize = 64;
const glm::vec3 kBackground(0.2f);

struct Rgb {
    int r, g, b;
};

Rgb toRgb(const glm::vec3& c) {
    return {int(std::lround(c.r * 255)), int(std::lround(c.g * 255)), int(std::lround(c.b * 255))};
}

Rgb pixel(const morph::RgbaImage& image, int x, int y) {
    const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
}

// 8-bit rounding of the ramp's float mix, and of blending: within 2 of the exact value.
constexpr int kTolerance = 2;
::testing::AssertionResult near(const Rgb& actual, const Rgb& expected) {
    if (std::abs(actual.r - expected.r) <= kTolerance &&
        std::abs(actual.g - expected.g) <= kTolerance &&
        std::abs(actual.b - expected.b) <= kTolerance) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "got " << actual.r << "," << actual.g << "," << actual.b << " expected " << expected.r
           << "," << expected.g << "," << expected.b;
}

// The quad [-h, h]^2 at z = 0, normals `normal`. T0 moves every vertex by `t0`; T1 moves the
// top edge (y = +h) up by 0.5.
morph::Scene quadScene(float h, glm::vec3 normal, glm::vec3 t0) {
    morph::Primitive p;
    p.positions = {{-h, -h, 0}, {h, -h, 0}, {h, h, 0}, {-h, h, 0}};
    p.normals.assign(4, normal);
    p.indices = {0, 1, 2, 0, 2, 3};
    morph::MorphTarget a, b;
    a.set(morph::MorphChannel::Position, std::vector<glm::vec4>(4, glm::vec4(t0, 0)));
    b.set(morph::MorphChannel::Position,
          std::vector<glm::vec4>{glm::vec4(0), glm::vec4(0), {0, 0.5f, 0, 0}, {0, 0.5f, 0, 0}});
    p.targets = {a, b};
    morph::Mesh mesh;
    mesh.primitives.push_back(p);
    mesh.targetNames = {"push", "lift"};
    mesh.defaultWeights = {0, 0};
    return fixtures::oneMeshScene(std::move(mesh), "quad");
}

class OverlayTest : public fixtures::GlTest {
protected:
    // Camera on +Z looking at the origin; the quad's centre is the image's centre.
    morph::RgbaImage shoot(const morph::Scene& scene, const std::vector<float>& weights,
                           const renderer::OverlayOptions& options) {
        static auto sceneRenderer = renderer::SceneRenderer::create();
        static auto overlay = renderer::OverlayRenderer::create();
        EXPECT_TRUE(sceneRenderer.ok())
            << (sceneRenderer.ok() ? "" : sceneRenderer.error().message);
        EXPECT_TRUE(overlay.ok()) << (overlay.ok() ? "" : overlay.error().message);
        if (!sceneRenderer.ok() || !overlay.ok()) return {};
        auto gpu = renderer::GpuScene::upload(scene);
        EXPECT_TRUE(gpu.ok());
        // No multisampling: a one-pixel normal line keeps its full colour.
        auto offscreen = renderer::Offscreen::create(kSize, kSize, 0);
        EXPECT_TRUE(offscreen.ok());
        if (!gpu.ok() || !offscreen.ok()) return {};
        std::vector<morph::NodePose> pose = morph::restPose(scene);
        pose[0].weights = weights;
        const renderer::Camera camera = fixtures::cameraOnZ(4);
        renderer::DrawOptions draw;
        draw.background = kBackground;
        draw.morphPath = mScenePath;
        sceneRenderer->draw(*gpu, pose, camera, offscreen->target(), draw);
        overlay->draw(*gpu, pose, camera, offscreen->target(), options);
        const renderer::GpuPrimitive& primitive = gpu->meshes()[0].primitives[0];
        mSceneTextureArray =
            sceneRenderer->state().morph(gpu->nodes().front(), primitive).denseTargets() != nullptr;
        mOverlayTextureArray =
            overlay->state().morph(gpu->nodes().front(), primitive).denseTargets() != nullptr;
        return offscreen->readPixels();
    }

    renderer::MorphPath mScenePath = renderer::MorphPath::Auto;
    bool mSceneTextureArray = false;    // after the last shoot(): the scene renderer built one
    bool mOverlayTextureArray = false;  // the overlay built one
};

TEST_F(OverlayTest, HeatRampEndsAndMiddle) {
    EXPECT_EQ(renderer::heatColor(0.0f), renderer::kHeatRamp.front());
    EXPECT_EQ(renderer::heatColor(1.0f), renderer::kHeatRamp.back());
    EXPECT_EQ(renderer::heatColor(7.0f), renderer::kHeatRamp.back()) << "past the scale stays red";
    EXPECT_EQ(renderer::heatColor(0.5f), renderer::kHeatRamp[2]);
    const glm::vec3 between = renderer::heatColor(0.125f);  // halfway between stops 0 and 1
    EXPECT_NEAR(between.b, 0.5f * (renderer::kHeatRamp[0].b + renderer::kHeatRamp[1].b), 1e-6f);
}

TEST_F(OverlayTest, HeatMapColoursTheDisplacement) {
    // T0 moves the whole quad 0.5 towards the camera: a uniform displacement of 0.5 * weight.
    const morph::Scene scene = quadScene(1.0f, {0, 0, 1}, {0, 0, 0.5f});
    renderer::OverlayOptions options;
    options.heat = true;
    options.heatScale = 1.0f;
    const int c = kSize / 2;
    struct Case {
        float weight;
        float t;  // displacement / scale
    };
    for (const Case& k :
         {Case{0.0f, 0.0f}, Case{1.0f, 0.5f}, Case{1.5f, 0.75f}, Case{2.0f, 1.0f}}) {
        const morph::RgbaImage image = shoot(scene, {k.weight, 0.0f}, options);
        ASSERT_EQ(image.width, kSize);
        EXPECT_TRUE(near(pixel(image, c, c), toRgb(renderer::heatColor(k.t))))
            << "weight " << k.weight;
        EXPECT_TRUE(near(pixel(image, c - 6, c + 5), toRgb(renderer::heatColor(k.t))))
            << "weight " << k.weight;
        EXPECT_TRUE(near(pixel(image, 1, 1), toRgb(kBackground))) << "the corner stays background";
    }
    // One target on its own (the slider under the mouse): the weights the heat map is given win.
    options.heatWeights = {{1.0f, 0.0f}};
    const morph::RgbaImage image = shoot(scene, {0.0f, 0.0f}, options);
    EXPECT_TRUE(near(pixel(image, c, c), toRgb(renderer::heatColor(0.5f))));
}

TEST_F(OverlayTest, HeatMapBuildsNoTextureArrayWhateverTheScenePath) {
    // The overlay has its own morph state and morphs on the cpu path, never building the vs
    // paths' texture array (480 MB for a 50,000 x 300 mesh), nor writing into the scene
    // renderer's outputs. The picture is the same behind every scene path.
    const morph::Scene scene = quadScene(1.0f, {0, 0, 1}, {0, 0, 0.5f});
    renderer::OverlayOptions options;
    options.heat = true;
    const int c = kSize / 2;
    for (renderer::MorphPath path :
         {renderer::MorphPath::CsSparse, renderer::MorphPath::Cpu, renderer::MorphPath::VsActive}) {
        mScenePath = path;
        const morph::RgbaImage image = shoot(scene, {1.5f, 0.0f}, options);
        ASSERT_EQ(image.width, kSize);
        EXPECT_TRUE(near(pixel(image, c, c), toRgb(renderer::heatColor(0.75f))))
            << renderer::morphPathName(path);
        EXPECT_FALSE(mOverlayTextureArray) << renderer::morphPathName(path);
        EXPECT_EQ(mSceneTextureArray, path == renderer::MorphPath::VsActive)
            << renderer::morphPathName(path);
    }
    mScenePath = renderer::MorphPath::Auto;
}

TEST_F(OverlayTest, GhostIsTheUnmorphedMeshBlendedOver) {
    // T0 moves the quad far to the side: only the ghost is left at the centre.
    const morph::Scene scene = quadScene(1.0f, {0, 0, 1}, {20, 0, 0});
    renderer::OverlayOptions options;
    options.ghost = renderer::GhostMode::Translucent;
    options.ghostColor = glm::vec4(1.0f, 0.5f, 0.0f, 0.5f);
    const morph::RgbaImage image = shoot(scene, {1.0f, 0.0f}, options);
    const glm::vec3 expected =
        glm::mix(kBackground, glm::vec3(options.ghostColor), options.ghostColor.a);
    EXPECT_TRUE(near(pixel(image, kSize / 2, kSize / 2), toRgb(expected)));
    EXPECT_TRUE(near(pixel(image, 1, 1), toRgb(kBackground)));
}

// Whether some pixel within one of (x, y) has `color`.
bool found(const morph::RgbaImage& image, int x, int y, const Rgb& color) {
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            if (near(pixel(image, x + dx, y + dy), color)) return true;
        }
    }
    return false;
}

// World (x, y) at z = 0 to the pixel the camera of shoot() puts it on.
std::pair<int, int> toPixel(float x, float y) {
    const renderer::Camera camera = fixtures::cameraOnZ(4);
    const glm::vec4 clip = camera.projection(1.0f) * camera.view() * glm::vec4(x, y, 0, 1);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {int((ndc.x * 0.5f + 0.5f) * kSize), int((0.5f - ndc.y * 0.5f) * kSize)};
}

TEST_F(OverlayTest, NormalsFollowTheMorphedVertices) {
    // Normals pointing up (+Y), 0.3 long, from a 1-wide quad: lines above its top corners.
    const morph::Scene scene = quadScene(0.5f, {0, 1, 0}, {0, 0, 0});
    renderer::OverlayOptions options;
    options.normals = true;
    options.normalLength = 0.3f;
    options.normalColor = {0.0f, 1.0f, 1.0f};
    const Rgb cyan{0, 255, 255};
    const auto rest = toPixel(0.5f, 0.65f), lifted = toPixel(0.5f, 1.15f);
    morph::RgbaImage image = shoot(scene, {0.0f, 0.0f}, options);
    EXPECT_TRUE(found(image, rest.first, rest.second, cyan)) << "a line above the unmorphed corner";
    EXPECT_FALSE(found(image, lifted.first, lifted.second, cyan));
    // "lift" at 1 raises the top edge by 0.5: the lines start from the morphed corners.
    image = shoot(scene, {0.0f, 1.0f}, options);
    EXPECT_TRUE(found(image, lifted.first, lifted.second, cyan))
        << "a line above the morphed corner";
}

}  // namespace

}  // namespace overlay_gl_test
