#pragma once
// An offscreen render target: multisampled colour (RGBA8) and depth renderbuffers, resolved into
// a single-sampled framebuffer and read back as RGBA8 with top-down rows (the order image files
// use; GL's rows run bottom-up), or copied into the window (the viewer's 3D view).
#include <cstdint>
#include <vector>

#include "morph/Result.h"
#include "morph/image/ImageFile.h"
#include "renderer/gl/Framebuffer.h"
#include "renderer/scene/RenderTarget.h"

namespace renderer {

class Offscreen {
public:
    // 4x MSAA by default: smooth silhouettes at a cost llvmpipe handles at capture sizes.
    static constexpr int kDefaultSamples = 4;

    Offscreen() = default;
    // Needs a current 4.5 context. Errors name the size when it exceeds
    // GL_MAX_RENDERBUFFER_SIZE or the framebuffer is incomplete.
    static morph::Result<Offscreen> create(int width, int height, int samples = kDefaultSamples);

    RenderTarget target() const { return {&mMultisampled, mWidth, mHeight}; }
    int width() const { return mWidth; }
    int height() const { return mHeight; }
    int samples() const { return mSamples; }  // as created: 0 when single-sampled

    // Resolves the samples and copies the picture into the default framebuffer's rectangle from
    // (x, y) (GL's window coordinates: its lower-left corner), `width` x `height`, filtered
    // linearly when that is not the target's size: how the viewer's 3D view reaches the window.
    void blitToWindow(int x, int y, int width, int height);

    // Resolves the samples and reads the pixels back (waits for rendering to finish).
    morph::RgbaImage readPixels();

    // Waits until what was drawn into it has finished: a single-sampled target by reading one
    // pixel back, a multisampled one, which cannot be read (GL_INVALID_OPERATION, which returns
    // at once without waiting), by glFinish.
    void finish();
    // The depth of every pixel, bottom row first, 0..1 (1: nothing drawn); empty when the target
    // is multisampled (a multisampled depth buffer cannot be read).
    std::vector<float> readDepth();

private:
    gl::Framebuffer mMultisampled;
    gl::Renderbuffer mColor;
    gl::Renderbuffer mDepth;
    gl::Framebuffer mResolved;
    gl::Renderbuffer mResolvedColor;
    int mWidth = 0;
    int mHeight = 0;
    int mSamples = 0;
};

}  // namespace renderer
