#pragma once
// A vertex array object set up through DSA (glVertexArrayAttribFormat and friends).
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Object.h"

namespace renderer::gl {

class VertexArray : public Object<Kind::VertexArray> {
public:
    static VertexArray create();

    // Enables `location`, reading `components` of `type` at `relativeOffset` from binding
    // `binding`. Floats (and normalized integers) go through glVertexArrayAttribFormat.
    void attribute(GLuint location, GLuint binding, GLint components, GLenum type,
                   bool normalized = false, GLuint relativeOffset = 0);
    // Integer attributes (ivec/uvec in the shader), e.g. JOINTS_0.
    void attributeInteger(GLuint location, GLuint binding, GLint components, GLenum type,
                          GLuint relativeOffset = 0);
    void vertexBuffer(GLuint binding, const Buffer& buffer, GLintptr offset, GLsizei stride);
    void elementBuffer(const Buffer& buffer);
    void bind() const { glBindVertexArray(id()); }

private:
    using Object::Object;
};

}  // namespace renderer::gl
