#include "renderer/gl/ShaderLibrary.h"

#include <utility>

#include "renderer/gl/Timing.h"

namespace renderer {

namespace {

GLenum stageOf(const std::string& name) {
    const size_t dot = name.rfind('.');
    const std::string extension = dot == std::string::npos ? "" : name.substr(dot + 1);
    if (extension == "vert") return GL_VERTEX_SHADER;
    if (extension == "frag") return GL_FRAGMENT_SHADER;
    if (extension == "geom") return GL_GEOMETRY_SHADER;
    if (extension == "comp") return GL_COMPUTE_SHADER;
    if (extension == "tesc") return GL_TESS_CONTROL_SHADER;
    if (extension == "tese") return GL_TESS_EVALUATION_SHADER;
    return 0;
}

}  // namespace

ShaderLibrary::ShaderLibrary(ShaderFileReader reader) : mReader(std::move(reader)) {}

morph::Result<gl::Shader> ShaderLibrary::compile(const std::string& name,
                                                 const std::string& extraDefines) const {
    const GLenum stage = stageOf(name);
    if (stage == 0) {
        return morph::Error{morph::ErrorCode::Gpu,
                            name +
                                ": unknown shader stage (expected .vert, .frag, .geom, .comp, "
                                ".tesc or .tese)"};
    }
    auto expanded = expandShader(name, mReader, extraDefines);
    if (!expanded) return expanded.error();
    auto shader = gl::Shader::compile(stage, expanded->text, name);
    if (!shader) {
        return morph::Error{shader.error().code,
                            nameFilesInLog(shader.error().message, expanded->files)};
    }
    return shader;
}

morph::Result<gl::Program> ShaderLibrary::program(const std::vector<std::string>& names,
                                                  const gl::LinkOptions& options,
                                                  const std::string& extraDefines) const {
    Stopwatch clock;
    struct Counted {  // every return below adds its time (a failed build's too)
        Stopwatch& clock;
        ~Counted() { addProgramWork(clock.ms()); }
    } counted{clock};
    std::vector<gl::Shader> shaders;
    std::string joined;
    for (const std::string& name : names) {
        auto shader = compile(name, extraDefines);
        if (!shader) return shader.error();
        shaders.push_back(std::move(shader).value());
        joined += (joined.empty() ? "" : "+") + name;
    }
    std::vector<const gl::Shader*> pointers;
    for (const gl::Shader& shader : shaders) pointers.push_back(&shader);
    return gl::Program::link(pointers, joined, options);
}

}  // namespace renderer
