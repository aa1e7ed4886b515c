#include "renderer/gl/Buffer.h"

#include <algorithm>

namespace renderer::gl {

Buffer Buffer::create(GLsizeiptr bytes, const void* data, GLbitfield flags) {
    const GLuint id = newName();
    const GLsizeiptr storage = std::max<GLsizeiptr>(bytes, 4);
    if (data != nullptr && storage != bytes) {
        glNamedBufferStorage(id, storage, nullptr, flags | GL_DYNAMIC_STORAGE_BIT);
        if (bytes > 0) glNamedBufferSubData(id, 0, bytes, data);
    } else {
        glNamedBufferStorage(id, storage, data, flags);
    }
    return Buffer(id, bytes);
}

void Buffer::subData(GLintptr offset, GLsizeiptr bytes, const void* data) {
    if (bytes > 0) glNamedBufferSubData(id(), offset, bytes, data);
}

void Buffer::read(GLintptr offset, GLsizeiptr bytes, void* out) const {
    if (bytes > 0) glGetNamedBufferSubData(id(), offset, bytes, out);
}

void Buffer::copyFrom(const Buffer& source, GLintptr readOffset, GLintptr writeOffset,
                      GLsizeiptr bytes) {
    if (bytes > 0) glCopyNamedBufferSubData(source.id(), id(), readOffset, writeOffset, bytes);
}

void Buffer::bindBase(GLenum target, GLuint index) const {
    glBindBufferBase(target, index, id());
}

}  // namespace renderer::gl
