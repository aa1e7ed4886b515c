#pragma once
// Draws a GpuScene: mesh.vert (morph, node transform) + pbr.frag (glTF metallic-roughness, lit
// by an environment (image-based) or by the studio light rig's sky, and by the file's punctual
// lights or the rig's three). All per-frame state comes in as arguments (node poses with their
// weights, the camera, the target), so the viewer's window and the headless capture draw through
// this same code.
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Framebuffer.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/Sampler.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/gl/VertexArray.h"
#include "renderer/light/GpuEnvironment.h"
#include "renderer/light/Look.h"
#include "renderer/morph/MorphPath.h"
#include "renderer/morph/MorphStage.h"
#include "renderer/scene/Camera.h"
#include "renderer/scene/DrawState.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/Lights.h"

namespace renderer {

// Where a frame goes: an offscreen framebuffer (Offscreen::target()) or, with a null
// framebuffer, the context's default framebuffer (the viewer's window).
struct RenderTarget {
    const gl::Framebuffer* framebuffer = nullptr;
    int width = 0;
    int height = 0;

    // Binds the framebuffer (or the default one) and sets the viewport to the whole target.
    void bind() const;
};

// How the opaque primitives are shaded (DrawOptions::shading).
//  - Forward: each primitive's fragment shader textures and lights what it draws.
//  - Deferred: a G-buffer pass writes, per pixel, only what the primitive's vertices give it
//    (depth, normal, tangent frame, UVs and their derivatives, vertex colour; MASK decided) and
//    its material's number in the stencil; then per material one triangle over the projected
//    bounds of its primitives, stencil-tested to its pixels, reads the textures and lights
//    each pixel once with the forward code (pbr.frag's MV_GBUFFER and MV_RESOLVE). The same
//    picture to within a level or two (tests/renderer/DeferredGLTest). A CPU rasterizer runs a
//    fragment shader on whole 4x4 blocks wherever a triangle touches one, so a dense mesh's
//    triangles of a few pixels run the forward shader 4 to 8 times per pixel they cover (the
//    bundled face at 800x800: 1.03M invocations for 129k pixels); texturing and lighting, most
//    of that shader, then run once per pixel. Transmission, textures on a UV set past the
//    second, materials whose resolve would pass the fragment texture units, and BLEND stay
//    forward, after it. Needs
//    an offscreen single-sampled target with a depth-stencil attachment and a cleared frame; any
//    other frame draws forward.
//  - Auto: deferred on a CPU rasterizer (isSoftwareRenderer), forward on a GPU, where it
//    would only add the G-buffer's bandwidth.
enum class Shading { Auto, Forward, Deferred };
// "auto", "forward" or "deferred".
const char* shadingName(Shading shading);

// Crowds: every drawn node becomes one instanced draw of offsets.size() copies, copy k
// moved by offsets[k] in world space and morphed with weights[k] (three.js's setMorphAt), which
// applies to every morphed node (missing or empty rows: the node's pose weights).
struct Crowd {
    std::vector<glm::vec3> offsets;
    std::vector<std::vector<float>> weights;
};

struct DrawOptions {
    // The background in display (sRGB-encoded) values 0..1, as a colour picker or
    // --background #rrggbb gives it; written to the target unchanged.
    glm::vec3 background = glm::vec3(46, 48, 54) / 255.0f;  // #2e3036: a neutral studio gray
    bool clear = true;
    // A linear scale of everything the camera sees, before tone mapping.
    float exposure = 1.0f;
    ToneMapping toneMapping = ToneMapping::PbrNeutral;
    // The image-based light (renderer/light/GpuEnvironment.h). Null: the studio rig of three
    // directional lights over an analytic sky, which needs no prefiltering (the look before
    // image-based light was added; `--environment rig`).
    const GpuEnvironment* environment = nullptr;
    float environmentRotation = 0;  // radians about +Y: the environment turned, not the model
    // Environment and Blurred draw the environment behind the model (cleared frames only);
    // without an environment they fall back to the colour.
    BackgroundMode backgroundMode = BackgroundMode::Color;
    // The direct lights (Lights.h): auto is the file's KHR_lights_punctual lights when the drawn
    // scene has any, else the studio rig's three without an environment and none with one (the
    // environment is the light).
    DirectLights lights = DirectLights::Auto;
    // How primitives morph (MorphPath.h); auto chooses per primitive.
    MorphPath morphPath = MorphPath::Auto;
    // Passes over the scene: passes - 1 depth-only passes (a depth pre-pass), then the shaded
    // one. cs-sparse and cpu morph once per frame and every pass reads that; the vs paths
    // morph again in each pass.
    uint32_t passes = 1;
    // A GL timer query around the morph stage's pre-pass, read by SceneRenderer::morphStats()
    // (MorphFrameStats::gpuMs). No other timing happens inside the draw.
    bool timeMorph = false;
    const Crowd* crowd = nullptr;  // null: one copy of each node
    // KHR_materials_variants: which of the file's variants (morph::Scene::variants) chooses each
    // primitive's material; -1: the file's default materials. Only the material a draw binds
    // changes: nothing is uploaded or morphed again.
    int variant = -1;
    Shading shading = Shading::Auto;
};

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
    // (drawTransmissionPass); any other frame draws exactly what it drew without it.
    void draw(const GpuScene& scene, const morph::FramePose& frame, const Camera& camera,
              const RenderTarget& target, const DrawOptions& options = {});
    // The same for a pose (one entry per node), resolved here: for callers that draw one frame
    // of a pose they made (tests, bench).
    void draw(const GpuScene& scene, const std::vector<morph::NodePose>& pose, const Camera& camera,
              const RenderTarget& target, const DrawOptions& options = {});

    // How many transmission passes this renderer has drawn: one per frame that draws a
    // material with KHR_materials_transmission, none for any other frame.
    uint64_t transmissionPasses() const { return mTransmissionPasses; }
    // How many frames this renderer has lit deferred (Shading): the frames with an opaque
    // primitive of a material the G-buffer takes whose options and target allow it.
    uint64_t deferredFrames() const { return mDeferredFrames; }
    // The materials the last frame shaded deferred (each a resolve of its own).
    size_t deferredMaterials() const { return mGroups.size(); }

    // The morph numbers of the last draw: cost, paths used, CPU time and, with timeMorph, the
    // GPU time (waits for the timer queries).
    const MorphFrameStats& morphStats() { return mMorphStage.stats(); }

    // What this renderer holds for the scene it drew last (weights, joints, morph data).
    DrawState& state() { return mState; }

    // The last frame's morphed draws, each with the path the morph stage resolved for it (in
    // the stage's order; a primitive drawn in several passes is listed once). For `bench`,
    // which times the vs paths' morph on a vertex-only pass of its own (app/cli/BenchPaths).
    struct MorphedDraw {
        int node = -1;
        const GpuPrimitive* primitive = nullptr;
        const GpuMaterial* material = nullptr;  // the one it was drawn with (program())
        MorphPath path = MorphPath::None;
    };
    const std::vector<MorphedDraw>& morphedDraws() const { return mMorphedDraws; }

    // The program for a primitive with `attributeMask` (PrimitiveBuffers::attributeMask()),
    // compiled on first use, with this frame's view-projection and instance mode set; the full
    // program if that fails. pbr.frag without the inputs of absent attributes, nor of those
    // nothing in the material reads (MV_OMIT_*: tangents without a normal map, a UV set no
    // textured slot uses); per material its MaterialFeature bits (MV_MATERIAL_*), which slots it
    // samples (MV_TEXTURED_SLOTS: the others read white without a fetch) and whether it can
    // discard (MV_ALPHA_MASK: only MASK materials, so every other draw keeps early depth
    // testing); inside the transmission pass, the MV_LINEAR_OUTPUT variant (linear radiance
    // before exposure); inside the G-buffer pass of deferred shading, the MV_GBUFFER variant.
    // Public for the tests of what a variant leaves out.
    gl::Program& program(uint32_t attributeMask, const GpuMaterial& material);

private:
    struct DrawItem {
        int node = -1;
        const GpuPrimitive* primitive = nullptr;
        const GpuMaterial* material = nullptr;
        float viewDepth = 0;  // BLEND only: distance of the node's bounds centre along the view
        MorphPath path = MorphPath::None;  // resolved by the morph stage
        uint8_t group = 0;  // deferred shading: its material's stencil value, 0 drawn forward
    };
    void drawItem(const GpuScene& scene, const DrawItem& item, uint32_t instances);
    // The material's uniform block, textures and samplers on their units.
    void bindMaterial(const GpuScene& scene, const GpuMaterial& material);
    // The frame's passes, in the order draw() runs them.
    // Sorts the drawn primitives into mOpaque, mTransmissive and mBlended (back to front);
    // returns whether a material reads the transmission pass.
    bool sortItems(const GpuScene& scene, const morph::FramePose& frame, const glm::mat4& view,
                   const DrawOptions& options);
    // The primitive's morphed (and skinned) bounds this frame, in its node's space.
    Aabb drawnBounds(const GpuScene& scene, const morph::FramePose& frame, int node,
                     const GpuPrimitive& primitive) const;
    // Binds the target, resets the state the passes expect and, for a cleared frame, clears it.
    void clearTarget(const RenderTarget& target, const DrawOptions& options);
    // The frame's uniform blocks, the background, the view-projection and the crowd's offsets.
    void writeFrameUniforms(const GpuScene& scene, const morph::FramePose& frame,
                            const Camera& camera, const RenderTarget& target,
                            const DrawOptions& options, const Crowd* crowd);
    void writeInstanceOffsets(const Crowd& crowd);
    // The morph stage (MorphStage) over every drawn item: its path, its data, its weight
    // upload and its pre-pass, once per frame before every pass.
    void runMorphStage(const DrawOptions& options);
    // Deferred shading (Shading): groups the deferrable opaque items by material and draws them
    // through the G-buffer and the resolve; leaves the rest of mOpaque to the forward passes.
    void drawDeferredPass(const GpuScene& scene, const morph::FramePose& frame,
                          const RenderTarget& target, uint32_t passes, const Crowd* crowd);
    // mOpaque's deferrable items into mDeferred and mGroups; false when there is none.
    bool groupDeferred();
    // The opaque items not drawn deferred: passes - 1 depth pre-passes, then the shaded one.
    void drawForwardPasses(const GpuScene& scene, uint32_t passes, uint32_t instances);
    void drawTransmissive(const GpuScene& scene, uint32_t instances);
    void drawBlended(const GpuScene& scene, uint32_t instances);
    // Leaves the context as the frame found it where callers rely on it.
    void endFrame();
    void writeFrameBlocks(const GpuScene& scene, const morph::FramePose& frame,
                          const Camera& camera, const DrawOptions& options);
    // The environment behind the model: one triangle at the far plane, no depth written, its
    // view directions from this frame's FrameBlock; `linearOutput`: in linear radiance before
    // exposure, for the transmission pass.
    void drawBackground(bool linearOutput);
    // KHR_materials_sheen's tables on TextureUnit::SheenAlbedo, made on first use, and this
    // frame's environment's Charlie cube on TextureUnit::SheenEnvironment: for sheen variants
    // only, the only programs that declare them.
    void bindSheen();
    // KHR_materials_transmission: what transmissive surfaces see through them. The opaque
    // primitives without transmission (and the environment behind them, or the background
    // colour) into mTransmissionColor at the target's size, in linear radiance before
    // exposure, then its mipmaps; leaves that framebuffer bound.
    void drawTransmissionPass(const GpuScene& scene, const RenderTarget& target,
                              const DrawOptions& options, uint32_t instances);
    // Whether this frame can light deferred (Shading), without looking at its items.
    bool wantsDeferred(const RenderTarget& target, const DrawOptions& options) const;
    // Readies mGBuffer for `target` (its targets at the target's size, the third drawn only with
    // `twoUvSets`, the target's own depth-stencil attachment attached); false when the target
    // has none or it is incomplete.
    bool prepareDeferred(const RenderTarget& target, bool twoUvSets);
    // pbr.frag's MV_RESOLVE variant for the material, built on first use; null if it failed.
    gl::Program* resolveProgram(const GpuMaterial& material);
    // The G-buffer pass (mDeferred, with the frame's depth pre-passes, each pixel's stencil set
    // to its item's group), then per mGroups entry its resolve into `target` over its rect;
    // leaves `target` bound. `twoUvSets`: the G-buffer's third target is drawn and read.
    void drawDeferred(const GpuScene& scene, const RenderTarget& target, uint32_t passes,
                      uint32_t instances, bool twoUvSets);
    // The pixels of `target` that `item` can cover this frame: its morphed (and skinned)
    // bounds, which hold every position the morph and the skin can give (GpuScene::
    // primitiveBounds), projected, a pixel wider each side. The whole target when a corner is
    // behind the eye or the frame draws a crowd; empty when it is out of view.
    glm::ivec4 deferredRect(const GpuScene& scene, const morph::FramePose& frame,
                            const RenderTarget& target, const DrawItem& item, bool crowd) const;

    ShaderLibrary mLibrary;
    gl::Program mProgram;  // every varying: the fallback of every variant
    // By variantKey() (SceneRenderer.cpp) of the attributes and the material; built on first
    // use. A file uses a handful: one per distinct (attribute set, material kind).
    struct Variant {
        gl::Program program;
        uint64_t frame = 0;   // the frame whose uniforms it holds
        bool failed = false;  // did not build: the full program stands in
    };
    std::unordered_map<uint64_t, Variant> mVariants;
    // mVariants' entry for `key`, its program built on first use (mesh.vert, or fullscreen.vert
    // for the deferred resolve, with pbr.frag); `failed` if it would not build.
    Variant& variant(uint64_t key);
    uint64_t mFrame = 0;
    // The frame's light as variant key bits (writeFrameBlocks): what the shading variants fix.
    uint64_t mLightKey = 0;
    glm::mat4 mViewProjection{1.0f};
    glm::ivec2 mTargetSize{1, 1};  // the frame's, for FrameBlock::viewport
    int mInstanceMode = 0;
    gl::Buffer mFrameBlock;
    gl::Buffer mLightBlock;
    gl::Buffer mEnvironmentBlock;
    gl::Texture mSheenAlbedo;  // RG32F (E, Charlie LUT), kSheenAlbedoSize^2, on first sheen
    gl::Sampler mSheenAlbedoSampler;
    const gl::Texture* mSheenEnvironment = nullptr;  // this frame's; null without environment
    // background.vert + .frag, built on first use: [0] for the target, [1] linear output.
    gl::Program mBackground[2];
    bool mBackgroundFailed[2] = {false, false};
    gl::VertexArray mEmptyVertices;  // the background triangle has no attributes
    uint64_t mLightsNoted = 0;       // the scene whose dropped lights were logged
    // The transmission pass: RGBA16F with a full mip chain (the level read grows with the
    // roughness) and a depth renderbuffer, remade when the target's size changes.
    gl::Framebuffer mTransmissionFramebuffer;
    gl::Texture mTransmissionColor;
    gl::Renderbuffer mTransmissionDepth;
    uint64_t mTransmissionPasses = 0;
    bool mLinearOutput = false;  // program() picks the MV_LINEAR_OUTPUT variants
    // Deferred shading: two or three RGBA32UI targets (pbr.frag's MV_RESOLVE says what each holds),
    // remade when a target is larger than they are; the target's depth-stencil attachment
    // attached each frame (so later forward draws test against what the G-buffer pass drew; a
    // target remade at the same size may reuse a deleted attachment's name).
    struct GBuffer {
        gl::Framebuffer framebuffer;
        // The third, for the second UV set, made the first time a frame's materials read two.
        std::array<gl::Texture, 3> targets;
        int width = 0, height = 0;
        bool incompleteNoted = false;
    };
    GBuffer mGBuffer;
    // This frame's materials in deferred shading, in order: entry i has stencil value i + 1.
    struct DeferredGroup {
        const GpuMaterial* material = nullptr;
        gl::Program* program = nullptr;  // its resolve (in mVariants)
        glm::ivec4 rect{0};              // x, y, width, height: what its items can cover
    };
    std::vector<DeferredGroup> mGroups;
    bool mGBufferOutput = false;     // program() picks the MV_GBUFFER variants
    bool mSoftwareRenderer = false;  // GL_RENDERER names a CPU rasterizer: Shading::Auto
    uint32_t mFragmentUnits = 16;    // GL_MAX_TEXTURE_IMAGE_UNITS: what a resolve may sample
    uint64_t mDeferredFrames = 0;
    gl::Buffer mInstanceOffsets;
    MorphStage mMorphStage;
    DrawState mState;
    std::vector<MorphedDraw> mMorphedDraws;  // the last frame's, for morphedDraws()
    // Per frame, kept for their capacity: the frame of draw(pose) and draw()'s item lists.
    morph::FramePose mPoseFrame;
    // mTransmissive: opaque and MASK primitives with transmission, drawn after mOpaque.
    // mDeferred: the frame's opaque items the G-buffer takes when it lights deferred.
    std::vector<DrawItem> mOpaque, mTransmissive, mBlended, mNodeBlended, mDeferred;
    std::vector<DrawItem*> mItems;
};

}  // namespace renderer
