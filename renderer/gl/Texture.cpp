#include "renderer/gl/Texture.h"

namespace renderer::gl {

Texture Texture::create(GLenum target) {
    return Texture(newName(target), target);
}

void Texture::storage2D(GLsizei levels, GLenum internalFormat, GLsizei width, GLsizei height) {
    glTextureStorage2D(id(), levels, internalFormat, width, height);
    mWidth = width;
    mHeight = height;
    mDepth = 1;
}

void Texture::storage3D(GLsizei levels, GLenum internalFormat, GLsizei width, GLsizei height,
                        GLsizei depth) {
    glTextureStorage3D(id(), levels, internalFormat, width, height, depth);
    mWidth = width;
    mHeight = height;
    mDepth = depth;
}

void Texture::storage2DMultisample(GLsizei samples, GLenum internalFormat, GLsizei width,
                                   GLsizei height) {
    glTextureStorage2DMultisample(id(), samples, internalFormat, width, height, GL_TRUE);
    mWidth = width;
    mHeight = height;
    mDepth = 1;
}

void Texture::subImage2D(GLint level, GLint x, GLint y, GLsizei width, GLsizei height,
                         GLenum format, GLenum type, const void* pixels) {
    glTextureSubImage2D(id(), level, x, y, width, height, format, type, pixels);
}

void Texture::subImage3D(GLint level, GLint x, GLint y, GLint z, GLsizei width, GLsizei height,
                         GLsizei depth, GLenum format, GLenum type, const void* pixels) {
    glTextureSubImage3D(id(), level, x, y, z, width, height, depth, format, type, pixels);
}

void Texture::parameter(GLenum name, GLint value) {
    glTextureParameteri(id(), name, value);
}

void Texture::generateMipmap() {
    glGenerateTextureMipmap(id());
}

}  // namespace renderer::gl
