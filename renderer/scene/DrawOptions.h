#pragma once
// How SceneRenderer::draw draws a frame: the look (background, exposure, tone mapping, the
// environment and direct lights), the morph path, the passes over the scene, a crowd, the
// material variant and the shading. Typed values only: the command line's text is parsed into
// them in app/cli/Options.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/Look.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/scene/Lights.h"

namespace renderer {

// How the opaque primitives are shaded (DrawOptions::shading).
//  - Forward: each primitive's fragment shader textures and lights what it draws.
//  - Deferred: a G-buffer pass writes, per pixel, only what the primitive's vertices give it
//    (depth, normal, tangent frame, UVs and their derivatives, vertex colour; MASK decided) and
//    its material's number in the stencil; then per material one triangle over the projected
//    bounds of its primitives, stencil-tested to its pixels, reads the textures and lights
//    each pixel once with the forward code (pbr.frag's MV_GBUFFER and MV_RESOLVE). The same
//    picture to within a level or two (tests/renderer/DeferredGLTest). A CPU rasterizer runs a
//    fragment shader on whole 4x4 blocks wherever a triangle touches one, so a dense mesh's
//    triangles of a few pixels run the forward shader 4 to 8 times per pixel they cover (the
//    bundled face at 800x800: 1.03M invocations for 129k pixels); texturing and lighting, most
//    of that shader, then run once per pixel. Transmission, textures on a UV set past the
//    second, materials whose resolve would pass the fragment texture units, and BLEND stay
//    forward, after it. Needs
//    an offscreen single-sampled target with a depth-stencil attachment and a cleared frame; any
//    other frame draws forward.
//  - Auto: deferred on a CPU rasterizer (isSoftwareRenderer), forward on a GPU, where it
//    would only add the G-buffer's bandwidth.
enum class Shading { Auto, Forward, Deferred };
// "auto", "forward" or "deferred".
inline const char* shadingName(Shading shading) {
    constexpr const char* kNames[] = {"auto", "forward", "deferred"};
    return kNames[int(shading)];
}

// Crowds: every drawn node becomes one instanced draw of offsets.size() copies, copy k
// moved by offsets[k] in world space and morphed with weights[k] (three.js's setMorphAt), which
// applies to every morphed node (missing or empty rows: the node's pose weights).
struct Crowd {
    std::vector<glm::vec3> offsets;
    std::vector<std::vector<float>> weights;
};

struct DrawOptions {
    // The background in display (sRGB-encoded) values 0..1, as a colour picker or
    // --background #rrggbb gives it; written to the target unchanged.
    glm::vec3 background = glm::vec3(46, 48, 54) / 255.0f;  // #2e3036: a neutral studio gray
    bool clear = true;
    // A linear scale of everything the camera sees, before tone mapping.
    float exposure = 1.0f;
    ToneMapping toneMapping = ToneMapping::PbrNeutral;
    // The image-based light (renderer/light/GpuEnvironment.h). Null: the studio rig of three
    // directional lights over an analytic sky, which needs no prefiltering (the look before
    // image-based light was added; `--environment rig`).
    const GpuEnvironment* environment = nullptr;
    float environmentRotation = 0;  // radians about +Y: the environment turned, not the model
    // Environment and Blurred draw the environment behind the model (cleared frames only);
    // without an environment they fall back to the colour.
    BackgroundMode backgroundMode = BackgroundMode::Color;
    // The direct lights (Lights.h): auto is the file's KHR_lights_punctual lights when the drawn
    // scene has any, else the studio rig's three without an environment and none with one (the
    // environment is the light).
    DirectLights lights = DirectLights::Auto;
    // How primitives morph (MorphPath.h); auto chooses per primitive.
    MorphPath morphPath = MorphPath::Auto;
    // Passes over the scene: passes - 1 depth-only passes (a depth pre-pass), then the shaded
    // one. cs-sparse and cpu morph once per frame and every pass reads that; the vs paths
    // morph again in each pass.
    uint32_t passes = 1;
    // A GL timer query around the morph stage's pre-pass, read by SceneRenderer::morphStats()
    // (MorphFrameStats::gpuMs). No other timing happens inside the draw.
    bool timeMorph = false;
    const Crowd* crowd = nullptr;  // null: one copy of each node
    // KHR_materials_variants: which of the file's variants (morph::Scene::variants) chooses each
    // primitive's material; -1: the file's default materials. Only the material a draw binds
    // changes: nothing is uploaded or morphed again.
    int variant = -1;
    Shading shading = Shading::Auto;
};

}  // namespace renderer
