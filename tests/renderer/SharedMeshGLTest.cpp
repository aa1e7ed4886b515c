// One morphed mesh on two nodes with different weights (avatars share one eye mesh between both
// eyes): every morph path draws each node with its own weights. The paths with a pre-pass
// (cs-sparse, cpu, and auto where it picks them) once kept one output per primitive, so the last
// node's pre-pass overwrote the first's before the draws and both were drawn with the last
// node's weights. Checked two ways, each against an oracle outside the morph paths:
//   - the vertices each node's draw reads (SceneRenderer's own DrawState after a frame,
//     captured by transform feedback without running the pre-pass again) equal morph::blend at
//     that node's weights, one instance and a crowd of two;
//   - the frame equals a render of the same two nodes each given its own copy of the mesh,
//     morphed on the CPU (morph::blend, plain vertices), and each node's half of the frame
//     changes with its own weights only;
//   - the path data is built and charged to the drawer's budget once for both nodes.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "MorphCompare.h"
#include "MorphPathCases.h"
#include "fixtures/SharedMeshFixtures.h"
#include "morph/anim/Animate.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageCompare.h"
#include "morph/targets/Blend.h"
#include "renderer/morph/GpuLimits.h"
#include "renderer/morph/GpuOracle.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/SceneRenderer.h"

namespace shared_mesh_gl_test {

namespace {

using renderer::MorphPath;

renderer::SceneRenderer& sceneRenderer() {
    return fixtures::sharedSceneRenderer();
}

renderer::GpuOracle& oracle() {
    return fixtures::sharedOracle();
}

class SharedMeshTest : public fixtures::GlTest, public ::testing::WithParamInterface<MorphPath> {};
class SharedMeshPathDataTest : public fixtures::GlTest {};

morph::Scene twoNodes() {
    auto scene = morph::importGltfMemory(fixtures::twoNodesOneMesh(), "two-nodes.glb", ".");
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(scene).value() : morph::Scene{};
}

renderer::GpuScene upload(const morph::Scene& scene) {
    return fixtures::uploadOrFail(scene);
}

constexpr int kSize = 128;

morph::RgbaImage draw(const renderer::GpuScene& gpu, const std::vector<morph::NodePose>& pose,
                      MorphPath path, const renderer::Crowd* crowd = nullptr) {
    auto offscreen = renderer::Offscreen::create(kSize, kSize);
    EXPECT_TRUE(offscreen.ok());
    if (!offscreen.ok()) return {};
    const renderer::Camera camera = fixtures::cameraOnZ(6);
    renderer::DrawOptions options;
    options.morphPath = path;
    options.crowd = crowd;
    sceneRenderer().draw(gpu, pose, camera, offscreen->target(), options);
    return offscreen->readPixels();
}

// The left (node 0) or right (node 1) half of `image`.
morph::RgbaImage half(const morph::RgbaImage& image, bool right) {
    morph::RgbaImage out;
    out.width = image.width / 2;
    out.height = image.height;
    for (int y = 0; y < image.height; ++y) {
        const size_t row = size_t(y) * size_t(image.width) * 4;
        const size_t first = row + (right ? size_t(out.width) * 4 : 0);
        out.pixels.insert(out.pixels.end(), image.pixels.begin() + long(first),
                          image.pixels.begin() + long(first + size_t(out.width) * 4));
    }
    return out;
}

// The primitive the path's output is made from: cs-sparse adds the int16 deltas.
morph::Primitive reference(const morph::Primitive& primitive, MorphPath ran) {
    return ran == MorphPath::CsSparse ? fixtures::dequantizedPrimitive(primitive) : primitive;
}

// Each node's vertices as its draw read them in the last frame, instance by instance, against
// morph::blend at that instance's weights (`rows[k]`, or the node's when empty or absent).
void expectEachNodeLikeTheCpu(const morph::Scene& scene, const renderer::GpuScene& gpu,
                              const std::vector<morph::NodePose>& pose,
                              const std::vector<std::vector<float>>& rows, const char* what) {
    const MorphPath ran = sceneRenderer().morphStats().uniformPath();
    ASSERT_TRUE(renderer::isConcrete(ran)) << what << ": " << renderer::morphPathName(ran);
    const renderer::GpuPrimitive& primitive = gpu.meshes()[0].primitives[0];
    const morph::Primitive cpu = reference(scene.meshes[0].primitives[0], ran);
    ASSERT_EQ(gpu.nodes(), (std::vector<int>{0, 1}));
    std::vector<std::vector<glm::vec3>> firstInstance;
    for (int node : gpu.nodes()) {
        const renderer::DrawState& state = sceneRenderer().state();
        const renderer::MorphWeights* weights = state.weights(node);
        ASSERT_NE(weights, nullptr);
        auto drawn =
            oracle().captureDrawn(primitive.buffers, state.morph(node, primitive), ran, *weights);
        ASSERT_TRUE(drawn.ok()) << drawn.error().message;
        ASSERT_EQ(drawn->size(), std::max<size_t>(rows.size(), 1));
        for (size_t k = 0; k < drawn->size(); ++k) {
            const std::vector<float>& expected =
                k < rows.size() && !rows[k].empty() ? rows[k] : pose[size_t(node)].weights;
            fixtures::expectSameMorph(cpu, expected, (*drawn)[k],
                                      std::string(what) + " [" + renderer::morphPathName(ran) +
                                          "] node " + std::to_string(node) + " instance " +
                                          std::to_string(k));
        }
        firstInstance.push_back(drawn->front().positions);
    }
    // The two nodes' weights differ, and so do the shapes their draws read.
    EXPECT_NE(firstInstance[0], firstInstance[1]) << what;
}

TEST_P(SharedMeshTest, EachNodeMorphsWithItsOwnWeights) {
    const morph::Scene scene = twoNodes();
    const renderer::GpuScene gpu = upload(scene);
    ASSERT_EQ(gpu.meshes().size(), 1u);
    std::vector<morph::NodePose> pose = morph::restPose(scene);
    ASSERT_EQ(pose[0].weights, fixtures::kLeftWeights);
    ASSERT_EQ(pose[1].weights, fixtures::kRightWeights);
    draw(gpu, pose, GetParam());
    expectEachNodeLikeTheCpu(scene, gpu, pose, {}, "rest pose");

    // The next frame with other weights: each node's output follows its own.
    pose[0].weights = {0.2f, 0.7f};
    pose[1].weights = {1.0f, -0.5f};
    draw(gpu, pose, GetParam());
    expectEachNodeLikeTheCpu(scene, gpu, pose, {}, "second frame");
}

TEST_P(SharedMeshTest, EachNodeOfACrowdMorphsWithItsOwnWeights) {
    const morph::Scene scene = twoNodes();
    const renderer::GpuScene gpu = upload(scene);
    const std::vector<morph::NodePose> pose = morph::restPose(scene);
    // Instance 0 draws with each node's weights, instance 1 with one row for both.
    renderer::Crowd crowd;
    crowd.offsets = {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, -4.0f)};
    crowd.weights = {{}, {0.4f, 0.6f}};
    draw(gpu, pose, GetParam(), &crowd);
    expectEachNodeLikeTheCpu(scene, gpu, pose, crowd.weights, "crowd");
}

// `scene` with each drawn node given its own mesh, morph::blend of the node's mesh at its
// weights (of `cpu`'s deltas): plain vertices, normals renormalized once as morph.glsl does.
morph::Scene cpuMorphed(const morph::Scene& scene, const std::vector<morph::NodePose>& pose,
                        const morph::Primitive& cpu) {
    morph::Scene out = scene;
    out.meshes.clear();
    for (int node : renderer::drawnNodes(scene)) {
        morph::Mesh mesh = scene.meshes[size_t(scene.nodes[size_t(node)].mesh)];
        morph::Primitive& p = mesh.primitives.at(0);
        const morph::MorphedPrimitive blended = morph::blend(cpu, pose[size_t(node)].weights);
        p.positions = blended.positions;
        for (size_t v = 0; v < p.normals.size(); ++v)
            p.normals[v] = glm::normalize(blended.normals[v]);
        p.targets.clear();
        p.targetStats.clear();
        mesh.targetNames.clear();
        mesh.defaultWeights.clear();
        out.nodes[size_t(node)].mesh = int(out.meshes.size());
        out.meshes.push_back(std::move(mesh));
    }
    for (morph::Node& node : out.nodes) node.weights.clear();
    return out;
}

TEST_P(SharedMeshTest, EachNodeLooksLikeItsOwnWeights) {
    const morph::Scene scene = twoNodes();
    const renderer::GpuScene gpu = upload(scene);
    const std::vector<morph::NodePose> pose = morph::restPose(scene);
    const morph::RgbaImage frame = draw(gpu, pose, GetParam());
    const MorphPath ran = sceneRenderer().morphStats().uniformPath();
    ASSERT_TRUE(renderer::isConcrete(ran)) << renderer::morphPathName(ran);

    // The oracle: the same nodes, each with its own CPU-morphed copy of the mesh.
    const morph::Scene cpuScene =
        cpuMorphed(scene, pose, reference(scene.meshes[0].primitives[0], ran));
    const renderer::GpuScene cpu = upload(cpuScene);
    std::vector<morph::NodePose> cpuPose = pose;
    for (morph::NodePose& p : cpuPose) p.weights.clear();
    const morph::RgbaImage expected = draw(cpu, cpuPose, MorphPath::Auto);
    // 1/255 as RenderTest.GpuMorphRendersLikeCpuMorph; a few silhouette pixels may flip where
    // the GPU's sum rounds differently (fma).
    morph::CompareTolerance close;
    close.maxChannelDiff = 1;
    close.maxDifferingFraction = 0.002;
    const morph::ImageDifference d = morph::compareImages(frame, expected, close);
    EXPECT_TRUE(d.withinTolerance) << morph::summaryLine(d, frame, expected, close);

    // Each node's half changes with its own weights only: the right node's weights on both
    // nodes change the left half (and leave the right one), and the other way round.
    for (int node : {0, 1}) {
        SCOPED_TRACE("node " + std::to_string(node) + " given the other node's weights");
        std::vector<morph::NodePose> same = pose;
        same[size_t(node)].weights = pose[size_t(1 - node)].weights;
        const morph::RgbaImage other = draw(gpu, same, GetParam());
        const bool right = node == 1;
        const morph::ImageDifference changed =
            morph::compareImages(half(frame, right), half(other, right));
        EXPECT_GT(changed.differingFraction(), 0.02)
            << morph::summaryLine(changed, half(frame, right), half(other, right));
        const morph::ImageDifference kept =
            morph::compareImages(half(frame, !right), half(other, !right), close);
        EXPECT_TRUE(kept.withinTolerance)
            << morph::summaryLine(kept, half(frame, !right), half(other, !right), close);
    }
}

// The path data is the primitive's, whatever the number of nodes: one texture array, built and
// charged to the drawer's budget once, so a budget that holds one array draws both nodes with
// vs-dense; only the outputs are per node.
TEST_F(SharedMeshPathDataTest, BuiltAndChargedOnce) {
    const morph::Scene scene = twoNodes();
    const morph::Primitive& primitive = scene.meshes[0].primitives[0];
    const uint64_t textureBytes =
        renderer::morphTextureBytes(primitive, renderer::GpuLimits::query().maxTextureSize);
    const uint64_t uploaded = upload(scene).budget().used();
    renderer::UploadOptions tight;
    tight.maxBytes = uploaded + textureBytes;
    auto gpu = renderer::GpuScene::upload(scene, tight);
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    const std::vector<morph::NodePose> pose = morph::restPose(scene);
    draw(*gpu, pose, MorphPath::VsDense);
    EXPECT_EQ(sceneRenderer().morphStats().uniformPath(), MorphPath::VsDense);
    renderer::DrawState& state = sceneRenderer().state();
    const renderer::GpuPrimitive& p = gpu->meshes()[0].primitives[0];
    ASSERT_NE(state.morph(0, p).denseTargets(), nullptr);
    EXPECT_EQ(state.morph(0, p).denseTargets(), state.morph(1, p).denseTargets());
    EXPECT_EQ(state.morphResidentBytes(), textureBytes);

    // The cpu path: one output per node (81 vertices x POSITION, NORMAL as vec4s).
    state.releaseMorph();
    EXPECT_EQ(state.morphResidentBytes(), 0u);
    draw(*gpu, pose, MorphPath::Cpu);
    EXPECT_EQ(state.morphResidentBytes(), 2u * 81u * 2u * 16u);
    EXPECT_EQ(state.morph(0, p).outputBytes(), 81u * 2u * 16u);
    EXPECT_EQ(state.morph(1, p).outputBytes(), 81u * 2u * 16u);
}

INSTANTIATE_TEST_SUITE_P(Paths, SharedMeshTest, ::testing::ValuesIn(fixtures::kEveryMorphPath),
                         fixtures::morphPathCaseName);

}  // namespace

}  // namespace shared_mesh_gl_test
