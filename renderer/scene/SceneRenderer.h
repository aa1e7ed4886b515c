#pragma once
// Draws a GpuScene: mesh.vert (morph, node transform) + pbr.frag (glTF metallic-roughness, lit
// by an environment (image-based) or by the studio light rig's sky, and by the file's punctual
// lights or the rig's three). All per-frame state comes in as arguments (node poses with their
// weights, the camera, the target), so the viewer's window and the headless capture draw through
// this same code. A frame is its items sorted, the morph stage, then a list of passes, each a
// file of renderer/pass/ with an explicit input (PassInput) and config.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/MorphStage.h"
#include "renderer/pass/BackgroundPass.h"
#include "renderer/pass/DeferredPass.h"
#include "renderer/pass/FrameUniforms.h"
#include "renderer/pass/ItemDraw.h"
#include "renderer/pass/ShaderVariants.h"
#include "renderer/pass/TransmissionPass.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/DrawOptions.h"
#include "renderer/scene/DrawState.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/RenderTarget.h"

namespace renderer {

class SceneRenderer {
public:
    SceneRenderer() = default;
    // Compiles and links the shading program; needs a current 4.5 context.
    static morph::Result<SceneRenderer> create(const ShaderLibrary& library = ShaderLibrary());

    // One frame of `frame` (morph::resolveFrame over scene.layout(); a frame of another scene
    // draws the rest pose). Its weights and joint matrices are written to this renderer's
    // DrawState, the only per-frame upload; then the morph sequence (MorphStage) and the passes.
    // Opaque and MASK primitives are drawn first in node order, then those of them with
    // KHR_materials_transmission, then BLEND primitives back to front by the depth of their
    // node's bounds centre (glTF 2.0 3.9.5 leaves the order to the viewer; sorting by node is
    // the usual compromise). A frame with transmission draws the transmission pass first
    // (TransmissionPass); any other frame draws exactly what it drew without it.
    void draw(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
              const RenderTarget& target, const DrawOptions& options = {});
    // The same for a pose (one entry per node), resolved here: for callers that draw one frame
    // of a pose they made (tests, bench).
    void draw(const GpuScene& scene, const std::vector<morph::NodePose>& pose, const Camera& camera,
              const RenderTarget& target, const DrawOptions& options = {});

    // How many transmission passes this renderer has drawn: one per frame that draws a
    // material with KHR_materials_transmission, none for any other frame.
    uint64_t transmissionPasses() const { return mTransmission.passes(); }
    // How many frames this renderer has lit deferred (Shading): the frames with an opaque
    // primitive of a material the G-buffer takes whose options and target allow it.
    uint64_t deferredFrames() const { return mDeferred.frames(); }
    // The materials the last frame shaded deferred (each a resolve of its own).
    size_t deferredMaterials() const { return mDeferred.materials(); }

    // The morph numbers of the last draw: cost, paths used, CPU time and, with timeMorph, the
    // GPU time (waits for the timer queries).
    const MorphFrameStats& morphStats() { return mMorphStage.stats(); }

    // What this renderer holds for the scene it drew last (weights, joints, morph data).
    DrawState& state() { return mState; }

    // The last frame's morphed draws, each with the path the morph stage resolved for it (in
    // the stage's order; a primitive drawn in several passes is listed once). For `bench`,
    // which times the vs paths' morph on a vertex-only pass of its own (VertexMorphPass).
    struct MorphedDraw {
        int node = -1;
        const GpuPrimitive* primitive = nullptr;
        const GpuMaterial* material = nullptr;  // the one it was drawn with (program())
        MorphPath path = MorphPath::None;
    };
    const std::vector<MorphedDraw>& morphedDraws() const { return mMorphedDraws; }

    // The program variant (ShaderVariants::program) a primitive with `attributeMask` and
    // `material` draws with in a pass that writes `output` (unmorphed and unskinned unless
    // `vertex` says), with the last frame's view-projection, instance mode and light. Public for
    // the tests of what a variant leaves out and for the passes drawn over a frame
    // (VertexMorphPass).
    gl::Program& program(uint32_t attributeMask, const GpuMaterial& material,
                         PassOutput output = PassOutput::Target, VertexWork vertex = {}) {
        return mVariants.program(attributeMask, material, output, vertex);
    }

private:
    // The frame's items: weights and joints into mState, then the drawn primitives sorted into
    // mOpaque, mTransmissive and mBlended (back to front); returns whether a material reads the
    // transmission pass.
    bool prepareItems(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
                      const DrawOptions& options, const Crowd* crowd, uint32_t instances);
    // Binds the target, resets the state the passes expect and, for a cleared frame, clears it.
    void clearTarget(const RenderTarget& target, const DrawOptions& options);
    // The frame's uniform blocks, the program variants' frame, the crowd's offsets and, for a
    // cleared frame, the background; returns what the passes draw with.
    PassInput beginPasses(const GpuScene& scene, const morph::FramePose& frame,
                          const Camera& camera, const RenderTarget& target,
                          const DrawOptions& options, const Crowd* crowd, uint32_t instances);
    void writeInstanceOffsets(const Crowd& crowd);
    // The morph stage (MorphStage) over every drawn item: its path, its data, its weight
    // upload and its pre-pass, once per frame before every pass.
    void runMorphStage(const DrawOptions& options);
    // Leaves the context as the frame found it where callers rely on it.
    void endFrame();

    ShaderVariants mVariants;
    FrameUniforms mUniforms;
    SheenTables mSheen;
    // The passes, in the order draw() runs them (the forward and blended ones own nothing).
    BackgroundPass mBackground;
    TransmissionPass mTransmission;
    DeferredPass mDeferred;
    bool mSoftwareRenderer = false;  // GL_RENDERER names a CPU rasterizer: Shading::Auto
    uint32_t mFragmentUnits = 16;    // GL_MAX_TEXTURE_IMAGE_UNITS: what a resolve may sample
    gl::Buffer mInstanceOffsets;
    MorphStage mMorphStage;
    DrawState mState;
    std::vector<MorphedDraw> mMorphedDraws;  // the last frame's, for morphedDraws()
    // Per frame, kept for their capacity: the frame of draw(pose) and draw()'s item lists.
    morph::FramePose mPoseFrame;
    // mTransmissive: opaque and MASK primitives with transmission, drawn after mOpaque.
    std::vector<DrawItem> mOpaque, mTransmissive, mBlended, mNodeBlended;
    std::vector<DrawItem*> mItems;
};

}  // namespace renderer
