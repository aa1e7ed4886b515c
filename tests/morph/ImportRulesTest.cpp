// One code-built fixture per glTF import rule (tests/fixtures/Fixtures.h describes each file);
// every expected value below is worked out by hand from the fixture's numbers.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ImportOrFail.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/Fixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Animate.h"
#include "morph/anim/Sampler.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"
#include "morph/targets/Blend.h"
#include "morph/targets/PoseTargets.h"

namespace import_rules_test {

namespace {

using morph::ComponentType;
using morph::ErrorCode;
using morph::MorphChannel;
using testing::HasSubstr;
using V4 = std::vector<glm::vec4>;

morph::Scene load(const fixtures::Bytes& bytes, const std::string& name = "fixture.glb") {
    return morphtest::importOrFail(bytes, name);
}

template <typename Vec>
void expectVecs(const std::vector<Vec>& actual, const std::vector<Vec>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        for (int c = 0; c < Vec::length(); ++c)
            EXPECT_FLOAT_EQ(actual[i][c], expected[i][c]) << "element " << i << " component " << c;
}

void expectFloats(const std::vector<float>& actual, const std::vector<float>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_FLOAT_EQ(actual[i], expected[i]) << "index " << i;
}

const std::vector<glm::vec3> kTriangle = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

// The one primitive of the one mesh, after checking there is exactly that.
const morph::Primitive& onlyPrimitive(const morph::Scene& scene) {
    static const morph::Primitive kEmpty;
    EXPECT_EQ(scene.meshes.size(), 1u);
    if (scene.meshes.size() != 1 || scene.meshes[0].primitives.size() != 1) {
        ADD_FAILURE() << "expected one mesh with one primitive";
        return kEmpty;
    }
    return scene.meshes[0].primitives[0];
}

// The primitive has one target, with these POSITION deltas.
void expectOnePositionTarget(const morph::Primitive& p, const V4& deltas) {
    ASSERT_EQ(p.targets.size(), 1u);
    expectVecs(p.targets[0].dense(MorphChannel::Position, p.vertexCount()), deltas);
}

void expectTriangleWithTwoTargets(const morph::Scene& scene) {
    const morph::Primitive& p = onlyPrimitive(scene);
    expectVecs(p.positions, kTriangle);
    ASSERT_EQ(p.targets.size(), 2u);
    expectVecs(p.targets[0].dense(MorphChannel::Position, p.vertexCount()),
               V4{{0, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}});
    expectVecs(p.targets[1].dense(MorphChannel::Position, p.vertexCount()),
               V4{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 2, 0, 0}});
    expectFloats(scene.meshes[0].defaultWeights, {0.25f, 0.5f});
}

TEST(ImportRules, SparseTargetWithoutBufferViewHasAZeroBase) {
    morph::Scene scene = load(fixtures::sparseTargetWithoutBufferView());
    const morph::Primitive& p = onlyPrimitive(scene);
    expectVecs(p.positions, kTriangle);
    EXPECT_EQ(p.indices, (std::vector<uint32_t>{0, 1, 2}));
    expectOnePositionTarget(p, V4{{0, 0, 0, 0}, {0, 0, 0.5f, 0}, {0, 0, 0, 0}});
    ASSERT_EQ(p.targetStats.size(), 1u);
    EXPECT_EQ(p.targetStats[0].movedVertices, 1u);
    EXPECT_FLOAT_EQ(p.targetStats[0].maxPositionDelta, 0.5f);
}

TEST(ImportRules, SparseTargetWithBufferViewReplacesBaseElements) {
    morph::Scene scene = load(fixtures::sparseTargetWithBufferView());
    const morph::Primitive& p = onlyPrimitive(scene);
    expectOnePositionTarget(p, V4{{0.1f, 0, 0, 0}, {0.2f, 0, 0, 0}, {0, 0, 1, 0}});
}

TEST(ImportRules, SparseBaseAttribute) {
    morph::Scene scene = load(fixtures::sparseBasePositions());
    const morph::Primitive& p = onlyPrimitive(scene);
    expectVecs(p.positions, std::vector<glm::vec3>{{0, 0, 0}, {2, 0, 0}, {0, 1, 0}});
    expectOnePositionTarget(p, V4{{0, 0, 1, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
}

TEST(ImportRules, SparseAnimationOutput) {
    morph::Scene scene = load(fixtures::sparseAnimationOutput());
    ASSERT_EQ(scene.animations.size(), 1u);
    ASSERT_EQ(scene.animations[0].samplers.size(), 1u);
    expectFloats(scene.animations[0].samplers[0].output, {0, 0, 0, 0.5f, 1, 0});
}

struct QuantizedCase {
    ComponentType type;
    bool normalized;
    std::vector<float> expected;  // glTF 2.0 3.11: f = max(c / (2^(n-1) - 1), -1) or c / (2^n - 1)
};

std::string caseName(const QuantizedCase& c) {
    return std::to_string(static_cast<int>(c.type)) + (c.normalized ? " normalized" : "");
}

// The raw components are listed in Fixtures.h.
const QuantizedCase kByteN{
    ComponentType::Byte,
    true,
    {1, -1, 0, 1 / 127.0f, -1 / 127.0f, 64 / 127.0f, -1, 100 / 127.0f, 5 / 127.0f}};
const QuantizedCase kByte{ComponentType::Byte, false, {127, -128, 0, 1, -1, 64, -127, 100, 5}};
const QuantizedCase kUByteN{ComponentType::UnsignedByte,
                            true,
                            {1, 0, 128 / 255.0f, 1 / 255.0f, 2 / 255.0f, 254 / 255.0f, 17 / 255.0f,
                             34 / 255.0f, 51 / 255.0f}};
const QuantizedCase kUByte{
    ComponentType::UnsignedByte, false, {255, 0, 128, 1, 2, 254, 17, 34, 51}};
const QuantizedCase kShortN{
    ComponentType::Short,
    true,
    {1, -1, 0, 16383 / 32767.0f, -1 / 32767.0f, 1 / 32767.0f, -1, 100 / 32767.0f, 5 / 32767.0f}};
const QuantizedCase kShort{
    ComponentType::Short, false, {32767, -32768, 0, 16383, -1, 1, -32767, 100, 5}};
const QuantizedCase kUShortN{ComponentType::UnsignedShort,
                             true,
                             {1, 0, 32768 / 65535.0f, 1 / 65535.0f, 2 / 65535.0f, 65534 / 65535.0f,
                              17 / 65535.0f, 34 / 65535.0f, 51 / 65535.0f}};
const QuantizedCase kUShort{
    ComponentType::UnsignedShort, false, {65535, 0, 32768, 1, 2, 65534, 17, 34, 51}};
const QuantizedCase kFloat{ComponentType::Float, false, {1.5f, -2, 0, 0.25f, -1, 1, 3, 100, 5}};

// Each of the types KHR_mesh_quantization allows a target (float, (normalized) byte or
// (normalized) short) as the one target of `fixture`'s triangle: its `channel` deltas are the
// case's values, `width` of them a vertex, the rest of each delta zero.
void expectEveryTargetComponentType(fixtures::Bytes (*fixture)(ComponentType, bool),
                                    MorphChannel channel, int width) {
    for (const QuantizedCase& c : {kFloat, kByte, kByteN, kShort, kShortN}) {
        SCOPED_TRACE(caseName(c));
        morph::Scene scene = load(fixture(c.type, c.normalized));
        const morph::Primitive& p = onlyPrimitive(scene);
        ASSERT_EQ(p.targets.size(), 1u);
        V4 expected(3, glm::vec4(0.0f));
        for (int v = 0; v < 3; ++v) {
            for (int k = 0; k < width; ++k)
                expected[size_t(v)][k] = c.expected[size_t(v * width + k)];
        }
        expectVecs(p.targets[0].dense(channel, p.vertexCount()), expected);
    }
}

TEST(ImportRules, EveryTargetComponentTypeKhrMeshQuantizationAllows) {
    // KHR_mesh_quantization, "Extending Morph Target Attributes": POSITION targets may be float,
    // (normalized) byte or (normalized) short.
    expectEveryTargetComponentType(fixtures::quantizedTarget, MorphChannel::Position, 3);
}

TEST(ImportRules, EveryBasePositionComponentType) {
    for (const QuantizedCase& c :
         {kFloat, kByte, kByteN, kUByte, kUByteN, kShort, kShortN, kUShort, kUShortN}) {
        SCOPED_TRACE(caseName(c));
        morph::Scene scene = load(fixtures::quantizedBase(c.type, c.normalized));
        const morph::Primitive& p = onlyPrimitive(scene);
        const auto& e = c.expected;
        expectVecs(p.positions, std::vector<glm::vec3>{
                                    {e[0], e[1], e[2]}, {e[3], e[4], e[5]}, {e[6], e[7], e[8]}});
        EXPECT_TRUE(p.targets.empty());
    }
}

TEST(ImportRules, NormalizedNormalTargets) {
    for (ComponentType type : {ComponentType::Byte, ComponentType::Short}) {
        SCOPED_TRACE(static_cast<int>(type));
        morph::Scene scene = load(fixtures::quantizedNormalTarget(type));
        const morph::Primitive& p = onlyPrimitive(scene);
        ASSERT_EQ(p.targets.size(), 1u);
        EXPECT_FALSE(p.targets[0].has(MorphChannel::Position));
        expectVecs(p.targets[0].dense(MorphChannel::Normal, p.vertexCount()),
                   V4{{1, 0, -1, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
        EXPECT_EQ(p.morphedChannels(), std::vector<MorphChannel>{MorphChannel::Normal});
    }
}

TEST(ImportRules, EveryTexcoordTargetComponentType) {
    // KHR_mesh_quantization: TEXCOORD_n targets may be float, (normalized) byte or short.
    expectEveryTargetComponentType(fixtures::quantizedTexcoordTarget, MorphChannel::TexCoord0, 2);
}

TEST(ImportRules, NormalizedBaseNormals) {
    for (ComponentType type : {ComponentType::Byte, ComponentType::Short}) {
        SCOPED_TRACE(static_cast<int>(type));
        morph::Scene scene = load(fixtures::quantizedBaseNormals(type));
        const morph::Primitive& p = onlyPrimitive(scene);
        expectVecs(p.normals, std::vector<glm::vec3>{{0, 0, 1}, {0, -1, 0}, {1, 0, 0}});
    }
}

TEST(ImportRules, InterleavedBaseAndTarget) {
    morph::Scene scene = load(fixtures::interleavedPositionAndTarget());
    const morph::Primitive& p = onlyPrimitive(scene);
    expectVecs(p.positions, kTriangle);
    expectOnePositionTarget(p, V4{{0, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}});
}

TEST(ImportRules, UnknownTargetAttributeIsIgnored) {
    morph::Scene scene = load(fixtures::targetWithUnknownAttribute());
    const morph::Primitive& p = onlyPrimitive(scene);
    ASSERT_EQ(p.targets.size(), 1u);
    EXPECT_EQ(p.morphedChannels(), std::vector<MorphChannel>{MorphChannel::Position});
    expectVecs(p.targets[0].dense(MorphChannel::Position, p.vertexCount()),
               V4{{0, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}});
}

TEST(ImportRules, GlbChunkOfUnknownTypeIsIgnored) {
    expectTriangleWithTwoTargets(load(fixtures::glbWithUnknownChunk()));
}

TEST(ImportRules, WithoutASceneTheRootsAreTheParentlessNodes) {
    morph::Scene scene = load(fixtures::nodesWithoutScene());
    ASSERT_EQ(scene.nodes.size(), 3u);
    EXPECT_EQ(scene.roots, (std::vector<int>{0, 1}));
    EXPECT_EQ(scene.nodes[2].parent, 0);
    EXPECT_EQ(scene.nodes[0].children, std::vector<int>{2});
    EXPECT_EQ(scene.nodes[2].mesh, 0);
}

TEST(ImportRules, NodeWeightsOverrideMeshWeights) {
    // glTF 2.0 3.7.2.2 (Morph Targets): node.weights overrides mesh.weights.
    morph::Scene scene = load(fixtures::weightsOnNodeAndMesh());
    ASSERT_EQ(scene.meshes.size(), 1u);
    ASSERT_EQ(scene.nodes.size(), 1u);
    expectFloats(scene.meshes[0].defaultWeights, {0.25f, 0.5f});
    expectFloats(scene.nodes[0].weights, {0.75f, 0.125f});
    expectFloats(morph::defaultWeights(scene, 0), {0.75f, 0.125f});
    std::vector<morph::NodePose> pose = morph::restPose(scene);
    ASSERT_EQ(pose.size(), 1u);
    expectFloats(pose[0].weights, {0.75f, 0.125f});
}

TEST(ImportRules, MeshWeightsWithoutNodeWeights) {
    morph::Scene scene = load(fixtures::weightsOnMeshOnly());
    ASSERT_EQ(scene.nodes.size(), 1u);
    EXPECT_TRUE(scene.nodes[0].weights.empty());
    expectFloats(scene.meshes[0].defaultWeights, {0.25f, 0.5f});
    expectFloats(morph::defaultWeights(scene, 0), {0.25f, 0.5f});
}

TEST(ImportRules, NeitherWeightsMeansZeros) {
    morph::Scene scene = load(fixtures::weightsOnNeither());
    ASSERT_EQ(scene.meshes.size(), 1u);
    expectFloats(scene.meshes[0].defaultWeights, {0, 0});
    expectFloats(morph::defaultWeights(scene, 0), {0, 0});
}

TEST(ImportRules, PrimitivesShareWeightsButMorphDifferentAttributes) {
    morph::Scene scene = load(fixtures::multiPrimitiveDifferentAttributeSets());
    ASSERT_EQ(scene.meshes.size(), 1u);
    const morph::Mesh& mesh = scene.meshes[0];
    ASSERT_EQ(mesh.primitives.size(), 2u);
    EXPECT_EQ(mesh.targetCount(), 2u);
    expectFloats(mesh.defaultWeights, {0.5f, 0.25f});

    const morph::Primitive& p0 = mesh.primitives[0];
    const morph::Primitive& p1 = mesh.primitives[1];
    EXPECT_EQ(p0.morphedChannels(), std::vector<MorphChannel>{MorphChannel::Position});
    EXPECT_EQ(p1.morphedChannels(),
              (std::vector<MorphChannel>{MorphChannel::Position, MorphChannel::Normal}));
    EXPECT_TRUE(p0.normals.empty());
    ASSERT_EQ(p1.targets.size(), 2u);
    expectVecs(p1.targets[0].dense(MorphChannel::Normal, p1.vertexCount()),
               V4{{0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
    expectVecs(p1.targets[1].dense(MorphChannel::Position, p1.vertexCount()),
               V4{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 3, 0}});

    // One weight vector drives both: p0 v1 += 0.5 (0,0,1), v2 += 0.25 (0,2,0);
    // p1 v0 += 0.5 (1,0,0), v2 += 0.25 (0,0,3), n0 += 0.5 (0,1,0).
    morph::MorphedPrimitive m0 = morph::blend(p0, mesh.defaultWeights);
    expectVecs(m0.positions, std::vector<glm::vec3>{{0, 0, 0}, {1, 0, 0.5f}, {0, 1.5f, 0}});
    morph::MorphedPrimitive m1 = morph::blend(p1, mesh.defaultWeights);
    expectVecs(m1.positions, std::vector<glm::vec3>{{10.5f, 0, 0}, {11, 0, 0}, {10, 1, 0.75f}});
    expectVecs(m1.normals, std::vector<glm::vec3>{{0, 0.5f, 1}, {0, 0, 1}, {0, 0, 1}});
}

TEST(ImportRules, TargetNamesFromExtras) {
    morph::Scene scene = load(fixtures::targetNamesPresent());
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_EQ(scene.meshes[0].targetNames, (std::vector<std::string>{"smile", "blink"}));
    EXPECT_TRUE(scene.warnings.empty());
}

TEST(ImportRules, TargetNamesMissingAreIndices) {
    morph::Scene scene = load(fixtures::targetNamesMissing());
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_EQ(scene.meshes[0].targetNames, (std::vector<std::string>{"0", "1"}));
    EXPECT_TRUE(scene.warnings.empty());
}

TEST(ImportRules, TargetNamesOfTheWrongLengthWarnAndFallBackToIndices) {
    morph::Scene scene = load(fixtures::targetNamesWrongLength(), "names.glb");
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_EQ(scene.meshes[0].targetNames, (std::vector<std::string>{"0", "1"}));
    ASSERT_EQ(scene.warnings.size(), 1u);
    EXPECT_THAT(scene.warnings[0], testing::StartsWith("names.glb"));
    EXPECT_THAT(scene.warnings[0], HasSubstr("targetNames"));
}

struct InterpolationCase {
    const char* name;
    morph::Interpolation interpolation;
    std::vector<float> output;
    std::vector<float> atHalf;  // sample at t = 0.5
};

TEST(ImportRules, WeightsAnimationsOfEachInterpolation) {
    // CUBICSPLINE at t = 0.5 (glTF 2.0 Appendix C, interval 1, s = 0.5): h00 = 0.5, h10 = 0.125,
    // h01 = 0.5, h11 = -0.125; target 0: 0.125 * 1 + 0.5 * 1 = 0.625;
    // target 1: 0.5 * 0.5 - 0.125 * 1 = 0.125.
    const InterpolationCase cases[] = {
        {"STEP", morph::Interpolation::Step, {0, 0, 1, 0.5f, 0.25f, 1}, {0, 0}},
        {"LINEAR", morph::Interpolation::Linear, {0, 0, 1, 0.5f, 0.25f, 1}, {0.5f, 0.25f}},
        {"CUBICSPLINE",
         morph::Interpolation::CubicSpline,
         {0, 0, 0, 0, 1, 0, 0, 1, 1, 0.5f, 0, 0, 0, 0, 0.25f, 1, 0, 0},
         {0.625f, 0.125f}},
    };
    for (const InterpolationCase& c : cases) {
        SCOPED_TRACE(c.name);
        morph::Scene scene = load(fixtures::weightsAnimation(c.name));
        ASSERT_EQ(scene.animations.size(), 1u);
        const morph::Animation& a = scene.animations[0];
        ASSERT_EQ(a.samplers.size(), 1u);
        ASSERT_EQ(a.channels.size(), 1u);
        EXPECT_EQ(a.channels[0].node, 0);
        EXPECT_EQ(a.channels[0].sampler, 0);
        EXPECT_EQ(a.channels[0].path, morph::AnimationPath::Weights);
        const morph::AnimationSampler& s = a.samplers[0];
        EXPECT_EQ(s.interpolation, c.interpolation);
        EXPECT_EQ(s.width, 2u);
        expectFloats(s.input, {0, 1, 2});
        expectFloats(s.output, c.output);
        EXPECT_FLOAT_EQ(a.start, 0);
        EXPECT_FLOAT_EQ(a.end, 2);
        expectFloats(morph::sample(s, morph::AnimationPath::Weights, 0.5f), c.atHalf);
    }
}

TEST(ImportRules, AnimationWhoseFirstKeyIsAfterZeroHoldsTheFirstValue) {
    morph::Scene scene = load(fixtures::animationFirstKeyAfterZero());
    ASSERT_EQ(scene.animations.size(), 1u);
    const morph::Animation& a = scene.animations[0];
    EXPECT_FLOAT_EQ(a.start, 1);
    EXPECT_FLOAT_EQ(a.end, 3);
    ASSERT_EQ(a.samplers.size(), 1u);
    expectFloats(a.samplers[0].input, {1, 3});
    expectFloats(morph::sample(a.samplers[0], morph::AnimationPath::Weights, 0), {0.2f, 0.4f});
    expectFloats(morph::sample(a.samplers[0], morph::AnimationPath::Weights, 2), {0.4f, 0.6f});
    expectFloats(morph::sample(a.samplers[0], morph::AnimationPath::Weights, 5), {0.6f, 0.8f});

    // At t = 0 the animation, not mesh.weights [0.25, 0.5], decides.
    std::vector<morph::NodePose> pose = morph::restPose(scene);
    morph::applyAnimation(scene, a, 0, pose);
    ASSERT_EQ(pose.size(), 1u);
    expectFloats(pose[0].weights, {0.2f, 0.4f});
}

TEST(ImportRules, NormalizedAnimationOutputIsDecoded) {
    morph::Scene scene = load(fixtures::normalizedAnimationOutput());
    ASSERT_EQ(scene.animations.size(), 1u);
    ASSERT_EQ(scene.animations[0].samplers.size(), 1u);
    expectFloats(scene.animations[0].samplers[0].output, {0, 1, 51 / 255.0f, 102 / 255.0f});
}

TEST(ImportRules, TranslationRotationScaleAnimations) {
    morph::Scene scene = load(fixtures::trsAnimation());
    ASSERT_EQ(scene.animations.size(), 1u);
    const morph::Animation& a = scene.animations[0];
    EXPECT_EQ(a.name, "trs");
    ASSERT_EQ(a.samplers.size(), 3u);
    ASSERT_EQ(a.channels.size(), 3u);
    EXPECT_EQ(a.channels[0].path, morph::AnimationPath::Translation);
    EXPECT_EQ(a.channels[1].path, morph::AnimationPath::Rotation);
    EXPECT_EQ(a.channels[2].path, morph::AnimationPath::Scale);
    EXPECT_EQ(a.samplers[0].width, 3u);
    EXPECT_EQ(a.samplers[1].width, 4u);
    EXPECT_EQ(a.samplers[2].width, 3u);
    EXPECT_EQ(a.samplers[2].interpolation, morph::Interpolation::Step);
    expectFloats(a.samplers[0].output, {0, 0, 0, 2, 4, 6});
    const float h = 23170 / 32767.0f;
    expectFloats(a.samplers[1].output, {0, 0, 0, 1, 0, 0, h, h});
    expectFloats(a.samplers[2].output, {1, 1, 1, 2, 2, 2});
}

TEST(ImportRules, TexcoordAndColorTargets) {
    morph::Scene scene = load(fixtures::texcoordAndColorTargets());
    const morph::Primitive& p = onlyPrimitive(scene);
    expectVecs(p.texcoords[0], std::vector<glm::vec2>{{0, 0}, {1, 0}, {0, 1}});
    // Base COLOR_0 is RGB: alpha 1 (glTF 2.0 3.7.2.1).
    expectVecs(p.colors, V4{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}});
    EXPECT_EQ(p.morphedChannels(),
              (std::vector<MorphChannel>{MorphChannel::TexCoord0, MorphChannel::Color0}));
    ASSERT_EQ(p.targets.size(), 2u);
    expectVecs(p.targets[0].dense(MorphChannel::TexCoord0, p.vertexCount()),
               V4{{0.5f, 0, 0, 0}, {0, 0, 0, 0}, {0, -0.25f, 0, 0}});
    // An RGB colour delta leaves alpha alone: its w is 0, not 1.
    expectVecs(p.targets[0].dense(MorphChannel::Color0, p.vertexCount()),
               V4{{0, 0, 0, 0}, {0.5f, 0.25f, 0, 0}, {0, 0, 0, 0}});
    expectVecs(p.targets[1].dense(MorphChannel::Color0, p.vertexCount()),
               V4{{0, 0, 0, -0.5f}, {0, 0, 0, 0}, {0, 0, 0, 0}});
    EXPECT_FALSE(p.targets[1].has(MorphChannel::TexCoord0));
    EXPECT_FALSE(p.targets[0].has(MorphChannel::Position));
}

TEST(ImportRules, TangentTargetsAreXyzDeltas) {
    morph::Scene scene = load(fixtures::tangentTargets());
    const morph::Primitive& p = onlyPrimitive(scene);
    expectVecs(p.tangents, V4{{1, 0, 0, -1}, {1, 0, 0, -1}, {1, 0, 0, -1}});
    ASSERT_EQ(p.targets.size(), 1u);
    expectVecs(p.targets[0].dense(MorphChannel::Tangent, p.vertexCount()),
               V4{{0, 0.5f, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
    expectVecs(p.targets[0].dense(MorphChannel::Normal, p.vertexCount()),
               V4{{0, 0, 0, 0}, {0, -0.5f, 0, 0}, {0, 0, 0, 0}});
    EXPECT_EQ(p.morphedChannels(),
              (std::vector<MorphChannel>{MorphChannel::Normal, MorphChannel::Tangent}));
    // glTF 2.0 3.7.2.2: TANGENT targets have no w; the handedness stays the base's.
    morph::MorphedPrimitive m = morph::blend(p, {1.0f});
    expectVecs(m.tangents, V4{{1, 0.5f, 0, -1}, {1, 0, 0, -1}, {1, 0, 0, -1}});
}

TEST(ImportRules, GlbWithTwoTargets) {
    expectTriangleWithTwoTargets(load(fixtures::triangleWithTwoTargets()));
}

TEST(ImportRules, GltfWithDataUri) {
    std::string text = fixtures::gltfWithDataUri();
    morph::Scene scene = load(fixtures::Bytes(text.begin(), text.end()), "datauri.gltf");
    expectTriangleWithTwoTargets(scene);
}

TEST(ImportRules, GltfWithExternalBin) {
    std::string dir = fixtures::scratchDir("ImportRules.GltfWithExternalBin");
    std::string path = fixtures::writeGltfWithExternalBin(dir);
    ASSERT_FALSE(path.empty());
    morph::Result<morph::Scene> r = morph::importGltf(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    expectTriangleWithTwoTargets(r.value());
    EXPECT_EQ(r->path, path);
}

std::string base64(const std::vector<uint8_t>& bytes) {
    const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const uint32_t n = uint32_t(bytes[i]) << 16 |
                           (i + 1 < bytes.size() ? uint32_t(bytes[i + 1]) << 8 : 0) |
                           (i + 2 < bytes.size() ? uint32_t(bytes[i + 2]) : 0);
        out += alphabet[n >> 18 & 63];
        out += alphabet[n >> 12 & 63];
        out += i + 1 < bytes.size() ? alphabet[n >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? alphabet[n & 63] : '=';
    }
    return out;
}

// The importer reads buffers itself: a data: URI of every length modulo 3 (no, two and one
// padding characters) decodes to exactly the bytes it encodes.
TEST(ImportRules, DataUriBuffersOfEveryPaddingDecode) {
    for (size_t extra : {0, 1, 2, 3}) {
        SCOPED_TRACE(extra);
        morph::GltfBuilder b = fixtures::triangleWithTwoTargetsBuilder();
        std::vector<uint8_t> bin = b.bin();
        for (size_t i = 0; i < extra; ++i) bin.push_back(uint8_t(0xA5 + i));
        b.json()["buffers"][0]["byteLength"] = bin.size();
        const std::string text = b.gltfText("data:application/octet-stream;base64," + base64(bin));
        expectTriangleWithTwoTargets(
            load(fixtures::Bytes(text.begin(), text.end()), "padding.gltf"));
    }
}

// An external buffer file longer than byteLength loads (the views stay inside byteLength); a
// shorter one is an error naming the file and both sizes.
TEST(ImportRules, ExternalBufferLongerLoadsShorterIsAnError) {
    const std::string dir = fixtures::scratchDir("ImportRules.ExternalBufferLength");
    const std::string path = fixtures::writeGltfWithExternalBin(dir);
    ASSERT_FALSE(path.empty());
    std::vector<uint8_t> bin = fixtures::triangleWithTwoTargetsBuilder().bin();
    bin.resize(bin.size() + 7, 0);
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/external.bin", bin.data(), bin.size()));
    morph::Result<morph::Scene> longer = morph::importGltf(path);
    ASSERT_TRUE(longer.ok()) << longer.error().message;
    expectTriangleWithTwoTargets(longer.value());

    bin.resize(bin.size() - 7 - 4);
    ASSERT_TRUE(morph::writeFileAtomic(dir + "/external.bin", bin.data(), bin.size()));
    morph::Result<morph::Scene> shorter = morph::importGltf(path);
    ASSERT_FALSE(shorter.ok());
    EXPECT_EQ(shorter.error().code, ErrorCode::Inconsistent);  // the file against byteLength
    EXPECT_THAT(shorter.error().message,
                HasSubstr("buffers[0].uri \"external.bin\" has " + std::to_string(bin.size()) +
                          " bytes, byteLength says " + std::to_string(bin.size() + 4)));
}

TEST(ImportRules, AbsolutePoseBecomesARelativeTarget) {
    morph::Scene scene = load(fixtures::poseBase());
    morph::Scene pose = load(fixtures::posePose(), "pose.glb");
    morph::Status s = morph::addPoseTarget(scene, pose, "pose");
    ASSERT_TRUE(s.ok()) << s.error().message;
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_EQ(scene.meshes[0].targetNames, std::vector<std::string>{"pose"});
    expectFloats(scene.meshes[0].defaultWeights, {0});
    const morph::Primitive& p = scene.meshes[0].primitives[0];
    ASSERT_EQ(p.targets.size(), 1u);
    // delta = pose - base: (0,0,0.5) - (0,0,0), (2,0,0) - (1,0,0), (0,1,0) - (0,1,0).
    expectVecs(p.targets[0].dense(MorphChannel::Position, p.vertexCount()),
               V4{{0, 0, 0.5f, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}});
    // Weight 1 reproduces the pose exactly.
    expectVecs(morph::blend(p, {1.0f}).positions,
               std::vector<glm::vec3>{{0, 0, 0.5f}, {2, 0, 0}, {0, 1, 0}});
}

TEST(ImportRules, PoseWithAnotherVertexCountIsAnErrorNamingBoth) {
    morph::Scene scene = load(fixtures::poseBase());
    morph::Scene pose = load(fixtures::poseWithOtherVertexCount(), "quad.glb");
    morph::Status s = morph::addPoseTarget(scene, pose, "quad");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code, ErrorCode::Inconsistent);
    EXPECT_THAT(s.error().message, HasSubstr("3"));
    EXPECT_THAT(s.error().message, HasSubstr("4"));
    EXPECT_THAT(s.error().message, testing::Not(HasSubstr("\n")));
    EXPECT_TRUE(scene.meshes[0].primitives[0].targets.empty());
}

}  // namespace

}  // namespace import_rules_test
