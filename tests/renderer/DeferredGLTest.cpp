// Deferred shading (renderer/scene/SceneRenderer.h's Shading): the G-buffer pass and the
// per-material resolve draw the picture the forward path draws, to within a level or two, on
// the files people open (the bundled face, a skinned multi-mesh avatar, the file's own punctual
// lights), on a grid that mixes what is deferred (plain, metal, emissive, unlit, MASK, the
// KHR_materials_* layers) with what stays forward (BLEND, transmission), on textured layered
// materials; and the frames it cannot take are drawn forward.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GlShared.h"
#include "SphereGrid.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/SceneFixtures.h"
#include "fixtures/SkinFixtures.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/SceneRenderer.h"

namespace deferred_gl_test {

namespace {

// The share of a picture that must be drawn (not background) for a comparison to mean anything.
constexpr double kDrawn = 1.0 / 20.0;

class DeferredTest : public fixtures::GlTest {
protected:
    static renderer::Capturer& capturer() { return fixtures::sharedCapturer(); }

    // The shot drawn by `shading` at `pose` (empty: the rest pose); whether the renderer lit it
    // deferred goes to `deferred`.
    static morph::RgbaImage shoot(const renderer::GpuScene& scene, renderer::ShotSpec shot,
                                  renderer::Shading shading, bool& deferred,
                                  const std::vector<morph::NodePose>& pose = {}) {
        shot.shading = shading;
        const uint64_t before = capturer().renderer().deferredFrames();
        auto image = capturer().capture(scene, shot, pose);
        EXPECT_TRUE(image.ok()) << (image.ok() ? "" : image.error().message);
        deferred = capturer().renderer().deferredFrames() == before + 1;
        return image.ok() ? std::move(image).value() : morph::RgbaImage{};
    }

    // Forward and deferred shots of `scene`, single-sampled: the deferred one drawn deferred,
    // the forward one not, a picture with something in it, and the same picture. Not quite the
    // same bytes: the G-buffer keeps the position as depth, the normal and tangent in 16 bits a
    // coordinate and the UV derivatives in half precision (pbr.frag's MV_RESOLVE), which moves
    // a pixel here and there by a level or two. So: on average under a twentieth of a level,
    // and at most one drawn pixel in 200 off by more than 2 levels.
    static void expectSamePicture(const renderer::GpuScene& scene, renderer::ShotSpec shot,
                                  double minimumDrawn = kDrawn,
                                  const std::vector<morph::NodePose>& pose = {}) {
        shot.samples = 0;
        bool forwardDeferred = true, deferredDeferred = false;
        const morph::RgbaImage forward =
            shoot(scene, shot, renderer::Shading::Forward, forwardDeferred, pose);
        const morph::RgbaImage deferred =
            shoot(scene, shot, renderer::Shading::Deferred, deferredDeferred, pose);
        EXPECT_FALSE(forwardDeferred);
        EXPECT_TRUE(deferredDeferred);
        ASSERT_EQ(forward.pixels.size(), deferred.pixels.size());
        ASSERT_FALSE(forward.pixels.empty());
        size_t beyond = 0, drawn = 0;
        int worst = 0;
        double total = 0.0;
        for (size_t i = 0; i < forward.pixels.size(); i += 4) {
            int largest = 0;
            for (size_t c = 0; c < 3; ++c) {
                const int d = std::abs(int(forward.pixels[i + c]) - int(deferred.pixels[i + c]));
                largest = std::max(largest, d);
                total += d;
            }
            worst = std::max(worst, largest);
            beyond += largest > 2 ? 1 : 0;
            drawn += forward.pixels[i] != forward.pixels[0] ||
                     forward.pixels[i + 1] != forward.pixels[1] ||
                     forward.pixels[i + 2] != forward.pixels[2];
        }
        // The model covers a real part of the frame (the first pixel is background): by default
        // a twentieth.
        ASSERT_GT(double(drawn), double(forward.pixels.size() / 4) * minimumDrawn);
        EXPECT_LE(double(beyond), double(drawn) / 200.0)
            << beyond << " of " << drawn << " drawn pixels differ by more than 2 levels (at most "
            << worst << ")";
        EXPECT_LT(total / double(3 * drawn), 0.05) << "largest difference " << worst << " levels";
    }

    // A 4 x 2 grid (texturedGrid, layeredGrid) under the studio and the rig: the same picture
    // both ways, with `deferredMaterials` of its materials deferred.
    static void expectSameGrid(const renderer::GpuScene& grid, size_t deferredMaterials) {
        renderer::ShotSpec shot;
        shot.width = 384;
        shot.height = 192;
        expectSamePicture(grid, shot);
        EXPECT_EQ(capturer().renderer().deferredMaterials(), deferredMaterials);
        shot.environment = nullptr;  // the rig
        expectSamePicture(grid, shot);
    }

    static renderer::GpuScene upload(const morph::Scene& scene) {
        return fixtures::uploadOrFail(scene);
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

// A 256 x 128 shot, which the 4 x 2 spheres of mixedGrid() fill.
renderer::ShotSpec mixedGridShot() {
    renderer::ShotSpec shot;
    shot.width = 256;
    shot.height = 128;
    return shot;
}

// A row of core material kinds the G-buffer takes, and a row of MASK and two layered materials
// (deferred too) beside BLEND (forward).
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

// Three 64x64 images, mipmapped with the default trilinear sampler: a colour checker whose
// dark squares have alpha 0.2 (MASK cuts them), a normal map of tilted stripes, and an
// occlusion (R), roughness (G), metallic (B) gradient.
void addTextures(morph::Scene& scene) {
    const int size = 64;
    morph::Image checker, bumps, orm;
    for (morph::Image* image : {&checker, &bumps, &orm}) {
        image->width = image->height = size;
        image->rgba.resize(size_t(size * size) * 4);
    }
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const size_t i = size_t(y * size + x) * 4;
            const bool dark = ((x / 8) + (y / 8)) % 2 != 0;
            const uint8_t c[4] = {uint8_t(dark ? 40 : 230), uint8_t(4 * x), uint8_t(4 * y),
                                  uint8_t(dark ? 51 : 255)};
            std::copy(c, c + 4, &checker.rgba[i]);
            const uint8_t tilt = (x / 4) % 2 != 0 ? 200 : 56;
            const uint8_t n[4] = {tilt, 128, 230, 255};
            std::copy(n, n + 4, &bumps.rgba[i]);
            const uint8_t m[4] = {uint8_t(255 - 2 * y), uint8_t(60 + 3 * x), uint8_t(4 * y), 255};
            std::copy(m, m + 4, &orm.rgba[i]);
        }
    }
    scene.images = {checker, bumps, orm};
    scene.samplers = {morph::TextureSampler{}};
    scene.textures = {{0, 0}, {1, 0}, {2, 0}};
    for (morph::Mesh& mesh : scene.meshes) {
        for (morph::Primitive& p : mesh.primitives) {
            for (const glm::vec2& uv : p.texcoords[0]) p.texcoords[1].push_back(uv * 3.0f);
        }
    }
}

// Textured materials: the UVs and their derivatives through the G-buffer (top row), two UV
// sets (the second in the G-buffer's third target), vertex colours with and without a normal
// map, and unlit (bottom row).
morph::Scene texturedGrid() {
    morph::Scene scene = fixtures::sphereGrid(4, 2, [](int c, int r) {
        morph::Material m = fixtures::plainMaterial(0.9f, 0.6f);
        m.baseColorTexture.texture = 0;
        if (r == 0) {
            if (c == 1) {  // every core slot, through KHR_texture_transform
                m.normalTexture.texture = 1;
                m.metallicRoughnessTexture.texture = 2;
                m.occlusionTexture.texture = 2;
                m.emissiveTexture.texture = 0;
                m.emissiveFactor = glm::vec3(0.2f);
                m.metallicFactor = 1.0f;
                for (morph::TextureRef* t :
                     {&m.baseColorTexture, &m.normalTexture, &m.metallicRoughnessTexture}) {
                    t->transform.present = true;
                    t->transform.scale = glm::vec2(2.0f, 1.5f);
                    t->transform.rotation = 0.3f;
                    t->transform.offset = glm::vec2(0.1f, 0.2f);
                }
            }
            if (c == 2) {  // MASK: the checker's dark squares cut out in the G-buffer pass
                m.alphaMode = morph::AlphaMode::Mask;
                m.doubleSided = true;
            }
            if (c == 3) {  // every texture on the second UV set, with a normal map
                m.baseColorTexture.texCoord = 1;
                m.normalTexture.texture = 1;
                m.normalTexture.texCoord = 1;
            }
        } else {
            if (c == 0) {  // two UV sets
                m.occlusionTexture.texture = 2;
                m.occlusionTexture.texCoord = 1;
            }
            // c == 1 and 2: vertex colours (below), with a normal map and without: deferred,
            // the colour in the G-buffer beside the tangent
            if (c == 1) m.normalTexture.texture = 1;
            if (c == 3) m.unlit = true;
        }
        return m;
    });
    addTextures(scene);
    for (const int mesh : {5, 6}) {  // row 1, columns 1 and 2
        morph::Primitive& p = scene.meshes[size_t(mesh)].primitives[0];
        for (const glm::vec3& q : p.positions) {
            p.colors.emplace_back(0.5f + q.x, 0.6f, 0.5f - q.y, 1.0f);
        }
    }
    return scene;
}

TEST_F(DeferredTest, TexturedMaterialsLookTheSame) {
    expectSameGrid(upload(texturedGrid()), 8);
}

// The KHR_materials_* layers deferred: each of their textures read through the G-buffer's UVs
// and derivatives, the clearcoat's normal map through its tangent (on a material without a
// normal map of its own; once on a mesh with vertex colours, which the G-buffer keeps beside
// the tangent), the sheen with its tables, a layer's texture on the second UV set; beside them,
// what stays forward: transmission.
morph::Scene layeredGrid() {
    morph::Scene scene = fixtures::sphereGrid(4, 2, [](int c, int r) {
        morph::Material m = fixtures::plainMaterial(0.8f, 0.4f);
        m.baseColorTexture.texture = 0;
        if (r == 0 && c == 0) {  // as Blender writes skin: specular, its colour, an ior
            m.ior = 1.45f;
            m.specular.present = true;
            m.specular.factor = 0.7f;
            m.specular.texture.texture = 2;
            m.specular.colorFactor = glm::vec3(1.0f, 0.8f, 0.6f);
            m.specular.colorTexture.texture = 0;
        }
        if ((r == 0 && c == 1) || (r == 1 && c == 0)) {  // a coat with its own normal map
            m.clearcoat.present = true;
            m.clearcoat.factor = 1.0f;
            m.clearcoat.texture.texture = 2;
            m.clearcoat.roughnessFactor = 0.3f;
            m.clearcoat.roughnessTexture.texture = 2;
            m.clearcoat.normalTexture.texture = 1;
        }
        if (r == 0 && c == 2) {
            m.sheen.present = true;
            m.sheen.colorFactor = glm::vec3(1.0f, 0.5f, 0.3f);
            m.sheen.colorTexture.texture = 0;
            m.sheen.roughnessFactor = 0.6f;
            m.sheen.roughnessTexture.texture = 2;
        }
        if (r == 0 && c == 3) {
            m.metallicFactor = 0.5f;
            m.iridescence.present = true;
            m.iridescence.factor = 1.0f;
            m.iridescence.texture.texture = 2;
            m.iridescence.thicknessTexture.texture = 2;
        }
        if (r == 1 && c == 1) {
            m.transmission.present = true;
            m.transmission.factor = 0.8f;
        }
        if (r == 1 && c == 2) m.ior = 1.3f;  // the ior alone
        if (r == 1 && c == 3) {              // a coat's texture on the second UV set
            m.clearcoat.present = true;
            m.clearcoat.factor = 1.0f;
            m.clearcoat.texture.texture = 2;
            m.clearcoat.texture.texCoord = 1;
        }
        return m;
    });
    addTextures(scene);
    morph::Primitive& p = scene.meshes[4].primitives[0];  // row 1, column 0
    for (const glm::vec3& q : p.positions)
        p.colors.emplace_back(0.5f + q.x, 0.6f, 0.5f - q.y, 1.0f);
    return scene;
}

TEST_F(DeferredTest, LayeredMaterialsAreDeferredAndLookTheSame) {
    expectSameGrid(upload(layeredGrid()), 7);  // all but the glass
}

TEST_F(DeferredTest, MoreMaterialsThanTheStencilHoldsDrawTheRestForward) {
    // 272 materials: the first 255 deferred (one stencil value each), the rest forward.
    const renderer::GpuScene grid = upload(fixtures::sphereGrid(17, 16, [](int c, int r) {
        return fixtures::plainMaterial(0.2f + 0.04f * float(c), 0.2f + 0.04f * float(r),
                                       (c + r) % 3 == 0 ? 1.0f : 0.0f);
    }));
    renderer::ShotSpec shot;
    shot.width = shot.height = 256;
    expectSamePicture(grid, shot);
}

TEST_F(DeferredTest, TheBundledFaceMidSmileLooksTheSame) {
    const renderer::GpuScene face = uploadFile(fixtures::bundledFace());
    renderer::ShotSpec shot;
    shot.width = shot.height = 256;
    const std::vector<morph::NodePose> smile = fixtures::poseOrFail(
        face.layout(), "mouthSmileLeft=0.8,mouthSmileRight=0.8,jawOpen=0.4,eyeBlinkLeft=1");
    expectSamePicture(face, shot, kDrawn, smile);
    shot.environment = nullptr;  // the three lights over the analytic sky
    expectSamePicture(face, shot, kDrawn, smile);
}

// The shading variants fix the frame's light (the environment or the rig, punctual lights or
// none, the tone mapping) at compile time, so one renderer going from look to look must draw each
// exactly as a renderer that never drew another: a variant kept across a change of light would
// light the next look as the last one. Forward (4x MSAA, capture's default) and deferred.
TEST_F(DeferredTest, EachLookDrawsAsAFreshRendererDrawsIt) {
    const renderer::GpuScene face = uploadFile(fixtures::bundledFace());
    const renderer::GpuScene lit = uploadBytes(fixtures::lightsFixture(), "lights.glb");
    renderer::ShotSpec studio;
    studio.width = studio.height = 96;
    const std::vector<morph::NodePose> smile =
        fixtures::poseOrFail(face.layout(), "jawOpen=0.5,mouthSmileLeft=1");
    const std::vector<morph::NodePose> rest;
    renderer::ShotSpec rig = studio, agx = studio, none = studio, lamps = studio;
    rig.environment = nullptr;
    agx.toneMapping = renderer::ToneMapping::Agx;
    none.toneMapping = renderer::ToneMapping::None;
    lamps.lights = renderer::DirectLights::File;  // the studio and the file's punctual lights
    lamps.camera = renderer::orbitView(0, 90);    // at rest
    for (int samples : {4, 0}) {
        std::vector<renderer::ShotSpec> looks = {studio, rig, agx, none, lamps, studio};
        std::vector<morph::RgbaImage> shared;
        for (size_t i = 0; i < looks.size(); ++i) {
            looks[i].samples = samples;
            const renderer::GpuScene& scene = i == 4 ? lit : face;
            auto image = capturer().capture(scene, looks[i], i == 4 ? rest : smile);
            ASSERT_TRUE(image.ok()) << image.error().message;
            shared.push_back(std::move(image).value());
        }
        EXPECT_EQ(shared[0].pixels, shared[5].pixels) << "the studio again, " << samples;
        for (size_t i = 1; i < 4; ++i)
            EXPECT_NE(shared[0].pixels, shared[i].pixels) << "look " << i << " changed nothing";
        for (size_t i = 0; i < 5; ++i) {
            auto fresh = renderer::Capturer::create();
            ASSERT_TRUE(fresh.ok()) << fresh.error().message;
            auto image = fresh->capture(i == 4 ? lit : face, looks[i], i == 4 ? rest : smile);
            ASSERT_TRUE(image.ok()) << image.error().message;
            EXPECT_EQ(image->pixels, shared[i].pixels) << "look " << i << ", " << samples;
        }
    }
}

TEST_F(DeferredTest, ASkinnedMultiMeshAvatarLooksTheSame) {
    const renderer::GpuScene avatar = uploadFile(fixtures::avatarPath("RPM_VisageMale/male.glb"));
    renderer::ShotSpec shot;
    shot.width = shot.height = 256;
    shot.camera = renderer::orbitView(25, 15);
    expectSamePicture(avatar, shot);
}

TEST_F(DeferredTest, AFoxMidRunLooksTheSame) {
    // Skinned and animated: each material's resolve covers only the projected bounds of its
    // skinned meshes (DeferredPass::rect), which must hold every pixel the run reaches.
    const renderer::GpuScene fox = uploadFile(fixtures::avatarPath("Fox/Fox.glb"));
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    for (const float time : {0.1f, 0.35f, 0.6f})
        expectSamePicture(fox, shot, kDrawn, fixtures::poseOrFail(fox.layout(), "", "Run", time));
}

TEST_F(DeferredTest, AnArmBentOutOfItsBindPoseIsLitWhole) {
    // The two-bone arm (fixtures/SkinFixtures.h) with its forearm turned 90 degrees up and its
    // morph target on: far outside the bind pose's box, which the resolve must not use.
    const renderer::GpuScene arm = uploadBytes(fixtures::skinnedArm(), "arm.glb");
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    expectSamePicture(arm, shot, 1.0 / 200.0, fixtures::poseOrFail(arm.layout(), "", "bend", 1.0f));
}

TEST_F(DeferredTest, TheFilesPunctualLightsLookTheSame) {
    const renderer::GpuScene lit = uploadBytes(fixtures::lightsFixture(), "lights.glb");
    renderer::ShotSpec shot;
    shot.width = shot.height = 128;
    shot.camera = renderer::orbitView(0, 90);  // top
    shot.environment = nullptr;
    expectSamePicture(lit, shot);
}

TEST_F(DeferredTest, BlendedMaterialsDrawForwardOverTheDeferredOnes) {
    const renderer::GpuScene grid = upload(mixedGrid());
    renderer::ShotSpec shot = mixedGridShot();
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
    // and the resolve (filled whatever the mode) shades exactly those pixels.
    const renderer::GpuScene grid = upload(mixedGrid());
    renderer::ShotSpec shot = mixedGridShot();
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    expectSamePicture(grid, shot, 1.0 / 100.0);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

TEST_F(DeferredTest, ASmallerFrameDrawsIntoTheCornerOfALargerGBuffer) {
    // The G-buffer grows and never shrinks (the viewer's view halves while the user drags):
    // frames wider, then taller, then smaller than it look the same as forward.
    const renderer::GpuScene grid = upload(texturedGrid());
    renderer::ShotSpec shot;
    for (const glm::ivec2 size :
         {glm::ivec2(384, 144), glm::ivec2(224, 192), glm::ivec2(192, 96)}) {
        shot.width = size.x;
        shot.height = size.y;
        expectSamePicture(grid, shot, 1.0 / 100.0);
    }
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

TEST_F(DeferredTest, ATargetWithoutStencilIsDrawnForward) {
    // The G-buffer pass marks each pixel's material in the target's stencil; a target with a
    // depth buffer and no stencil cannot hold that.
    const renderer::GpuScene grid = upload(mixedGrid());
    auto drawer = renderer::SceneRenderer::create();
    ASSERT_TRUE(drawer.ok()) << drawer.error().message;
    const int size = 64;
    auto color = renderer::gl::Renderbuffer::create();
    color.storage(GL_RGBA8, size, size, 0);
    auto depth = renderer::gl::Renderbuffer::create();
    depth.storage(GL_DEPTH_COMPONENT24, size, size, 0);
    auto framebuffer = renderer::gl::Framebuffer::create();
    framebuffer.attach(GL_COLOR_ATTACHMENT0, color);
    framebuffer.attach(GL_DEPTH_ATTACHMENT, depth);
    ASSERT_TRUE(framebuffer.checkComplete("depth only").ok());
    renderer::DrawOptions options;
    options.shading = renderer::Shading::Deferred;
    drawer->draw(grid, std::vector<morph::NodePose>{}, renderer::Camera{},
                 renderer::RenderTarget{&framebuffer, size, size}, options);
    EXPECT_EQ(drawer->deferredFrames(), 0u);
    // The same target with a stencil: deferred.
    auto depthStencil = renderer::gl::Renderbuffer::create();
    depthStencil.storage(GL_DEPTH24_STENCIL8, size, size, 0);
    framebuffer.attach(GL_DEPTH_STENCIL_ATTACHMENT, depthStencil);
    ASSERT_TRUE(framebuffer.checkComplete("depth and stencil").ok());
    drawer->draw(grid, std::vector<morph::NodePose>{}, renderer::Camera{},
                 renderer::RenderTarget{&framebuffer, size, size}, options);
    EXPECT_EQ(drawer->deferredFrames(), 1u);
}

TEST_F(DeferredTest, AFrameWithNothingDeferrableHasNoGBufferPass) {
    const renderer::GpuScene glass = upload(fixtures::sphereGrid(2, 1, [](int, int) {
        morph::Material m = fixtures::plainMaterial(0.5f, 0.5f);
        m.transmission.present = true;
        m.transmission.factor = 1.0f;
        return m;
    }));
    renderer::ShotSpec shot;
    shot.width = shot.height = 64;
    shot.samples = 0;
    bool deferred = true;
    (void)shoot(glass, shot, renderer::Shading::Deferred, deferred);
    EXPECT_FALSE(deferred);
    EXPECT_EQ(capturer().renderer().deferredMaterials(), 0u);
}

}  // namespace

}  // namespace deferred_gl_test
