// Camera presets, framing and the capture option parsers (no GL context needed).
#include <cmath>

#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/Capture.h"

namespace {

using renderer::Aabb;
using renderer::CameraView;

Aabb box(glm::vec3 lo, glm::vec3 hi) {
    Aabb b;
    b.extend(lo);
    b.extend(hi);
    return b;
}

TEST(CameraTest, PresetsFollowGltfAxes) {
    // glTF 2.0 3.4: +Y up, the front faces +Z.
    auto front = renderer::parseCameraView("front");
    ASSERT_TRUE(front.ok());
    const Aabb unit = box(glm::vec3(-1), glm::vec3(1));
    const renderer::Camera f = renderer::frameCamera(unit, *front, 1.0f);
    EXPECT_NEAR(f.eye.x, 0, 1e-5);
    EXPECT_GT(f.eye.z, 1.0f);
    EXPECT_NEAR(f.up.y, 1, 1e-5);

    const renderer::Camera left =
        renderer::frameCamera(unit, *renderer::parseCameraView("left"), 1);
    EXPECT_LT(left.eye.x, -1.0f);
    const renderer::Camera right =
        renderer::frameCamera(unit, *renderer::parseCameraView("right"), 1);
    EXPECT_GT(right.eye.x, 1.0f);
    const renderer::Camera top = renderer::frameCamera(unit, *renderer::parseCameraView("top"), 1);
    EXPECT_GT(top.eye.y, 1.0f);
    // Looking down, the front (+Z) is at the bottom of the image: up is -Z.
    EXPECT_NEAR(top.up.z, -1, 1e-5);
}

TEST(CameraTest, OrbitParsesAzimuthElevationAndDistance) {
    auto view = renderer::parseCameraView("orbit:30,-10,4.5");
    ASSERT_TRUE(view.ok()) << view.error().message;
    EXPECT_FLOAT_EQ(view->azimuthDegrees, 30);
    EXPECT_FLOAT_EQ(view->elevationDegrees, -10);
    ASSERT_TRUE(view->distance.has_value());
    const renderer::Camera c = renderer::frameCamera(box(glm::vec3(0), glm::vec3(2)), *view, 1);
    EXPECT_NEAR(glm::length(c.eye - glm::vec3(1)), 4.5f, 1e-4);
    EXPECT_GT(c.eye.x, 1.0f);  // positive azimuth: to the viewer's right
    EXPECT_LT(c.eye.y, 1.0f);  // negative elevation: below

    for (const char* bad : {"orbit:10", "orbit:a,b", "orbit:1,2,3,4", "orbit:0,95", "orbit:0,0,-1",
                            "back", "", "orbit:1,2,"}) {
        auto parsed = renderer::parseCameraView(bad);
        EXPECT_FALSE(parsed.ok()) << bad;
        if (!parsed.ok()) {
            EXPECT_EQ(parsed.error().code, morph::ErrorCode::Usage) << bad;
            EXPECT_EQ(parsed.error().message.rfind("--camera: ", 0), 0u) << bad;
        }
    }
}

TEST(CameraTest, FramingKeepsTheWholeBoxInView) {
    const Aabb b = box(glm::vec3(-3, 0, -1), glm::vec3(5, 2, 1));
    for (float aspect : {0.5f, 1.0f, 2.0f}) {
        for (const char* name : {"front", "left", "top", "orbit:37,25"}) {
            const renderer::Camera c =
                renderer::frameCamera(b, *renderer::parseCameraView(name), aspect);
            const glm::mat4 m = c.projection(aspect) * c.view();
            for (int corner = 0; corner < 8; ++corner) {
                const glm::vec4 clip = m * glm::vec4(b.corner(corner), 1.0f);
                const glm::vec3 ndc = glm::vec3(clip) / clip.w;
                EXPECT_LE(std::abs(ndc.x), 1.0f) << name << " aspect " << aspect;
                EXPECT_LE(std::abs(ndc.y), 1.0f) << name << " aspect " << aspect;
                EXPECT_LE(std::abs(ndc.z), 1.0f) << name << " (near/far clip it)";
            }
        }
    }
}

TEST(CameraTest, EmptyBoundsStillGiveACamera) {
    const renderer::Camera c = renderer::frameCamera(Aabb{}, CameraView{}, 1.0f);
    EXPECT_TRUE(std::isfinite(c.eye.z));
    EXPECT_GT(c.farPlane, c.nearPlane);
    EXPECT_GT(c.nearPlane, 0.0f);
}

TEST(CameraTest, SizeAndBackgroundParse) {
    auto size = renderer::parseSize("640x360");
    ASSERT_TRUE(size.ok());
    EXPECT_EQ(size->first, 640);
    EXPECT_EQ(size->second, 360);
    for (const char* bad : {"640", "0x10", "10x", "x10", "-5x5", "99999x10", "10x10x10", "1.5x2"}) {
        const auto size = renderer::parseSize(bad);
        ASSERT_FALSE(size.ok()) << bad;
        EXPECT_EQ(size.error().code, morph::ErrorCode::Usage) << bad;
    }
    auto color = renderer::parseBackground("#ff8000");
    ASSERT_TRUE(color.ok());
    EXPECT_FLOAT_EQ(color->r, 1.0f);
    EXPECT_FLOAT_EQ(color->g, 128 / 255.0f);
    EXPECT_FLOAT_EQ(color->b, 0.0f);
    EXPECT_TRUE(renderer::parseBackground("2E3036").ok());
    for (const char* bad : {"#ff80", "#gg0000", "red", ""}) {
        const auto background = renderer::parseBackground(bad);
        ASSERT_FALSE(background.ok()) << bad;
        EXPECT_EQ(background.error().code, morph::ErrorCode::Usage) << bad;
    }
}

TEST(CameraTest, FrameTargetParsesAndAvatarsOpenOnTheirFace) {
    EXPECT_EQ(*renderer::parseFrameTarget("all"), renderer::FrameTarget::All);
    EXPECT_EQ(*renderer::parseFrameTarget("morphed"), renderer::FrameTarget::Morphed);
    const auto bad = renderer::parseFrameTarget("face");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(bad.error().message, "--frame: 'face' is not all or morphed");
    // A 1.8 m body with a 0.25 m face region; a face model whose targets move most of it.
    const Aabb body = box({-0.4f, 0, -0.2f}, {0.4f, 1.8f, 0.2f});
    EXPECT_TRUE(renderer::opensOnRegion(body, box({-0.1f, 1.5f, 0}, {0.1f, 1.7f, 0.1f})));
    EXPECT_FALSE(renderer::opensOnRegion(body, box({-0.4f, 0.2f, 0}, {0.4f, 1.7f, 0.1f})));
    EXPECT_FALSE(renderer::opensOnRegion(body, Aabb()));  // nothing morphs
}

}  // namespace
