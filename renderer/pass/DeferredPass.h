#pragma once
// Deferred shading (Shading::Deferred, DrawOptions.h), both halves: the G-buffer pass draws the
// opaque items it takes (PassOutput::GBuffer, with the frame's depth pre-passes), each pixel's
// stencil set to its material's group; then the resolve, per material one triangle over the
// projected bounds of its items, stencil-tested to its pixels, textures and lights each pixel
// once (pbr.frag's MV_RESOLVE). The items it does not take are left to the forward pass.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "morph/anim/FramePose.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/VertexArray.h"
#include "renderer/pass/GBuffer.h"
#include "renderer/pass/ItemDraw.h"
#include "renderer/scene/DrawOptions.h"
#include "renderer/scene/RenderTarget.h"

namespace renderer {

class DeferredPass {
public:
    struct Config {
        Shading shading = Shading::Auto;
        bool softwareRenderer = false;  // GL_RENDERER names a CPU rasterizer: Shading::Auto
        bool cleared = true;            // the frame was cleared (DrawOptions::clear)
        uint32_t passes = 1;            // passes - 1 depth pre-passes, then the G-buffer's
        bool crowd = false;             // the frame draws a crowd: no bounds to project
        uint32_t fragmentUnits = 16;    // GL_MAX_TEXTURE_IMAGE_UNITS: what a resolve may sample
    };

    // When `config` and `target` light deferred, the deferrable items of `opaque` (their
    // `group` set to their material's) through the G-buffer and the resolve into `target`,
    // which it leaves bound; items it does not take keep group 0, for the forward pass.
    void draw(const PassInput& input, std::vector<DrawItem>& opaque, const morph::FramePose& frame,
              const RenderTarget& target, const Config& config);

    // How many frames it has lit: those with an opaque item of a material it takes whose
    // config and target allow it.
    uint64_t frames() const { return mFrames; }
    // The materials the last frame shaded deferred (each a resolve of its own).
    size_t materials() const { return mGroups.size(); }

private:
    // This frame's materials, in order: entry i has stencil value i + 1.
    struct Group {
        const GpuMaterial* material = nullptr;
        gl::Program* program = nullptr;  // its resolve (ShaderVariants::resolve)
        glm::ivec4 rect{0};              // x, y, width, height: what its items can cover
    };

    // Whether the frame can light deferred, without looking at its items.
    static bool wanted(const RenderTarget& target, const Config& config);
    // `opaque`'s deferrable items into mItems and mGroups; false when there is none.
    bool group(std::vector<DrawItem>& opaque, ShaderVariants& variants, uint32_t fragmentUnits);
    // The pixels of `target` that `item` can cover this frame: its morphed (and skinned)
    // bounds, which hold every position the morph and the skin can give (GpuScene::
    // primitiveBounds), projected, a pixel wider each side. The whole target when a corner is
    // behind the eye or the frame draws a crowd; empty when it is out of view.
    glm::ivec4 rect(const PassInput& input, const morph::FramePose& frame,
                    const RenderTarget& target, const DrawItem& item, bool crowd) const;
    // The G-buffer pass: mItems, with the frame's depth pre-passes.
    void drawGBuffer(const PassInput& input, const RenderTarget& target, uint32_t passes);
    // Per group its resolve into `target` over its rect; `twoUvSets`: the third target is read.
    void resolve(const PassInput& input, const RenderTarget& target, bool twoUvSets);

    GBuffer mGBuffer;
    std::vector<Group> mGroups;
    std::vector<DrawItem> mItems;    // the frame's items the G-buffer takes
    gl::VertexArray mEmptyVertices;  // the resolve's triangle has no attributes
    uint64_t mFrames = 0;
};

}  // namespace renderer
