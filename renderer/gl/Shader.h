#pragma once
// A compiled shader stage. Compilation errors come back as values with the source's name and
// the driver's info log; the source is assumed already expanded (see renderer/gl/ShaderSource.h).
#include <string>

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

// Whether shader or program `id` compiled or linked: its `status` (GL_COMPILE_STATUS,
// GL_LINK_STATUS) read with its pair of getters (glGetShaderiv and glGetShaderInfoLog, or
// glGetProgramiv and glGetProgramInfoLog); when not, the error "FAILED: " and its info log as
// oneLineLog gives it.
morph::Status checkBuilt(GLuint id, GLenum status, PFNGLGETSHADERIVPROC getiv,
                         PFNGLGETSHADERINFOLOGPROC getInfoLog, const std::string& failed);

}  // namespace renderer::gl
