// Deferred lighting (renderer/scene/SceneRenderer.h's Shading): the G-buffer pass and the
// lighting pass draw the picture the forward path draws, byte for byte, on the files people
// open (the bundled face, a skinned multi-mesh avatar, the file's own punctual lights) and on a
// grid that mixes what is deferred (plain, metal, emissive, unlit, MASK) with what stays forward
// (KHR_materials_* layers, BLEND); and the frames it cannot take are drawn forward.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "SphereGrid.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/SceneFixtures.h"
#include "fixtures/SkinFixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/SceneRenderer.h"

namespace {

class DeferredTest : public fixtures::GlTest {
protected:
    static renderer::Capturer& capturer() {
        static morph::Result<renderer::Capturer> instance = renderer::Capturer::create();
        if (!instance.ok()) ADD_FAILURE() << instance.error().message;
        return instance.value();
    }

    // The shot drawn by `shading`; whether the renderer lit it deferred goes to `deferred`.
    static morph::RgbaImage shoot(const renderer::GpuScene& scene, renderer::ShotSpec shot,
                                  renderer::Shading shading, bool& deferred) {
        shot.shading = shading;
        const uint64_t before = capturer().renderer().deferredFrames();
        auto image = capturer().capture(scene, shot);
        EXPECT_TRUE(image.ok()) << (image.ok() ? "" : image.error().message);
        deferred = capturer().renderer().deferredFrames() == before + 1;
        return image.ok() ? std::move(image).value() : morph::RgbaImage{};
    }

    // Forward and deferred shots of `scene`, single-sampled: the same bytes, the deferred one
    // drawn deferred, the forward one not, and a picture with something in it.
    static void expectSamePicture(const renderer::GpuScene& scene, renderer::ShotSpec shot,
                                  double minimumDrawn = 1.0 / 20.0) {
        shot.samples = 0;
        bool forwardDeferred = true, deferredDeferred = false;
        const morph::RgbaImage forward =
            shoot(scene, shot, renderer::Shading::Forward, forwardDeferred);
        const morph::RgbaImage deferred =
            shoot(scene, shot, renderer::Shading::Deferred, deferredDeferred);
        EXPECT_FALSE(forwardDeferred);
        EXPECT_TRUE(deferredDeferred);
        ASSERT_EQ(forward.pixels.size(), deferred.pixels.size());
        ASSERT_FALSE(forward.pixels.empty());
        size_t differing = 0, drawn = 0;
        int worst = 0;
        for (size_t i = 0; i < forward.pixels.size(); i += 4) {
            bool differs = false;
            for (size_t c = 0; c < 3; ++c) {
                const int d = std::abs(int(forward.pixels[i + c]) - int(deferred.pixels[i + c]));
                worst = std::max(worst, d);
                differs = differs || d != 0;
            }
            differing += differs ? 1 : 0;
            drawn += forward.pixels[i] != forward.pixels[0] ||
                     forward.pixels[i + 1] != forward.pixels[1] ||
                     forward.pixels[i + 2] != forward.pixels[2];
        }
        EXPECT_EQ(differing, 0u) << "largest difference " << worst << " levels";
        // The model covers a real part of the frame (the first pixel is background): by default
        // a twentieth.
        EXPECT_GT(double(drawn), double(forward.pixels.size() / 4) * minimumDrawn);
    }

    static renderer::GpuScene upload(const morph::Scene& scene) {
        auto gpu = renderer::GpuScene::upload(scene);
        EXPECT_TRUE(gpu.ok()) << (gpu.ok() ? "" : gpu.error().message);
        return gpu.ok() ? std::move(gpu).value() : renderer::GpuScene{};
    }
    static renderer::GpuScene uploadFile(const std::string& path) {
        auto scene = morph::importGltf(path);
        EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
        return scene.ok() ? upload(*scene) : renderer::GpuScene{};
    }
    static renderer::GpuScene uploadBytes(const std::vector<uint8_t>& bytes,
                                          const std::string& name) {
        auto scene = morph::importGltfMemory(bytes, name, "");
        EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().message);
        return scene.ok() ? upload(*scene) : renderer::GpuScene{};
    }
};

// A row of each material kind the G-buffer takes and a row of those that stay forward.
morph::Scene mixedGrid() {
    return fixtures::sphereGrid(4, 2, [](int c, int r) {
        morph::Material m = fixtures::plainMaterial(0.6f, 0.2f + 0.2f * float(c));
        if (r == 0) {
            if (c == 1) m.metallicFactor = 1.0f;
            if (c == 2) m.emissiveFactor = glm::vec3(0.8f, 0.3f, 0.1f);
            if (c == 3) m.unlit = true;
        } else {
            if (c == 0) {  // MASK kept whole (alpha above the cutoff): deferred
                m.alphaMode = morph::AlphaMode::Mask;
                m.baseColorFactor.a = 0.8f;
            }
            if (c == 1) {
                m.clearcoat.present = true;
                m.clearcoat.factor = 1.0f;
            }
            if (c == 2) {
                m.sheen.present = true;
                m.sheen.colorFactor = glm::vec3(1.0f, 0.2f, 0.2f);
                m.sheen.roughnessFactor = 0.5f;
            }
            if (c == 3) {  // in front of nothing, over the background
                m.alphaMode = morph::AlphaMode::Blend;
                m.baseColorFactor.a = 0.5f;
            }
        }
        return m;
    });
}

TEST_F(DeferredTest, TheBundledFaceMidSmileLooksTheSame) {
    const renderer::GpuScene face =
        uploadFile(std::string(MORPHVIEW_SOURCE_DIR) + "/assets/face.glb");
    renderer::ShotSpec shot;
    shot.width = shot.height = 256;
    shot.weights = "mouthSmileLeft=0.8,mouthSmileRight=0.8,jawOpen=0.4,eyeBlinkLeft=1";
    expectSamePicture(face, shot);
    shot.environment = "rig";  // the three lights over the analytic sky
    expectSamePicture(face, shot);
}

TEST_F(DeferredTest, ASkinnedMultiMeshAvatarLooksTheSame) {
    const renderer::GpuScene avatar = uploadFile(fixtures::avatarPath("RPM_VisageMale/male.glb"));
    renderer::ShotSpec shot;
    shot.width = shot.height = 256;
    shot.camera = "orbit:25,15";
    expectSamePicture(avatar, shot);
}

TEST_F(DeferredTest, AFoxMidRunLooksTheSame) {
    // Skinned and animated: the lighting pass covers only the projected bounds of the skinned
    // meshes (SceneRenderer::lightingRect), which must hold every pixel the run reaches.
    const renderer::GpuScene fox = uploadFile(fixtures::avatarPath("Fox/Fox.glb"));
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    shot.animation = "Run";
    for (const float time : {0.1f, 0.35f, 0.6f}) {
        shot.time = time;
        expectSamePicture(fox, shot);
    }
}

TEST_F(DeferredTest, AnArmBentOutOfItsBindPoseIsLitWhole) {
    // The two-bone arm (fixtures/SkinFixtures.h) with its forearm turned 90 degrees up and its
    // morph target on: far outside the bind pose's box, which the lighting pass must not use.
    const renderer::GpuScene arm = uploadBytes(fixtures::skinnedArm(), "arm.glb");
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    shot.animation = "bend";
    shot.time = 1.0f;
    expectSamePicture(arm, shot, 1.0 / 200.0);
}

TEST_F(DeferredTest, TheFilesPunctualLightsLookTheSame) {
    const renderer::GpuScene lit = uploadBytes(fixtures::lightsFixture(), "lights.glb");
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    shot.camera = "top";
    shot.environment = "rig";
    expectSamePicture(lit, shot);
}

TEST_F(DeferredTest, LayeredAndBlendedMaterialsDrawForwardOverTheDeferredOnes) {
    const renderer::GpuScene grid = upload(mixedGrid());
    renderer::ShotSpec shot;
    shot.width = 256;
    shot.height = 128;
    expectSamePicture(grid, shot);
    shot.background = glm::vec3(1.0f, 0.0f, 1.0f);
    shot.backgroundMode = renderer::BackgroundMode::Blurred;  // the environment behind
    expectSamePicture(grid, shot);
}

TEST_F(DeferredTest, TransmissionSeesTheDeferredOnesThroughIt) {
    // A frame with transmission draws its opaque primitives forward into the transmission pass
    // first; the glass then sees what the deferred frame drew around it.
    const renderer::GpuScene grid = upload(fixtures::sphereGrid(3, 1, [](int c, int) {
        morph::Material m =
            fixtures::plainMaterial(0.3f + 0.3f * float(c), 0.4f, c == 2 ? 1.0f : 0.0f);
        if (c == 1) {
            m.transmission.present = true;
            m.transmission.factor = 1.0f;
        }
        return m;
    }));
    renderer::ShotSpec shot;
    shot.width = 192;
    shot.height = 64;
    const uint64_t before = capturer().renderer().transmissionPasses();
    expectSamePicture(grid, shot);
    EXPECT_EQ(capturer().renderer().transmissionPasses(), before + 2);
}

TEST_F(DeferredTest, AWireframeDrawsTheSameLines) {
    // The viewer's View > Wireframe draws the scene with GL_LINE: lines go into the G-buffer,
    // and the lighting pass (filled whatever the mode) lights exactly those pixels.
    const renderer::GpuScene grid = upload(mixedGrid());
    renderer::ShotSpec shot;
    shot.width = 256;
    shot.height = 128;
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    expectSamePicture(grid, shot, 1.0 / 100.0);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

TEST_F(DeferredTest, FramesItCannotTakeAreDrawnForward) {
    const renderer::GpuScene grid = upload(mixedGrid());
    renderer::ShotSpec shot;
    shot.width = shot.height = 64;
    bool deferred = true;
    // A multisampled target: the G-buffer would need a sample per sample.
    shot.samples = 4;
    (void)shoot(grid, shot, renderer::Shading::Deferred, deferred);
    EXPECT_FALSE(deferred);
    // Auto: deferred on a CPU rasterizer (llvmpipe here and in CI), forward on a GPU.
    shot.samples = 0;
    (void)shoot(grid, shot, renderer::Shading::Auto, deferred);
    const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    EXPECT_EQ(deferred, renderer::isSoftwareRenderer(name ? name : ""));
}

TEST_F(DeferredTest, AFrameWithoutACoreMaterialHasNoGBufferPass) {
    const renderer::GpuScene coated = upload(fixtures::sphereGrid(2, 1, [](int, int) {
        morph::Material m = fixtures::plainMaterial(0.5f, 0.5f);
        m.clearcoat.present = true;
        m.clearcoat.factor = 1.0f;
        return m;
    }));
    renderer::ShotSpec shot;
    shot.width = shot.height = 64;
    shot.samples = 0;
    bool deferred = true;
    (void)shoot(coated, shot, renderer::Shading::Deferred, deferred);
    EXPECT_FALSE(deferred);
}

}  // namespace
