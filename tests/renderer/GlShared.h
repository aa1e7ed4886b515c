#pragma once
// What the GL tests share besides the context (GlFixture.h): one of each drawer per test
// process, made on first use (a drawer that cannot be made fails the case that asked for it),
// a scene uploaded or the failure reported, and the camera the small test scenes are seen by.
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "app/shots/ShotPose.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "renderer/morph/GpuOracle.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/SceneRenderer.h"

namespace fixtures {

// `made`'s value; an error fails the current case (and the value must not be used).
template <typename T>
T& madeOrFail(morph::Result<T>& made) {
    if (!made.ok()) ADD_FAILURE() << made.error().message;
    return made.value();
}

inline renderer::Capturer& sharedCapturer() {
    static morph::Result<renderer::Capturer> instance = renderer::Capturer::create();
    return madeOrFail(instance);
}

inline renderer::SceneRenderer& sharedSceneRenderer() {
    static morph::Result<renderer::SceneRenderer> instance = renderer::SceneRenderer::create();
    return madeOrFail(instance);
}

inline renderer::GpuOracle& sharedOracle() {
    static morph::Result<renderer::GpuOracle> instance = renderer::GpuOracle::create();
    return madeOrFail(instance);
}

// A camera on +Z, `distance` from the origin and looking at it, its depth range 0.5 to 20: the
// code-built test scenes span a unit or two around the origin.
inline renderer::Camera cameraOnZ(float distance) {
    renderer::Camera camera;
    camera.eye = {0, 0, distance};
    camera.nearPlane = 0.5f;
    camera.farPlane = 20;
    return camera;
}

// `scene` on the GPU; an empty GpuScene (and a failed expectation) when the upload fails.
inline renderer::GpuScene uploadOrFail(const morph::Scene& scene) {
    auto gpu = renderer::GpuScene::upload(scene);
    EXPECT_TRUE(gpu.ok()) << (gpu.ok() ? "" : gpu.error().message);
    return gpu.ok() ? std::move(gpu).value() : renderer::GpuScene{};
}

// A --weights SPEC on the clips a key names at `time`, as `capture`'s options say it
// (app/shots/ShotPose.h).
inline app::ShotPose shotPoseOf(const std::string& weights, const std::string& animation = "",
                                float time = 0) {
    app::ShotPose shot;
    shot.weights = weights;
    shot.animation = animation;
    shot.time = time;
    return shot;
}

// The pose of shotPoseOf(weights, animation, time), as `capture` poses it; an error fails the
// current case and gives the rest pose.
inline std::vector<morph::NodePose> poseOrFail(const morph::Scene& layout,
                                               const std::string& weights,
                                               const std::string& animation = "", float time = 0) {
    auto pose = app::shotPose(layout, shotPoseOf(weights, animation, time));
    if (!pose.ok()) ADD_FAILURE() << pose.error().message;
    return pose.ok() ? std::move(pose).value() : morph::restPose(layout);
}

// The environment `spec` names ("studio", "rig" or an .hdr file), made by `capturer`; an error
// fails the current case and gives the rig.
inline const renderer::GpuEnvironment* environmentOrFail(renderer::Capturer& capturer,
                                                         const std::string& spec) {
    auto environment = capturer.environment(spec);
    if (!environment.ok()) ADD_FAILURE() << environment.error().message;
    return environment.ok() ? *environment : nullptr;
}

// A 64 x 64 shot lit by the environment file `sky` (made by `capturer`) at half exposure, without
// tone mapping: what the furnace tests read their centre pixel from (a white sky of 1 reflects
// 0.5 at most).
inline renderer::ShotSpec furnaceShot(renderer::Capturer& capturer, const std::string& sky) {
    renderer::ShotSpec shot;
    shot.width = shot.height = 64;
    shot.environment = environmentOrFail(capturer, sky);
    shot.exposure = 0.5f;
    shot.toneMapping = renderer::ToneMapping::None;
    return shot;
}

}  // namespace fixtures
