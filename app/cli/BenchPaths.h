#pragma once
// The seam between `morphview bench` and the renderer's morph paths (renderer/morph/MorphPath.h):
// upload a scene once for every path, draw one frame with a chosen path, read what the morph stage
// cost (SceneRenderer::morphStats: bytes, CPU bookkeeping, GL timer), and free a path's resources
// before the next. Everything the benchmark needs from the renderer goes through here.
#include <memory>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/Animate.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/MorphStage.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/SceneRenderer.h"

namespace app {

class BenchPaths {
public:
    static morph::Result<BenchPaths> create();

    // The light and display transform of every frame drawn from now on (the morph fields of
    // `look` are ignored); the environment it points to must outlive the frames.
    void setLook(const renderer::DrawOptions& look) { mLook = look; }

    // Keeps `scene` alive (the paths build their resources from it on first use).
    static morph::Result<renderer::GpuScene> upload(std::shared_ptr<const morph::Scene> scene);

    // One frame: `passes` passes of `scene` with `path` (a crowd when `crowd` is not null), the
    // morph stage timed with GL queries when `timed` (the vs paths then run an extra vertex-only
    // pass, so a timed frame is not a representative frame).
    void drawFrame(const renderer::GpuScene& scene, renderer::MorphPath path,
                   const std::vector<morph::NodePose>& pose, const renderer::Camera& camera,
                   const renderer::RenderTarget& target, uint32_t passes,
                   const renderer::Crowd* crowd, bool timed);
    // The last frame's morph numbers; waits for its timer queries when it was timed.
    const renderer::MorphFrameStats& stats() { return mRenderer.morphStats(); }

    // Wall-clock milliseconds of the last frame's vs-path morphs on their own
    // (SceneRenderer::vertexMorphWallMs): for drivers whose GL timer misses the vertex stage
    // (llvmpipe: BenchRun.cpp setMorphMs).
    double vertexMorphMs() { return mRenderer.vertexMorphWallMs(); }
    // GPU bytes the morph paths hold now, and freeing them before the next path.
    uint64_t morphResidentBytes() { return mRenderer.state().morphResidentBytes(); }
    void releaseMorph() { mRenderer.state().releaseMorph(); }

private:
    renderer::SceneRenderer mRenderer;
    renderer::DrawOptions mLook;
};

}  // namespace app
