#pragma once
// The move-only owner of one GL name (after Magnum's GL::Buffer): copy deleted, move zeroes the
// source, the destructor deletes. Each kind (Buffer, Texture, ...) derives with its own deleter,
// so no renderer code outside renderer/gl/ holds a bare GLuint.
#include <utility>

#include "renderer/gl/Gl.h"

namespace renderer::gl {

template <typename Deleter>
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
    explicit Object(GLuint id) : mId(id) {}
    // Deletes the name now (a moved-from or empty object holds 0 and deletes nothing).
    void reset() {
        if (mId != 0) Deleter::destroy(mId);
        mId = 0;
    }

private:
    GLuint mId = 0;
};

}  // namespace renderer::gl
