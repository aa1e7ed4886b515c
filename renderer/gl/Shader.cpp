#include "renderer/gl/Shader.h"

namespace renderer::gl {

std::string oneLineLog(std::string log) {
    while (!log.empty() && (log.back() == '\n' || log.back() == '\0' || log.back() == ' ')) {
        log.pop_back();
    }
    std::string out;
    for (char c : log) {
        if (c == '\n') {
            out += " | ";
        } else {
            out += c;
        }
    }
    return out;
}

morph::Error infoLogError(GLuint id, PFNGLGETSHADERIVPROC getiv,
                          PFNGLGETSHADERINFOLOGPROC getInfoLog, const std::string& failed) {
    GLint logLength = 0;
    getiv(id, GL_INFO_LOG_LENGTH, &logLength);
    std::string log(static_cast<size_t>(logLength > 0 ? logLength : 0), '\0');
    if (logLength > 0) getInfoLog(id, logLength, nullptr, log.data());
    return morph::Error{morph::ErrorCode::Gpu, failed + ": " + oneLineLog(log)};
}

morph::Result<Shader> Shader::compile(GLenum stage, const std::string& source,
                                      const std::string& name) {
    Shader shader(newName(stage), stage);
    if (!shader) return morph::Error{morph::ErrorCode::Gpu, name + ": glCreateShader failed"};
    const char* text = source.c_str();
    const GLint length = static_cast<GLint>(source.size());
    glShaderSource(shader.id(), 1, &text, &length);
    glCompileShader(shader.id());
    return checkBuilt(std::move(shader), GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog,
                      name + ": compile failed");
}

}  // namespace renderer::gl
