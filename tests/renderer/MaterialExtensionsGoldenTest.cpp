// Golden images of the KHR_materials_* sphere grids (tests/renderer/SphereGrid.h), one per
// property, 256x256 under the studio environment with PBR Neutral, as every golden: what the
// measured tests of MaterialExtensionsGLTest.cpp check by numbers, kept here as pictures so a
// change anywhere in layers.glsl shows. Made and refreshed like every golden
// (tests/golden/README.md; MORPHVIEW_UPDATE_GOLDENS=1).
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "GoldenCapture.h"
#include "SphereGrid.h"
#include "fixtures/Golden.h"
#include "renderer/scene/Capture.h"

namespace material_extensions_golden_test {

namespace {

struct Golden {
    const char* name;  // tests/golden/<name>.png
    morph::Scene (*scene)();
    // Why this golden may differ from a fresh render (see below).
    morph::CompareTolerance tolerance;
};

// Spheres are smooth gradients with MSAA silhouettes, like the corpus' AnimatedMorphSphere: a
// Mesa/LLVM that rounds pow, the tone curve or the cube's filtering differently moves gradients
// by a level or two, and flips a few edge pixels, all within the shared 5/255 on 0.1% of the
// pixels; a lost or doubled layer moves whole spheres by tens of levels.
morph::CompareTolerance spheres() {
    return fixtures::goldenTolerance();
}

// Columns clearcoat 0 to 1, rows clearcoat roughness 0, 0.5, 1, over a rough grey base.
morph::Scene clearcoatGrid() {
    return fixtures::sphereGrid(5, 3, [](int c, int r) {
        morph::Material m = fixtures::plainMaterial(0.5f, 1.0f);
        m.clearcoat.present = true;
        m.clearcoat.factor = 0.25f * float(c);
        m.clearcoat.roughnessFactor = 0.5f * float(r);
        return m;
    });
}

// Columns ior 1, 1.25, 1.5, 2, 2.5; rows: a black and a white dielectric, roughness 0.3.
morph::Scene iorGrid() {
    const float iors[] = {1.0f, 1.25f, 1.5f, 2.0f, 2.5f};
    return fixtures::sphereGrid(5, 2, [&](int c, int r) {
        morph::Material m = fixtures::plainMaterial(float(r), 0.3f);
        m.ior = iors[c];
        return m;
    });
}

// Columns specular 0 to 1; rows: white, red and blue specular colour, a dark blue dielectric.
morph::Scene specularGrid() {
    const glm::vec3 colors[] = {glm::vec3(1.0f), {1.0f, 0.0f, 0.0f}, {0.0f, 0.3f, 1.0f}};
    return fixtures::sphereGrid(5, 3, [&](int c, int r) {
        morph::Material m = fixtures::plainMaterial(0.1f, 0.3f);
        m.specular.present = true;
        m.specular.factor = 0.25f * float(c);
        m.specular.colorFactor = colors[r];
        return m;
    });
}

// Columns white sheen 0 to 1; rows sheen roughness 0.3, 0.65, 1; a dark blue rough base.
morph::Scene sheenGrid() {
    return fixtures::sphereGrid(5, 3, [](int c, int r) {
        morph::Material m = fixtures::plainMaterial(0.05f, 0.8f);
        m.baseColorFactor = glm::vec4(0.02f, 0.03f, 0.2f, 1.0f);
        m.sheen.present = true;
        m.sheen.colorFactor = glm::vec3(0.25f * float(c));
        m.sheen.roughnessFactor = 0.3f + 0.35f * float(r);
        return m;
    });
}

// Columns film thickness 100, 250, 400, 550, 700 nm (ior 1.3, factor 1); rows: a black
// dielectric and a grey metal, roughness 0.2.
morph::Scene iridescenceGrid() {
    return fixtures::sphereGrid(5, 2, [](int c, int r) {
        morph::Material m = fixtures::plainMaterial(r == 0 ? 0.0f : 0.7f, 0.2f, float(r));
        m.iridescence.present = true;
        m.iridescence.factor = 1.0f;
        m.iridescence.thicknessMaximum = 100.0f + 150.0f * float(c);
        return m;
    });
}

// The film's colour is a sum of cosines of phases up to ~25 radians (2 pi x optical path /
// wavelength): a driver's cos or exp a few ulps off moves it far less than a level, so the
// spheres' shared tolerance holds; a wrong thickness, index or phase changes the hue of whole
// spheres by tens of levels.
morph::CompareTolerance films() {
    return fixtures::goldenTolerance();
}

// Columns transmission 0 to 1; rows: thin-walled smooth, thin-walled roughness 0.4, and a
// smooth volume of thickness 0.9 (the diameter) attenuating to orange over 0.5; white spheres
// in front of an unlit checkerboard, so what each one bends and blurs shows.
morph::Scene transmissionGrid() {
    morph::Scene scene = fixtures::sphereGrid(5, 3, [](int c, int r) {
        morph::Material m = fixtures::plainMaterial(1.0f, r == 1 ? 0.4f : 0.0f);
        m.transmission.present = true;
        m.transmission.factor = 0.25f * float(c);
        if (r == 2) {
            m.volume.present = true;
            m.volume.thicknessFactor = 0.9f;
            m.volume.attenuationColor = glm::vec3(1.0f, 0.5f, 0.1f);
            m.volume.attenuationDistance = 0.5f;
        }
        return m;
    });
    morph::Material board;
    board.unlit = true;
    morph::Image checker;
    checker.width = checker.height = 8;
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            const bool dark = (x + y) % 2 == 1;
            const uint8_t rgb[3] = {uint8_t(dark ? 30 : 230), uint8_t(dark ? 60 : 220),
                                    uint8_t(dark ? 120 : 90)};
            checker.rgba.insert(checker.rgba.end(), {rgb[0], rgb[1], rgb[2], 255});
        }
    }
    board.baseColorTexture.texture = 0;
    const morph::Scene quad = fixtures::quadScene(board, checker);
    const int material = int(scene.materials.size());
    scene.materials.push_back(board);
    morph::Mesh mesh = quad.meshes[0];
    mesh.primitives[0].material = material;
    scene.meshes.push_back(mesh);
    scene.images = quad.images;
    scene.samplers = quad.samplers;
    scene.textures = quad.textures;
    morph::Node node;
    node.mesh = int(scene.meshes.size()) - 1;
    node.translation = glm::vec3(2.0f, -1.0f, -1.0f);
    node.scale = glm::vec3(3.0f, 2.0f, 1.0f);
    scene.nodes.push_back(node);
    scene.roots.push_back(int(scene.nodes.size()) - 1);
    return scene;
}

const Golden kGoldens[] = {
    {"materials_clearcoat", clearcoatGrid, spheres()},
    {"materials_ior", iorGrid, spheres()},
    {"materials_specular", specularGrid, spheres()},
    {"materials_sheen", sheenGrid, spheres()},
    {"materials_iridescence", iridescenceGrid, films()},
    // The checkerboard through the glass is read from the transmission pass's mipmaps
    // (glGenerateMipmap's box filter in half floats) at a level set by roughness: a Mesa that
    // filters or rounds those differently moves the blurred row by a level or two, like the
    // spheres' gradients; a missing pass shows the spheres opaque, tens of levels away.
    {"materials_transmission", transmissionGrid, spheres()},
};

class MaterialExtensionsGoldenTest : public fixtures::GlTest,
                                     public ::testing::WithParamInterface<Golden> {};

TEST_P(MaterialExtensionsGoldenTest, MatchesGolden) {
    const Golden& g = GetParam();
    auto capturer = renderer::Capturer::create();
    ASSERT_TRUE(capturer.ok()) << capturer.error().message;
    renderer::ShotSpec shot;
    shot.width = shot.height = 256;  // as the other goldens
    const morph::RgbaImage image = fixtures::captureScene(*capturer, g.scene(), shot);
    fixtures::expectMatchesGolden("MaterialExtensionsGoldenTest", g.name, image, g.tolerance);
}

INSTANTIATE_TEST_SUITE_P(Materials, MaterialExtensionsGoldenTest, ::testing::ValuesIn(kGoldens),
                         fixtures::GoldenParamName());

}  // namespace

}  // namespace material_extensions_golden_test
