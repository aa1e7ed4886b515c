#include "renderer/pass/TransmissionPass.h"

#include <algorithm>
#include <cmath>

namespace renderer {

void TransmissionPass::resize(int width, int height) {
    if (mColor.id() != 0 && mColor.width() == width && mColor.height() == height) return;
    const GLsizei levels = GLsizei(std::floor(std::log2(double(std::max(width, height))))) + 1;
    // Half floats: linear radiance above 1 (a bright environment seen through glass) keeps its
    // value; the Sample Renderer's RGBA8 clips it.
    mColor = gl::Texture::create(GL_TEXTURE_2D);
    mColor.storage2D(levels, GL_RGBA16F, width, height);
    mColor.parameter(GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    mColor.parameter(GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    mColor.parameter(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    mColor.parameter(GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    mDepth = gl::Renderbuffer::create();
    mDepth.storage(GL_DEPTH_COMPONENT24, width, height);
    mFramebuffer = gl::Framebuffer::create();
    mFramebuffer.attach(GL_COLOR_ATTACHMENT0, mColor);
    mFramebuffer.attach(GL_DEPTH_ATTACHMENT, mDepth);
}

const gl::Texture& TransmissionPass::draw(const PassInput& input,
                                          const std::vector<DrawItem>& opaque,
                                          const RenderTarget& target, const Config& config,
                                          BackgroundPass& background) {
    // The target's size, not the Sample Renderer's fixed 1024 x 1024: its texels then lie on
    // the target's pixels (no resampling at roughness 0, whatever the aspect), and the pass
    // costs what the frame's size costs (a 1024 square is four times a 512 capture's pixels,
    // which llvmpipe pays for in full).
    const int width = std::max(target.width, 1), height = std::max(target.height, 1);
    resize(width, height);
    ++mPasses;
    RenderTarget{&mFramebuffer, width, height}.bind();
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    // The background colour, a display value, taken as linear radiance as the Sample Renderer
    // takes its clear colour: glass in front of a flat background shows it lighter than it is
    // around the glass (after the tone curve and sRGB encoding), as there.
    glClearColor(config.background.r, config.background.g, config.background.b, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    background.draw(config.backdrop, PassOutput::Linear);
    for (const DrawItem& item : opaque) drawItem(input, item, PassOutput::Linear);
    mColor.generateMipmap();
    return mColor;
}

}  // namespace renderer
