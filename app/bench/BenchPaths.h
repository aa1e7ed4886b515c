#pragma once
// The seam between `morphview bench` and the renderer's morph paths (renderer/morph/MorphPath.h):
// upload a scene once for every path, draw one frame with a chosen path, read what the morph stage
// cost (SceneRenderer::morphStats: bytes, CPU bookkeeping, GL timer), and free a path's resources
// before the next. Everything the benchmark needs from the renderer goes through here, and so
// does every measurement the production draw does not make: the vs paths' vertex-only passes
// (renderer/scene/VertexMorphPass).
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
#include "renderer/scene/VertexMorphPass.h"

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
    // morph stage timed with GL queries when `timed`: the renderer's pre-pass query, and after
    // the frame the vs paths' morph on a vertex-only pass (VertexMorphPass::drawTimed), so a
    // timed frame is not a representative frame.
    void drawFrame(const renderer::GpuScene& scene, renderer::MorphPath path,
                   const std::vector<morph::NodePose>& pose, const renderer::Camera& camera,
                   const renderer::RenderTarget& target, uint32_t passes,
                   const renderer::Crowd* crowd, bool timed);
    // The last frame's morph numbers; waits for its timer queries when it was timed. gpuMs then
    // holds the pre-pass and the vertex-only pass times the frame's passes.
    const renderer::MorphFrameStats& stats();

    // Wall-clock milliseconds of the last frame's vs-path morphs on their own
    // (VertexMorphPass::wallMs), times the frame's passes. 0 when no primitive ran a vs path (or
    // the program did not build). For drivers whose GL timer misses the vertex stage (llvmpipe:
    // BenchRun.cpp setMorphMs).
    double vertexMorphMs();
    // GPU bytes the morph paths hold now, and freeing them before the next path.
    uint64_t morphResidentBytes() { return mRenderer.state().morphResidentBytes(); }
    void releaseMorph() { mRenderer.state().releaseMorph(); }

private:
    renderer::SceneRenderer mRenderer;
    renderer::DrawOptions mLook;
    renderer::VertexMorphPass mVertexPass;
    bool mVertexPending = false;  // the last frame was timed with a vertex-only pass
    uint32_t mInstances = 1;      // the last frame's
    uint32_t mPasses = 1;
    renderer::MorphFrameStats mStats;
};

}  // namespace app
