#include "renderer/scene/Offscreen.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace renderer {

morph::Result<Offscreen> Offscreen::create(int width, int height, int samples) {
    GLint maxSize = 0, maxSamples = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxSize);
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    if (width <= 0 || height <= 0 || width > maxSize || height > maxSize) {
        return morph::Error{morph::ErrorCode::Gpu,
                            "offscreen: size " + size + " outside 1.." + std::to_string(maxSize)};
    }
    Offscreen out;
    out.mWidth = width;
    out.mHeight = height;
    const int useSamples = std::clamp(samples, 0, std::max(maxSamples, 0));
    out.mSamples = useSamples;

    out.mColor = gl::Renderbuffer::create();
    out.mColor.storage(GL_RGBA8, width, height, useSamples);
    out.mDepth = gl::Renderbuffer::create();
    // Stencil for deferred shading (SceneRenderer): which material drew each pixel.
    out.mDepth.storage(GL_DEPTH24_STENCIL8, width, height, useSamples);
    out.mMultisampled = gl::Framebuffer::create();
    out.mMultisampled.attach(GL_COLOR_ATTACHMENT0, out.mColor);
    out.mMultisampled.attach(GL_DEPTH_STENCIL_ATTACHMENT, out.mDepth);
    if (auto s = out.mMultisampled.checkComplete("offscreen " + size); !s) return s.error();

    out.mResolvedColor = gl::Renderbuffer::create();
    out.mResolvedColor.storage(GL_RGBA8, width, height, 0);
    out.mResolved = gl::Framebuffer::create();
    out.mResolved.attach(GL_COLOR_ATTACHMENT0, out.mResolvedColor);
    if (auto s = out.mResolved.checkComplete("offscreen resolve " + size); !s) return s.error();
    return out;
}

void Offscreen::blitToWindow(int x, int y, int width, int height) {
    glBlitNamedFramebuffer(mMultisampled.id(), mResolved.id(), 0, 0, mWidth, mHeight, 0, 0, mWidth,
                           mHeight, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    const bool scaled = width != mWidth || height != mHeight;
    glBlitNamedFramebuffer(mResolved.id(), 0, 0, 0, mWidth, mHeight, x, y, x + width, y + height,
                           GL_COLOR_BUFFER_BIT, scaled ? GL_LINEAR : GL_NEAREST);
}

morph::RgbaImage Offscreen::readPixels() {
    glBlitNamedFramebuffer(mMultisampled.id(), mResolved.id(), 0, 0, mWidth, mHeight, 0, 0, mWidth,
                           mHeight, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    morph::RgbaImage image;
    image.width = mWidth;
    image.height = mHeight;
    image.pixels.resize(size_t(mWidth) * size_t(mHeight) * 4);
    const size_t row = size_t(mWidth) * 4;
    std::vector<uint8_t> bottomUp(image.pixels.size());
    mResolved.bind(GL_READ_FRAMEBUFFER);
    glNamedFramebufferReadBuffer(mResolved.id(), GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadnPixels(0, 0, mWidth, mHeight, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(bottomUp.size()),
                  bottomUp.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    for (int y = 0; y < mHeight; ++y) {
        std::memcpy(image.pixels.data() + size_t(y) * row,
                    bottomUp.data() + size_t(mHeight - 1 - y) * row, row);
    }
    return image;
}

void Offscreen::finish() {
    if (mSamples > 1) {
        glFinish();
        return;
    }
    uint8_t pixel[4];
    mMultisampled.bind(GL_READ_FRAMEBUFFER);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
}

std::vector<float> Offscreen::readDepth() {
    if (mSamples > 1) return {};
    std::vector<float> depth(size_t(mWidth) * size_t(mHeight));
    mMultisampled.bind(GL_READ_FRAMEBUFFER);
    glReadPixels(0, 0, mWidth, mHeight, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    return depth;
}

}  // namespace renderer
