#pragma once
// The viewer's wireframe (View > Wireframe): a SceneRenderer frame drawn as its triangles' edges,
// alone or over the shaded frame.
#include "morph/anim/FramePose.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/DrawOptions.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/RenderTarget.h"
#include "renderer/scene/SceneRenderer.h"

namespace renderer {

enum class Wireframe {
    Off,
    // The frame, then its edges again over it: not cleared, each line pushed towards the camera
    // (polygon offset) and inverting the pixels it covers (a logic op needs no shader change and
    // reads on light and dark skin alike).
    Overlay,
    // Only the edges, shaded as the surface would be (deferred shading's resolve stays filled:
    // its lines are in the G-buffer, and it shades exactly those pixels).
    Only,
};

// SceneRenderer::draw of `frame` as `mode` shows it; leaves polygon mode at GL_FILL.
void drawWireframe(SceneRenderer& renderer, Wireframe mode, const GpuScene& scene,
                   const morph::FramePose& frame, const Camera& camera, const RenderTarget& target,
                   const DrawOptions& options);

}  // namespace renderer
