#pragma once
// A linked program. Uniforms are set with glProgramUniform* (DSA: no glUseProgram to edit).
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "renderer/gl/Object.h"
#include "renderer/gl/Shader.h"

namespace renderer::gl {

struct LinkOptions {
    // Transform feedback outputs, captured in this order (set before linking, as GL requires).
    std::vector<std::string> feedbackVaryings;
    GLenum feedbackMode = GL_INTERLEAVED_ATTRIBS;
};

class Program : public Object<Kind::Program> {
public:
    // `name` prefixes errors: "mesh.vert+pbr.frag: link failed: ...".
    static morph::Result<Program> link(const std::vector<const Shader*>& shaders,
                                       const std::string& name, const LinkOptions& options = {});

    void use() const { glUseProgram(id()); }
    // -1 when the program has no such active uniform (setting -1 is a no-op in GL).
    GLint uniformLocation(const char* name) const { return glGetUniformLocation(id(), name); }

    void set(GLint location, int value) { glProgramUniform1i(id(), location, value); }
    void set(GLint location, unsigned value) { glProgramUniform1ui(id(), location, value); }
    void set(GLint location, float value) { glProgramUniform1f(id(), location, value); }
    void set(GLint location, const glm::ivec4& v) {
        glProgramUniform4i(id(), location, v.x, v.y, v.z, v.w);
    }
    void set(GLint location, const glm::vec3& v) {
        glProgramUniform3f(id(), location, v.x, v.y, v.z);
    }
    void set(GLint location, const glm::vec4& v) {
        glProgramUniform4f(id(), location, v.x, v.y, v.z, v.w);
    }
    void set(GLint location, const glm::mat3& m) {
        glProgramUniformMatrix3fv(id(), location, 1, GL_FALSE, &m[0][0]);
    }
    void set(GLint location, const glm::mat4& m) {
        glProgramUniformMatrix4fv(id(), location, 1, GL_FALSE, &m[0][0]);
    }
    void set(GLint location, const std::vector<int>& values) {
        glProgramUniform1iv(id(), location, GLsizei(values.size()), values.data());
    }
    template <typename T>
    void set(const char* name, const T& value) {
        set(uniformLocation(name), value);
    }

private:
    using Object::Object;
};

}  // namespace renderer::gl
