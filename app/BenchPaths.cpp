#include "BenchPaths.h"

#include <chrono>

namespace app {

namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

morph::Result<BenchPaths> BenchPaths::create() {
    auto renderer = renderer::SceneRenderer::create();
    if (!renderer) return renderer.error();
    BenchPaths out;
    out.mRenderer = std::move(renderer).value();
    return out;
}

// Today's renderer morphs in the vertex shader from the active (target, weight) pairs: vs-active.
bool BenchPaths::available(renderer::MorphPath path) const {
    return path == renderer::MorphPath::VsActive;
}

morph::Result<BenchScene> BenchPaths::upload(const morph::Scene& scene) {
    auto gpu = renderer::GpuScene::upload(scene);
    if (!gpu) return gpu.error();
    return BenchScene{std::move(gpu).value()};
}

BenchFrame BenchPaths::drawFrame(BenchScene& scene, renderer::MorphPath /*path*/,
                                 const std::vector<morph::NodePose>& pose,
                                 const renderer::Camera& camera,
                                 const renderer::RenderTarget& target, uint32_t passes,
                                 renderer::gl::Query& timer) {
    BenchFrame frame;
    const morph::Scene& layout = scene.scene.layout();
    const Clock::time_point start = Clock::now();
    for (int node : scene.scene.nodes()) {
        if (renderer::MorphWeights* weights = scene.scene.nodeWeights(node)) {
            weights->update(pose[size_t(node)].weights);
        }
    }
    frame.cpuMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();

    // The morph runs inside the draw's vertex stage: the timer brackets the draws.
    timer.begin();
    for (uint32_t pass = 0; pass < passes; ++pass) {
        renderer::DrawOptions options;
        options.clear = pass == 0;
        mRenderer.draw(scene.scene, pose, camera, target, options);
    }
    timer.end();

    for (int node : scene.scene.nodes()) {
        const renderer::MorphWeights* weights = scene.scene.nodeWeights(node);
        if (!weights) continue;
        const renderer::GpuMesh& mesh = scene.scene.meshes()[size_t(layout.nodes[size_t(node)].mesh)];
        for (const renderer::GpuPrimitive& p : mesh.primitives) {
            const renderer::MorphTargets& t = p.targets;
            if (t.empty()) continue;
            const uint64_t perTarget = uint64_t(p.buffers.vertexCount()) * t.stride() * 16;
            frame.cost.bytesReadPerFrame += perTarget * weights->activeCount() * passes;
        }
    }
    for (const renderer::GpuMesh& mesh : scene.scene.meshes()) {
        for (const renderer::GpuPrimitive& p : mesh.primitives) {
            const renderer::MorphTargets& t = p.targets;
            frame.cost.residentBytes += uint64_t(t.width()) * t.height() * t.targetCount() * 16;
        }
    }
    return frame;
}

}  // namespace app
