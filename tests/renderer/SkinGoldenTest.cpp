// Golden images of the bundled skinned character (assets/character.glb) playing its clips:
// node TRS, skin and weights channels sampled at the same time, drawn through renderer::Capturer
// (the code behind `morphview capture`) and compared with tests/golden/character_*.png. Made
// and refreshed like the corpus goldens (tests/golden/README.md; MORPHVIEW_UPDATE_GOLDENS=1).
#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "GoldenCapture.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/Golden.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"
#include "renderer/scene/Capture.h"

namespace skin_golden_test {

namespace {

constexpr int kSize = 256;  // as the corpus goldens: a second or two on llvmpipe

struct Golden {
    const char* name;  // tests/golden/<name>.png
    const char* animation;
    float time;
    renderer::CameraView camera;
};

// Two times of "wave" (arm raised and mid-wave with the mouth open; arm coming down with the
// head squashed) and one of "walk" (legs apart) from a three-quarter view.
const Golden kGoldens[] = {
    {"character_wave_t0.6", "wave", 0.6f, renderer::orbitView(25, 10)},
    {"character_wave_t1.3", "wave", 1.3f, renderer::orbitView(25, 10)},
    {"character_walk_t0.25", "walk", 0.25f, renderer::orbitView(60, 10)},
};

class SkinGoldenTest : public fixtures::GlTest, public ::testing::WithParamInterface<Golden> {};

TEST_P(SkinGoldenTest, MatchesGolden) {
    const Golden& g = GetParam();
    auto capturer = renderer::Capturer::create();
    ASSERT_TRUE(capturer.ok()) << capturer.error().message;
    renderer::ShotSpec shot;
    shot.width = shot.height = kSize;
    shot.camera = g.camera;
    fixtures::expectMatchesGolden(
        "SkinGoldenTest", g.name,
        fixtures::captureModel(*capturer,
                               std::string(MORPHVIEW_SOURCE_DIR) + "/assets/character.glb", shot,
                               fixtures::shotPoseOf("", g.animation, g.time)));
}

INSTANTIATE_TEST_SUITE_P(Character, SkinGoldenTest, ::testing::ValuesIn(kGoldens),
                         fixtures::GoldenParamName());

}  // namespace

}  // namespace skin_golden_test
