#pragma once
// The seam between `morphview bench` and the renderer's morph paths: upload a scene once for
// every path, draw one frame with a chosen path (timing its morph stage with a GL timer query and
// its CPU bookkeeping with a clock), and say what the path costs in bytes. Everything the
// benchmark needs from the renderer goes through here, so a change in the renderer's API is a
// change in BenchPaths.cpp only.
#include <vector>

#include "morph/Animate.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "renderer/Camera.h"
#include "renderer/GpuScene.h"
#include "renderer/MorphPath.h"
#include "renderer/SceneRenderer.h"
#include "renderer/gl/Query.h"

namespace app {

struct BenchFrame {
    double cpuMs = 0;           // morph bookkeeping on the CPU (weights, active lists, CPU blend)
    renderer::MorphCost cost;   // of this frame's active set, summed over the drawn primitives
};

struct BenchScene {
    renderer::GpuScene scene;
};

class BenchPaths {
public:
    static morph::Result<BenchPaths> create();

    bool available(renderer::MorphPath path) const;
    morph::Result<BenchScene> upload(const morph::Scene& scene);

    // Draws `passes` passes of `scene` (the first clears) with `path`; `timer` (GL_TIME_ELAPSED)
    // brackets the morph stage, whose result the caller reads once the frame is done.
    BenchFrame drawFrame(BenchScene& scene, renderer::MorphPath path,
                         const std::vector<morph::NodePose>& pose, const renderer::Camera& camera,
                         const renderer::RenderTarget& target, uint32_t passes,
                         renderer::gl::Query& timer);

private:
    renderer::SceneRenderer mRenderer;
};

}  // namespace app
