#pragma once
// The oracle's GPU half: runs the real mesh vertex shader (shaders/mesh.vert, which includes
// morph.glsl) over a primitive with transform feedback and rasterization off, and reads the
// morphed attributes back as a morph::MorphedPrimitive, to be compared with morph::blend.
#include <vector>

#include "MorphTargets.h"
#include "PrimitiveBuffers.h"
#include "ShaderLibrary.h"
#include "SkinJoints.h"
#include "gl/Framebuffer.h"
#include "gl/Program.h"
#include "gl/TransformFeedback.h"
#include "morph/Blend.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace renderer {

// Which normal run() returns: the shaded one (renormalized once after the sum), or the raw sum
// base + sum(w_i * delta_i) that morph::blend computes, for output that must equal the CPU's.
enum class NormalOutput { Renormalized, RawSum };

// Where run() leaves the vertices: mesh space (identity, the default), or world space through
// the same shader code that renders: skinVertex() with `joints`, then `model` as uModel (for a
// skinned node morph::skinnedModel and node-space joint matrices, see morph/Skin.h).
struct VertexTransform {
    glm::mat4 model{1.0f};
    const SkinJoints* joints = nullptr;  // null: not skinned
};

class GpuMorph {
public:
    GpuMorph() = default;
    // Compiles mesh.vert with the transform feedback outputs; needs a current 4.5 context.
    static morph::Result<GpuMorph> create(const ShaderLibrary& library = ShaderLibrary());

    // Morphs already-uploaded data. `weights` must have been update()d. Node transforms are
    // identity here, so the result is the morphed primitive in its own space. Unlike
    // morph::blend, normals and tangents come back renormalized (the shader does that once,
    // after the sum); only the attributes the primitive has are filled.
    morph::Result<morph::MorphedPrimitive> run(const PrimitiveBuffers& buffers,
                                               const MorphTargets& targets,
                                               const MorphWeights& weights,
                                               NormalOutput normalOutput = NormalOutput::Renormalized,
                                               const VertexTransform& transform = {});

    // Uploads `primitive`, writes `weights` and runs; the one-call form for eval and tests.
    morph::Result<morph::MorphedPrimitive> eval(const morph::Primitive& primitive,
                                                const std::vector<float>& weights,
                                                const MorphLimits& limits = MorphLimits::query(),
                                                NormalOutput normalOutput = NormalOutput::Renormalized);
    // The world-space form: `joints` (node-space joint matrices, may be empty) and `model`.
    // Normals and tangents come back unit length (vNormal/vTangent renormalized after the
    // normal matrix), as morph::toWorldSpace gives them.
    morph::Result<morph::MorphedPrimitive> evalWorld(const morph::Primitive& primitive,
                                                     const std::vector<float>& weights,
                                                     const glm::mat4& model,
                                                     const std::vector<glm::mat4>& joints,
                                                     const MorphLimits& limits = MorphLimits::query());

private:
    gl::Program mProgram;
    gl::TransformFeedback mFeedback;
    // Draws need a complete framebuffer even with rasterization off, and a surfaceless context
    // has no default one: an attachment-less 1x1 framebuffer stands in.
    gl::Framebuffer mFramebuffer;
};

}  // namespace renderer
