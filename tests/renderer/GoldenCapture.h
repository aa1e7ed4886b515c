#pragma once
// What a *GoldenTest renders: a model file imported, uploaded, posed and captured as one shot, the
// way `morphview capture` does it, or a scene built in code captured as it stands. A step that
// fails is a test failure and gives an empty image (which then fails the golden comparison too,
// naming the golden).
#include <string>

#include <gtest/gtest.h>

#include "app/shots/ShotPose.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageFile.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/GpuScene.h"

namespace fixtures {

// `scene` uploaded and captured as one shot in the pose its file gives it.
inline morph::RgbaImage captureScene(renderer::Capturer& capturer, const morph::Scene& scene,
                                     const renderer::ShotSpec& shot) {
    auto gpu = renderer::GpuScene::upload(scene);
    if (!gpu.ok()) {
        ADD_FAILURE() << gpu.error().message;
        return {};
    }
    auto image = capturer.capture(*gpu, shot);
    if (!image.ok()) {
        ADD_FAILURE() << image.error().message;
        return {};
    }
    return std::move(image).value();
}

inline morph::RgbaImage captureModel(renderer::Capturer& capturer, const std::string& path,
                                     const renderer::ShotSpec& shot,
                                     const app::ShotPose& pose = {}) {
    auto scene = morph::importGltf(path);
    if (!scene.ok()) {
        ADD_FAILURE() << scene.error().message;
        return {};
    }
    auto gpu = renderer::GpuScene::upload(*scene);
    if (!gpu.ok()) {
        ADD_FAILURE() << gpu.error().message;
        return {};
    }
    auto posed = app::shotPose(*scene, pose);
    if (!posed.ok()) {
        ADD_FAILURE() << posed.error().message;
        return {};
    }
    auto image = capturer.capture(*gpu, shot, *posed);
    if (!image.ok()) {
        ADD_FAILURE() << image.error().message;
        return {};
    }
    return std::move(image).value();
}

}  // namespace fixtures
