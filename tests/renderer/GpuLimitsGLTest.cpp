// A mesh past GL limits falls back or is refused with a message, never a GL error.
// Every limit GpuScene::upload checks, injected tiny (GpuLimits is plain data), with the one-line
// message naming the file, or the fallback (downscaled or white textures) and its note. The
// fixture asserts no GL error after each case.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "SphereGrid.h"
#include "fixtures/ErrorCodes.h"
#include "renderer/gl/Bindings.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Log.h"
#include "renderer/morph/GpuLimits.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/PrimitiveMorph.h"
#include "renderer/scene/DrawState.h"
#include "renderer/scene/GpuScene.h"
#include "sanitizers/SanitizerDefaults.h"

namespace gpu_limits_gl_test {

// Lets the out-of-memory case ask the driver for an impossible buffer under ASan too: the
// allocation then fails with null (GL_OUT_OF_MEMORY) instead of ASan stopping the process.
extern "C" const char* __asan_default_options() {
    return MV_ASAN_DEFAULT_OPTIONS ":allocator_may_return_null=1";
}

namespace {

using renderer::GpuLimits;
using renderer::GpuScene;
using renderer::UploadOptions;

class GpuLimitsTest : public fixtures::GlTest {
protected:
    void SetUp() override {
        fixtures::GlTest::SetUp();
        mPrevious =
            renderer::setLogSink([this](const std::string& line) { notes.push_back(line); });
    }
    void TearDown() override {
        renderer::setLogSink(mPrevious);
        fixtures::GlTest::TearDown();
    }
    std::vector<std::string> notes;

private:
    renderer::LogSink mPrevious;
};

// A quad with `targets` position targets, and (when imageSize > 0) a base colour texture of
// imageSize x (imageSize / 2) texels.
morph::Scene quad(size_t targets, int imageSize = 0) {
    morph::Scene scene;
    scene.path = "hostile.glb";
    morph::Primitive p = fixtures::facingQuad();
    for (size_t t = 0; t < targets; ++t) {
        morph::MorphTarget target;
        target.set(morph::MorphChannel::Position,
                   std::vector<glm::vec4>(4, glm::vec4(0, 0, 0.1f * float(t + 1), 0)));
        p.targets.push_back(target);
    }
    morph::Mesh mesh;
    mesh.primitives.push_back(p);
    mesh.targetNames.resize(targets);
    mesh.defaultWeights.assign(targets, 0.0f);
    scene.meshes.push_back(mesh);
    morph::Node node;
    node.mesh = 0;
    scene.nodes.push_back(node);
    scene.roots = {0};
    if (imageSize > 0) {
        morph::Image image;
        image.width = imageSize;
        image.height = imageSize / 2;
        image.rgba.assign(size_t(image.width) * size_t(image.height) * 4, 200);
        scene.images.push_back(image);
        scene.textures.push_back(morph::Texture{});
        scene.textures.back().image = 0;
        morph::Material material;
        material.baseColorTexture.texture = 0;
        scene.materials.push_back(material);
        scene.meshes[0].primitives[0].material = 0;
    }
    return scene;
}

UploadOptions with(const GpuLimits& limits, uint64_t maxBytes = 4ull << 30) {
    UploadOptions options;
    options.limits = limits;
    options.maxBytes = maxBytes;
    return options;
}

void expectRefused(const morph::Result<GpuScene>& gpu, const std::string& part,
                   morph::ErrorCode code) {
    ASSERT_FALSE(gpu.ok());
    const std::string& message = gpu.error().message;
    EXPECT_EQ(gpu.error().code, code) << message;
    EXPECT_EQ(message.rfind("hostile.glb: meshes[0].primitives[0]", 0), 0u) << message;
    EXPECT_NE(message.find(part), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST_F(GpuLimitsTest, TheContextsLimitsAreAtLeastGl45s) {
    const GpuLimits limits = GpuLimits::query();
    EXPECT_GE(limits.maxTextureSize, 16384u);
    EXPECT_GE(limits.maxArrayLayers, 2048u);
    EXPECT_GE(limits.maxVertexAttribs, 16u);
    EXPECT_GE(limits.maxStorageBlockSize, uint64_t(1) << 27);
    EXPECT_GE(limits.maxElementIndex, (uint64_t(1) << 24) - 1);
}

TEST_F(GpuLimitsTest, ImageOverMaxTextureSizeIsDownscaledWithANote) {
    GpuLimits limits;
    limits.maxTextureSize = 16;
    auto gpu = GpuScene::upload(quad(0, 40), with(limits));
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    ASSERT_EQ(gpu->textures().size(), 1u);
    // 40 x 20 needs a factor of 3 to fit in 16: 14 x 7.
    EXPECT_EQ(gpu->textures()[0].width(), 14);
    EXPECT_EQ(gpu->textures()[0].height(), 7);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0],
              "hostile.glb: images[0] is 40 x 20, over GL_MAX_TEXTURE_SIZE 16; "
              "downscaled to 14 x 7");
    EXPECT_EQ(gpu->notes(), notes);  // what the viewer's File report lists
}

TEST_F(GpuLimitsTest, ImageOverTheBudgetIsDrawnWhiteWithANote) {
    // The quad's buffers fit in 1 KiB; a 64 x 32 texture (8 KiB + mipmaps) does not.
    auto gpu = GpuScene::upload(quad(0, 64), with(GpuLimits{}, 1024));
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    EXPECT_TRUE(gpu->textures().empty());
    EXPECT_EQ(gpu->materials()[0].slots[0].texture, -1);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0].rfind("hostile.glb: images[0] needs", 0), 0u) << notes[0];
    EXPECT_NE(notes[0].find("--max-memory"), std::string::npos) << notes[0];
    EXPECT_NE(notes[0].find("drawn as white"), std::string::npos) << notes[0];
    EXPECT_EQ(gpu->notes(), notes);
}

TEST_F(GpuLimitsTest, PrimitiveOverTheBudgetIsRefused) {
    expectRefused(GpuScene::upload(quad(2), with(GpuLimits{}, 100)),
                  "of GPU memory; 0.0 MiB of the --max-memory budget", morph::ErrorCode::Limit);
}

// The one primitive's morph as a drawer of `gpu` holds it.
renderer::PrimitiveMorph& drawersMorph(renderer::DrawState& state, const GpuScene& gpu) {
    state.use(gpu);
    return state.morph(gpu.nodes().front(), gpu.meshes()[0].primitives[0]);
}

// The texture array is built when a vs path first needs it (PrimitiveMorph::prepare), so the
// texture limits and the memory budget refuse that path, not the file: the draw falls back to
// cs-sparse or cpu (MorphStage::preparePrimitive) with a note.

void expectPathRefused(const morph::Result<GpuScene>& gpu, const std::string& part,
                       morph::ErrorCode code, bool sparseFits = true) {
    ASSERT_TRUE(gpu.ok()) << gpu.error().message;
    renderer::DrawState state;
    renderer::PrimitiveMorph& morph = drawersMorph(state, *gpu);
    const morph::Status dense = morph.prepare(renderer::MorphPath::VsActive);
    ASSERT_FALSE(dense.ok());
    EXPECT_EQ(dense.error().code, code) << dense.error().message;
    // Asked again, the remembered failure keeps its code.
    const morph::Status again = morph.prepare(renderer::MorphPath::VsActive);
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.error().code, code);
    EXPECT_EQ(again.error().message, dense.error().message);
    EXPECT_NE(dense.error().message.find(part), std::string::npos) << dense.error().message;
    EXPECT_EQ(dense.error().message.find('\n'), std::string::npos) << dense.error().message;
    EXPECT_EQ(morph.prepare(renderer::MorphPath::CsSparse).ok(), sparseFits);
    EXPECT_TRUE(morph.prepare(renderer::MorphPath::Cpu).ok());  // the last fallback needs none
}

// The morph paths' data is charged when a drawer builds it, not at upload: a texture array that
// does not fit refuses that path (the draw falls back), never the file.
TEST_F(GpuLimitsTest, MorphTexturesCountAgainstTheBudgetWhenBuilt) {
    // Vertex buffers: 4 x (12 + 12 + 8) + 6 x 4 = 152 bytes; targets: 8 layers of 4 texels.
    const morph::Scene scene = quad(8);
    const uint64_t vertexBytes = renderer::vertexBufferBytes(scene.meshes[0].primitives[0]);
    const uint64_t textureBytes =
        renderer::morphTextureBytes(scene.meshes[0].primitives[0], GpuLimits{}.maxTextureSize);
    const uint64_t weightBytes = renderer::weightBufferBytes(8);
    EXPECT_EQ(vertexBytes, 152u);
    EXPECT_EQ(textureBytes, 8u * 4u * 16u);
    expectRefused(GpuScene::upload(scene, with(GpuLimits{}, vertexBytes - 1)), "needs",
                  morph::ErrorCode::Limit);

    // With what the upload needs and nothing more: the texture array does not fit, nor does
    // cs-sparse's data (larger than the array for 4 vertices); cpu needs none.
    expectPathRefused(GpuScene::upload(scene, with(GpuLimits{}, vertexBytes + weightBytes)),
                      "hostile.glb: meshes[0].primitives[0] texture array needs 0.0 MiB of GPU "
                      "memory; 0.0 MiB of the --max-memory budget",
                      morph::ErrorCode::Limit, false);

    auto roomy =
        GpuScene::upload(scene, with(GpuLimits{}, vertexBytes + weightBytes + textureBytes));
    ASSERT_TRUE(roomy.ok()) << roomy.error().message;
    renderer::DrawState roomyState;
    renderer::PrimitiveMorph& fits = drawersMorph(roomyState, *roomy);
    EXPECT_TRUE(fits.prepare(renderer::MorphPath::VsActive).ok());
    EXPECT_EQ(roomyState.morphResidentBytes(), textureBytes);
    // Freed, the bytes go back to the budget: the next build fits again.
    roomyState.releaseMorph();
    EXPECT_EQ(roomyState.morphResidentBytes(), 0u);
    EXPECT_TRUE(fits.prepare(renderer::MorphPath::VsActive).ok());
}

// The draw-call limits one at a time: the quad (4 vertices, 6 indices) is refused, naming it.
TEST_F(GpuLimitsTest, MeshesPastADrawCallsLimitsAreRefused) {
    struct Case {
        void (*set)(GpuLimits&);
        const char* message;
    };
    const Case cases[] = {
        {[](GpuLimits& l) { l.maxDrawCount = 3; }, "4 vertices, over the 3 a draw call takes"},
        {[](GpuLimits& l) { l.maxDrawCount = 5; }, "6 indices, over the 5 a draw call takes"},
        {[](GpuLimits& l) { l.maxElementIndex = 2; },
         "4 vertices need indices up to 3, over GL_MAX_ELEMENT_INDEX 2"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.message);
        GpuLimits limits;
        c.set(limits);
        expectRefused(GpuScene::upload(quad(0), with(limits)), c.message, morph::ErrorCode::Gpu);
    }
}

TEST_F(GpuLimitsTest, TooFewVertexAttributesAreRefused) {
    GpuLimits limits;
    limits.maxVertexAttribs = 4;
    expectRefused(GpuScene::upload(quad(0), with(limits)),
                  "the mesh shader needs " + std::to_string(renderer::kAttributeCount) +
                      " vertex attributes, over GL_MAX_VERTEX_ATTRIBS 4",
                  morph::ErrorCode::Gpu);
}

TEST_F(GpuLimitsTest, WeightBufferPastTheStorageBlockSizeIsRefused) {
    GpuLimits limits;
    limits.maxStorageBlockSize = 16;  // 3 targets need (1 + 2 x 3) x 4 = 28 bytes
    expectRefused(
        GpuScene::upload(quad(3), with(limits)),
        "3 targets need a weight buffer of 28 bytes, over GL_MAX_SHADER_STORAGE_BLOCK_SIZE 16",
        morph::ErrorCode::Gpu);
}

TEST_F(GpuLimitsTest, TargetsPastTheLayerLimitAreSplitThenRefused) {
    GpuLimits limits;
    limits.maxArrayLayers = 2;
    auto split = GpuScene::upload(quad(5), with(limits));
    ASSERT_TRUE(split.ok()) << split.error().message;
    renderer::DrawState state;
    renderer::PrimitiveMorph& morph = drawersMorph(state, *split);
    ASSERT_TRUE(morph.prepare(renderer::MorphPath::VsActive).ok());
    ASSERT_NE(morph.denseTargets(), nullptr);
    EXPECT_EQ(morph.denseTargets()->textures().size(), 3u);
    limits.maxArrayLayers = 1;
    // The renderer's own cap on bound texture arrays, not the driver's.
    expectPathRefused(GpuScene::upload(quad(9), with(limits)), "9 targets need 9 texture arrays",
                      morph::ErrorCode::Limit);
}

TEST_F(GpuLimitsTest, MorphLayerTallerThanTheTextureLimitIsRefused) {
    GpuLimits limits;
    limits.maxTextureSize = 2;  // 4 vertices x 1 channel: 2 x 2 fits; 2 channels do not
    auto fits = GpuScene::upload(quad(1), with(limits));
    ASSERT_TRUE(fits.ok()) << fits.error().message;
    renderer::DrawState state;
    EXPECT_TRUE(drawersMorph(state, *fits).prepare(renderer::MorphPath::VsActive).ok());
    morph::Scene scene = quad(1);
    scene.meshes[0].primitives[0].targets[0].set(
        morph::MorphChannel::Normal, std::vector<glm::vec4>(4, glm::vec4(0, 0.1f, 0, 0)));
    expectPathRefused(GpuScene::upload(scene, with(limits)), "over GL_MAX_TEXTURE_SIZE 2",
                      morph::ErrorCode::Gpu);
}

TEST_F(GpuLimitsTest, AFailedAllocationIsAMessageNotACrash) {
    // No driver can back 2^46 bytes; Mesa answers GL_OUT_OF_MEMORY, which checkUpload names.
    renderer::gl::Buffer huge = renderer::gl::Buffer::create(GLsizeiptr(1) << 46, nullptr, 0);
    const morph::Status status = renderer::checkUpload("hostile.glb: meshes[0].primitives[0]");
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code, morph::ErrorCode::Gpu);
    EXPECT_EQ(status.error().message,
              "hostile.glb: meshes[0].primitives[0]: out of GPU memory (GL_OUT_OF_MEMORY)");
    renderer::takeDebugErrors();  // the debug callback saw the same error
}

}  // namespace

}  // namespace gpu_limits_gl_test
