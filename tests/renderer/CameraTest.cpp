// Camera views and framing (no GL context needed). The command line's texts for them are
// parsed in app/cli (tests/app/CliOptionsTest.cpp).
#include <cmath>

#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/Capture.h"

namespace camera_test {

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
    const Aabb unit = box(glm::vec3(-1), glm::vec3(1));
    const renderer::Camera f = renderer::frameCamera(unit, CameraView{}, 1.0f);
    EXPECT_NEAR(f.eye.x, 0, 1e-5);
    EXPECT_GT(f.eye.z, 1.0f);
    EXPECT_NEAR(f.up.y, 1, 1e-5);

    const renderer::Camera left = renderer::frameCamera(unit, renderer::orbitView(-90, 0), 1);
    EXPECT_LT(left.eye.x, -1.0f);
    const renderer::Camera right = renderer::frameCamera(unit, renderer::orbitView(90, 0), 1);
    EXPECT_GT(right.eye.x, 1.0f);
    const renderer::Camera top = renderer::frameCamera(unit, renderer::orbitView(0, 90), 1);
    EXPECT_GT(top.eye.y, 1.0f);
    // Looking down, the front (+Z) is at the bottom of the image: up is -Z.
    EXPECT_NEAR(top.up.z, -1, 1e-5);
}

TEST(CameraTest, OrbitTakesAzimuthElevationAndDistance) {
    CameraView view = renderer::orbitView(30, -10);
    view.distance = 4.5f;
    const renderer::Camera c = renderer::frameCamera(box(glm::vec3(0), glm::vec3(2)), view, 1);
    EXPECT_NEAR(glm::length(c.eye - glm::vec3(1)), 4.5f, 1e-4);
    EXPECT_GT(c.eye.x, 1.0f);  // positive azimuth: to the viewer's right
    EXPECT_LT(c.eye.y, 1.0f);  // negative elevation: below
}

TEST(CameraTest, FramingKeepsTheWholeBoxInView) {
    const Aabb b = box(glm::vec3(-3, 0, -1), glm::vec3(5, 2, 1));
    for (float aspect : {0.5f, 1.0f, 2.0f}) {
        for (const CameraView& view : {CameraView{}, renderer::orbitView(-90, 0),
                                       renderer::orbitView(0, 90), renderer::orbitView(37, 25)}) {
            const std::string name =
                std::to_string(view.azimuthDegrees) + "," + std::to_string(view.elevationDegrees);
            const renderer::Camera c = renderer::frameCamera(b, view, aspect);
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

TEST(CameraTest, AvatarsOpenOnTheirFace) {
    // A 1.8 m body with a 0.25 m face region; a face model whose targets move most of it.
    const Aabb body = box({-0.4f, 0, -0.2f}, {0.4f, 1.8f, 0.2f});
    EXPECT_TRUE(renderer::opensOnRegion(body, box({-0.1f, 1.5f, 0}, {0.1f, 1.7f, 0.1f})));
    EXPECT_FALSE(renderer::opensOnRegion(body, box({-0.4f, 0.2f, 0}, {0.4f, 1.7f, 0.1f})));
    EXPECT_FALSE(renderer::opensOnRegion(body, Aabb()));  // nothing morphs
}

}  // namespace

}  // namespace camera_test
