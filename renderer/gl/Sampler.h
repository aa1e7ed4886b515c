#pragma once
// A sampler object: filtering and wrapping kept apart from the texture (glTF samplers map 1:1).
#include "renderer/gl/Object.h"

namespace renderer::gl {

class Sampler : public Object<Kind::Sampler> {
public:
    static Sampler create() { return Sampler(newName()); }
    void parameter(GLenum name, GLint value) { glSamplerParameteri(id(), name, value); }
    void parameter(GLenum name, GLfloat value) { glSamplerParameterf(id(), name, value); }
    void bindUnit(GLuint unit) const { glBindSampler(unit, id()); }

private:
    using Object::Object;
};

}  // namespace renderer::gl
