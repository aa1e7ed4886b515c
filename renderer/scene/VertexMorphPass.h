#pragma once
// The vs paths' morph on its own, drawn over a SceneRenderer frame (for `bench`): vs-dense and
// vs-active morph inside the draw's vertex stage, which no query can split from the rest of the
// draw, so this pass draws the frame's vs-path primitives again as points, each vertex of each
// instance once, with the morph alone (no skin) and no fragment stage to feed.
#include <cstdint>

#include "renderer/gl/Program.h"
#include "renderer/gl/Query.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/scene/SceneRenderer.h"

namespace renderer {

class VertexMorphPass {
public:
    VertexMorphPass() = default;
    // mesh.vert alone; when it does not build, wallMs() measures nothing (0). Needs a current
    // 4.5 context.
    static VertexMorphPass create(const ShaderLibrary& library = ShaderLibrary());

    // Whether `renderer`'s last frame drew a primitive on a vs path.
    static bool hasVertexMorphs(const SceneRenderer& renderer);

    // After a timed frame, the GL timer around the frame's vs-path draws as points with the
    // programs the frame drew them with, each point shaded and dropped by a GL_NEVER depth test
    // (not GL_RASTERIZER_DISCARD: llvmpipe skips vertex shading entirely under it, and the pass
    // timed 0 ms). Returns whether it drew anything (a query to read with timedMs()).
    bool drawTimed(SceneRenderer& renderer, uint32_t instances);
    // drawTimed's GL time in milliseconds; waits for the query.
    double timedMs() const;

    // Wall-clock milliseconds of mesh.vert alone over the same points under rasterizer discard,
    // bracketed by glFinish: for drivers whose GL timer misses the vertex stage (llvmpipe). 0 when
    // no primitive ran a vs path or the program did not build.
    double wallMs(SceneRenderer& renderer, uint32_t instances);

private:
    // The last frame's vs-path draws as points, the morph alone: with the programs the frame
    // drew them with (`asDrawn`) or with mVertexOnly.
    void drawPoints(SceneRenderer& renderer, uint32_t instances, bool asDrawn);

    gl::Program mVertexOnly;  // mesh.vert alone; empty if it did not build
    gl::Query mQuery;
};

}  // namespace renderer
