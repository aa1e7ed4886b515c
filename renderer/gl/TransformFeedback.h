#pragma once
// A transform feedback object: where captured vertex outputs go (GPU eval reads them back).
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Object.h"

namespace renderer::gl {

class TransformFeedback : public Object<Kind::TransformFeedback> {
public:
    static TransformFeedback create() { return TransformFeedback(newName()); }
    void bufferBase(GLuint index, const Buffer& buffer) {
        glTransformFeedbackBufferBase(id(), index, buffer.id());
    }
    void bind() const { glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, id()); }

private:
    using Object::Object;
};

}  // namespace renderer::gl
