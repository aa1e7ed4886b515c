#pragma once
// Draws a GpuScene: mesh.vert (morph, node transform) + pbr.frag (glTF metallic-roughness under
// a studio light rig). All per-frame state comes in as arguments (node poses with their weights,
// the camera, the target), so the viewer's window and the headless capture draw through this
// same code.
#include <vector>

#include <glm/glm.hpp>

#include "Camera.h"
#include "GpuScene.h"
#include "ShaderLibrary.h"
#include "gl/Buffer.h"
#include "gl/Framebuffer.h"
#include "gl/Program.h"
#include "morph/Animate.h"
#include "morph/Result.h"

namespace renderer {

// Where a frame goes: an offscreen framebuffer (Offscreen::target()) or, with a null
// framebuffer, the context's default framebuffer (the viewer's window).
struct RenderTarget {
    const gl::Framebuffer* framebuffer = nullptr;
    int width = 0;
    int height = 0;
};

struct DrawOptions {
    // The background in display (sRGB-encoded) values 0..1, as a colour picker or
    // --background #rrggbb gives it; written to the target unchanged.
    glm::vec3 background = glm::vec3(46, 48, 54) / 255.0f;  // #2e3036: a neutral studio gray
    bool clear = true;
    float exposure = 1.0f;
};

class SceneRenderer {
public:
    SceneRenderer() = default;
    // Compiles and links the shading program; needs a current 4.5 context.
    static morph::Result<SceneRenderer> create(const ShaderLibrary& library = ShaderLibrary());

    // One frame. `pose` has one entry per node of the scene (morph::restPose and friends);
    // each node's weights are written to its weights buffer, the only per-frame upload.
    // Opaque and MASK primitives are drawn first in node order, then BLEND primitives back to
    // front by the depth of their node's bounds centre (glTF 2.0 3.9.5 leaves the order to the
    // viewer; sorting by node is the usual compromise).
    void draw(const GpuScene& scene, const std::vector<morph::NodePose>& pose,
              const Camera& camera, const RenderTarget& target, const DrawOptions& options = {});

private:
    struct DrawItem {
        int node = -1;
        const GpuPrimitive* primitive = nullptr;
        const GpuMaterial* material = nullptr;
        float viewDepth = 0;  // BLEND only: distance of the node's bounds centre along the view
    };
    void drawItem(const GpuScene& scene, const DrawItem& item, const glm::mat4& world);
    void writeFrameBlocks(const Camera& camera, const DrawOptions& options);

    gl::Program mProgram;
    gl::Buffer mFrameBlock;
    gl::Buffer mLightBlock;
};

}  // namespace renderer
