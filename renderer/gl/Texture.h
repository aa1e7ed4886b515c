#pragma once
// A texture with immutable storage (glTextureStorage*), edited through DSA only.
#include "renderer/gl/Object.h"

namespace renderer::gl {

class Texture : public Object<Kind::Texture> {
public:
    Texture() = default;
    // A new name of `target` (GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_MULTISAMPLE...).
    static Texture create(GLenum target);

    void storage2D(GLsizei levels, GLenum internalFormat, GLsizei width, GLsizei height);
    void storage3D(GLsizei levels, GLenum internalFormat, GLsizei width, GLsizei height,
                   GLsizei depth);
    void storage2DMultisample(GLsizei samples, GLenum internalFormat, GLsizei width,
                              GLsizei height);
    void subImage2D(GLint level, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                    GLenum type, const void* pixels);
    void subImage3D(GLint level, GLint x, GLint y, GLint z, GLsizei width, GLsizei height,
                    GLsizei depth, GLenum format, GLenum type, const void* pixels);
    void parameter(GLenum name, GLint value);
    void generateMipmap();
    void bindUnit(GLuint unit) const { glBindTextureUnit(unit, id()); }

    GLenum target() const { return mTarget; }
    GLsizei width() const { return mWidth; }
    GLsizei height() const { return mHeight; }
    GLsizei depth() const { return mDepth; }

private:
    Texture(GLuint id, GLenum target) : Object(id), mTarget(target) {}
    GLenum mTarget = 0;
    GLsizei mWidth = 0, mHeight = 0, mDepth = 0;
};

}  // namespace renderer::gl
