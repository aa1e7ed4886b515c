#pragma once
// Framebuffers and renderbuffers, attached and checked through DSA.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "renderer/gl/Object.h"
#include "renderer/gl/Texture.h"

namespace renderer::gl {

struct RenderbufferDeleter {
    static void destroy(GLuint id) { glDeleteRenderbuffers(1, &id); }
};

class Renderbuffer : public Object<RenderbufferDeleter> {
public:
    Renderbuffer() = default;
    static Renderbuffer create() {
        GLuint id = 0;
        glCreateRenderbuffers(1, &id);
        return Renderbuffer(id);
    }
    // samples 0: a single-sampled renderbuffer.
    void storage(GLenum internalFormat, GLsizei width, GLsizei height, GLsizei samples = 0) {
        glNamedRenderbufferStorageMultisample(id(), samples, internalFormat, width, height);
    }

private:
    explicit Renderbuffer(GLuint id) : Object(id) {}
};

struct FramebufferDeleter {
    static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};

class Framebuffer : public Object<FramebufferDeleter> {
public:
    Framebuffer() = default;
    static Framebuffer create() {
        GLuint id = 0;
        glCreateFramebuffers(1, &id);
        return Framebuffer(id);
    }
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
    explicit Framebuffer(GLuint id) : Object(id) {}
};

}  // namespace renderer::gl
