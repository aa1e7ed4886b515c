#include "app/cli/BenchPaths.h"

#include <chrono>
#include <utility>

#include "renderer/gl/Bindings.h"
#include "renderer/gl/ShaderLibrary.h"

namespace app {

morph::Result<BenchPaths> BenchPaths::create() {
    auto renderer = renderer::SceneRenderer::create();
    if (!renderer) return renderer.error();
    auto vertexProgram = renderer::ShaderLibrary().program({"mesh.vert"});
    if (!vertexProgram) return vertexProgram.error();
    BenchPaths out;
    out.mRenderer = std::move(renderer).value();
    out.mVertexProgram = std::move(vertexProgram).value();
    return out;
}

morph::Result<renderer::GpuScene> BenchPaths::upload(std::shared_ptr<const morph::Scene> scene) {
    return renderer::GpuScene::upload(std::move(scene));
}

void BenchPaths::drawFrame(const renderer::GpuScene& scene, renderer::MorphPath path,
                           const std::vector<morph::NodePose>& pose, const renderer::Camera& camera,
                           const renderer::RenderTarget& target, uint32_t passes,
                           const renderer::Crowd* crowd, bool timed) {
    renderer::DrawOptions options;
    options.morphPath = path;
    options.passes = passes;
    options.timeMorph = timed;
    options.crowd = crowd;
    mRenderer.draw(scene, pose, camera, target, options);
}

double BenchPaths::vertexPassMs(const renderer::GpuScene& scene, renderer::MorphPath path,
                                uint32_t passes, uint32_t instances) {
    using renderer::MorphPath;
    glFinish();
    const auto start = std::chrono::steady_clock::now();
    bool drew = false;
    glEnable(GL_RASTERIZER_DISCARD);
    mVertexProgram.use();
    // The crowd's offsets buffer is still bound from the frame.
    mVertexProgram.set(renderer::location(renderer::UniformLocation::InstanceMode),
                       instances > 1 ? 1 : 0);
    mVertexProgram.set(renderer::location(renderer::UniformLocation::Model), glm::mat4(1.0f));
    for (int node : scene.nodes()) {
        const renderer::MorphWeights* weights = scene.nodeWeights(node);
        if (!weights) continue;
        const renderer::GpuMesh& mesh =
            scene.meshes()[size_t(scene.layout().nodes[size_t(node)].mesh)];
        for (const renderer::GpuPrimitive& primitive : mesh.primitives) {
            if (primitive.morph.empty()) continue;
            const MorphPath ran = primitive.morph.resolve(path, weights->activeCount(), passes);
            if (ran != MorphPath::VsDense && ran != MorphPath::VsActive) continue;
            mVertexProgram.set(renderer::location(renderer::UniformLocation::AttributeMask),
                               primitive.buffers.attributeMask());
            primitive.morph.bind(mVertexProgram, ran, *weights);
            primitive.buffers.vertexArray().bind();
            glDrawArraysInstanced(GL_POINTS, 0, GLsizei(primitive.buffers.vertexCount()),
                                  GLsizei(instances));
            drew = true;
        }
    }
    glDisable(GL_RASTERIZER_DISCARD);
    glBindVertexArray(0);
    glUseProgram(0);
    glFinish();
    if (!drew) return 0;
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
               .count() *
           double(passes);
}

}  // namespace app
