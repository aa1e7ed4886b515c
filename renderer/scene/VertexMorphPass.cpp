#include "renderer/scene/VertexMorphPass.h"

#include <algorithm>
#include <utility>

#include "renderer/gl/Bindings.h"
#include "renderer/gl/Timing.h"
#include "renderer/scene/SkinJoints.h"

namespace renderer {

VertexMorphPass VertexMorphPass::create(const ShaderLibrary& library) {
    VertexMorphPass out;
    auto vertexOnly = library.program({"mesh.vert"}, {}, morphPathDefines());
    if (vertexOnly) out.mVertexOnly = std::move(vertexOnly).value();
    out.mQuery = gl::Query::create(GL_TIME_ELAPSED);
    return out;
}

bool VertexMorphPass::hasVertexMorphs(const SceneRenderer& renderer) {
    const auto& draws = renderer.morphedDraws();
    return std::any_of(draws.begin(), draws.end(),
                       [](const auto& draw) { return morphsInVertexStage(draw.path); });
}

void VertexMorphPass::drawPoints(SceneRenderer& renderer, uint32_t instances, bool asDrawn) {
    DrawState& state = renderer.state();
    for (const SceneRenderer::MorphedDraw& draw : renderer.morphedDraws()) {
        if (!morphsInVertexStage(draw.path)) continue;
        const PrimitiveBuffers& buffers = draw.primitive->buffers;
        // As drawn: the frame's own variant (its skin then switched off by bindSkin below).
        const VertexWork work{draw.path, skinInfluences(state.joints(draw.node), buffers)};
        gl::Program& program = asDrawn ? renderer.program(buffers.attributeMask(), *draw.material,
                                                          PassOutput::Target, work)
                                       : mVertexOnly;
        program.use();
        program.set(location(UniformLocation::InstanceMode), instances > 1 ? 1 : 0);
        program.set(location(UniformLocation::Model), state.model(draw.node));
        program.set(location(UniformLocation::AttributeMask), buffers.attributeMask());
        state.morph(draw.node, *draw.primitive).bind(program, draw.path, *state.weights(draw.node));
        bindSkin(program, nullptr, buffers);  // the morph alone
        buffers.vertexArray().bind();
        glDrawArraysInstanced(GL_POINTS, 0, GLsizei(buffers.vertexCount()), GLsizei(instances));
    }
    glBindVertexArray(0);
    glUseProgram(0);
}

bool VertexMorphPass::drawTimed(SceneRenderer& renderer, uint32_t instances) {
    if (!hasVertexMorphs(renderer)) return false;
    mQuery.begin();
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthMask(GL_FALSE);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_NEVER);
    drawPoints(renderer, instances, true);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    mQuery.end();
    return true;
}

double VertexMorphPass::timedMs() const {
    return double(mQuery.result()) * 1e-6;
}

double VertexMorphPass::wallMs(SceneRenderer& renderer, uint32_t instances) {
    if (mVertexOnly.id() == 0 || !hasVertexMorphs(renderer)) return 0;
    finishGl();
    const Stopwatch clock;
    glEnable(GL_RASTERIZER_DISCARD);
    drawPoints(renderer, instances, false);
    glDisable(GL_RASTERIZER_DISCARD);
    finishGl();
    return clock.ms();
}

}  // namespace renderer
