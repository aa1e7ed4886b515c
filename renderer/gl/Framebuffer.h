#pragma once
// Framebuffers and renderbuffers, attached and checked through DSA.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "renderer/gl/Object.h"
#include "renderer/gl/Texture.h"

namespace renderer::gl {

class Renderbuffer : public Object<Kind::Renderbuffer> {
public:
    static Renderbuffer create() { return Renderbuffer(newName()); }
    // samples 0: a single-sampled renderbuffer.
    void storage(GLenum internalFormat, GLsizei width, GLsizei height, GLsizei samples = 0) {
        glNamedRenderbufferStorageMultisample(id(), samples, internalFormat, width, height);
    }

private:
    using Object::Object;
};

class Framebuffer : public Object<Kind::Framebuffer> {
public:
    static Framebuffer create() { return Framebuffer(newName()); }
    void attach(GLenum attachment, const Texture& texture, GLint level = 0) {
        glNamedFramebufferTexture(id(), attachment, texture.id(), level);
    }
    void attach(GLenum attachment, const Renderbuffer& renderbuffer) {
        glNamedFramebufferRenderbuffer(id(), attachment, GL_RENDERBUFFER, renderbuffer.id());
    }
    void drawBuffers(const std::vector<GLenum>& buffers) {
        glNamedFramebufferDrawBuffers(id(), GLsizei(buffers.size()), buffers.data());
    }
    // Size of a framebuffer with no attachments (GL 4.3): complete without any image, which is
    // what a draw with rasterization off needs when there is no default framebuffer.
    void defaultSize(GLint width, GLint height) {
        glNamedFramebufferParameteri(id(), GL_FRAMEBUFFER_DEFAULT_WIDTH, width);
        glNamedFramebufferParameteri(id(), GL_FRAMEBUFFER_DEFAULT_HEIGHT, height);
    }
    // An error naming the status when the framebuffer is incomplete.
    morph::Status checkComplete(const std::string& name) const;
    void bind(GLenum target = GL_FRAMEBUFFER) const { glBindFramebuffer(target, id()); }

private:
    using Object::Object;
};

}  // namespace renderer::gl
