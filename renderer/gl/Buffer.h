#pragma once
// A buffer object with immutable storage (glNamedBufferStorage), edited through DSA only.
#include <vector>

#include "renderer/gl/Object.h"

namespace renderer::gl {

class Buffer : public Object<Kind::Buffer> {
public:
    Buffer() = default;

    // `bytes` of storage, filled from `data` when it is not null. `flags` as for
    // glNamedBufferStorage (GL_DYNAMIC_STORAGE_BIT to allow subData later). An empty buffer
    // still gets 4 bytes of storage: GL rejects size 0, and binding a name with no storage fails.
    static Buffer create(GLsizeiptr bytes, const void* data, GLbitfield flags = 0);
    template <typename T>
    static Buffer fromVector(const std::vector<T>& values, GLbitfield flags = 0) {
        return create(GLsizeiptr(values.size() * sizeof(T)), values.data(), flags);
    }

    void subData(GLintptr offset, GLsizeiptr bytes, const void* data);
    void read(GLintptr offset, GLsizeiptr bytes, void* out) const;  // glGetNamedBufferSubData
    // `bytes` of `source` from `readOffset` into this buffer at `writeOffset`, on the device
    // (glCopyNamedBufferSubData).
    void copyFrom(const Buffer& source, GLintptr readOffset, GLintptr writeOffset,
                  GLsizeiptr bytes);
    // Binds the whole buffer to an indexed target (GL_SHADER_STORAGE_BUFFER, GL_UNIFORM_BUFFER,
    // GL_TRANSFORM_FEEDBACK_BUFFER).
    void bindBase(GLenum target, GLuint index) const;
    GLsizeiptr size() const { return mSize; }  // as requested (0 for an empty buffer)

private:
    explicit Buffer(GLuint id, GLsizeiptr size) : Object(id), mSize(size) {}
    GLsizeiptr mSize = 0;
};

}  // namespace renderer::gl
