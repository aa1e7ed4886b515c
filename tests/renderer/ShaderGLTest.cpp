// Shaders through GL: embedded files compile and link, the injected bindings reach the
// program, and compile/link failures come back as one-line errors naming the file.
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "fixtures/BuildPaths.h"
#include "renderer/gl/Bindings.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/morph/MorphPath.h"

namespace shader_gl_test {

namespace {

using renderer::ShaderLibrary;

class ShaderTest : public fixtures::GlTest {};

renderer::ShaderFileReader mapReader(std::map<std::string, std::string> files) {
    return [files](const std::string& name) -> std::optional<std::string> {
        auto it = files.find(name);
        if (it == files.end()) return std::nullopt;
        return it->second;
    };
}

TEST_F(ShaderTest, EmbeddedMeshProgramLinksWithBindingLocations) {
    ShaderLibrary library;
    auto program = library.program({"mesh.vert", "normals.frag"}, {}, renderer::morphPathDefines());
    ASSERT_TRUE(program.ok()) << program.error().message;
    using renderer::Attribute;
    EXPECT_EQ(glGetAttribLocation(program->id(), "aPosition"),
              GLint(renderer::location(Attribute::Position)));
    EXPECT_EQ(glGetAttribLocation(program->id(), "aNormal"),
              GLint(renderer::location(Attribute::Normal)));
    EXPECT_EQ(glGetUniformLocation(program->id(), "uMorphLayout"),
              renderer::location(renderer::UniformLocation::MorphLayout));
    EXPECT_EQ(glGetUniformLocation(program->id(), "uMorphSlots[2]"),
              renderer::location(renderer::UniformLocation::MorphSlots) + 2);
    const GLuint block =
        glGetProgramResourceIndex(program->id(), GL_SHADER_STORAGE_BLOCK, "MorphWeights");
    ASSERT_NE(block, GL_INVALID_INDEX);
    const GLenum property = GL_BUFFER_BINDING;
    GLint bindingPoint = -1;
    glGetProgramResourceiv(program->id(), GL_SHADER_STORAGE_BLOCK, block, 1, &property, 1, nullptr,
                           &bindingPoint);
    EXPECT_EQ(bindingPoint, GLint(renderer::binding(renderer::StorageBlock::MorphWeights)));
}

TEST_F(ShaderTest, MorphGlslWithoutThePathDefinesSaysWhatIsMissing) {
    auto program = ShaderLibrary().program({"mesh.vert", "normals.frag"});
    ASSERT_FALSE(program.ok());
    EXPECT_NE(program.error().message.find("renderer::morphPathDefines()"), std::string::npos)
        << program.error().message;
}

TEST_F(ShaderTest, CompileErrorNamesTheIncludedFileAndLine) {
    ShaderLibrary library(mapReader({
        {"a.vert",
         "#version 450 core\n#include \"lib.glsl\"\nvoid main() { gl_Position = f(); }\n"},
        {"lib.glsl", "vec4 f() {\n  return vec4(1.0);\n  nonsense here;\n}\n"},
    }));
    auto shader = library.compile("a.vert");
    ASSERT_FALSE(shader.ok());
    const std::string& message = shader.error().message;
    EXPECT_EQ(message.rfind("a.vert: compile failed: ", 0), 0u) << message;
    EXPECT_NE(message.find("lib.glsl:3("), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "errors are one line";
}

TEST_F(ShaderTest, LinkErrorNamesTheStages) {
    ShaderLibrary library(mapReader({
        {"a.vert", "#version 450 core\nvoid main() { gl_Position = vec4(0.0); }\n"},
        // An input no stage writes, used: a link error.
        {"b.frag",
         "#version 450 core\nin vec4 vMissing;\nout vec4 c;\nvoid main() { c = vMissing; }\n"},
    }));
    auto program = library.program({"a.vert", "b.frag"});
    ASSERT_FALSE(program.ok());
    EXPECT_EQ(program.error().message.rfind("a.vert+b.frag: link failed: ", 0), 0u)
        << program.error().message;
}

TEST_F(ShaderTest, UnknownStageAndMissingFileAreErrors) {
    ShaderLibrary library(mapReader({{"a.txt", "#version 450 core\n"}}));
    auto unknown = library.compile("a.txt");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("a.txt: unknown shader stage"), std::string::npos);
    auto missing = library.compile("none.frag");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "none.frag: no such shader file");
}

TEST_F(ShaderTest, SourceFolderReaderMatchesTheEmbeddedFiles) {
    // The capture tool runs from any folder on the embedded copy; the folder reader (hot reload)
    // must see the same text when the source tree is there.
    auto fromDisk = renderer::folderShaderReader(std::string(MORPHVIEW_SOURCE_DIR) + "/shaders");
    for (const char* name : {"morph.glsl", "mesh.vert", "normals.frag"}) {
        auto disk = fromDisk(name);
        auto embedded = renderer::embeddedShaderFile(name);
        ASSERT_TRUE(disk && embedded) << name;
        EXPECT_EQ(*disk, std::string(*embedded)) << name;
    }
}

}  // namespace

}  // namespace shader_gl_test
