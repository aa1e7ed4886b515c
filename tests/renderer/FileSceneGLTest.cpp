// The file's own scene drawn, through renderer::Capturer as `capture` draws it:
// KHR_lights_punctual lights (the point light's range, the spot's cone, the directional, the
// light choice), the file's cameras (perspective with an infinite far plane, orthographic) and
// the scene a frame shows. The expected pixels are worked out by hand from the fixtures' numbers
// (tests/fixtures/SceneFixtures.h), not from the code under test.
#include <cmath>
#include <cstdlib>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "GlFixture.h"
#include "fixtures/SceneFixtures.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/scene/Capture.h"

namespace file_scene_gl_test {

namespace {

using testing::HasSubstr;

struct Loaded {
    morph::Scene scene;
    renderer::GpuScene gpu;
};

Loaded load(const fixtures::SceneBytes& bytes, const std::string& name) {
    auto scene = morph::importGltfMemory(bytes, name, "");
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    if (!scene.ok()) return {};
    auto gpu = renderer::GpuScene::upload(*scene);
    EXPECT_TRUE(gpu.ok()) << gpu.error().message;
    if (!gpu.ok()) return {};
    return {std::move(scene).value(), std::move(gpu).value()};
}

glm::ivec3 pixel(const morph::RgbaImage& image, int x, int y) {
    const uint8_t* p = &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
}

// Channel c exceeds both others by 40 levels: that colour's cube, lit, not the grey background.
bool dominant(const glm::ivec3& p, int c) {
    return p[c] > p[(c + 1) % 3] + 40 && p[c] > p[(c + 2) % 3] + 40;
}
bool background(const glm::ivec3& p) {
    return std::abs(p.r - 46) <= 3 && std::abs(p.g - 48) <= 3 && std::abs(p.b - 54) <= 3;
}

class FileSceneGLTest : public fixtures::GlTest {
protected:
    morph::RgbaImage shoot(const renderer::GpuScene& gpu, renderer::ShotSpec shot) {
        if (!mCapturer.ok()) mCapturer = renderer::Capturer::create();
        EXPECT_TRUE(mCapturer.ok()) << mCapturer.error().message;
        auto image = mCapturer->capture(gpu, shot);
        EXPECT_TRUE(image.ok()) << (image.ok() ? "" : image.error().message);
        return image.ok() ? std::move(image).value() : morph::RgbaImage{};
    }

    // The cameras fixture's file camera `index` in a shot `width` wide and 256 high.
    morph::RgbaImage shootFileCamera(const renderer::GpuScene& gpu, int index, int width = 256) {
        renderer::ShotSpec shot;
        shot.width = width;
        shot.height = 256;
        shot.camera = renderer::fileCameraView(index);
        return shoot(gpu, shot);
    }

    morph::Result<renderer::Capturer> mCapturer = morph::Error{morph::ErrorCode::Usage, ""};
};

// Where world point p (on the floor) lands in a 256x256 "top" shot of the lights fixture: the
// camera the capture frames on the floor's box, projected here.
glm::ivec2 floorPixel(const renderer::GpuScene& gpu, const glm::vec3& p) {
    morph::FramePose frame = morph::resolveFrame(gpu.layout(), {});
    const renderer::Camera camera =
        renderer::frameCamera(gpu.bounds(frame), renderer::orbitView(0, 90), 1.0f);
    const glm::vec4 clip = camera.projection(1.0f) * camera.view() * glm::vec4(p, 1.0f);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {int((ndc.x + 1.0f) * 128.0f), int((1.0f - ndc.y) * 128.0f)};
}

// A `size` square shot of the lights fixture's floor from the top, under the rig's dim analytic
// sky (no environment), so each punctual light's contribution stands out from a known floor:
// the studio's softboxes nearly saturate it.
renderer::ShotSpec floorFromTheTop(int size) {
    renderer::ShotSpec shot;
    shot.width = shot.height = size;
    shot.camera = renderer::orbitView(0, 90);  // top
    shot.environment = nullptr;                // the rig
    return shot;
}

TEST_F(FileSceneGLTest, PointRangeSpotConeAndDirectionalLightTheFloor) {
    Loaded l = load(fixtures::lightsFixture(), "lights.glb");
    const morph::RgbaImage image = shoot(l.gpu, floorFromTheTop(256));
    ASSERT_TRUE(image.valid());
    auto at = [&](float x) {
        const glm::ivec2 p = floorPixel(l.gpu, glm::vec3(x, 0.0f, 0.0f));
        return pixel(image, p.x, p.y);
    };
    // Lit by the blue directional and the environment only: beyond the red light's range
    // (x = -2.8: 1.39 from the lamp > 1.2) and outside the green cone (x = 2.8 and 2.0: 0.46
    // rad off the spot's axis > 0.4). Without the range window the red lamp would still add
    // 1 / 1.39^2 * cos = 0.19 of its colour there, tens of levels.
    const glm::ivec3 unlitLeft = at(-2.8f), unlitRight = at(2.8f), outsideCone = at(2.0f);
    for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(unlitLeft[c], unlitRight[c], 3) << "channel " << c;
        EXPECT_NEAR(outsideCone[c], unlitRight[c], 3) << "channel " << c;
    }
    EXPECT_GT(unlitRight.b, unlitRight.r + 10);  // the blue directional
    // Under the red lamp (0.5 above the floor): red.
    const glm::ivec3 underLamp = at(-1.5f);
    EXPECT_GT(underLamp.r, unlitRight.r + 60);
    EXPECT_NEAR(underLamp.g, unlitRight.g, 3);
    // Under the spot and inside its inner cone (0.24 rad off axis < 0.3): green.
    const glm::ivec3 underSpot = at(1.5f), insideInner = at(1.75f);
    EXPECT_GT(underSpot.g, unlitRight.g + 60);
    EXPECT_NEAR(insideInner.g, underSpot.g, 12);  // full strength, only 1/d^2 and cos differ
    EXPECT_NEAR(underSpot.r, unlitRight.r, 3);
}

TEST_F(FileSceneGLTest, LightChoiceAutoIsTheFileNoneIsTheEnvironmentOnly) {
    Loaded l = load(fixtures::lightsFixture(), "lights.glb");
    // Without an environment, where auto means the file's lights else the rig (under one, auto
    // is the file's lights else none: SceneRenderer::writeFrameBlocks).
    renderer::ShotSpec shot = floorFromTheTop(64);
    const morph::RgbaImage automatic = shoot(l.gpu, shot);
    shot.lights = renderer::DirectLights::File;
    const morph::RgbaImage file = shoot(l.gpu, shot);
    shot.lights = renderer::DirectLights::None;
    const morph::RgbaImage none = shoot(l.gpu, shot);
    shot.lights = renderer::DirectLights::Rig;
    const morph::RgbaImage rig = shoot(l.gpu, shot);
    shot.lights = renderer::DirectLights::Both;
    const morph::RgbaImage both = shoot(l.gpu, shot);
    EXPECT_EQ(automatic.pixels, file.pixels);  // the file has lights: auto takes them
    const glm::ivec3 centre = pixel(none, 32, 32), lit = pixel(file, 32, 32);
    EXPECT_GT(lit.b, centre.b + 10);                 // the directional adds blue everywhere
    EXPECT_GT(pixel(rig, 32, 32).r, centre.r + 20);  // the white rig brightens every channel
    EXPECT_GE(pixel(both, 32, 32).r, pixel(rig, 32, 32).r);
    EXPECT_GE(pixel(both, 32, 32).b, pixel(file, 32, 32).b);
}

TEST_F(FileSceneGLTest, PerspectiveFileCameraKeepsYfovAtAnyAspect) {
    Loaded l = load(fixtures::camerasFixture(), "cameras.glb");
    const morph::RgbaImage image = shootFileCamera(l.gpu, 0);
    ASSERT_TRUE(image.valid());
    // From (0, 0, 6) with yfov 0.8: the green cube's front face (z = 0.5, 5.5 away) spans
    // 0.5 / (5.5 tan 0.4) = 0.215 of the half-height: 27.5 pixels either side of the centre.
    EXPECT_TRUE(dominant(pixel(image, 128, 128), 1));
    EXPECT_TRUE(dominant(pixel(image, 128, 128 - 24), 1));
    EXPECT_TRUE(background(pixel(image, 128, 128 - 31)));
    EXPECT_TRUE(background(pixel(image, 128 + 31, 128)));
    // Red at x = -1.5: -1.5 / (5.5 tan 0.4) = -0.645, pixel 45; blue at (1.5, 0, -1.5), front
    // face 7 away: 1.5 / (7 tan 0.4) = 0.507, pixel 193.
    EXPECT_TRUE(dominant(pixel(image, 45, 128), 0));
    EXPECT_TRUE(dominant(pixel(image, 193, 128), 2));
    // 384x256 (the file's aspectRatio 1.5, which is not used): the same vertical field, so the
    // green face spans the same 27.5 pixels up and down, and across.
    const morph::RgbaImage wide = shootFileCamera(l.gpu, 0, 384);
    EXPECT_TRUE(dominant(pixel(wide, 192, 128 - 24), 1));
    EXPECT_TRUE(background(pixel(wide, 192, 128 - 31)));
    EXPECT_TRUE(dominant(pixel(wide, 192 + 24, 128), 1));
    EXPECT_TRUE(background(pixel(wide, 192 + 31, 128)));
}

TEST_F(FileSceneGLTest, OrthographicFileCameraHasNoPerspective) {
    Loaded l = load(fixtures::camerasFixture(), "cameras.glb");
    const morph::RgbaImage image = shootFileCamera(l.gpu, 1);
    ASSERT_TRUE(image.valid());
    // From +X looking down -X, ymag 2: world z maps to image x as -z / 2. The green cube
    // (z in [-0.5, 0.5]) covers pixels 96..160 whatever its distance; the red one behind it is
    // hidden; the blue one (z in [-2, -1]) covers 192..256.
    EXPECT_TRUE(dominant(pixel(image, 128, 128), 1));
    EXPECT_TRUE(dominant(pixel(image, 100, 128), 1));
    EXPECT_TRUE(dominant(pixel(image, 156, 100), 1));
    EXPECT_TRUE(background(pixel(image, 91, 128)));
    EXPECT_TRUE(background(pixel(image, 128, 91)));
    EXPECT_TRUE(dominant(pixel(image, 224, 128), 2));
    EXPECT_TRUE(dominant(pixel(image, 197, 128), 2));
    EXPECT_TRUE(background(pixel(image, 187, 128)));
    for (int x = 0; x < 256; x += 4) EXPECT_FALSE(dominant(pixel(image, x, 128), 0)) << x;
}

TEST_F(FileSceneGLTest, FileCameraOutOfRangeNamesTheFileAndTheCount) {
    Loaded l = load(fixtures::camerasFixture(), "cameras.glb");
    renderer::ShotSpec shot;
    shot.camera = renderer::fileCameraView(2);
    auto checked = renderer::checkShot(l.gpu.layout(), shot);
    ASSERT_FALSE(checked.ok());
    EXPECT_EQ(checked.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(checked.error().message, "cameras.glb has 2 cameras (file:0 to file:1)");
    if (!mCapturer.ok()) mCapturer = renderer::Capturer::create();
    auto image = mCapturer->capture(l.gpu, shot);
    EXPECT_FALSE(image.ok());
}

TEST_F(FileSceneGLTest, EachSceneDrawsAndFramesOnlyItsNodes) {
    Loaded l = load(fixtures::twoScenesFixture(), "two.glb");
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    auto count = [](const morph::RgbaImage& image, int c) {
        int n = 0;
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x) n += dominant(pixel(image, x, y), c);
        return n;
    };
    shot.scene = 0;
    const morph::RgbaImage red = shoot(l.gpu, shot);
    shot.scene = 1;
    const morph::RgbaImage blue = shoot(l.gpu, shot);
    shot.scene = -1;
    const morph::RgbaImage byDefault = shoot(l.gpu, shot);
    EXPECT_GT(count(red, 0), 2000);  // framed on the red cube alone: it fills the view
    EXPECT_EQ(count(red, 2), 0);
    EXPECT_TRUE(dominant(pixel(red, 64, 64), 0));
    EXPECT_GT(count(blue, 2), 2000);
    EXPECT_EQ(count(blue, 0), 0);
    EXPECT_EQ(byDefault.pixels, blue.pixels);  // "scene": 1 is the default
    shot.scene = 2;
    auto checked = renderer::checkShot(l.gpu.layout(), shot);
    ASSERT_FALSE(checked.ok());
    EXPECT_EQ(checked.error().message, "scene 2: two.glb has 2 scenes (0 to 1)");
}

}  // namespace

}  // namespace file_scene_gl_test
