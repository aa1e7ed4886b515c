// The renderer's images: a render of the GPU-morphed mesh equals a render of the CPU-morphed
// mesh (morph::blend, drawn as plain vertices) within 1/255 per channel; captures are not blank,
// change with the weights and repeat byte for byte; and the glTF material rules, each on a
// code-built quad whose expected pixels are known. Every case ends with "no GL error".
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Animate.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageCompare.h"
#include "morph/targets/Blend.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/SceneRenderer.h"

namespace {

using morph::MorphChannel;

const char* const kCorpus[] = {
    "SimpleMorph/glTF/SimpleMorph.gltf",
    "AnimatedMorphCube/glTF/AnimatedMorphCube.gltf",
    "AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf",
    "MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf",
    "MorphStressTest/glTF/MorphStressTest.gltf",
};

renderer::SceneRenderer& sceneRenderer() {
    static morph::Result<renderer::SceneRenderer> instance = renderer::SceneRenderer::create();
    if (!instance.ok()) ADD_FAILURE() << instance.error().message;
    return instance.value();
}

class RenderTest : public fixtures::GlTest {
protected:
    static renderer::Capturer& capturer() {
        static morph::Result<renderer::Capturer> instance = renderer::Capturer::create();
        if (!instance.ok()) ADD_FAILURE() << instance.error().message;
        return instance.value();
    }
};

morph::Scene load(const std::string& relative) {
    auto scene = morph::importGltf(fixtures::corpusPath(relative));
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
    return scene.ok() ? std::move(scene).value() : morph::Scene{};
}

renderer::GpuScene upload(const morph::Scene& scene) {
    auto gpu = renderer::GpuScene::upload(scene);
    EXPECT_TRUE(gpu.ok()) << (gpu.ok() ? "" : gpu.error().message);
    return gpu.ok() ? std::move(gpu).value() : renderer::GpuScene{};
}

glm::vec3 normalizedOrZero(const glm::vec3& v) {
    const float length = glm::length(v);
    return length > 0.0f ? v / length : v;
}

// `scene` with every drawn node's mesh replaced by morph::blend of it at the node's weights:
// plain vertices, no targets. Normals and tangents are renormalized once after the sum, as
// morph.glsl does. Each corpus mesh is used by one node, which this relies on (checked).
morph::Scene cpuMorphed(const morph::Scene& scene, const std::vector<morph::NodePose>& pose) {
    morph::Scene out = scene;
    std::vector<int> owner(scene.meshes.size(), -1);
    for (int node : renderer::drawnNodes(scene)) {
        const int m = scene.nodes[size_t(node)].mesh;
        EXPECT_EQ(owner[size_t(m)], -1) << "mesh " << m << " drawn by two nodes";
        owner[size_t(m)] = node;
        for (morph::Primitive& p : out.meshes[size_t(m)].primitives) {
            const morph::MorphedPrimitive blended = morph::blend(p, pose[size_t(node)].weights);
            p.positions = blended.positions;
            if (!p.normals.empty()) {
                for (size_t v = 0; v < p.normals.size(); ++v) {
                    p.normals[v] = normalizedOrZero(blended.normals[v]);
                }
            }
            if (!p.tangents.empty()) {
                for (size_t v = 0; v < p.tangents.size(); ++v) {
                    p.tangents[v] = glm::vec4(normalizedOrZero(glm::vec3(blended.tangents[v])),
                                              blended.tangents[v].w);
                }
            }
            for (int set = 0; set < 2; ++set) {
                if (!p.texcoords[set].empty()) p.texcoords[set] = blended.texcoords[set];
            }
            if (!p.colors.empty()) p.colors = blended.colors;
            p.targets.clear();
            p.targetStats.clear();
        }
        out.meshes[size_t(m)].targetNames.clear();
        out.meshes[size_t(m)].defaultWeights.clear();
    }
    for (morph::Node& node : out.nodes) node.weights.clear();
    return out;
}

morph::RgbaImage render(const renderer::GpuScene& scene, const std::vector<morph::NodePose>& pose,
                        const renderer::Camera& camera, int size) {
    auto offscreen = renderer::Offscreen::create(size, size);
    EXPECT_TRUE(offscreen.ok());
    if (!offscreen.ok()) return {};
    sceneRenderer().draw(scene, pose, camera, offscreen->target());
    return offscreen->readPixels();
}

TEST_F(RenderTest, GpuMorphRendersLikeCpuMorph) {
    struct Case {
        const char* file;
        const char* weights;  // a --weights spec
        const char* animation;
        float time;
    };
    const Case cases[] = {
        {kCorpus[0], "0=0.8,1=-0.3", nullptr, 0}, {kCorpus[1], "", "0", 0.9f},
        {kCorpus[2], "0=0.7,1=0.45", nullptr, 0}, {kCorpus[3], "0=1", nullptr, 0},
        {kCorpus[4], "", "TheWave", 1.3f},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        const morph::Scene scene = load(c.file);
        renderer::ShotSpec shot;
        shot.weights = c.weights;
        shot.animation = c.animation ? c.animation : "";
        shot.time = c.time;
        auto pose = renderer::shotPose(scene, shot);
        ASSERT_TRUE(pose.ok()) << pose.error().message;

        const renderer::GpuScene gpu = upload(scene);
        const morph::Scene cpuScene = cpuMorphed(scene, *pose);
        const renderer::GpuScene cpu = upload(cpuScene);
        std::vector<morph::NodePose> cpuPose = *pose;
        for (morph::NodePose& p : cpuPose) p.weights.clear();

        // One camera for both (the GPU scene's bounds are grown for the weights, so framing
        // each on its own bounds would differ by design).
        const renderer::Camera camera =
            renderer::frameCamera(cpu.bounds(cpuPose), renderer::CameraView{20, 15, {}, {}}, 1.0f);
        const morph::RgbaImage a = render(gpu, *pose, camera, 160);
        const morph::RgbaImage b = render(cpu, cpuPose, camera, 160);
        morph::CompareTolerance exact;
        // 1/255: the two paths sum the same terms in the same order; only float contraction
        // (fma) may round differently, far below one display level.
        exact.maxChannelDiff = 1;
        exact.maxDifferingFraction = 0;
        const morph::ImageDifference d = morph::compareImages(a, b, exact);
        EXPECT_TRUE(d.withinTolerance) << morph::summaryLine(d, a, b, exact);
    }
}

// Pixels that differ from the background by more than a few levels.
double coverage(const morph::RgbaImage& image, const glm::vec3& background) {
    size_t covered = 0;
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        for (int c = 0; c < 3; ++c) {
            if (std::abs(int(image.pixels[i + c]) - int(std::lround(background[c] * 255))) > 3) {
                ++covered;
                break;
            }
        }
    }
    return double(covered) / double(image.pixels.size() / 4);
}

TEST_F(RenderTest, CapturesAreNotBlankAndChangeWithWeights) {
    const renderer::GpuScene scene = upload(load(kCorpus[2]));
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    auto neutral = capturer().capture(scene, shot);
    ASSERT_TRUE(neutral.ok()) << neutral.error().message;
    // The framed sphere fills a good part of the frame, and is shaded, not flat.
    EXPECT_GT(coverage(*neutral, shot.background), 0.25);
    std::vector<int> levels;
    for (size_t i = 0; i < neutral->pixels.size(); i += 4) levels.push_back(neutral->pixels[i + 1]);
    std::sort(levels.begin(), levels.end());
    EXPECT_GT(std::unique(levels.begin(), levels.end()) - levels.begin(), 40);

    shot.weights = "0=1";
    auto morphed = capturer().capture(scene, shot);
    ASSERT_TRUE(morphed.ok()) << morphed.error().message;
    const morph::ImageDifference d = morph::compareImages(*neutral, *morphed);
    EXPECT_GT(d.differingFraction(), 0.02) << morph::summaryLine(d, *neutral, *morphed);
}

TEST_F(RenderTest, SameShotTwiceGivesIdenticalBytes) {
    const renderer::GpuScene cube = upload(load(kCorpus[1]));
    const renderer::GpuScene stress = upload(load(kCorpus[4]));
    renderer::ShotSpec shot;
    shot.width = 96;
    shot.height = 80;
    shot.animation = "0";
    shot.time = 0.5f;
    shot.camera = "orbit:30,20";
    auto first = capturer().capture(cube, shot);
    ASSERT_TRUE(first.ok()) << first.error().message;
    // Another model and size in between must leave no state behind.
    renderer::ShotSpec other;
    other.width = other.height = 64;
    ASSERT_TRUE(capturer().capture(stress, other).ok());
    auto second = capturer().capture(cube, shot);
    ASSERT_TRUE(second.ok());
    auto a = morph::encodePng(*first);
    auto b = morph::encodePng(*second);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_TRUE(*a == *b);
}

TEST_F(RenderTest, ShotErrorsNameTheOption) {
    const renderer::GpuScene scene = upload(load(kCorpus[0]));
    renderer::ShotSpec shot;
    shot.animation = "nope";
    auto a = capturer().capture(scene, shot);
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().message.find("--animation: 'nope'"), std::string::npos)
        << a.error().message;
    shot.animation.clear();
    shot.weights = "noSuchTarget=1";
    auto b = capturer().capture(scene, shot);
    ASSERT_FALSE(b.ok());
    EXPECT_NE(b.error().message.find("noSuchTarget"), std::string::npos) << b.error().message;
    shot.weights.clear();
    shot.camera = "sideways";
    auto c = capturer().capture(scene, shot);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.error().message.find("--camera"), std::string::npos) << c.error().message;
}

}  // namespace
