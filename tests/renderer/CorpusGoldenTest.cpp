// Golden images: every corpus model (the plain .gltf of each) at two poses, rendered through
// renderer::Capturer (the code behind `morphview capture`) at 256x256 and compared with the PNGs
// in tests/golden/. See tests/golden/README.md for how they were made and how to refresh them:
// MORPHVIEW_UPDATE_GOLDENS=1 rewrites them instead of comparing.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "GoldenCapture.h"
#include "fixtures/Golden.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"
#include "renderer/scene/Capture.h"

namespace corpus_golden_test {

namespace {

namespace fs = std::filesystem;

// 256x256 keeps the ten llvmpipe renders of the CI run to a second or two.
constexpr int kSize = 256;

struct Golden {
    const char* name;  // tests/golden/<name>.png
    const char* model;
    const char* weights;
    const char* animation;
    float time;
};

// Per model the default weights, and another pose: an animation time where the file has one
// (the weights then come from the glTF sampler), else an explicit weight set.
const Golden kGoldens[] = {
    {"SimpleMorph_default", "SimpleMorph/glTF/SimpleMorph.gltf", "", "", 0},
    {"SimpleMorph_anim_t1.5", "SimpleMorph/glTF/SimpleMorph.gltf", "", "0", 1.5f},
    {"AnimatedMorphCube_default", "AnimatedMorphCube/glTF/AnimatedMorphCube.gltf", "", "", 0},
    {"AnimatedMorphCube_Square_t1.2", "AnimatedMorphCube/glTF/AnimatedMorphCube.gltf", "", "Square",
     1.2f},
    {"AnimatedMorphSphere_default", "AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf", "", "", 0},
    {"AnimatedMorphSphere_Globe_t2", "AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf", "",
     "Globe", 2.0f},
    {"MorphPrimitivesTest_default", "MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf", "", "", 0},
    {"MorphPrimitivesTest_w1", "MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf", "0=1", "", 0},
    {"MorphStressTest_default", "MorphStressTest/glTF/MorphStressTest.gltf", "", "", 0},
    {"MorphStressTest_TheWave_t1", "MorphStressTest/glTF/MorphStressTest.gltf", "", "TheWave",
     1.0f},
};

class CorpusGoldenTest : public fixtures::GlTest, public ::testing::WithParamInterface<Golden> {
protected:
    static renderer::Capturer& capturer() { return fixtures::sharedCapturer(); }
};

TEST_P(CorpusGoldenTest, MatchesGolden) {
    const Golden& g = GetParam();
    renderer::ShotSpec shot;
    shot.width = shot.height = kSize;
    // A three-quarter view: front and one side in one image.
    shot.camera = renderer::orbitView(25, 15);
    fixtures::expectMatchesGolden(
        "CorpusGoldenTest", g.name,
        fixtures::captureModel(capturer(), fixtures::corpusPath(g.model), shot,
                               fixtures::shotPoseOf(g.weights, g.animation, g.time)));
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusGoldenTest, ::testing::ValuesIn(kGoldens),
                         fixtures::GoldenParamName());

}  // namespace

}  // namespace corpus_golden_test
