// GL-free: the frame's punctual lights and the file's cameras as the renderer builds them
// (renderer/scene/Lights.h, Camera.h), from the code-built fixtures of SceneFixtures.h.
#include <cmath>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/SceneFixtures.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/Lights.h"

namespace file_lights_cameras_test {

namespace {

using renderer::DirectLights;
using renderer::PunctualLightType;
using testing::HasSubstr;

morph::Scene load(const fixtures::SceneBytes& bytes, const std::string& name = "scene.glb") {
    auto r = morph::importGltfMemory(bytes, name, "");
    if (!r) {
        ADD_FAILURE() << r.error().message;
        return {};
    }
    return std::move(r).value();
}

void expectVec(const glm::vec3& actual, const glm::vec3& expected) {
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(actual[c], expected[c], 1e-5f) << "component " << c;
}

TEST(PunctualLights, PlacedByTheFramesWorldMatrices) {
    const morph::Scene scene = load(fixtures::lightsFixture());
    morph::FramePose frame = morph::resolveFrame(scene, {});
    const std::vector<renderer::PunctualLight> lights = renderer::fileLights(scene, frame);
    ASSERT_EQ(lights.size(), 3u);
    EXPECT_EQ(lights[0].type, PunctualLightType::Point);
    expectVec(lights[0].position, {-1.5f, 0.5f, 0.0f});
    expectVec(lights[0].color, {1.0f, 0.0f, 0.0f});
    EXPECT_FLOAT_EQ(lights[0].range, 1.2f);
    EXPECT_EQ(lights[1].type, PunctualLightType::Spot);
    expectVec(lights[1].position, {1.5f, 1.0f, 0.0f});
    expectVec(lights[1].direction, {0.0f, -1.0f, 0.0f});  // the node's -Z, turned down
    expectVec(lights[1].color, {0.0f, 3.0f, 0.0f});       // colour * intensity
    // The extension's notes: scale = 1 / (cos 0.3 - cos 0.4), offset = -cos 0.4 * scale; so
    // the ramp is 0 at the outer angle and 1 at the inner one.
    const float scale = 1.0f / (std::cos(0.3f) - std::cos(0.4f));
    EXPECT_NEAR(lights[1].coneScale, scale, 1e-2f);
    EXPECT_NEAR(std::cos(0.4f) * lights[1].coneScale + lights[1].coneOffset, 0.0f, 1e-4f);
    EXPECT_NEAR(std::cos(0.3f) * lights[1].coneScale + lights[1].coneOffset, 1.0f, 1e-4f);
    EXPECT_EQ(lights[2].type, PunctualLightType::Directional);
    expectVec(lights[2].direction, {0.0f, -1.0f, 0.0f});
    EXPECT_EQ(lights[2].range, 0.0f);

    // An animated light node moves its light: the frame, not the file, places it.
    std::vector<morph::NodePose> pose = morph::restPose(scene);
    pose[1].translation = glm::vec3(0.25f, 2.0f, -1.0f);
    pose[2].rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);  // the spot faces -Z again
    frame = morph::resolveFrame(scene, pose);
    const std::vector<renderer::PunctualLight> moved = renderer::fileLights(scene, frame);
    expectVec(moved[0].position, {0.25f, 2.0f, -1.0f});
    expectVec(moved[1].direction, {0.0f, 0.0f, -1.0f});
}

TEST(PunctualLights, OnlyTheFramesSceneAndTheChoice) {
    morph::GltfBuilder b = fixtures::floorBuilder();
    auto& j = b.json();
    j["extensions"]["KHR_lights_punctual"]["lights"] = {{{"type", "point"}}};
    j["nodes"].push_back({{"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
    j["scenes"].push_back({{"nodes", {1}}});  // scene 1: the lamp alone; scene 0 the floor
    const morph::Scene scene = load(b.glb());
    morph::FramePose frame = morph::resolveFrame(scene, {});
    renderer::Camera camera;
    EXPECT_TRUE(renderer::fileLights(scene, frame).empty());  // the default scene has no lamp
    // auto: the rig, since the drawn scene has no lights.
    renderer::FrameLights automatic =
        renderer::frameLights(DirectLights::Auto, scene, frame, camera);
    EXPECT_TRUE(automatic.rig);
    EXPECT_EQ(automatic.lights.size(), 3u);
    frame.scene = 1;
    automatic = renderer::frameLights(DirectLights::Auto, scene, frame, camera);
    EXPECT_FALSE(automatic.rig);
    ASSERT_EQ(automatic.lights.size(), 1u);
    EXPECT_EQ(automatic.lights[0].type, PunctualLightType::Point);
    EXPECT_EQ(renderer::frameLights(DirectLights::Both, scene, frame, camera).lights.size(), 4u);
    EXPECT_EQ(renderer::frameLights(DirectLights::Rig, scene, frame, camera).lights.size(), 3u);
    EXPECT_TRUE(renderer::frameLights(DirectLights::None, scene, frame, camera).lights.empty());
}

TEST(PunctualLights, RigIsTheStudioRigInTheSameList) {
    renderer::Camera camera;  // at +Z looking at the origin: view space is world space
    const std::vector<renderer::PunctualLight> rig = renderer::rigLights(camera);
    ASSERT_EQ(rig.size(), 3u);
    for (const renderer::PunctualLight& light : rig) {
        EXPECT_EQ(light.type, PunctualLightType::Directional);
        EXPECT_NEAR(glm::length(light.direction), 1.0f, 1e-5f);
    }
    // The key shines from the upper right front: towards -x, -y, -z.
    expectVec(rig[0].direction, -glm::normalize(glm::vec3(0.55f, 0.55f, 0.65f)));
    expectVec(rig[0].color, glm::vec3(1.0f, 0.96f, 0.90f) * 2.0f);
}

TEST(PunctualLights, MoreThanTheMaximumKeepsTheFirst) {
    morph::GltfBuilder b = fixtures::floorBuilder();
    auto& j = b.json();
    j["extensions"]["KHR_lights_punctual"]["lights"] = nlohmann::json::array();
    for (int i = 0; i < 20; ++i) {
        j["extensions"]["KHR_lights_punctual"]["lights"].push_back(
            {{"type", "point"}, {"intensity", i + 1}});
        j["nodes"].push_back({{"extensions", {{"KHR_lights_punctual", {{"light", i}}}}}});
        j["scenes"][0]["nodes"].push_back(i + 1);
    }
    const morph::Scene scene = load(b.glb());
    const morph::FramePose frame = morph::resolveFrame(scene, {});
    const renderer::FrameLights lights =
        renderer::frameLights(DirectLights::File, scene, frame, renderer::Camera());
    ASSERT_EQ(lights.lights.size(), renderer::kMaxPunctualLights);
    EXPECT_EQ(lights.dropped, 20u - renderer::kMaxPunctualLights);
    EXPECT_FLOAT_EQ(lights.lights[0].color.r, 1.0f);  // the file's first light comes first
    EXPECT_FLOAT_EQ(lights.lights[15].color.r, 16.0f);
}

TEST(FileCamera, PerspectiveWithInfiniteFarAndOrthographic) {
    const morph::Scene scene = load(fixtures::camerasFixture(), "cameras.glb");
    const morph::FramePose frame = morph::resolveFrame(scene, {});
    renderer::Aabb focus;
    focus.extend(glm::vec3(-0.5f));
    focus.extend(glm::vec3(0.5f));
    auto perspective = renderer::fileCamera(scene, frame, 0, focus);
    ASSERT_TRUE(perspective.ok()) << perspective.error().message;
    expectVec(perspective->eye, {0.0f, 0.0f, 6.0f});
    expectVec(perspective->target, {0.0f, 0.0f, 0.0f});  // on the axis, at the focus's depth
    expectVec(perspective->up, {0.0f, 1.0f, 0.0f});
    EXPECT_FLOAT_EQ(perspective->fovY, 0.8f);
    EXPECT_FLOAT_EQ(perspective->nearPlane, 0.1f);
    EXPECT_TRUE(std::isinf(perspective->farPlane));
    // An infinite far plane: a point a million units away still lands inside the depth range.
    const glm::mat4 p = perspective->projection(2.0f);
    const glm::vec4 far = p * perspective->view() * glm::vec4(0.0f, 0.0f, -1e6f, 1.0f);
    EXPECT_LT(far.z / far.w, 1.0f);
    EXPECT_NEAR(p[1][1], 1.0f / std::tan(0.4f), 1e-4f);  // yfov kept at aspect 2
    EXPECT_NEAR(p[0][0], 1.0f / (2.0f * std::tan(0.4f)), 1e-4f);

    auto ortho = renderer::fileCamera(scene, frame, 1, focus);
    ASSERT_TRUE(ortho.ok());
    EXPECT_TRUE(ortho->orthographic);
    expectVec(ortho->eye, {6.0f, 0.0f, 0.0f});
    expectVec(glm::normalize(ortho->target - ortho->eye), {-1.0f, 0.0f, 0.0f});
    const glm::mat4 o = ortho->projection(1.0f);
    EXPECT_NEAR(o[1][1], 0.5f, 1e-6f);  // ymag 2
    EXPECT_NEAR(o[0][0], 0.5f, 1e-6f);
    EXPECT_NEAR(o[3][3], 1.0f, 1e-6f);  // no perspective divide

    auto missing = renderer::fileCamera(scene, frame, 2, focus);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "cameras.glb has 2 cameras (file:0 to file:1)");
}

TEST(FileCamera, OnNoNodeIsAnError) {
    morph::GltfBuilder b = fixtures::floorBuilder();
    b.json()["cameras"] = {
        {{"type", "perspective"}, {"perspective", {{"yfov", 1.0}, {"znear", 0.1}}}}};
    const morph::Scene scene = load(b.glb(), "lonely.glb");
    auto camera = renderer::fileCamera(scene, morph::resolveFrame(scene, {}), 0);
    ASSERT_FALSE(camera.ok());
    EXPECT_THAT(camera.error().message, HasSubstr("cameras[0] of lonely.glb is on no node"));
}

}  // namespace

}  // namespace file_lights_cameras_test
