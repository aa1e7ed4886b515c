#include "renderer/gl/VertexArray.h"

namespace renderer::gl {

VertexArray VertexArray::create() {
    return VertexArray(newName());
}

void VertexArray::attribute(GLuint location, GLuint binding, GLint components, GLenum type,
                            bool normalized, GLuint relativeOffset) {
    glEnableVertexArrayAttrib(id(), location);
    glVertexArrayAttribFormat(id(), location, components, type, normalized ? GL_TRUE : GL_FALSE,
                              relativeOffset);
    glVertexArrayAttribBinding(id(), location, binding);
}

void VertexArray::attributeInteger(GLuint location, GLuint binding, GLint components, GLenum type,
                                   GLuint relativeOffset) {
    glEnableVertexArrayAttrib(id(), location);
    glVertexArrayAttribIFormat(id(), location, components, type, relativeOffset);
    glVertexArrayAttribBinding(id(), location, binding);
}

void VertexArray::vertexBuffer(GLuint binding, const Buffer& buffer, GLintptr offset,
                               GLsizei stride) {
    glVertexArrayVertexBuffer(id(), binding, buffer.id(), offset, stride);
}

void VertexArray::elementBuffer(const Buffer& buffer) {
    glVertexArrayElementBuffer(id(), buffer.id());
}

}  // namespace renderer::gl
