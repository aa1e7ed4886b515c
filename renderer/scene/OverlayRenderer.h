#pragma once
// The viewer's "looking closely" passes, drawn over a SceneRenderer frame: the morphed normals as
// short lines (a geometry shader over the morphed vertices), the base mesh as a ghost
// (translucent or wire, unmorphed) and a heat map of displacement magnitude |morphed - base|
// through a colour ramp. Every pass morphs through morph.glsl's morphVertex() (overlay.vert), so
// what they show is what mesh.vert draws. Like SceneRenderer, all state comes in as arguments.
#include <array>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/morph/MorphStage.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/DrawState.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/SceneRenderer.h"

namespace renderer {

// The heat ramp in display (sRGB-encoded) values, evenly spaced from no displacement (a dark
// slate, so unmoved skin recedes) to the scale's top (red). overlay.frag gets these stops as
// #defines and heatColor() is its CPU twin, so the legend and the picture cannot disagree.
inline constexpr size_t kHeatStopCount = 5;
extern const std::array<glm::vec3, kHeatStopCount> kHeatRamp;
glm::vec3 heatColor(float t);  // t in 0..1 (clamped): the ramp, linearly between stops

enum class GhostMode { Off, Translucent, Wire };

struct OverlayOptions {
    bool normals = false;
    float normalLength = 0.01f;  // world units
    glm::vec3 normalColor{0.35f, 0.85f, 1.0f};
    GhostMode ghost = GhostMode::Off;
    glm::vec4 ghostColor{0.85f, 0.9f, 1.0f, 0.28f};  // straight alpha
    bool heat = false;
    // The displacement (world units) at the top of the ramp; <= 0 counts as 1e-6.
    float heatScale = 1.0f;
    // Per node (indexed like the pose) the weights whose displacement the heat map shows, and
    // the shape it is drawn in; empty: the pose's weights. The viewer passes one target at 1
    // while the mouse is over its slider.
    std::vector<std::vector<float>> heatWeights;
};

class OverlayRenderer {
public:
    OverlayRenderer() = default;
    static morph::Result<OverlayRenderer> create(const ShaderLibrary& library = ShaderLibrary());

    // Draws the enabled passes of `frame` into `target` (which holds the scene's colour and
    // depth), in the order heat (it replaces the model's shading: depth is cleared and the heat
    // shape drawn alone), ghost, normals.
    void draw(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
              const RenderTarget& target, const OverlayOptions& options);
    void draw(const GpuScene& scene, const std::vector<morph::NodePose>& pose, const Camera& camera,
              const RenderTarget& target, const OverlayOptions& options);

    // Its own weights, joints and morph outputs (never the scene renderer's).
    const DrawState& state() const { return mState; }

private:
    enum class Pass { Heat, Ghost, Normals };
    // `scene` as mState holds this frame of it.
    void drawPass(Pass pass, const GpuScene& scene, int sceneIndex, const OverlayOptions& options);

    gl::Program mSurface;  // overlay.vert + overlay.frag: heat and ghost
    gl::Program mNormals;  // overlay.vert + overlay_normals.geom + overlay.frag
    // The overlay's own weights, joints and morph outputs: the scene renderer's stay as drawn.
    DrawState mState;
    // The morph sequence, on the cpu path: never a texture array just for an overlay (for a
    // 50,000 x 300 mesh drawn with cs-sparse that would be 480 MB).
    MorphStage mStage;
    std::vector<MorphWeights> mHeatWeights;  // per node: the heat map's own weights, when given
};

}  // namespace renderer
