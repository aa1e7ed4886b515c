#pragma once
// A transform feedback object: where captured vertex outputs go (GPU eval reads them back).
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Object.h"

namespace renderer::gl {

struct TransformFeedbackDeleter {
    static void destroy(GLuint id) { glDeleteTransformFeedbacks(1, &id); }
};

class TransformFeedback : public Object<TransformFeedbackDeleter> {
public:
    TransformFeedback() = default;
    static TransformFeedback create() {
        GLuint id = 0;
        glCreateTransformFeedbacks(1, &id);
        return TransformFeedback(id);
    }
    void bufferBase(GLuint index, const Buffer& buffer) {
        glTransformFeedbackBufferBase(id(), index, buffer.id());
    }
    void bind() const { glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, id()); }

private:
    explicit TransformFeedback(GLuint id) : Object(id) {}
};

}  // namespace renderer::gl
