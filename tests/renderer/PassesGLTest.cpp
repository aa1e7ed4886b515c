// The pieces the draw is made of (renderer/pass/, renderer/gl/Timing.h) and what is drawn over a
// finished frame (renderer/scene/Wireframe, VertexMorphPass): each pass output has its own
// program variant, the wireframe draws what the viewer drew with polygon mode set around a
// frame, bench's vertex-only pass times the vs paths and nothing else, a scope timer adds its
// scope. A code-built quad facing the camera, drawn single-sampled so pixels compare exactly.
#include <chrono>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "fixtures/Fixtures.h"
#include "morph/anim/Animate.h"
#include "renderer/gl/Timing.h"
#include "renderer/pass/ShaderVariants.h"
#include "renderer/scene/Offscreen.h"
#include "renderer/scene/SceneRenderer.h"
#include "renderer/scene/VertexMorphPass.h"
#include "renderer/scene/Wireframe.h"

namespace passes_gl_test {

namespace {

constexpr int kSize = 64;
const glm::vec3 kBackground(0.2f);

// Two triangles, [-1, 1]^2 at z = 0 facing +Z, one target pushing every vertex towards the
// camera.
morph::Scene quadScene() {
    morph::Primitive p;
    p.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    p.normals.assign(4, glm::vec3(0, 0, 1));
    p.indices = {0, 1, 2, 0, 2, 3};
    morph::MorphTarget push;
    push.set(morph::MorphChannel::Position, std::vector<glm::vec4>(4, glm::vec4(0, 0, 0.25f, 0)));
    p.targets = {push};
    morph::Mesh mesh;
    mesh.primitives.push_back(p);
    mesh.targetNames = {"push"};
    mesh.defaultWeights = {0.5f};
    return fixtures::oneMeshScene(std::move(mesh), "quad");
}

class PassesTest : public fixtures::GlTest {
protected:
    void SetUp() override {
        fixtures::GlTest::SetUp();
        auto renderer = renderer::SceneRenderer::create();
        ASSERT_TRUE(renderer.ok()) << renderer.error().message;
        mRenderer = std::move(renderer).value();
        auto gpu = renderer::GpuScene::upload(quadScene());
        ASSERT_TRUE(gpu.ok()) << gpu.error().message;
        mScene = std::move(gpu).value();
        auto target = renderer::Offscreen::create(kSize, kSize, 0);
        ASSERT_TRUE(target.ok()) << target.error().message;
        mTarget = std::move(target).value();
        mCamera = fixtures::cameraOnZ(3);
        mOptions.background = kBackground;
    }

    morph::RgbaImage shoot(renderer::Wireframe wireframe) {
        const morph::FramePose frame =
            morph::resolveFrame(mScene.layout(), morph::restPose(mScene.layout()));
        renderer::drawWireframe(mRenderer, wireframe, mScene, frame, mCamera, mTarget.target(),
                                mOptions);
        GLint mode[2] = {0, 0};
        glGetIntegerv(GL_POLYGON_MODE, mode);
        EXPECT_EQ(mode[0], GL_FILL) << "the wireframe leaves polygon mode filled";
        return mTarget.readPixels();
    }

    morph::RgbaImage shootPlain() {
        mRenderer.draw(mScene, morph::restPose(mScene.layout()), mCamera, mTarget.target(),
                       mOptions);
        return mTarget.readPixels();
    }

    renderer::SceneRenderer mRenderer;
    renderer::GpuScene mScene;
    renderer::Offscreen mTarget;
    renderer::Camera mCamera;
    renderer::DrawOptions mOptions;
};

size_t differingPixels(const morph::RgbaImage& a, const morph::RgbaImage& b) {
    size_t n = 0;
    for (size_t i = 0; i + 3 < a.pixels.size(); i += 4) {
        n += a.pixels[i] != b.pixels[i] || a.pixels[i + 1] != b.pixels[i + 1] ||
             a.pixels[i + 2] != b.pixels[i + 2];
    }
    return n;
}

TEST_F(PassesTest, EachPassOutputHasItsOwnVariant) {
    renderer::ShaderVariants variants{renderer::ShaderLibrary()};
    const renderer::GpuMaterial& material = mScene.defaultMaterial();
    const uint32_t mask = mScene.meshes()[0].primitives[0].buffers.attributeMask();
    const auto studio = renderer::lightKey(false, true, renderer::ToneMapping::PbrNeutral);
    variants.beginFrame(glm::mat4(1.0f), 0, studio);
    const GLuint target = variants.program(mask, material, renderer::PassOutput::Target, {}).id();
    const GLuint linear = variants.program(mask, material, renderer::PassOutput::Linear, {}).id();
    const GLuint gBuffer = variants.program(mask, material, renderer::PassOutput::GBuffer, {}).id();
    EXPECT_EQ(std::set<GLuint>({target, linear, gBuffer}).size(), 3u);
    EXPECT_EQ(variants.program(mask, material, renderer::PassOutput::Target, {}).id(), target)
        << "built once, then taken from the cache";
    const renderer::gl::Program* resolve = variants.resolve(material);
    ASSERT_NE(resolve, nullptr);
    EXPECT_EQ(std::set<GLuint>({target, linear, gBuffer, resolve->id()}).size(), 4u);

    // What the vertex stage does is compiled in: each morph path's kind and skin its own.
    const renderer::VertexWork active{renderer::MorphPath::VsActive, 0};
    const renderer::VertexWork skinnedCpu{renderer::MorphPath::Cpu, 4};
    const GLuint activeId =
        variants.program(mask, material, renderer::PassOutput::Target, active).id();
    const GLuint cpuId =
        variants.program(mask, material, renderer::PassOutput::Target, skinnedCpu).id();
    EXPECT_EQ(std::set<GLuint>({target, activeId, cpuId}).size(), 3u);
    EXPECT_EQ(variants
                  .program(mask, material, renderer::PassOutput::Target,
                           {renderer::MorphPath::CsSparse, 4})
                  .id(),
              cpuId)
        << "cs-sparse and cpu both read the pre-morphed vertex";

    // The G-buffer reads no texture but a MASK's base colour: materials that differ only in
    // their textured slots share its variant, not the variants that shade.
    // (A material's key reads its slots, alpha mode and features: no buffer is needed.)
    auto like = [&material](bool withTextures, morph::AlphaMode alphaMode) {
        renderer::GpuMaterial out;
        for (size_t slot = 0; slot < renderer::kMaterialSlotCount; ++slot)
            out.slots[slot] = material.slots[slot];
        out.features = material.features;
        out.alphaMode = alphaMode;
        if (withTextures) {
            out.slots[size_t(renderer::MaterialSlot::BaseColor)].texture = 0;
            out.slots[size_t(renderer::MaterialSlot::MetallicRoughness)].texture = 0;
        }
        return out;
    };
    const renderer::GpuMaterial textured = like(true, material.alphaMode);
    EXPECT_EQ(variants.program(mask, textured, renderer::PassOutput::GBuffer, {}).id(), gBuffer);
    EXPECT_NE(variants.program(mask, textured, renderer::PassOutput::Target, {}).id(), target);
    const renderer::GpuMaterial masked = like(true, morph::AlphaMode::Mask);
    const renderer::GpuMaterial maskedPlain = like(false, morph::AlphaMode::Mask);
    EXPECT_NE(variants.program(mask, masked, renderer::PassOutput::GBuffer, {}).id(),
              variants.program(mask, maskedPlain, renderer::PassOutput::GBuffer, {}).id())
        << "a MASK material's G-buffer reads its base colour's alpha";

    // The variants that shade fix the frame's light; the G-buffer lights nothing.
    variants.beginFrame(glm::mat4(1.0f), 0,
                        renderer::lightKey(true, false, renderer::ToneMapping::PbrNeutral));
    EXPECT_NE(variants.program(mask, material, renderer::PassOutput::Target, {}).id(), target);
    EXPECT_EQ(variants.program(mask, material, renderer::PassOutput::GBuffer, {}).id(), gBuffer);
}

TEST_F(PassesTest, WireframeOffIsThePlainFrame) {
    const morph::RgbaImage plain = shootPlain();
    EXPECT_EQ(differingPixels(shoot(renderer::Wireframe::Off), plain), 0u);
}

TEST_F(PassesTest, WireframeOnlyIsTheFrameDrawnInLines) {
    // What the viewer did before the renderer drew its wireframe: polygon mode around a frame.
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    const morph::RgbaImage lines = shootPlain();
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    const morph::RgbaImage only = shoot(renderer::Wireframe::Only);
    EXPECT_EQ(differingPixels(only, lines), 0u);
    // The edges alone cover far fewer pixels than the filled quad.
    const morph::RgbaImage plain = shootPlain();
    EXPECT_GT(differingPixels(plain, only), size_t(kSize) * size_t(kSize) / 8);
}

TEST_F(PassesTest, WireframeOverlayInvertsTheFramesPixelsUnderItsEdges) {
    const morph::RgbaImage plain = shootPlain();
    const morph::RgbaImage overlay = shoot(renderer::Wireframe::Overlay);
    // Each edge pixel is inverted once per line drawn over it (a logic op, no shader): every
    // pixel is the frame's or its inverse, and some are inverted.
    size_t inverted = 0;
    for (size_t i = 0; i + 3 < plain.pixels.size(); i += 4) {
        bool same = true, inverse = true;
        for (size_t c = 0; c < 3; ++c) {
            same = same && overlay.pixels[i + c] == plain.pixels[i + c];
            inverse = inverse && overlay.pixels[i + c] == 255 - plain.pixels[i + c];
        }
        ASSERT_TRUE(same || inverse) << "pixel " << i / 4;
        inverted += !same;
    }
    EXPECT_GT(inverted, size_t(kSize)) << "the quad's edges and its diagonal";
}

TEST_F(PassesTest, VertexMorphPassTimesOnlyTheVsPaths) {
    auto pass = renderer::VertexMorphPass::create();
    for (const renderer::MorphPath path :
         {renderer::MorphPath::VsDense, renderer::MorphPath::VsActive, renderer::MorphPath::Cpu}) {
        mOptions.morphPath = path;
        shootPlain();
        const bool vs = renderer::morphsInVertexStage(path);
        EXPECT_EQ(renderer::VertexMorphPass::hasVertexMorphs(mRenderer), vs);
        EXPECT_EQ(pass.drawTimed(mRenderer, 1), vs);
        if (vs) {
            EXPECT_GE(pass.timedMs(), 0.0);
        }
        const double wall = pass.wallMs(mRenderer, 1);
        if (vs) {
            EXPECT_GT(wall, 0.0);
        } else {
            EXPECT_EQ(wall, 0.0) << "nothing morphs in the vertex stage";
        }
    }
}

TEST_F(PassesTest, OffscreenReadsItsDepthAndWaits) {
    shootPlain();
    mTarget.finish();
    const std::vector<float> depth = mTarget.readDepth();
    ASSERT_EQ(depth.size(), size_t(kSize) * size_t(kSize));
    const size_t centre = size_t(kSize / 2) * size_t(kSize) + size_t(kSize / 2);
    EXPECT_LT(depth[centre], 1.0f) << "the quad";
    EXPECT_EQ(depth[0], 1.0f) << "the corner: nothing drawn";

    auto multisampled = renderer::Offscreen::create(kSize, kSize, 4);
    ASSERT_TRUE(multisampled.ok()) << multisampled.error().message;
    mRenderer.draw(mScene, morph::restPose(mScene.layout()), mCamera, multisampled->target(),
                   mOptions);
    multisampled->finish();
    EXPECT_TRUE(multisampled->readDepth().empty()) << "a multisampled depth buffer is not read";
}

TEST(TimingTest, AScopedTimerAddsItsScope) {
    double total = 1.0;
    {
        const renderer::ScopedTimer timer(total);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_GE(total, 1.0 + 4.0);
    const renderer::Stopwatch clock;
    EXPECT_GE(clock.ms(), 0.0);
}

}  // namespace

}  // namespace passes_gl_test
