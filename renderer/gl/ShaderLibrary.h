#pragma once
// Builds programs from shader file names: expands (ShaderSource.h), compiles and links, and
// returns errors that name the file and carry the info log.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/Shader.h"
#include "renderer/gl/ShaderSource.h"

namespace renderer {

class ShaderLibrary {
public:
    // Default: the files embedded at build time.
    explicit ShaderLibrary(ShaderFileReader reader = embeddedShaderReader());

    // The stage comes from the extension: .vert, .frag, .geom, .comp, .tesc, .tese.
    morph::Result<gl::Shader> compile(const std::string& name,
                                      const std::string& extraDefines = {}) const;
    // The text compile() would hand GL (includes and defines expanded), e.g. to key a cache of
    // what a shader computes.
    morph::Result<ExpandedShader> expand(const std::string& name,
                                         const std::string& extraDefines = {}) const {
        return expandShader(name, mReader, extraDefines);
    }
    // Compiles each file and links them; `extraDefines` go into every stage.
    morph::Result<gl::Program> program(const std::vector<std::string>& names,
                                       const gl::LinkOptions& options = {},
                                       const std::string& extraDefines = {}) const;

private:
    ShaderFileReader mReader;
};

}  // namespace renderer
