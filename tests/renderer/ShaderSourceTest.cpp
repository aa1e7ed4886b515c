// Shader text before GL: the #include resolver, the injected bindings and the embedded files.
// No context needed.
#include <algorithm>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "renderer/gl/Bindings.h"
#include "renderer/gl/ShaderSource.h"

namespace shader_source_test {

namespace {

using renderer::expandShader;

renderer::ShaderFileReader mapReader(std::map<std::string, std::string> files) {
    return [files](const std::string& name) -> std::optional<std::string> {
        auto it = files.find(name);
        if (it == files.end()) return std::nullopt;
        return it->second;
    };
}

// `name` expanded with `files` as the only shader files, `extraDefines` after the bindings; a
// failure fails the case and gives an empty expansion.
renderer::ExpandedShader expandOrFail(const std::string& name,
                                      std::map<std::string, std::string> files,
                                      const std::string& extraDefines = {}) {
    auto expanded = expandShader(name, mapReader(std::move(files)), extraDefines);
    EXPECT_TRUE(expanded.ok()) << expanded.error().message;
    return expanded.ok() ? std::move(expanded).value() : renderer::ExpandedShader{};
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST(ShaderSourceTest, BindingsFollowTheVersionLine) {
    const std::string text =
        expandOrFail("a.vert", {{"a.vert", "#version 450 core\nvoid main() {}\n"}}).text;
    EXPECT_EQ(text.rfind("#version 450 core\n#define MV_ATTRIB_POSITION 0\n", 0), 0u);
    EXPECT_NE(text.find("#define MV_CHANNEL_TEXCOORD_0 3\n"), std::string::npos);
    EXPECT_NE(text.find("#define MV_CHANNEL_COUNT 6\n"), std::string::npos);
    EXPECT_NE(text.find("#define MV_SSBO_MORPH_WEIGHTS " +
                        std::to_string(renderer::binding(renderer::StorageBlock::MorphWeights))),
              std::string::npos);
    // The body keeps its own line numbers: line 2 of file 0.
    EXPECT_NE(text.find("#line 2 0\nvoid main() {}\n"), std::string::npos);
}

TEST(ShaderSourceTest, IncludesExpandOnceEach) {
    const renderer::ExpandedShader expanded = expandOrFail(
        "a.vert",
        {
            {"a.vert",
             "#version 450 core\n#include \"b.glsl\"\n#include \"c.glsl\"\nvoid main() {}\n"},
            {"b.glsl", "#include \"c.glsl\"\nfloat b() { return c(); }\n"},
            {"c.glsl", "float c() { return 1.0; }\n"},
        });
    EXPECT_EQ(count(expanded.text, "float c()"), 1u);
    EXPECT_LT(expanded.text.find("float c()"), expanded.text.find("float b()"));
    EXPECT_EQ(expanded.files, (std::vector<std::string>{"a.vert", "b.glsl", "c.glsl"}));
    // After an include, numbering resumes in the including file at the next line.
    // (the second #include of c.glsl becomes an empty line, keeping the count).
    EXPECT_NE(expanded.text.find("#line 3 0\n\nvoid main() {}"), std::string::npos);
}

TEST(ShaderSourceTest, IncludeCyclesTerminate) {
    const std::string text =
        expandOrFail("a.frag",
                     {
                         {"a.frag", "#version 450 core\n#include \"x.glsl\"\n"},
                         {"x.glsl", "#include \"y.glsl\"\n// x\n"},
                         {"y.glsl", "#include \"x.glsl\"\n// y\n"},
                     })
            .text;
    EXPECT_EQ(count(text, "// x"), 1u);
    EXPECT_EQ(count(text, "// y"), 1u);
}

TEST(ShaderSourceTest, MissingIncludeNamesFileAndLine) {
    auto reader = mapReader({{"a.vert", "#version 450 core\n\n#include \"nope.glsl\"\n"}});
    auto expanded = expandShader("a.vert", reader);
    ASSERT_FALSE(expanded.ok());
    EXPECT_EQ(expanded.error().code, morph::ErrorCode::Io);
    EXPECT_EQ(expanded.error().message, "a.vert:3: #include \"nope.glsl\": no such shader file");
}

TEST(ShaderSourceTest, MalformedIncludeAndMissingVersionAreErrors) {
    auto bad =
        expandShader("a.vert", mapReader({{"a.vert", "#version 450 core\n#include <x.glsl>\n"}}));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, morph::ErrorCode::Gpu);  // a shader that cannot be built
    EXPECT_NE(bad.error().message.find("a.vert:2: #include needs a \"file\" name"),
              std::string::npos);

    auto noVersion = expandShader("a.vert", mapReader({{"a.vert", "void main() {}\n"}}));
    ASSERT_FALSE(noVersion.ok());
    EXPECT_EQ(noVersion.error().code, morph::ErrorCode::Gpu);
    EXPECT_NE(noVersion.error().message.find("a.vert:1: the first line must be #version"),
              std::string::npos);

    auto missing = expandShader("z.vert", mapReader({}));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, morph::ErrorCode::Io);
    EXPECT_EQ(missing.error().message, "z.vert: no such shader file");
}

TEST(ShaderSourceTest, ExtraDefinesComeAfterTheBindings) {
    const std::string text =
        expandOrFail("a.vert", {{"a.vert", "#version 450 core\n"}}, "#define MV_TEST 1").text;
    EXPECT_LT(text.find("MV_ATTRIB_POSITION"), text.find("#define MV_TEST 1\n"));
}

TEST(ShaderSourceTest, LogsNameTheFiles) {
    const std::vector<std::string> files = {"mesh.vert", "morph.glsl"};
    EXPECT_EQ(renderer::nameFilesInLog(
                  "mesh.vert: compile failed: 1:12(5): error: x | 0:3(1): error: y", files),
              "mesh.vert: compile failed: morph.glsl:12(5): error: x | mesh.vert:3(1): error: y");
    // Numbers that are no file are left alone.
    EXPECT_EQ(renderer::nameFilesInLog("a: 7:1(2): z", files), "a: 7:1(2): z");
}

TEST(ShaderSourceTest, ShadersAreEmbeddedInTheBinary) {
    for (const char* name : {"morph.glsl", "mesh.vert", "normals.frag"}) {
        auto text = renderer::embeddedShaderFile(name);
        ASSERT_TRUE(text.has_value()) << name;
        EXPECT_FALSE(text->empty()) << name;
    }
    EXPECT_FALSE(renderer::embeddedShaderFile("no-such.glsl").has_value());
    auto morph = renderer::embeddedShaderFile("morph.glsl");
    EXPECT_NE(morph->find("texelFetch"), std::string::npos);
    // The embedded mesh.vert expands with the embedded morph.glsl.
    auto expanded = expandShader("mesh.vert", renderer::embeddedShaderReader());
    ASSERT_TRUE(expanded.ok()) << expanded.error().message;
    // mesh.vert first, then its includes (morph.glsl and whatever else it pulls in).
    ASSERT_FALSE(expanded->files.empty());
    EXPECT_EQ(expanded->files.front(), "mesh.vert");
    EXPECT_NE(std::find(expanded->files.begin(), expanded->files.end(), "morph.glsl"),
              expanded->files.end());
}

}  // namespace

}  // namespace shader_source_test
