// The pieces the draw is made of (renderer/pass/, renderer/gl/Timing.h): each pass output has
// its own program variant, a scope timer adds its scope. A code-built quad facing the camera.
#include <chrono>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "morph/anim/Animate.h"
#include "renderer/gl/Timing.h"
#include "renderer/pass/ShaderVariants.h"
#include "renderer/scene/GpuScene.h"

namespace {

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
    morph::Scene scene;
    scene.path = "quad";
    scene.meshes.push_back(mesh);
    morph::Node node;
    node.mesh = 0;
    scene.nodes.push_back(node);
    scene.roots = {0};
    morph::computeTargetStats(scene);
    return scene;
}

class PassesTest : public fixtures::GlTest {
protected:
    void SetUp() override {
        fixtures::GlTest::SetUp();
        auto gpu = renderer::GpuScene::upload(quadScene());
        ASSERT_TRUE(gpu.ok()) << gpu.error().message;
        mScene = std::move(gpu).value();
    }

    renderer::GpuScene mScene;
};

TEST_F(PassesTest, EachPassOutputHasItsOwnVariant) {
    auto made = renderer::ShaderVariants::create(renderer::ShaderLibrary());
    ASSERT_TRUE(made.ok()) << made.error().message;
    renderer::ShaderVariants& variants = made.value();
    const renderer::GpuMaterial& material = mScene.defaultMaterial();
    const uint32_t mask = mScene.meshes()[0].primitives[0].buffers.attributeMask();
    const auto studio = renderer::lightKey(false, true, renderer::ToneMapping::PbrNeutral);
    variants.beginFrame(glm::mat4(1.0f), 0, studio);
    const GLuint target = variants.program(mask, material, renderer::PassOutput::Target).id();
    const GLuint linear = variants.program(mask, material, renderer::PassOutput::Linear).id();
    const GLuint gBuffer = variants.program(mask, material, renderer::PassOutput::GBuffer).id();
    EXPECT_EQ(std::set<GLuint>({target, linear, gBuffer}).size(), 3u);
    EXPECT_EQ(variants.program(mask, material, renderer::PassOutput::Target).id(), target)
        << "built once, then taken from the cache";
    const renderer::gl::Program* resolve = variants.resolve(material);
    ASSERT_NE(resolve, nullptr);
    EXPECT_EQ(std::set<GLuint>({target, linear, gBuffer, resolve->id()}).size(), 4u);

    // The variants that shade fix the frame's light; the G-buffer lights nothing.
    variants.beginFrame(glm::mat4(1.0f), 0,
                        renderer::lightKey(true, false, renderer::ToneMapping::PbrNeutral));
    EXPECT_NE(variants.program(mask, material, renderer::PassOutput::Target).id(), target);
    EXPECT_EQ(variants.program(mask, material, renderer::PassOutput::GBuffer).id(), gBuffer);
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
