#include "renderer/gl/GlDebug.h"

#include <cstdio>
#include <mutex>

#include "renderer/gl/Gl.h"
#include "renderer/gl/Log.h"

namespace renderer {

namespace {

std::mutex gDebugMutex;
std::vector<std::string> gDebugErrors;

const char* errorName(GLenum error) {
    switch (error) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
        case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
        case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
        default: return "GL error";
    }
}

void GLAD_API_PTR onDebugMessage(GLenum source, GLenum type, GLuint /*id*/, GLenum severity,
                                 GLsizei length, const GLchar* message, const void* /*user*/) {
    std::string text = length >= 0 ? std::string(message, size_t(length)) : std::string(message);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    // Compiler diagnostics already come back as values from Shader::compile (with the file
    // name); here they would only be the same message twice, charged as a GL error.
    if (source == GL_DEBUG_SOURCE_SHADER_COMPILER) return;
    if (type == GL_DEBUG_TYPE_ERROR) {
        std::lock_guard<std::mutex> lock(gDebugMutex);
        gDebugErrors.push_back(text);
    }
    if (type == GL_DEBUG_TYPE_ERROR || severity == GL_DEBUG_SEVERITY_HIGH) {
        logNote("GL debug: " + text);
    }
}

}  // namespace

void enableDebugOutput() {
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(onDebugMessage, nullptr);
    // Notifications (buffer placement hints and the like) are noise for a headless renderer.
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, nullptr,
                          GL_FALSE);
}

std::vector<std::string> glErrors() {
    std::vector<std::string> errors;
    // glGetError keeps returning errors until the queue is empty; the bound stops a broken
    // driver (or no context) from looping forever.
    for (int i = 0; i < 64; ++i) {
        const GLenum error = glGetError();
        if (error == GL_NO_ERROR) break;
        errors.emplace_back(errorName(error));
    }
    return errors;
}

std::vector<std::string> takeDebugErrors() {
    std::lock_guard<std::mutex> lock(gDebugMutex);
    std::vector<std::string> out;
    out.swap(gDebugErrors);
    return out;
}

morph::Status checkGl(const std::string& where) {
    std::string message;
    for (const std::string& e : glErrors()) message += (message.empty() ? "" : "; ") + e;
    for (const std::string& e : takeDebugErrors()) message += (message.empty() ? "" : "; ") + e;
    if (message.empty()) return {};
    return morph::Error{morph::ErrorCode::Gpu, where + ": GL error " + message};
}

}  // namespace renderer
