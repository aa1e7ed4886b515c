#include "app/cli/BenchPaths.h"

#include <utility>

namespace app {

morph::Result<BenchPaths> BenchPaths::create() {
    auto renderer = renderer::SceneRenderer::create();
    if (!renderer) return renderer.error();
    BenchPaths out;
    out.mRenderer = std::move(renderer).value();
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
}

}  // namespace app
