#include "app/cli/BenchPaths.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <utility>

#include "renderer/gl/Bindings.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/scene/SkinJoints.h"

namespace app {

morph::Result<BenchPaths> BenchPaths::create() {
    auto renderer = renderer::SceneRenderer::create();
    if (!renderer) return renderer.error();
    BenchPaths out;
    out.mRenderer = std::move(renderer).value();
    auto vertexOnly =
        renderer::ShaderLibrary().program({"mesh.vert"}, {}, renderer::morphPathDefines());
    if (vertexOnly) out.mVertexOnly = std::move(vertexOnly).value();
    out.mVertexQuery = renderer::gl::Query::create(GL_TIME_ELAPSED);
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
    mVertexPending = false;
    if (timed) timedVertexPass();
}

const renderer::MorphFrameStats& BenchPaths::stats() {
    mStats = mRenderer.morphStats();
    if (mVertexPending) {
        mStats.gpuMs += double(mVertexQuery.result()) * 1e-6 * mPasses;
        mStats.timing += " + vertex-only pass x " + std::to_string(mPasses) + " (GL timer)";
    }
    return mStats;
}

bool BenchPaths::hasVertexMorphs() const {
    const auto& draws = mRenderer.morphedDraws();
    return std::any_of(draws.begin(), draws.end(),
                       [](const auto& draw) { return renderer::morphsInVertexStage(draw.path); });
}

void BenchPaths::drawVertexMorphs(bool asDrawn) {
    using renderer::location;
    using renderer::UniformLocation;
    renderer::DrawState& state = mRenderer.state();
    for (const renderer::SceneRenderer::MorphedDraw& draw : mRenderer.morphedDraws()) {
        if (!renderer::morphsInVertexStage(draw.path)) continue;
        const renderer::PrimitiveBuffers& buffers = draw.primitive->buffers;
        renderer::gl::Program& program =
            asDrawn ? mRenderer.program(buffers.attributeMask(), *draw.material) : mVertexOnly;
        program.use();
        program.set(location(UniformLocation::InstanceMode), mInstances > 1 ? 1 : 0);
        program.set(location(UniformLocation::Model), state.model(draw.node));
        program.set(location(UniformLocation::AttributeMask), buffers.attributeMask());
        state.morph(draw.node, *draw.primitive).bind(program, draw.path, *state.weights(draw.node));
        renderer::bindSkin(program, nullptr, buffers);  // the morph alone
        buffers.vertexArray().bind();
        glDrawArraysInstanced(GL_POINTS, 0, GLsizei(buffers.vertexCount()), GLsizei(mInstances));
    }
    glBindVertexArray(0);
    glUseProgram(0);
}

void BenchPaths::timedVertexPass() {
    if (!hasVertexMorphs()) return;
    mVertexQuery.begin();
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthMask(GL_FALSE);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_NEVER);
    drawVertexMorphs(true);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    mVertexQuery.end();
    mVertexPending = true;
}

double BenchPaths::vertexMorphMs() {
    if (mVertexOnly.id() == 0 || !hasVertexMorphs()) return 0;
    glFinish();
    const auto start = std::chrono::steady_clock::now();
    glEnable(GL_RASTERIZER_DISCARD);
    drawVertexMorphs(false);
    glDisable(GL_RASTERIZER_DISCARD);
    glFinish();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
               .count() *
           double(mPasses);
}

}  // namespace app
