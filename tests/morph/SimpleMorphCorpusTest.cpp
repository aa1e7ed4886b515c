// SimpleMorph (Khronos sample) checked by hand. The numbers, read from the two .bin files:
//   base      v0 (0,0,0)  v1 (1,0,0)  v2 (0.5,0.5,0)
//   target 0  v0 0        v1 0        v2 (-1,1,0)
//   target 1  v0 0        v1 0        v2 (1,1,0)
//   mesh.weights [0.5, 0.5]; one LINEAR weights animation on node 0:
//   t = 0 [0,0], 1 [0,1], 2 [1,1], 3 [1,0], 4 [0,0].
#include <cmath>

#include <gtest/gtest.h>

#include "fixtures/TestPaths.h"
#include "morph/anim/Animate.h"
#include "morph/anim/Sampler.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Blend.h"

namespace simple_morph_corpus_test {

namespace {

void expectPositions(const std::vector<glm::vec3>& actual, const std::vector<glm::vec3>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        for (int c = 0; c < 3; ++c) EXPECT_FLOAT_EQ(actual[i][c], expected[i][c]) << "vertex " << i;
}

void expectWeights(const std::vector<float>& actual, const std::vector<float>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_FLOAT_EQ(actual[i], expected[i]) << "target " << i;
}

class SimpleMorph : public testing::Test {
protected:
    void SetUp() override {
        morph::Result<morph::Scene> r =
            morph::importGltf(fixtures::corpusPath("SimpleMorph/glTF/SimpleMorph.gltf"));
        ASSERT_TRUE(r.ok()) << r.error().message;
        mScene = std::move(r).value();
        ASSERT_EQ(mScene.meshes.size(), 1u);
        ASSERT_EQ(mScene.meshes[0].primitives.size(), 1u);
        ASSERT_EQ(mScene.nodes.size(), 1u);
        ASSERT_EQ(mScene.animations.size(), 1u);
    }
    const morph::Primitive& primitive() const { return mScene.meshes[0].primitives[0]; }
    morph::Scene mScene;
};

TEST_F(SimpleMorph, FileReadsAsExpected) {
    const morph::Primitive& p = primitive();
    expectPositions(p.positions, {{0, 0, 0}, {1, 0, 0}, {0.5f, 0.5f, 0}});
    EXPECT_EQ(p.indices, (std::vector<uint32_t>{0, 1, 2}));
    ASSERT_EQ(p.targets.size(), 2u);
    EXPECT_EQ(mScene.meshes[0].targetNames, (std::vector<std::string>{"0", "1"}));
    ASSERT_EQ(p.targetStats.size(), 2u);
    EXPECT_EQ(p.targetStats[0].movedVertices, 1u);  // only v2 moves
    EXPECT_FLOAT_EQ(p.targetStats[0].maxPositionDelta, std::sqrt(2.0f));
}

TEST_F(SimpleMorph, DefaultWeightsHalfAndHalf) {
    // v2 = (0.5,0.5,0) + 0.5 (-1,1,0) + 0.5 (1,1,0) = (0.5, 1.5, 0).
    std::vector<float> weights = morph::defaultWeights(mScene, 0);
    expectWeights(weights, {0.5f, 0.5f});
    morph::MorphedPrimitive m = morph::blend(primitive(), weights);
    expectPositions(m.positions, {{0, 0, 0}, {1, 0, 0}, {0.5f, 1.5f, 0}});
}

TEST_F(SimpleMorph, AnimationAtOneAndAHalfSeconds) {
    const morph::Animation& a = mScene.animations[0];
    EXPECT_FLOAT_EQ(a.start, 0);
    EXPECT_FLOAT_EQ(a.end, 4);
    ASSERT_EQ(a.samplers.size(), 1u);
    // t = 1.5 is halfway between the keys at 1 s [0,1] and 2 s [1,1]: [0.5, 1].
    expectWeights(morph::sample(a.samplers[0], morph::AnimationPath::Weights, 1.5f), {0.5f, 1.0f});

    std::vector<morph::NodePose> pose = morph::restPose(mScene);
    morph::applyAnimation(mScene, a, 1.5f, pose);
    ASSERT_EQ(pose.size(), 1u);
    expectWeights(pose[0].weights, {0.5f, 1.0f});
    // v2 = (0.5,0.5,0) + 0.5 (-1,1,0) + 1 (1,1,0) = (1, 2, 0).
    morph::MorphedPrimitive m = morph::blend(primitive(), pose[0].weights);
    expectPositions(m.positions, {{0, 0, 0}, {1, 0, 0}, {1, 2, 0}});
}

TEST_F(SimpleMorph, AnimationClampsOutsideItsKeys) {
    const morph::AnimationSampler& s = mScene.animations[0].samplers[0];
    expectWeights(morph::sample(s, morph::AnimationPath::Weights, -1.0f), {0, 0});
    expectWeights(morph::sample(s, morph::AnimationPath::Weights, 3.25f), {0.75f, 0});
    expectWeights(morph::sample(s, morph::AnimationPath::Weights, 10.0f), {0, 0});
}

// The STEP and CUBICSPLINE re-encodings (variants/). CUBICSPLINE keys, per key in-tangent,
// value, out-tangent: k1 (0.5,0.5) (0,1) (0.5,0.5); k2 (0.5,-0.5) (1,1) (0.5,-0.5). At t = 1.5
// (interval 1 s, s = 0.5; Appendix C: h00 = h01 = 0.5, h10 = 0.125, h11 = -0.125):
//   w0 = 0.5*0 + 0.125*0.5 + 0.5*1 - 0.125*0.5    = 0.5
//   w1 = 0.5*1 + 0.125*0.5 + 0.5*1 - 0.125*(-0.5) = 1.125
// so v2 = (0.5,0.5,0) + 0.5 (-1,1,0) + 1.125 (1,1,0) = (1.125, 2.125, 0).
// STEP holds the key at 1 s, [0, 1]: v2 = (1.5, 1.5, 0).
TEST(SimpleMorphVariants, StepAndCubicSplineAtOneAndAHalfSeconds) {
    struct Case {
        const char* file;
        morph::Interpolation interpolation;
        std::vector<float> weights;
        glm::vec3 v2;
    };
    const Case cases[] = {
        {"SimpleMorph/variants/SimpleMorph.step.glb",
         morph::Interpolation::Step,
         {0, 1},
         {1.5f, 1.5f, 0}},
        {"SimpleMorph/variants/SimpleMorph.cubicspline.glb",
         morph::Interpolation::CubicSpline,
         {0.5f, 1.125f},
         {1.125f, 2.125f, 0}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        morph::Result<morph::Scene> r = morph::importGltf(fixtures::corpusPath(c.file));
        ASSERT_TRUE(r.ok()) << r.error().message;
        const morph::Scene& scene = r.value();
        ASSERT_EQ(scene.animations.size(), 1u);
        ASSERT_EQ(scene.animations[0].samplers.size(), 1u);
        EXPECT_EQ(scene.animations[0].samplers[0].interpolation, c.interpolation);
        std::vector<morph::NodePose> pose = morph::restPose(scene);
        ASSERT_EQ(pose.size(), 1u);
        expectWeights(pose[0].weights, {0.5f, 0.5f});
        morph::applyAnimation(scene, scene.animations[0], 1.5f, pose);
        expectWeights(pose[0].weights, c.weights);
        morph::MorphedPrimitive m = morph::blend(scene.meshes[0].primitives[0], pose[0].weights);
        expectPositions(m.positions, {{0, 0, 0}, {1, 0, 0}, c.v2});
    }
}

}  // namespace

}  // namespace simple_morph_corpus_test
