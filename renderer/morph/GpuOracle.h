#pragma once
// The oracle's GPU half: runs the real mesh vertex shader (shaders/mesh.vert, which includes
// morph.glsl) over a primitive with transform feedback and rasterization off, and reads the
// morphed attributes back as a morph::MorphedPrimitive, to be compared with morph::blend.
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/targets/Blend.h"
#include "renderer/gl/Framebuffer.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/gl/TransformFeedback.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/MorphStage.h"
#include "renderer/morph/MorphTargets.h"
#include "renderer/morph/PrimitiveMorph.h"
#include "renderer/morph/SparseMorph.h"
#include "renderer/scene/PrimitiveBuffers.h"
#include "renderer/scene/SkinJoints.h"

namespace renderer {

// Which normal run() returns: the shaded one (renormalized once after the sum), or the raw sum
// base + sum(w_i * delta_i) that morph::blend computes, for output that must equal the CPU's.
enum class NormalOutput { Renormalized, RawSum };

// Where run() leaves the vertices: mesh space (identity, the default), or world space through
// the same shader code that renders: skinVertex() with `joints`, then `model` as uModel (for a
// skinned node morph::skinnedModel and node-space joint matrices, see morph/anim/Skin.h).
struct VertexTransform {
    glm::mat4 model{1.0f};
    const SkinJoints* joints = nullptr;  // null: not skinned
};

class GpuOracle {
public:
    GpuOracle() = default;
    // Compiles mesh.vert with the transform feedback outputs; needs a current 4.5 context.
    static morph::Result<GpuOracle> create(const ShaderLibrary& library = ShaderLibrary());

    // Morphs already-uploaded data. `weights` must have been update()d; their pairs are uploaded
    // here (vs-active). Node transforms are
    // identity here, so the result is the morphed primitive in its own space. Unlike
    // morph::blend, normals and tangents come back renormalized (the shader does that once,
    // after the sum); only the attributes the primitive has are filled.
    morph::Result<morph::MorphedPrimitive> run(
        const PrimitiveBuffers& buffers, const MorphTargets& targets, MorphWeights& weights,
        NormalOutput normalOutput = NormalOutput::Renormalized,
        const VertexTransform& transform = {});

    // The same through any morph path (MorphPath.h): the morph sequence every drawer runs
    // (MorphStage: resolved, prepared with its fallbacks, pre-pass), then mesh.vert is captured
    // as above. lastPath() says which concrete path ran. With several instances in `weights`
    // (updateInstances), instance k's vertices are the k-th MorphedPrimitive (gl_InstanceID = k).
    morph::Result<std::vector<morph::MorphedPrimitive>> run(
        const PrimitiveBuffers& buffers, PrimitiveMorph& morph, MorphPath path,
        MorphWeights& weights, NormalOutput normalOutput = NormalOutput::Renormalized,
        const VertexTransform& transform = {});
    MorphPath lastPath() const { return mLastPath; }
    // What a drawer's draw reads: `morph` bound for `path` (concrete, as the drawer resolved it)
    // and captured as above, its pre-pass not run again (the output is whatever the drawer's
    // last frame left in it, e.g. SceneRenderer::draw's).
    morph::Result<std::vector<morph::MorphedPrimitive>> captureDrawn(
        const PrimitiveBuffers& buffers, const PrimitiveMorph& morph, MorphPath path,
        const MorphWeights& weights, NormalOutput normalOutput = NormalOutput::Renormalized);

    // Uploads `primitive`, writes `weights` and runs; the one-call form for eval and tests.
    morph::Result<morph::MorphedPrimitive> eval(
        const morph::Primitive& primitive, const std::vector<float>& weights,
        const MorphLimits& limits = MorphLimits::query(),
        NormalOutput normalOutput = NormalOutput::Renormalized,
        MorphPath path = MorphPath::VsActive);
    // The world-space form: `joints` (node-space joint matrices, may be empty) and `model`.
    // Normals and tangents come back unit length (vNormal/vTangent renormalized after the
    // normal matrix), as morph::toWorldSpace gives them.
    morph::Result<morph::MorphedPrimitive> evalWorld(
        const morph::Primitive& primitive, const std::vector<float>& weights,
        const glm::mat4& model, const std::vector<glm::mat4>& joints,
        const MorphLimits& limits = MorphLimits::query(), MorphPath path = MorphPath::VsActive);

private:
    // Captures mesh.vert over every vertex of every instance (the morph already bound).
    morph::Result<std::vector<morph::MorphedPrimitive>> capture(const PrimitiveBuffers& buffers,
                                                                uint32_t instances,
                                                                NormalOutput normalOutput,
                                                                const VertexTransform& transform);

    gl::Program mProgram;
    MorphStage mStage;
    MorphPath mLastPath = MorphPath::VsActive;
    gl::TransformFeedback mFeedback;
    // Draws need a complete framebuffer even with rasterization off, and a surfaceless context
    // has no default one: an attachment-less 1x1 framebuffer stands in.
    gl::Framebuffer mFramebuffer;
};

}  // namespace renderer
