// Golden images of the file's own scene: the lights fixture seen from the top
// under its KHR_lights_punctual lights, the cameras fixture through each of its cameras, and the
// two-scene fixture's scenes. Fixtures are built in code (tests/fixtures/SceneFixtures.h) and
// drawn through renderer::Capturer, the code behind `morphview capture`; made and refreshed like
// every golden (tests/golden/README.md; MORPHVIEW_UPDATE_GOLDENS=1).
#include <string>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "GoldenCapture.h"
#include "fixtures/Golden.h"
#include "fixtures/SceneFixtures.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/scene/Capture.h"

namespace file_scene_golden_test {

namespace {

struct Golden {
    const char* name;  // tests/golden/<name>.png
    fixtures::SceneBytes (*fixture)();
    renderer::CameraView camera;
    int scene;
    const char* environment;  // ShotSpec::environment
    // Why this golden may differ from a fresh render, per golden (see below).
    morph::CompareTolerance tolerance;
};

// The shared goldens' tolerance (fixtures::goldenTolerance: 5/255 per channel, 0.1% of the
// pixels) fits the cubes: flat-shaded faces whose only unstable pixels are MSAA edges.
morph::CompareTolerance cubes() {
    return fixtures::goldenTolerance();
}

// The lit floor is one smooth gradient after another (inverse square falloff, the range window,
// the spot's squared ramp): a Mesa/LLVM that evaluates pow, the tone curve or the sRGB encode a
// little differently shifts whole gradients by a level or two, never by 5, so the per-channel
// bound stays 5; but there are no edges to excuse differing pixels, so 0.1% stays too. What
// this golden exists to catch (a light moved, a cone or range changed, a light lost) moves
// thousands of pixels by tens of levels.
morph::CompareTolerance gradients() {
    return fixtures::goldenTolerance();
}

const Golden kGoldens[] = {
    // The lights under the rig's dim sky, not the studio, whose softboxes would drown them: this
    // golden is about the punctual lights. The others are the default look.
    {"scene_lights_top", fixtures::lightsFixture, renderer::orbitView(0, 90), -1,
     renderer::kRigLighting, gradients()},
    {"scene_cameras_file0", fixtures::camerasFixture, renderer::fileCameraView(0), -1,
     renderer::kStudioEnvironment, cubes()},
    {"scene_cameras_file1", fixtures::camerasFixture, renderer::fileCameraView(1), -1,
     renderer::kStudioEnvironment, cubes()},
    {"scene_two_scene0", fixtures::twoScenesFixture, renderer::orbitView(25, 15), 0,
     renderer::kStudioEnvironment, cubes()},
    {"scene_two_scene1", fixtures::twoScenesFixture, renderer::orbitView(25, 15), 1,
     renderer::kStudioEnvironment, cubes()},
};

class FileSceneGoldenTest : public fixtures::GlTest,
                            public ::testing::WithParamInterface<Golden> {};

TEST_P(FileSceneGoldenTest, MatchesGolden) {
    const Golden& g = GetParam();
    auto scene = morph::importGltfMemory(g.fixture(), std::string(g.name) + ".glb", "");
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    auto capturer = renderer::Capturer::create();
    ASSERT_TRUE(capturer.ok()) << capturer.error().message;
    renderer::ShotSpec shot;
    shot.width = shot.height = 256;  // as the corpus goldens
    shot.camera = g.camera;
    shot.scene = g.scene;
    shot.environment = fixtures::environmentOrFail(*capturer, g.environment);
    const morph::RgbaImage image = fixtures::captureScene(*capturer, *scene, shot);
    fixtures::expectMatchesGolden("FileSceneGoldenTest", g.name, image, g.tolerance);
}

INSTANTIATE_TEST_SUITE_P(FileScene, FileSceneGoldenTest, ::testing::ValuesIn(kGoldens),
                         fixtures::GoldenParamName());

}  // namespace

}  // namespace file_scene_golden_test
