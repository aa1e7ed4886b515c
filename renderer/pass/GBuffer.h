#pragma once
// Deferred shading's G-buffer: two or three RGBA32UI targets (pbr.frag's MV_RESOLVE says what
// each holds) and the frame's target's own depth-stencil attachment, attached each frame (so
// later forward draws test against what the G-buffer pass drew; a target remade at the same size
// may reuse a deleted attachment's name).
#include <array>

#include "renderer/gl/Framebuffer.h"
#include "renderer/gl/Texture.h"
#include "renderer/scene/RenderTarget.h"

namespace renderer {

class GBuffer {
public:
    // Readies the G-buffer for `target`: its targets at least the target's size (grown, never
    // shrunk), the third (the second UV set) drawn only with `twoUvSets`, the target's
    // depth-stencil attachment attached. False when the target has no single-sampled
    // depth-stencil attachment with 8 stencil bits, or the G-buffer is incomplete (noted once).
    bool prepare(const RenderTarget& target, bool twoUvSets);

    const gl::Framebuffer& framebuffer() const { return mFramebuffer; }
    const gl::Texture& target(size_t i) const { return mTargets[i]; }

private:
    void make(size_t i);

    gl::Framebuffer mFramebuffer;
    // The third, for the second UV set, made the first time a frame's materials read two.
    std::array<gl::Texture, 3> mTargets;
    int mWidth = 0, mHeight = 0;
    bool mIncompleteNoted = false;
};

}  // namespace renderer
