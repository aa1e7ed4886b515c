// The command line's parsers (app/cli/Options.h): each option's text to the renderer's typed
// value, and every bad value a usage error that names the option. What the binary prints for
// them is checked through it in CliTest, CaptureLookTest and FileSceneCliTest; these check the
// values themselves, without a GL context.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "app/cli/Options.h"
#include "fixtures/SceneFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace cli_options_test {

namespace {

using ::testing::HasSubstr;

morph::Scene load(const fixtures::SceneBytes& bytes, const std::string& name) {
    auto scene = morph::importGltfMemory(bytes, name, "");
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    return scene.ok() ? std::move(scene).value() : morph::Scene{};
}

TEST(CliOptionsTest, CameraPresetsAndOrbit) {
    EXPECT_FLOAT_EQ(app::parseCameraView("front")->azimuthDegrees, 0);
    EXPECT_FLOAT_EQ(app::parseCameraView("left")->azimuthDegrees, -90);
    EXPECT_FLOAT_EQ(app::parseCameraView("right")->azimuthDegrees, 90);
    EXPECT_FLOAT_EQ(app::parseCameraView("top")->elevationDegrees, 90);
    auto view = app::parseCameraView("orbit:30,-10,4.5");
    ASSERT_TRUE(view.ok()) << view.error().message;
    EXPECT_FLOAT_EQ(view->azimuthDegrees, 30);
    EXPECT_FLOAT_EQ(view->elevationDegrees, -10);
    ASSERT_TRUE(view->distance.has_value());
    EXPECT_FLOAT_EQ(*view->distance, 4.5f);
    EXPECT_FALSE(view->fileCamera.has_value());
    for (const char* bad : {"orbit:10", "orbit:a,b", "orbit:1,2,3,4", "orbit:0,95", "orbit:0,0,-1",
                            "back", "", "orbit:1,2,"}) {
        auto parsed = app::parseCameraView(bad);
        EXPECT_FALSE(parsed.ok()) << bad;
        if (!parsed.ok()) {
            EXPECT_EQ(parsed.error().code, morph::ErrorCode::Usage) << bad;
            EXPECT_EQ(parsed.error().message.rfind("--camera: ", 0), 0u) << bad;
        }
    }
    EXPECT_EQ(app::parseCameraView("orbit:10").error().message,
              "--camera: 'orbit:10' needs AZ,EL[,DIST]");
}

TEST(CliOptionsTest, FileCameraViews) {
    auto view = app::parseCameraView("file:3");
    ASSERT_TRUE(view.ok());
    EXPECT_EQ(view->fileCamera, 3);
    EXPECT_FALSE(app::parseCameraView("front")->fileCamera.has_value());
    for (const char* bad : {"file:", "file:-1", "file:x", "file:1.5"}) {
        auto r = app::parseCameraView(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_THAT(r.error().message, HasSubstr("N must be a camera index")) << bad;
    }
}

TEST(CliOptionsTest, SizeAndBackground) {
    auto size = app::parseSize("640x360");
    ASSERT_TRUE(size.ok());
    EXPECT_EQ(size->first, 640);
    EXPECT_EQ(size->second, 360);
    for (const char* bad : {"640", "0x10", "10x", "x10", "-5x5", "99999x10", "10x10x10", "1.5x2"}) {
        const auto size = app::parseSize(bad);
        ASSERT_FALSE(size.ok()) << bad;
        EXPECT_EQ(size.error().code, morph::ErrorCode::Usage) << bad;
    }
    EXPECT_EQ(app::parseSize("512").error().message, "--size: '512' is not WxH");
    auto color = app::parseBackground("#ff8000");
    ASSERT_TRUE(color.ok());
    EXPECT_FLOAT_EQ(color->r, 1.0f);
    EXPECT_FLOAT_EQ(color->g, 128 / 255.0f);
    EXPECT_FLOAT_EQ(color->b, 0.0f);
    EXPECT_TRUE(app::parseBackground("2E3036").ok());
    for (const char* bad : {"#ff80", "#gg0000", "red", ""}) {
        const auto background = app::parseBackground(bad);
        ASSERT_FALSE(background.ok()) << bad;
        EXPECT_EQ(background.error().code, morph::ErrorCode::Usage) << bad;
    }
    renderer::ShotSpec shot;
    ASSERT_TRUE(app::parseBackgroundInto("blurred", shot).ok());
    EXPECT_EQ(shot.backgroundMode, renderer::BackgroundMode::Blurred);
    ASSERT_TRUE(app::parseBackgroundInto("#000000", shot).ok());
    EXPECT_EQ(shot.backgroundMode, renderer::BackgroundMode::Color);
    EXPECT_EQ(app::parseBackgroundInto("red", shot).error().message,
              "--background: 'red' is not #rrggbb, environment or blurred");
}

TEST(CliOptionsTest, NamesOfTheRenderersEnums) {
    EXPECT_EQ(*app::parseFrameTarget("all"), renderer::FrameTarget::All);
    EXPECT_EQ(*app::parseFrameTarget("morphed"), renderer::FrameTarget::Morphed);
    EXPECT_EQ(app::parseFrameTarget("face").error().message,
              "--frame: 'face' is not all or morphed");
    EXPECT_EQ(*app::parseDirectLights("file"), renderer::DirectLights::File);
    EXPECT_EQ(*app::parseDirectLights("auto"), renderer::DirectLights::Auto);
    EXPECT_EQ(app::parseDirectLights("sun").error().message,
              "--lights: 'sun' is not auto, rig, file, both or none");
    EXPECT_EQ(*app::parseShading("deferred"), renderer::Shading::Deferred);
    EXPECT_EQ(app::parseShading("fast").error().message,
              "--shading: 'fast' is not auto, forward or deferred");
    for (const char* name : {"neutral", "aces", "agx", "none"}) {
        const auto parsed = app::parseToneMapping(name);
        ASSERT_TRUE(parsed.ok()) << name;
        EXPECT_STREQ(renderer::toneMappingName(*parsed), name);
    }
    const auto bad = app::parseToneMapping("filmic");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(bad.error().message, "--tone-mapping: 'filmic' is not neutral, aces, agx or none");
}

// A turntable's frame names its angle as "%g" prints it, and is drawn at exactly that angle.
TEST(CliOptionsTest, ALevelOrbitIsTheAngleItsTextNames) {
    const auto [view, degrees] = app::levelOrbit(360.0 / 7.0);
    EXPECT_EQ(degrees, "51.4286");
    const auto parsed = app::parseCameraView("orbit:" + degrees + ",0");
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(view.azimuthDegrees, parsed->azimuthDegrees);
    EXPECT_EQ(view.elevationDegrees, 0.0f);
    EXPECT_FALSE(view.distance.has_value());
}

TEST(CliOptionsTest, BackgroundChoiceAndMorphPathNames) {
    const auto blurred = app::parseBackgroundChoice("blurred");
    ASSERT_TRUE(blurred.ok());
    EXPECT_EQ(blurred->mode, renderer::BackgroundMode::Blurred);
    const auto white = app::parseBackgroundChoice("#ffffff");
    ASSERT_TRUE(white.ok());
    EXPECT_EQ(white->color, glm::vec3(1.0f));
    EXPECT_EQ(*app::parseMorphPathName("cs-sparse"), renderer::MorphPath::CsSparse);
    EXPECT_EQ(app::parseMorphPathName("fast").error().message,
              "--morph-path: expected vs-dense, vs-active, cs-sparse, cpu or auto");
}

TEST(CliOptionsTest, WhatTheFileLacksNamesTheOptionTheFileAndTheCount) {
    const morph::Scene cameras = load(fixtures::camerasFixture(), "cameras.glb");
    app::Shot shot;
    shot.spec.camera = renderer::fileCameraView(1);
    EXPECT_TRUE(app::checkShot(cameras, shot).ok());
    shot.spec.camera = renderer::fileCameraView(2);
    auto checked = app::checkShot(cameras, shot);
    ASSERT_FALSE(checked.ok());
    EXPECT_EQ(checked.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(checked.error().message,
              "--camera: 'file:2': cameras.glb has 2 cameras (file:0 to file:1)");

    const morph::Scene two = load(fixtures::twoScenesFixture(), "two.glb");
    app::Shot scene;
    scene.spec.scene = 1;
    EXPECT_TRUE(app::checkShot(two, scene).ok());
    scene.spec.scene = 2;
    EXPECT_EQ(app::checkShot(two, scene).error().message,
              "--scene 2: two.glb has 2 scenes (0 to 1)");
}

TEST(CliOptionsTest, AnUnknownClipListsTheFilesClips) {
    const morph::Scene two = load(fixtures::twoScenesFixture(), "two.glb");
    app::ShotPose shot;
    EXPECT_TRUE(app::checkAnimation(two, shot).ok());
    shot.animation = "nope";
    auto checked = app::checkAnimation(two, shot);
    ASSERT_FALSE(checked.ok());
    EXPECT_EQ(checked.error().message,
              "--animation: 'nope' is not an animation of two.glb (it has "
              "none)");
}

}  // namespace

}  // namespace cli_options_test
