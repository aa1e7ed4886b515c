#pragma once
// A sampler object: filtering and wrapping kept apart from the texture (glTF samplers map 1:1).
#include "renderer/gl/Object.h"

namespace renderer::gl {

struct SamplerDeleter {
    static void destroy(GLuint id) { glDeleteSamplers(1, &id); }
};

class Sampler : public Object<SamplerDeleter> {
public:
    Sampler() = default;
    static Sampler create() {
        GLuint id = 0;
        glCreateSamplers(1, &id);
        return Sampler(id);
    }
    void parameter(GLenum name, GLint value) { glSamplerParameteri(id(), name, value); }
    void parameter(GLenum name, GLfloat value) { glSamplerParameterf(id(), name, value); }
    void bindUnit(GLuint unit) const { glBindSampler(unit, id()); }

private:
    explicit Sampler(GLuint id) : Object(id) {}
};

}  // namespace renderer::gl
