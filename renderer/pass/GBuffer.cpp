#include "renderer/pass/GBuffer.h"

#include <algorithm>

#include "renderer/gl/Log.h"

namespace renderer {

void GBuffer::make(size_t i) {
    mTargets[i] = gl::Texture::create(GL_TEXTURE_2D);
    mTargets[i].storage2D(1, GL_RGBA32UI, mWidth, mHeight);
    // Read with texelFetch; one level, so no mipmap filter may make it incomplete.
    mTargets[i].parameter(GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    mTargets[i].parameter(GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    mFramebuffer.attach(GL_COLOR_ATTACHMENT0 + GLenum(i), mTargets[i]);
}

bool GBuffer::prepare(const RenderTarget& target, bool twoUvSets) {
    const GLuint fbo = target.framebuffer->id();
    GLint samples = 0;
    glGetNamedFramebufferParameteriv(fbo, GL_SAMPLES, &samples);
    // One depth-stencil object, with 8 stencil bits, attached as both.
    GLint depthType = GL_NONE, depthName = 0, depthLevel = 0, stencilName = 0, stencilBits = 0;
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_DEPTH_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &depthType);
    if (samples > 1 || (depthType != GL_RENDERBUFFER && depthType != GL_TEXTURE)) return false;
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_DEPTH_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &depthName);
    GLint stencilType = GL_NONE;
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_STENCIL_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &stencilType);
    if (stencilType != depthType) return false;  // none, or another kind of object
    glGetNamedFramebufferAttachmentParameteriv(fbo, GL_STENCIL_ATTACHMENT,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &stencilName);
    glGetNamedFramebufferAttachmentParameteriv(
        fbo, GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &stencilBits);
    if (stencilName != depthName || stencilBits < 8) return false;
    if (depthType == GL_TEXTURE) {
        glGetNamedFramebufferAttachmentParameteriv(
            fbo, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &depthLevel);
    }
    // Grown, never shrunk: a smaller target (the viewer's half-size view while the user drags)
    // draws into its corner, so the view's size going back and forth allocates nothing.
    if (mWidth < target.width || mHeight < target.height) {
        mWidth = std::max(mWidth, target.width);
        mHeight = std::max(mHeight, target.height);
        const bool third = mTargets[2].id() != 0;
        mFramebuffer = gl::Framebuffer::create();
        for (size_t i = 0; i < 2; ++i) make(i);
        if (third) make(2);
    }
    if (twoUvSets && mTargets[2].id() == 0) make(2);
    // The third target only in frames with a material that writes it: llvmpipe pays for every
    // enabled draw buffer of every G-buffer draw.
    if (twoUvSets) {
        mFramebuffer.drawBuffers(
            {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2});
    } else {
        mFramebuffer.drawBuffers({GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1});
    }
    if (depthType == GL_RENDERBUFFER) {
        glNamedFramebufferRenderbuffer(mFramebuffer.id(), GL_DEPTH_STENCIL_ATTACHMENT,
                                       GL_RENDERBUFFER, GLuint(depthName));
    } else {
        glNamedFramebufferTexture(mFramebuffer.id(), GL_DEPTH_STENCIL_ATTACHMENT, GLuint(depthName),
                                  depthLevel);
    }
    const bool complete =
        glCheckNamedFramebufferStatus(mFramebuffer.id(), GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (!complete && !mIncompleteNoted) {
        logNote("deferred shading: the G-buffer is incomplete; drawn forward");
        mIncompleteNoted = true;
    }
    return complete;
}

}  // namespace renderer
