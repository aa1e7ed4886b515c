#include "app/bench/BenchPaths.h"

#include <algorithm>
#include <string>
#include <utility>

namespace app {

morph::Result<BenchPaths> BenchPaths::create() {
    auto renderer = renderer::SceneRenderer::create();
    if (!renderer) return renderer.error();
    BenchPaths out;
    out.mRenderer = std::move(renderer).value();
    out.mVertexPass = renderer::VertexMorphPass::create();
    return out;
}

morph::Result<renderer::GpuScene> BenchPaths::upload(std::shared_ptr<const morph::Scene> scene) {
    return renderer::GpuScene::upload(std::move(scene));
}

void BenchPaths::drawFrame(const renderer::GpuScene& scene, renderer::MorphPath path,
                           const std::vector<morph::NodePose>& pose, const renderer::Camera& camera,
                           const renderer::RenderTarget& target, uint32_t passes,
                           const renderer::Crowd* crowd, bool timed) {
    renderer::DrawOptions options = mLook;
    options.morphPath = path;
    options.passes = passes;
    options.timeMorph = timed;
    options.crowd = crowd;
    mRenderer.draw(scene, pose, camera, target, options);
    mInstances = crowd && !crowd->offsets.empty() ? uint32_t(crowd->offsets.size()) : 1u;
    mPasses = std::max(passes, 1u);
    mVertexPending = timed && mVertexPass.drawTimed(mRenderer, mInstances);
}

const renderer::MorphFrameStats& BenchPaths::stats() {
    mStats = mRenderer.morphStats();
    if (mVertexPending) {
        mStats.gpuMs += mVertexPass.timedMs() * mPasses;
        mStats.timing += " + vertex-only pass x " + std::to_string(mPasses) + " (GL timer)";
    }
    return mStats;
}

double BenchPaths::vertexMorphMs() {
    return mVertexPass.wallMs(mRenderer, mInstances) * double(mPasses);
}

}  // namespace app
