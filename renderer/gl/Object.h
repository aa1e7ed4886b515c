#pragma once
// The move-only owner of one GL name (after Magnum's GL::Buffer): copy deleted, move zeroes the
// source, the destructor deletes. Each kind (Buffer, Texture, ...) derives from Object<its Kind>,
// and this file is the only place a name is made (glCreate*) or deleted (glDelete*), so no
// renderer code outside renderer/gl/ holds a bare GLuint.
#include <atomic>
#include <utility>

#include "renderer/gl/Gl.h"

namespace renderer::gl {

enum class Kind {
    Buffer,
    Texture,
    Sampler,
    Renderbuffer,
    Framebuffer,
    VertexArray,
    Query,
    TransformFeedback,
    Program,
    Shader,
};

// The GL names made here and not yet deleted, every kind together: how many GL objects the
// renderer holds now (the soak's leak check, `sample` in a viewer script), counted where every name
// is made and deleted instead of scanning names with glIsBuffer and friends.
inline std::atomic<long>& liveNameCount() {
    static std::atomic<long> count{0};
    return count;
}

// A new name of `kind`; `target` is the texture or query target, or the shader stage, for the
// kinds created with one. 0 when GL fails.
inline GLuint createName(Kind kind, GLenum target = 0) {
    GLuint id = 0;
    switch (kind) {
        case Kind::Buffer: glCreateBuffers(1, &id); break;
        case Kind::Texture: glCreateTextures(target, 1, &id); break;
        case Kind::Sampler: glCreateSamplers(1, &id); break;
        case Kind::Renderbuffer: glCreateRenderbuffers(1, &id); break;
        case Kind::Framebuffer: glCreateFramebuffers(1, &id); break;
        case Kind::VertexArray: glCreateVertexArrays(1, &id); break;
        case Kind::Query: glCreateQueries(target, 1, &id); break;
        case Kind::TransformFeedback: glCreateTransformFeedbacks(1, &id); break;
        case Kind::Program: id = glCreateProgram(); break;
        case Kind::Shader: id = glCreateShader(target); break;
    }
    if (id != 0) liveNameCount().fetch_add(1, std::memory_order_relaxed);
    return id;
}

inline void deleteName(Kind kind, GLuint id) {
    if (id != 0) liveNameCount().fetch_sub(1, std::memory_order_relaxed);
    switch (kind) {
        case Kind::Buffer: glDeleteBuffers(1, &id); break;
        case Kind::Texture: glDeleteTextures(1, &id); break;
        case Kind::Sampler: glDeleteSamplers(1, &id); break;
        case Kind::Renderbuffer: glDeleteRenderbuffers(1, &id); break;
        case Kind::Framebuffer: glDeleteFramebuffers(1, &id); break;
        case Kind::VertexArray: glDeleteVertexArrays(1, &id); break;
        case Kind::Query: glDeleteQueries(1, &id); break;
        case Kind::TransformFeedback: glDeleteTransformFeedbacks(1, &id); break;
        case Kind::Program: glDeleteProgram(id); break;
        case Kind::Shader: glDeleteShader(id); break;
    }
}

template <Kind K>
class Object {
public:
    Object() = default;
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    Object(Object&& other) noexcept : mId(std::exchange(other.mId, 0)) {}
    Object& operator=(Object&& other) noexcept {
        if (this != &other) {
            reset();
            mId = std::exchange(other.mId, 0);
        }
        return *this;
    }
    ~Object() { reset(); }

    GLuint id() const { return mId; }
    explicit operator bool() const { return mId != 0; }

protected:
    // Takes ownership of `id`; a derived kind's create() passes it newName().
    explicit Object(GLuint id) : mId(id) {}
    static GLuint newName(GLenum target = 0) { return createName(K, target); }
    // Deletes the name now (a moved-from or empty object holds 0 and deletes nothing).
    void reset() {
        if (mId != 0) deleteName(K, mId);
        mId = 0;
    }

private:
    GLuint mId = 0;
};

}  // namespace renderer::gl
