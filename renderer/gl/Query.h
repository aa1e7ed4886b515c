#pragma once
// A query object (GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
// GL_TIME_ELAPSED, GL_SAMPLES_PASSED, ...).
#include <cstdint>

#include "renderer/gl/Object.h"

namespace renderer::gl {

class Query : public Object<Kind::Query> {
public:
    Query() = default;
    static Query create(GLenum target) { return Query(newName(target), target); }
    void begin() { glBeginQuery(mTarget, id()); }
    void end() { glEndQuery(mTarget); }
    // Waits for the result.
    uint64_t result() const {
        GLuint64 value = 0;
        glGetQueryObjectui64v(id(), GL_QUERY_RESULT, &value);
        return value;
    }
    GLenum target() const { return mTarget; }

private:
    Query(GLuint id, GLenum target) : Object(id), mTarget(target) {}
    GLenum mTarget = 0;
};

}  // namespace renderer::gl
