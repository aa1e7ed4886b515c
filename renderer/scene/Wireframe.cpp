#include "renderer/scene/Wireframe.h"

namespace renderer {

void drawWireframe(SceneRenderer& renderer, Wireframe mode, const GpuScene& scene,
                   const morph::FramePose& frame, const Camera& camera, const RenderTarget& target,
                   const DrawOptions& options) {
    if (mode == Wireframe::Only) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    renderer.draw(scene, frame, camera, target, options);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    if (mode != Wireframe::Overlay) return;
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glEnable(GL_POLYGON_OFFSET_LINE);
    glPolygonOffset(-1.0f, -1.0f);
    glEnable(GL_COLOR_LOGIC_OP);
    glLogicOp(GL_INVERT);
    DrawOptions edges = options;
    edges.clear = false;
    renderer.draw(scene, frame, camera, target, edges);
    glDisable(GL_COLOR_LOGIC_OP);
    glDisable(GL_POLYGON_OFFSET_LINE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

}  // namespace renderer
