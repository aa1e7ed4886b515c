#include "renderer/gl/Program.h"

namespace renderer::gl {

morph::Result<Program> Program::link(const std::vector<const Shader*>& shaders,
                                     const std::string& name, const LinkOptions& options) {
    Program program(newName());
    if (!program) return morph::Error{morph::ErrorCode::Gpu, name + ": glCreateProgram failed"};
    for (const Shader* shader : shaders) glAttachShader(program.id(), shader->id());
    if (!options.feedbackVaryings.empty()) {
        std::vector<const char*> names;
        for (const std::string& varying : options.feedbackVaryings)
            names.push_back(varying.c_str());
        glTransformFeedbackVaryings(program.id(), GLsizei(names.size()), names.data(),
                                    options.feedbackMode);
    }
    glLinkProgram(program.id());
    // Detached so the shaders' own owners can delete them now; the program keeps its binary.
    for (const Shader* shader : shaders) glDetachShader(program.id(), shader->id());

    return checkBuilt(std::move(program), GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog,
                      name + ": link failed");
}

}  // namespace renderer::gl
