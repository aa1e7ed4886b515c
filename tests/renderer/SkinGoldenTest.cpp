// Golden images of the bundled skinned character (assets/character.glb) playing its clips:
// node TRS, skin and weights channels sampled at the same time, drawn through renderer::Capturer
// (the code behind `morphview capture`) and compared with tests/golden/character_*.png. Made
// and refreshed like the corpus goldens (tests/golden/README.md; MORPHVIEW_UPDATE_GOLDENS=1).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "GlFixture.h"
#include "fixtures/TestPaths.h"
#include "morph/GltfImport.h"
#include "morph/ImageCompare.h"
#include "morph/ImageFile.h"
#include "renderer/Capture.h"

namespace {

constexpr int kSize = 256;  // as the corpus goldens: a second or two on llvmpipe

struct Golden {
    const char* name;  // tests/golden/<name>.png
    const char* animation;
    float time;
    const char* camera;
};

// Two times of "wave" (arm raised and mid-wave with the mouth open; arm coming down with the
// head squashed) and one of "walk" (legs apart) from a three-quarter view.
const Golden kGoldens[] = {
    {"character_wave_t0.6", "wave", 0.6f, "orbit:25,10"},
    {"character_wave_t1.3", "wave", 1.3f, "orbit:25,10"},
    {"character_walk_t0.25", "walk", 0.25f, "orbit:60,10"},
};

// The corpus goldens' tolerances, for the same reasons (CorpusGoldenTest.cpp): 5/255 per
// channel for another Mesa/LLVM's rounding, 0.1% of pixels for MSAA edge coverage flips.
morph::CompareTolerance goldenTolerance() {
    morph::CompareTolerance t;
    t.maxChannelDiff = 5;
    t.maxDifferingFraction = 0.001;
    return t;
}

bool updating() {
    const char* value = std::getenv("MORPHVIEW_UPDATE_GOLDENS");
    return value != nullptr && std::string(value) == "1";
}

class SkinGoldenTest : public fixtures::GlTest, public ::testing::WithParamInterface<Golden> {};

TEST_P(SkinGoldenTest, MatchesGolden) {
    const Golden& g = GetParam();
    auto scene = morph::importGltf(std::string(MORPHVIEW_SOURCE_DIR) + "/assets/character.glb");
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    auto gpu = renderer::GpuScene::upload(*scene);
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    auto capturer = renderer::Capturer::create();
    ASSERT_TRUE(capturer.ok()) << capturer.error().message;
    renderer::ShotSpec shot;
    shot.width = shot.height = kSize;
    shot.animation = g.animation;
    shot.time = g.time;
    shot.camera = g.camera;
    auto image = capturer->capture(*gpu, shot);
    ASSERT_TRUE(image.ok()) << image.error().message;

    const std::string golden =
        std::string(MORPHVIEW_SOURCE_DIR) + "/tests/golden/" + g.name + ".png";
    if (updating()) {
        const morph::Status written = morph::writePngFile(golden, *image);
        ASSERT_TRUE(written.ok()) << written.error().message;
        std::printf("rewrote %s\n", golden.c_str());
        return;
    }
    auto expected = morph::readImageFile(golden);
    ASSERT_TRUE(expected.ok())
        << expected.error().message
        << " (make it with MORPHVIEW_UPDATE_GOLDENS=1, see tests/golden/README.md)";
    const morph::CompareTolerance tolerance = goldenTolerance();
    const morph::ImageDifference d = morph::compareImages(*expected, *image, tolerance);
    if (!d.withinTolerance) {
        const std::string dir = fixtures::scratchDir(std::string("SkinGoldenTest_") + g.name);
        (void)morph::writePngFile(dir + "/actual.png", *image);
        (void)morph::writePngFile(dir + "/diff.png",
                                  morph::diffImage(*expected, *image, tolerance));
        ADD_FAILURE() << g.name << ": " << morph::summaryLine(d, *expected, *image, tolerance)
                      << "; actual and diff images in " << dir;
    }
}

INSTANTIATE_TEST_SUITE_P(Character, SkinGoldenTest, ::testing::ValuesIn(kGoldens),
                         [](const ::testing::TestParamInfo<Golden>& info) {
                             std::string name = info.param.name;
                             for (char& c : name) {
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             }
                             return name;
                         });

}  // namespace
