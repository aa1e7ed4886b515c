#pragma once
// A compiled shader stage. Compilation errors come back as values with the source's name and
// the driver's info log; the source is assumed already expanded (see renderer/gl/ShaderSource.h).
#include <string>
#include <utility>

#include "morph/Result.h"
#include "renderer/gl/Object.h"

namespace renderer::gl {

class Shader : public Object<Kind::Shader> {
public:
    Shader() = default;
    // `stage` is GL_VERTEX_SHADER, GL_FRAGMENT_SHADER, ...; `name` (a file name) prefixes errors:
    // "mesh.vert: compile failed: 0:12(3): error: ...".
    static morph::Result<Shader> compile(GLenum stage, const std::string& source,
                                         const std::string& name);
    GLenum stage() const { return mStage; }

private:
    Shader(GLuint id, GLenum stage) : Object(id), mStage(stage) {}
    GLenum mStage = 0;
};

// The info log of a shader or program, trimmed and with its lines joined by " | " so an error
// stays one line.
std::string oneLineLog(std::string log);

// The error "FAILED: " and the info log of shader or program `id`, read with its pair of getters
// (glGetShaderiv and glGetShaderInfoLog, or glGetProgramiv and glGetProgramInfoLog), as
// oneLineLog gives it.
morph::Error infoLogError(GLuint id, PFNGLGETSHADERIVPROC getiv,
                          PFNGLGETSHADERINFOLOGPROC getInfoLog, const std::string& failed);

// `object`, a shader just compiled or a program just linked, when its `status`
// (GL_COMPILE_STATUS, GL_LINK_STATUS) read with `getiv` is GL_TRUE; else infoLogError's error.
template <typename T>
morph::Result<T> checkBuilt(T object, GLenum status, PFNGLGETSHADERIVPROC getiv,
                            PFNGLGETSHADERINFOLOGPROC getInfoLog, const std::string& failed) {
    GLint ok = GL_FALSE;
    getiv(object.id(), status, &ok);
    if (ok == GL_TRUE) return morph::Result<T>(std::move(object));
    return infoLogError(object.id(), getiv, getInfoLog, failed);
}

}  // namespace renderer::gl
