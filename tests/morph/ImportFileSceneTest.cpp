// The file's own scene on import: KHR_lights_punctual lights with their
// defaults and repairs, cameras of both kinds and their errors, every scene and the default one.
// Fixtures: tests/fixtures/SceneFixtures.h.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ImportOrFail.h"
#include "fixtures/SceneFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace import_file_scene_test {

namespace {

using morph::ErrorCode;
using testing::HasSubstr;
using Json = nlohmann::json;

constexpr float kPi = 3.14159265358979f;

morph::Result<morph::Scene> importBytes(const fixtures::SceneBytes& bytes) {
    return morph::importGltfMemory(bytes, "scene.glb", "");
}

morph::Scene load(const fixtures::SceneBytes& bytes) {
    return morphtest::importOrFail(bytes, "scene.glb");
}

std::string lines(const morph::Scene& scene) {
    return morphtest::warningLines(scene);
}

morph::Scene loadLight(const Json& light) {
    return load(fixtures::lightsJsonFixture(Json::array({light}), {{"light", 0}}));
}

TEST(LightsImport, ThreeTypesAsWrittenAndPlacedOnTheirNodes) {
    const morph::Scene scene = load(fixtures::lightsFixture());
    ASSERT_EQ(scene.lights.size(), 3u);
    const morph::Light& red = scene.lights[0];
    EXPECT_EQ(red.name, "red");
    EXPECT_EQ(red.type, morph::LightType::Point);
    EXPECT_EQ(red.color, glm::vec3(1, 0, 0));
    EXPECT_FLOAT_EQ(red.intensity, 1.0f);
    EXPECT_FLOAT_EQ(red.range, 1.2f);
    const morph::Light& green = scene.lights[1];
    EXPECT_EQ(green.type, morph::LightType::Spot);
    EXPECT_FLOAT_EQ(green.intensity, 3.0f);
    EXPECT_FLOAT_EQ(green.innerConeAngle, 0.3f);
    EXPECT_FLOAT_EQ(green.outerConeAngle, 0.4f);
    EXPECT_EQ(green.range, 0.0f);  // unset: unlimited
    EXPECT_EQ(scene.lights[2].type, morph::LightType::Directional);
    EXPECT_EQ(scene.nodes[0].light, -1);
    EXPECT_EQ(scene.nodes[1].light, 0);
    EXPECT_EQ(scene.nodes[2].light, 1);
    EXPECT_EQ(scene.nodes[3].light, 2);
    EXPECT_TRUE(scene.warnings.empty()) << lines(scene);
    // Implemented, so listed as supported (GltfExtensions.cpp).
    ASSERT_EQ(scene.report.extensions.size(), 1u);
    EXPECT_TRUE(scene.report.extensions[0].supported);
}

TEST(LightsImport, DefaultsOfTheExtension) {
    // KHR_lights_punctual: color white, intensity 1, range unlimited, spot inner 0, outer pi/4.
    const morph::Scene point = loadLight({{"type", "point"}});
    ASSERT_EQ(point.lights.size(), 1u);
    EXPECT_EQ(point.lights[0].color, glm::vec3(1.0f));
    EXPECT_FLOAT_EQ(point.lights[0].intensity, 1.0f);
    EXPECT_EQ(point.lights[0].range, 0.0f);
    const morph::Scene spot = loadLight({{"type", "spot"}, {"spot", Json::object()}});
    EXPECT_FLOAT_EQ(spot.lights[0].innerConeAngle, 0.0f);
    EXPECT_FLOAT_EQ(spot.lights[0].outerConeAngle, kPi / 4.0f);
    EXPECT_TRUE(spot.warnings.empty()) << lines(spot);
    EXPECT_EQ(point.nodes[1].light, 0);
}

TEST(LightsImport, BadValuesAreRepairedAndNamed) {
    const morph::Scene negative = loadLight({{"type", "point"}, {"intensity", -2}, {"range", 0}});
    EXPECT_FLOAT_EQ(negative.lights[0].intensity, 0.0f);
    EXPECT_EQ(negative.lights[0].range, 0.0f);
    ASSERT_EQ(negative.report.repairs.size(), 2u) << lines(negative);
    EXPECT_THAT(negative.report.repairs[0],
                HasSubstr("scene.glb: extensions.KHR_lights_punctual.lights[0].intensity"));
    EXPECT_THAT(negative.report.repairs[1], HasSubstr("lights[0].range 0.000000 is not > 0"));

    const morph::Scene cone =
        loadLight({{"type", "spot"}, {"spot", {{"innerConeAngle", 0.9}, {"outerConeAngle", 2.0}}}});
    // outer past pi/2 is clamped there; inner 0.9 < pi/2 stays.
    EXPECT_FLOAT_EQ(cone.lights[0].outerConeAngle, kPi / 2.0f);
    EXPECT_FLOAT_EQ(cone.lights[0].innerConeAngle, 0.9f);
    EXPECT_THAT(lines(cone), HasSubstr("lights[0].spot.outerConeAngle 2.000000 is not in"));

    const morph::Scene inverted =
        loadLight({{"type", "spot"}, {"spot", {{"innerConeAngle", 0.5}, {"outerConeAngle", 0.4}}}});
    EXPECT_FLOAT_EQ(inverted.lights[0].innerConeAngle, 0.4f);  // a hard edge at the outer angle
    EXPECT_THAT(lines(inverted), HasSubstr("is not less than outerConeAngle"));

    const morph::Scene noSpot = loadLight({{"type", "spot"}});
    EXPECT_FLOAT_EQ(noSpot.lights[0].outerConeAngle, kPi / 4.0f);
    EXPECT_THAT(lines(noSpot), HasSubstr("lights[0].spot is missing"));

    const morph::Scene bright = loadLight({{"type", "point"}, {"color", {2, 0.5, -1}}});
    EXPECT_EQ(bright.lights[0].color, glm::vec3(1.0f, 0.5f, 0.0f));
    EXPECT_THAT(lines(bright), HasSubstr("lights[0].color has a component outside [0, 1]"));
}

TEST(LightsImport, UnusableLightsAndReferencesAreWarningsNotErrors) {
    // An optional extension: a viewer without it opens the file, so this importer does too.
    const morph::Scene area = loadLight({{"type", "area"}});
    ASSERT_EQ(area.lights.size(), 1u);
    EXPECT_EQ(area.lights[0].intensity, 0.0f);  // ignored: adds nothing
    EXPECT_THAT(lines(area),
                HasSubstr("lights[0].type \"area\" is not directional, point or spot"));

    const morph::Scene missing =
        load(fixtures::lightsJsonFixture(Json::array({{{"type", "point"}}}), {{"light", 5}}));
    EXPECT_EQ(missing.nodes[1].light, -1);
    EXPECT_THAT(lines(missing), HasSubstr("nodes[1].extensions.KHR_lights_punctual.light is not in "
                                          "KHR_lights_punctual.lights (1)"));

    const morph::Scene notNumber = loadLight({{"type", "point"}, {"intensity", "bright"}});
    EXPECT_FLOAT_EQ(notNumber.lights[0].intensity, 1.0f);
    EXPECT_THAT(lines(notNumber), HasSubstr("lights[0].intensity is not a finite number"));
}

TEST(CamerasImport, PerspectiveAndOrthographic) {
    const morph::Scene scene = load(fixtures::camerasFixture());
    ASSERT_EQ(scene.cameras.size(), 2u);
    const morph::Camera& p = scene.cameras[0];
    EXPECT_EQ(p.name, "perspective");
    EXPECT_EQ(p.type, morph::CameraType::Perspective);
    EXPECT_FLOAT_EQ(p.yfov, 0.8f);
    EXPECT_FLOAT_EQ(p.znear, 0.1f);
    EXPECT_EQ(p.zfar, 0.0f);  // absent: infinite
    EXPECT_FLOAT_EQ(p.aspectRatio, 1.5f);
    const morph::Camera& o = scene.cameras[1];
    EXPECT_EQ(o.type, morph::CameraType::Orthographic);
    EXPECT_FLOAT_EQ(o.xmag, 2.0f);
    EXPECT_FLOAT_EQ(o.ymag, 2.0f);
    EXPECT_FLOAT_EQ(o.znear, 0.1f);
    EXPECT_FLOAT_EQ(o.zfar, 20.0f);
    EXPECT_EQ(scene.nodes[3].camera, 0);
    EXPECT_EQ(scene.nodes[4].camera, 1);
    EXPECT_EQ(scene.nodes[0].camera, -1);
}

struct BadCamera {
    const char* name;
    Json camera;
    ErrorCode code;
    const char* message;
};

TEST(CamerasImport, SchemaViolationsAreOneLineErrorsNamingTheField) {
    const BadCamera cases[] = {
        {"no type",
         {{"perspective", {{"yfov", 1}, {"znear", 1}}}},
         ErrorCode::Schema,
         "scene.glb: cameras[0].type is missing"},
        {"odd type",
         {{"type", "fisheye"}},
         ErrorCode::BadValue,
         "cameras[0].type \"fisheye\" is not perspective or orthographic"},
        {"no object",
         {{"type", "perspective"}},
         ErrorCode::Schema,
         "cameras[0].perspective is missing"},
        {"no yfov",
         {{"type", "perspective"}, {"perspective", {{"znear", 1}}}},
         ErrorCode::Schema,
         "cameras[0].perspective.yfov is missing"},
        {"zero yfov",
         {{"type", "perspective"}, {"perspective", {{"yfov", 0}, {"znear", 1}}}},
         ErrorCode::BadValue,
         "cameras[0].perspective.yfov 0.000000 is not > 0"},
        {"zero znear",
         {{"type", "perspective"}, {"perspective", {{"yfov", 1}, {"znear", 0}}}},
         ErrorCode::BadValue,
         "cameras[0].perspective.znear 0.000000 is not > 0"},
        {"zfar before znear",
         {{"type", "perspective"}, {"perspective", {{"yfov", 1}, {"znear", 2}, {"zfar", 1}}}},
         ErrorCode::BadValue,
         "cameras[0].perspective.zfar 1.000000 is not greater than znear"},
        {"zero xmag",
         {{"type", "orthographic"},
          {"orthographic", {{"xmag", 0}, {"ymag", 1}, {"znear", 0}, {"zfar", 1}}}},
         ErrorCode::BadValue,
         "cameras[0].orthographic.xmag and .ymag must not be zero"},
        {"ortho without zfar",
         {{"type", "orthographic"}, {"orthographic", {{"xmag", 1}, {"ymag", 1}, {"znear", 0}}}},
         ErrorCode::Schema,
         "cameras[0].orthographic.zfar is missing"},
        {"negative znear",
         {{"type", "orthographic"},
          {"orthographic", {{"xmag", 1}, {"ymag", 1}, {"znear", -1}, {"zfar", 1}}}},
         ErrorCode::BadValue,
         "cameras[0].orthographic.znear -1.000000 is negative"},
    };
    for (const BadCamera& c : cases) {
        auto r = importBytes(fixtures::camerasJsonFixture(Json::array({c.camera})));
        ASSERT_FALSE(r.ok()) << c.name;
        EXPECT_EQ(r.error().code, c.code) << c.name;
        EXPECT_THAT(r.error().message, HasSubstr(c.message)) << c.name;
        EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << c.name;
    }
}

TEST(CamerasImport, RepairsAndReferences) {
    // yfov SHOULD be below pi: repaired; aspectRatio <= 0 is ignored with a warning.
    auto wide = load(fixtures::camerasJsonFixture(
        Json::array({{{"type", "perspective"},
                      {"perspective", {{"yfov", 4.0}, {"znear", 0.5}, {"aspectRatio", -1}}}}})));
    ASSERT_EQ(wide.cameras.size(), 1u);
    EXPECT_LT(wide.cameras[0].yfov, kPi);
    EXPECT_EQ(wide.cameras[0].aspectRatio, 0.0f);
    EXPECT_THAT(lines(wide), HasSubstr("cameras[0].perspective.yfov 4.000000 is not below pi"));
    EXPECT_THAT(lines(wide), HasSubstr("cameras[0].perspective.aspectRatio -1.000000 is not > 0"));
    // A node's camera out of range is an error like any other index (GltfValidate.cpp).
    auto bad = importBytes(fixtures::camerasJsonFixture(Json::array()));
    ASSERT_TRUE(bad.ok());
    morph::GltfBuilder b = fixtures::floorBuilder();
    b.json()["nodes"][0]["camera"] = 3;
    auto r = morph::importGltfMemory(b.glb(), "scene.glb", "");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::BadReference);
    EXPECT_THAT(r.error().message, HasSubstr("nodes[0].camera = 3 is not in cameras (0)"));
}

TEST(ScenesImport, EverySceneAndTheDefault) {
    const morph::Scene scene = load(fixtures::twoScenesFixture());
    ASSERT_EQ(scene.scenes.size(), 2u);
    EXPECT_EQ(scene.scenes[0].name, "Red");
    EXPECT_EQ(scene.scenes[0].roots, std::vector<int>{0});
    EXPECT_EQ(scene.scenes[1].name, "Blue");
    EXPECT_EQ(scene.scenes[1].roots, std::vector<int>{1});
    EXPECT_EQ(scene.defaultScene, 1);
    EXPECT_EQ(scene.roots, std::vector<int>{1});  // the default scene's, as before
    EXPECT_EQ(morph::sceneNodes(scene, 0), std::vector<int>{0});
    EXPECT_EQ(morph::sceneNodes(scene, 1), (std::vector<int>{1, 2}));
    EXPECT_EQ(morph::sceneNodes(scene, -1), (std::vector<int>{1, 2}));
    EXPECT_EQ(morph::sceneNodes(scene, 7), (std::vector<int>{1, 2}));  // out of range: default
}

TEST(ScenesImport, WithoutScenesEveryParentlessNode) {
    morph::GltfBuilder b = fixtures::floorBuilder();
    b.json().erase("scenes");
    b.json().erase("scene");
    b.json()["nodes"].push_back({{"name", "empty"}});
    const morph::Scene scene = load(b.glb());
    EXPECT_TRUE(scene.scenes.empty());
    EXPECT_EQ(scene.defaultScene, -1);
    EXPECT_EQ(scene.roots, (std::vector<int>{0, 1}));
    EXPECT_EQ(morph::sceneNodes(scene, -1), (std::vector<int>{0, 1}));
}

TEST(ScenesImport, SceneUnsetMeansTheFirst) {
    morph::GltfBuilder b = fixtures::floorBuilder();
    b.json().erase("scene");
    const morph::Scene scene = load(b.glb());
    EXPECT_EQ(scene.defaultScene, 0);
}

}  // namespace

}  // namespace import_file_scene_test
