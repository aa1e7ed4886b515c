#pragma once
// Shader text before it reaches GL: files from shaders/ (embedded into the binary at build time,
// so the tools run from any folder), a small #include "file" resolver, and the binding #defines
// injected after #version.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "morph/Result.h"

namespace renderer {

// The text of shaders/<name> as it was at build time; nullopt for an unknown name.
std::optional<std::string_view> embeddedShaderFile(std::string_view name);

// Where #include finds files: by name, nullopt when missing.
using ShaderFileReader = std::function<std::optional<std::string>(const std::string& name)>;
ShaderFileReader embeddedShaderReader();
// Reads <folder>/<name> from disk (for hot reload while editing shaders).
ShaderFileReader folderShaderReader(const std::string& folder);

struct ExpandedShader {
    std::string text;
    // Source-string numbers used in the #line directives: files[n] is the file GL reports as n.
    std::vector<std::string> files;
};

// Expands `name`: its first line must be `#version ...`; after it come bindingDefines() and
// `extraDefines`, then the body with every `#include "file"` replaced by that file's expanded
// text (each file at most once per shader, so shared headers need no guards; a cycle is
// therefore harmless). #line directives keep compiler messages pointing at the right file and
// line. Errors: "mesh.vert:3: #include \"nope.glsl\": no such shader file".
morph::Result<ExpandedShader> expandShader(const std::string& name, const ShaderFileReader& reader,
                                           const std::string& extraDefines = {});

// Rewrites a Mesa-style info log ("0:12(5): error: ...") to name the file ("morph.glsl:12(5):
// error: ...") using `files` from ExpandedShader.
std::string nameFilesInLog(const std::string& log, const std::vector<std::string>& files);

}  // namespace renderer
