// The morph paths beyond the per-vertex oracle (GpuOracleGLTest): crowds (instance k shows weight
// row k), determinism (two runs are bit-identical), resources built only for the path in use,
// and whole frames: every path draws the face like vs-active (golden tolerance), a depth
// pre-pass leaves the image unchanged, the frame stats add up.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "MorphCompare.h"
#include "MorphPathCases.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageCompare.h"
#include "renderer/morph/GpuOracle.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/PrimitiveMorph.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/SceneRenderer.h"

namespace morph_paths_gl_test {

namespace {

using renderer::MorphPath;

renderer::GpuOracle& gpu() {
    return fixtures::sharedOracle();
}

std::shared_ptr<const morph::Primitive> borrowed(const morph::Primitive& primitive) {
    return std::shared_ptr<const morph::Primitive>(std::shared_ptr<const morph::Primitive>(),
                                                   &primitive);
}

class MorphPathsTest : public fixtures::GlTest {};

morph::Primitive sparseMesh(uint32_t vertices = 600, uint32_t targets = 12) {
    return fixtures::generateMesh(vertices, targets, 0.2f);
}

TEST_F(MorphPathsTest, InstanceKShowsWeightRowK) {
    const morph::Primitive primitive = sparseMesh();
    const morph::Primitive dequantized = fixtures::dequantizedPrimitive(primitive);
    std::vector<std::vector<float>> rows;
    for (uint32_t k = 0; k < 5; ++k) rows.push_back(fixtures::randomWeights(12, 40 + k, 0.5f));
    rows[3].assign(12, 0.0f);  // an instance at rest among morphed ones
    for (MorphPath path : fixtures::kEveryMorphPath) {
        renderer::PrimitiveMorph morph =
            renderer::PrimitiveMorph::create(borrowed(primitive), renderer::MorphLimits::query());
        renderer::PrimitiveBuffers buffers = renderer::PrimitiveBuffers::upload(primitive);
        renderer::MorphWeights weights = renderer::MorphWeights::create(12);
        weights.updateInstances(rows);
        ASSERT_EQ(weights.instanceCount(), 5u);
        auto result = gpu().run(buffers, morph, path, weights);
        ASSERT_TRUE(result.ok()) << result.error().message;
        ASSERT_EQ(result->size(), 5u);
        const bool sparse = gpu().lastPath() == MorphPath::CsSparse;
        for (size_t k = 0; k < rows.size(); ++k) {
            fixtures::expectSameMorph(
                sparse ? dequantized : primitive, rows[k], (*result)[k],
                std::string(renderer::morphPathName(path)) + " instance " + std::to_string(k));
        }
    }
}

TEST_F(MorphPathsTest, TwoRunsAreBitIdentical) {
    const morph::Primitive primitive = sparseMesh(3000, 40);
    const std::vector<float> w = fixtures::randomWeights(40, 9, 0.3f);
    for (MorphPath path : fixtures::kEveryMorphPath) {
        std::vector<morph::MorphedPrimitive> runs;
        for (int run = 0; run < 2; ++run) {
            // Fresh resources each run: nothing carried over but the inputs.
            renderer::PrimitiveMorph morph = renderer::PrimitiveMorph::create(
                borrowed(primitive), renderer::MorphLimits::query());
            renderer::PrimitiveBuffers buffers = renderer::PrimitiveBuffers::upload(primitive);
            renderer::MorphWeights weights = renderer::MorphWeights::create(40);
            weights.updateInstances({w, w});
            auto result = gpu().run(buffers, morph, path, weights, renderer::NormalOutput::RawSum);
            ASSERT_TRUE(result.ok()) << result.error().message;
            runs.push_back(result->back());
        }
        const auto bytes = [](const std::vector<glm::vec3>& v) {
            return v.size() * sizeof(glm::vec3);
        };
        ASSERT_EQ(runs[0].positions.size(), runs[1].positions.size());
        EXPECT_EQ(std::memcmp(runs[0].positions.data(), runs[1].positions.data(),
                              bytes(runs[0].positions)),
                  0)
            << renderer::morphPathName(path);
        EXPECT_EQ(
            std::memcmp(runs[0].normals.data(), runs[1].normals.data(), bytes(runs[0].normals)), 0)
            << renderer::morphPathName(path);
    }
}

// cs-sparse's two pre-passes, the per-vertex gather and the fixed-point atomic scatter, both
// match the CPU over the dequantized deltas, for a crowd of differing rows, and both repeat
// bit for bit (the scatter adds integers, whose sum does not depend on the order of the atomics).
TEST_F(MorphPathsTest, GatherAndScatterAgreeWithTheCpuAndRepeat) {
    const morph::Primitive primitive = sparseMesh(5000, 30);
    const morph::Primitive dequantized = fixtures::dequantizedPrimitive(primitive);
    std::vector<std::vector<float>> rows;
    for (uint32_t k = 0; k < 3; ++k) rows.push_back(fixtures::randomWeights(30, 70 + k, 0.5f));
    for (renderer::SparseMethod method :
         {renderer::SparseMethod::Gather, renderer::SparseMethod::Scatter}) {
        const std::string name = method == renderer::SparseMethod::Gather ? "gather" : "scatter";
        std::vector<std::vector<morph::MorphedPrimitive>> runs;
        for (int run = 0; run < 2; ++run) {
            renderer::PrimitiveMorph morph = renderer::PrimitiveMorph::create(
                borrowed(primitive), renderer::MorphLimits::query());
            morph.setSparseMethod(method);
            renderer::PrimitiveBuffers buffers = renderer::PrimitiveBuffers::upload(primitive);
            renderer::MorphWeights weights = renderer::MorphWeights::create(30);
            weights.updateInstances(rows);
            auto result = gpu().run(buffers, morph, MorphPath::CsSparse, weights,
                                    renderer::NormalOutput::RawSum);
            ASSERT_TRUE(result.ok()) << name << ": " << result.error().message;
            ASSERT_EQ(gpu().lastPath(), MorphPath::CsSparse);
            runs.push_back(std::move(result).value());
        }
        for (size_t k = 0; k < rows.size(); ++k) {
            // RawSum normals against the CPU's raw sums: compare positions only here (the
            // normals are checked renormalized in GpuOracleGLTest), and bit-identity of both.
            const morph::MorphedPrimitive cpu = morph::blend(dequantized, rows[k]);
            const float diagonal = fixtures::boxDiagonal(cpu.positions);
            for (size_t v = 0; v < cpu.positions.size(); ++v) {
                ASSERT_LE(glm::length(runs[0][k].positions[v] - cpu.positions[v]), 1e-5f * diagonal)
                    << name << " instance " << k << " vertex " << v;
                ASSERT_LE(glm::length(runs[0][k].normals[v] - cpu.normals[v]),
                          1e-5f * std::max(1.0f, glm::length(cpu.normals[v])))
                    << name << " instance " << k << " vertex " << v;
            }
            EXPECT_EQ(std::memcmp(runs[0][k].positions.data(), runs[1][k].positions.data(),
                                  runs[0][k].positions.size() * sizeof(glm::vec3)),
                      0)
                << name;
            EXPECT_EQ(std::memcmp(runs[0][k].normals.data(), runs[1][k].normals.data(),
                                  runs[0][k].normals.size() * sizeof(glm::vec3)),
                      0)
                << name;
        }
    }
}

TEST_F(MorphPathsTest, OnlyThePathInUseHoldsMemory) {
    const morph::Primitive primitive = sparseMesh(4000, 30);
    renderer::PrimitiveMorph morph =
        renderer::PrimitiveMorph::create(borrowed(primitive), renderer::MorphLimits::query());
    EXPECT_EQ(morph.residentBytes(), 0u);  // nothing until a path is used
    ASSERT_TRUE(morph.prepare(MorphPath::CsSparse).ok());
    EXPECT_EQ(morph.denseTargets(), nullptr);  // no texture array for cs-sparse
    const uint64_t sparse = morph.residentBytes();
    EXPECT_GT(sparse, 0u);
    ASSERT_TRUE(morph.prepare(MorphPath::VsActive).ok());
    ASSERT_NE(morph.denseTargets(), nullptr);
    // 4000 vertices x 30 targets x 2 channels x 16 bytes, 20% of vertices moved: far more.
    EXPECT_GE(morph.residentBytes(), sparse + 4000ull * 30 * 2 * 16);
    morph.release(MorphPath::VsActive);
    EXPECT_EQ(morph.denseTargets(), nullptr);
    EXPECT_EQ(morph.residentBytes(), sparse);
    morph.releaseAll();
    EXPECT_EQ(morph.residentBytes(), 0u);
}

TEST_F(MorphPathsTest, CsSparseFallsBackForChannelsSparseCannotHold) {
    fixtures::GeneratedMesh spec;
    spec.channels = {morph::MorphChannel::Position, morph::MorphChannel::Color0};
    spec.colors = true;
    const morph::Primitive primitive = fixtures::generateMesh(spec);
    renderer::MorphLimits limits = renderer::MorphLimits::query();
    limits.softwareRenderer = false;  // auto's GPU rule, whatever this context is
    renderer::PrimitiveMorph morph = renderer::PrimitiveMorph::create(borrowed(primitive), limits);
    EXPECT_EQ(morph.resolve(MorphPath::CsSparse, 3), MorphPath::VsActive);
    EXPECT_EQ(morph.resolve(MorphPath::Auto, 3), MorphPath::VsActive);
    EXPECT_EQ(morph.resolve(MorphPath::Cpu, 3), MorphPath::Cpu);
}

TEST_F(MorphPathsTest, AutoMorphsOnTheCpuOnASoftwareRenderer) {
    const morph::Primitive primitive = fixtures::generateMesh(4000, 30, 0.05f);
    renderer::MorphLimits limits = renderer::MorphLimits::query();
    limits.softwareRenderer = true;
    renderer::PrimitiveMorph software =
        renderer::PrimitiveMorph::create(borrowed(primitive), limits);
    EXPECT_EQ(software.resolve(MorphPath::Auto, 20), MorphPath::Cpu);
    EXPECT_EQ(software.resolve(MorphPath::CsSparse, 20), MorphPath::CsSparse);  // asked for: kept
    limits.softwareRenderer = false;
    renderer::PrimitiveMorph hardware =
        renderer::PrimitiveMorph::create(borrowed(primitive), limits);
    EXPECT_EQ(hardware.resolve(MorphPath::Auto, 20), MorphPath::CsSparse);
}

// --- whole frames ------------------------------------------------------------------------------

struct Frame {
    morph::RgbaImage image;
    renderer::MorphFrameStats stats;
};

class FaceFrameTest : public fixtures::GlTest {
protected:
    void SetUp() override {
        fixtures::GlTest::SetUp();
        static std::shared_ptr<const morph::Scene> face = [] {
            auto scene = morph::importGltf(fixtures::bundledFace());
            EXPECT_TRUE(scene.ok()) << scene.error().message;
            return std::make_shared<const morph::Scene>(scene.ok() ? std::move(scene).value()
                                                                   : morph::Scene{});
        }();
        mScene = face;
        auto gpuScene = renderer::GpuScene::upload(mScene);
        ASSERT_TRUE(gpuScene.ok()) << gpuScene.error().message;
        mGpu = std::make_unique<renderer::GpuScene>(std::move(gpuScene).value());
        auto drawer = renderer::SceneRenderer::create();
        ASSERT_TRUE(drawer.ok()) << drawer.error().message;
        mRenderer = std::make_unique<renderer::SceneRenderer>(std::move(drawer).value());
        auto offscreen = renderer::Offscreen::create(160, 160);
        ASSERT_TRUE(offscreen.ok()) << offscreen.error().message;
        mTarget = std::make_unique<renderer::Offscreen>(std::move(offscreen).value());
        mPose = morph::restPose(mGpu->layout());
        for (morph::NodePose& node : mPose) {
            for (size_t t = 0; t < node.weights.size(); ++t)
                node.weights[t] = t % 3 == 0 ? 0.6f : 0.0f;
        }
    }

    Frame draw(renderer::DrawOptions options, const std::vector<morph::NodePose>& pose) {
        renderer::Aabb box = mGpu->bounds(pose);
        if (options.crowd) {
            const renderer::Aabb one = box;
            for (const glm::vec3& offset : options.crowd->offsets) {
                box.extend(one.min + offset);
                box.extend(one.max + offset);
            }
        }
        return drawFramed(options, pose, box);
    }
    Frame drawFramedOn(renderer::DrawOptions options, const renderer::Crowd& framing) {
        const renderer::Crowd* crowd = options.crowd;
        options.crowd = &framing;
        renderer::Aabb box = mGpu->bounds(mPose);
        const renderer::Aabb one = box;
        for (const glm::vec3& offset : framing.offsets) {
            box.extend(one.min + offset);
            box.extend(one.max + offset);
        }
        options.crowd = crowd;
        return drawFramed(options, mPose, box);
    }
    // `pose` drawn with the morph stage timed, the camera framing `box`.
    Frame drawFramed(renderer::DrawOptions options, const std::vector<morph::NodePose>& pose,
                     const renderer::Aabb& box) {
        const renderer::Camera camera = renderer::frameCamera(box, renderer::CameraView{}, 1.0f);
        options.timeMorph = true;
        mRenderer->draw(*mGpu, pose, camera, mTarget->target(), options);
        Frame frame;
        frame.stats = mRenderer->morphStats();
        frame.image = mTarget->readPixels();
        return frame;
    }
    Frame draw(MorphPath path, uint32_t passes = 1) {
        renderer::DrawOptions options;
        options.morphPath = path;
        options.passes = passes;
        return draw(options, mPose);
    }

    std::shared_ptr<const morph::Scene> mScene;
    std::unique_ptr<renderer::GpuScene> mGpu;
    std::unique_ptr<renderer::SceneRenderer> mRenderer;
    std::unique_ptr<renderer::Offscreen> mTarget;
    std::vector<morph::NodePose> mPose;
};

TEST_F(FaceFrameTest, EveryPathDrawsTheFaceLikeVsActive) {
    const Frame reference = draw(MorphPath::VsActive);
    for (MorphPath path : fixtures::kEveryMorphPath) {
        const Frame frame = draw(path);
        const morph::ImageDifference d = morph::compareImages(reference.image, frame.image);
        EXPECT_TRUE(d.withinTolerance) << renderer::morphPathName(path) << ": "
                                       << morph::summaryLine(d, reference.image, frame.image);
        // The stats: a GPU time was taken, the cost is the scene's cost for this path.
        EXPECT_GE(frame.stats.gpuMs, 0.0) << renderer::morphPathName(path);
        const renderer::MorphCost cost = mGpu->morphCost(path, mPose);
        EXPECT_EQ(frame.stats.cost.bytesReadPerFrame, cost.bytesReadPerFrame)
            << renderer::morphPathName(path);
        EXPECT_EQ(frame.stats.cost.residentBytes, cost.residentBytes)
            << renderer::morphPathName(path);
        if (path != MorphPath::Auto) {
            EXPECT_EQ(frame.stats.uniformPath(), path);
        }
    }
}

TEST_F(FaceFrameTest, DepthPrePassesLeaveTheImageUnchanged) {
    for (MorphPath path : {MorphPath::VsActive, MorphPath::CsSparse}) {
        const Frame one = draw(path, 1);
        const Frame three = draw(path, 3);
        EXPECT_EQ(one.image.pixels, three.image.pixels) << renderer::morphPathName(path);
        // cs-sparse morphs once whatever the passes; the draws read its output three times.
        const renderer::MorphCost c1 = mGpu->morphCost(path, mPose, 1);
        const renderer::MorphCost c3 = mGpu->morphCost(path, mPose, 3);
        EXPECT_EQ(three.stats.cost.bytesReadPerFrame, c3.bytesReadPerFrame);
        if (path == MorphPath::VsActive) {
            EXPECT_EQ(c3.bytesReadPerFrame, 3 * c1.bytesReadPerFrame);
        } else {
            EXPECT_LT(c3.bytesReadPerFrame, 3 * c1.bytesReadPerFrame);
        }
    }
}

TEST_F(FaceFrameTest, CrowdOfIdenticalCopiesInPlaceLooksLikeOne) {
    renderer::Crowd crowd;
    crowd.offsets.assign(4, glm::vec3(0.0f));
    crowd.weights.assign(4, {});  // every copy at the pose's weights
    for (MorphPath path : fixtures::kEveryMorphPath) {
        renderer::DrawOptions single;
        single.morphPath = path;
        renderer::DrawOptions copies = single;
        copies.crowd = &crowd;
        const Frame one = draw(single, mPose);
        const Frame four = draw(copies, mPose);
        const morph::ImageDifference d = morph::compareImages(one.image, four.image);
        EXPECT_TRUE(d.withinTolerance) << renderer::morphPathName(path) << ": "
                                       << morph::summaryLine(d, one.image, four.image);
    }
}

TEST_F(FaceFrameTest, CrowdCopiesShowTheirOwnWeights) {
    // Two copies side by side: the left one at rest, the right one morphed. Each half of the
    // image must match a single draw of that copy alone at that place.
    const renderer::Aabb box = mGpu->bounds(mPose);
    const glm::vec3 step(0.6f * (box.max.x - box.min.x), 0.0f, 0.0f);
    std::vector<float> rest(mGpu->layout().meshes[0].targetCount(), 0.0f);
    std::vector<float> morphed = mPose[size_t(mGpu->nodes()[0])].weights;
    renderer::Crowd both{{-step, step}, {rest, morphed}};
    renderer::Crowd leftOnly{{-step}, {rest}};
    renderer::Crowd rightOnly{{step}, {morphed}};
    for (MorphPath path :
         {MorphPath::VsDense, MorphPath::VsActive, MorphPath::CsSparse, MorphPath::Cpu}) {
        renderer::DrawOptions options;
        options.morphPath = path;
        options.crowd = &both;
        const Frame pair = draw(options, mPose);
        // Framed like the pair: each single copy is drawn with the pair's camera.
        options.crowd = &leftOnly;
        const Frame left = drawFramedOn(options, both);
        options.crowd = &rightOnly;
        const Frame right = drawFramedOn(options, both);
        // Pixels of `pair` that differ from the background came from one copy or the other.
        size_t fromLeft = 0, fromRight = 0, unexplained = 0;
        for (size_t i = 0; i < pair.image.pixels.size(); i += 4) {
            const bool isLeft = std::memcmp(&pair.image.pixels[i], &left.image.pixels[i], 4) == 0;
            const bool isRight = std::memcmp(&pair.image.pixels[i], &right.image.pixels[i], 4) == 0;
            fromLeft += isLeft && !isRight;
            fromRight += isRight && !isLeft;
            unexplained += !isLeft && !isRight;
        }
        EXPECT_GT(fromLeft, 100u) << renderer::morphPathName(path);
        EXPECT_GT(fromRight, 100u) << renderer::morphPathName(path);
        // Only where the two copies meet (MSAA edges) may a pixel mix both.
        EXPECT_LT(unexplained, pair.image.pixels.size() / 4 / 100) << renderer::morphPathName(path);
    }
}

}  // namespace

}  // namespace morph_paths_gl_test
