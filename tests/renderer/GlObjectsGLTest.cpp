// The owner classes of renderer/gl/: move-only, a move zeroes the source, the destructor deletes
// the name, and nothing raises a GL error.
#include <algorithm>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "GlFixture.h"
#include "morph/image/ImageResize.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Framebuffer.h"
#include "renderer/gl/Program.h"
#include "renderer/gl/Query.h"
#include "renderer/gl/Sampler.h"
#include "renderer/gl/Shader.h"
#include "renderer/gl/Texture.h"
#include "renderer/gl/TransformFeedback.h"
#include "renderer/gl/VertexArray.h"

namespace gl_objects_gl_test {

namespace {

using namespace renderer::gl;

template <typename T>
constexpr bool isMoveOnly() {
    return !std::is_copy_constructible_v<T> && !std::is_copy_assignable_v<T> &&
           std::is_nothrow_move_constructible_v<T> && std::is_nothrow_move_assignable_v<T>;
}
static_assert(isMoveOnly<Buffer>() && isMoveOnly<VertexArray>() && isMoveOnly<Texture>() &&
              isMoveOnly<Sampler>() && isMoveOnly<Shader>() && isMoveOnly<Program>() &&
              isMoveOnly<Framebuffer>() && isMoveOnly<Renderbuffer>() && isMoveOnly<Query>() &&
              isMoveOnly<TransformFeedback>());

class GlObjectsTest : public fixtures::GlTest {};

// For one kind: create() gives a live name, a move carries it and leaves 0 behind, move
// assignment deletes the target's old name, and the destructor deletes.
template <typename T, typename Create, typename IsName>
void checkOwnerSemantics(Create create, IsName isName) {
    GLuint first = 0, second = 0;
    {
        T a = create();
        first = a.id();
        ASSERT_NE(first, 0u);
        EXPECT_TRUE(isName(first));

        T b = std::move(a);
        EXPECT_EQ(a.id(), 0u);  // NOLINT(bugprone-use-after-move): the point of the test
        EXPECT_FALSE(static_cast<bool>(a));
        EXPECT_EQ(b.id(), first);

        T c = create();
        second = c.id();
        c = std::move(b);       // c's own name is deleted here
        EXPECT_EQ(b.id(), 0u);  // NOLINT(bugprone-use-after-move)
        EXPECT_EQ(c.id(), first);
        EXPECT_FALSE(isName(second));
        EXPECT_TRUE(isName(first));

        c = std::move(c);  // self-move keeps the name
        EXPECT_EQ(c.id(), first);
    }
    EXPECT_FALSE(isName(first));
}

TEST_F(GlObjectsTest, BufferOwnsItsName) {
    checkOwnerSemantics<Buffer>([] { return Buffer::create(64, nullptr); },
                                [](GLuint id) { return glIsBuffer(id) == GL_TRUE; });
}

TEST_F(GlObjectsTest, VertexArrayOwnsItsName) {
    checkOwnerSemantics<VertexArray>([] { return VertexArray::create(); },
                                     [](GLuint id) { return glIsVertexArray(id) == GL_TRUE; });
}

TEST_F(GlObjectsTest, TextureOwnsItsName) {
    checkOwnerSemantics<Texture>([] { return Texture::create(GL_TEXTURE_2D_ARRAY); },
                                 [](GLuint id) { return glIsTexture(id) == GL_TRUE; });
}

TEST_F(GlObjectsTest, SamplerOwnsItsName) {
    checkOwnerSemantics<Sampler>([] { return Sampler::create(); },
                                 [](GLuint id) { return glIsSampler(id) == GL_TRUE; });
}

TEST_F(GlObjectsTest, ShaderAndProgramOwnTheirNames) {
    const std::string source = "#version 450 core\nvoid main() { gl_Position = vec4(0.0); }\n";
    checkOwnerSemantics<Shader>(
        [&] { return Shader::compile(GL_VERTEX_SHADER, source, "t.vert").value(); },
        [](GLuint id) { return glIsShader(id) == GL_TRUE; });
    checkOwnerSemantics<Program>(
        [&] {
            Shader shader = Shader::compile(GL_VERTEX_SHADER, source, "t.vert").value();
            return Program::link({&shader}, "t.vert").value();
        },
        [](GLuint id) { return glIsProgram(id) == GL_TRUE; });
}

TEST_F(GlObjectsTest, FramebufferAndRenderbufferOwnTheirNames) {
    checkOwnerSemantics<Framebuffer>([] { return Framebuffer::create(); },
                                     [](GLuint id) { return glIsFramebuffer(id) == GL_TRUE; });
    checkOwnerSemantics<Renderbuffer>([] { return Renderbuffer::create(); },
                                      [](GLuint id) { return glIsRenderbuffer(id) == GL_TRUE; });
}

TEST_F(GlObjectsTest, QueryAndTransformFeedbackOwnTheirNames) {
    checkOwnerSemantics<Query>([] { return Query::create(GL_PRIMITIVES_GENERATED); },
                               [](GLuint id) { return glIsQuery(id) == GL_TRUE; });
    checkOwnerSemantics<TransformFeedback>(
        [] { return TransformFeedback::create(); },
        [](GLuint id) { return glIsTransformFeedback(id) == GL_TRUE; });
}

TEST_F(GlObjectsTest, DefaultObjectsHoldNoName) {
    Buffer buffer;
    Texture texture;
    Program program;
    EXPECT_EQ(buffer.id(), 0u);
    EXPECT_EQ(texture.id(), 0u);
    EXPECT_EQ(program.id(), 0u);
    Buffer moved = std::move(buffer);  // moving an empty owner deletes nothing
    EXPECT_EQ(moved.id(), 0u);
}

TEST_F(GlObjectsTest, BufferStorageRoundTrips) {
    const std::vector<float> values = {1.5f, -2.0f, 3.25f, 4.0f};
    Buffer buffer = Buffer::fromVector(values, GL_DYNAMIC_STORAGE_BIT);
    EXPECT_EQ(buffer.size(), GLsizeiptr(values.size() * sizeof(float)));
    const float replacement = 9.0f;
    buffer.subData(sizeof(float), sizeof(float), &replacement);
    std::vector<float> back(values.size());
    buffer.read(0, GLsizeiptr(back.size() * sizeof(float)), back.data());
    EXPECT_EQ(back, (std::vector<float>{1.5f, 9.0f, 3.25f, 4.0f}));

    // GL refuses zero-sized storage; an empty vector still gives a usable name.
    Buffer empty = Buffer::fromVector(std::vector<float>{});
    EXPECT_NE(empty.id(), 0u);
    EXPECT_EQ(empty.size(), 0);
}

TEST_F(GlObjectsTest, FramebufferCompletenessIsAValue) {
    Framebuffer framebuffer = Framebuffer::create();
    const morph::Status incomplete = framebuffer.checkComplete("offscreen");
    ASSERT_FALSE(incomplete.ok());
    EXPECT_NE(incomplete.error().message.find("offscreen: framebuffer incomplete"),
              std::string::npos);

    Texture color = Texture::create(GL_TEXTURE_2D);
    color.storage2D(1, GL_RGBA8, 8, 4);
    Renderbuffer depth = Renderbuffer::create();
    depth.storage(GL_DEPTH_COMPONENT24, 8, 4);
    framebuffer.attach(GL_COLOR_ATTACHMENT0, color);
    framebuffer.attach(GL_DEPTH_ATTACHMENT, depth);
    EXPECT_TRUE(framebuffer.checkComplete("offscreen").ok());
    EXPECT_EQ(color.width(), 8);
    EXPECT_EQ(color.height(), 4);
}

TEST_F(GlObjectsTest, ContextIsCore45) {
    GLint major = 0, minor = 0, profile = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
    EXPECT_GE(major * 10 + minor, 45);
    EXPECT_TRUE(profile & GL_CONTEXT_CORE_PROFILE_BIT);
}

TEST_F(GlObjectsTest, GlErrorsAreDrainedAndNamed) {
    glEnable(GL_INVALID_VALUE);  // not a capability: GL_INVALID_ENUM
    const morph::Status status = renderer::checkGl("probe");
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.error().message.find("probe: GL error GL_INVALID_ENUM"), std::string::npos);
    EXPECT_TRUE(renderer::checkGl("after").ok());  // drained
}

// The CPU mipmaps (morph::mipLevels), which GpuScene uploads where GL rasterizes on the CPU, match
// what the driver's glGenerateMipmap makes of the same texture, linear and sRGB: within one code
// at level 1 (the two round differently), two below it (each level is made from the rounded one
// above; the difference does not grow further). A textured model looks the same either way.
TEST_F(GlObjectsTest, CpuMipmapsMatchGenerateMipmap) {
    morph::Image image;
    image.width = 64;
    image.height = 32;
    uint32_t state = 12345;
    for (int i = 0; i < image.width * image.height * 4; ++i) {
        state = state * 1664525u + 1013904223u;
        // Smooth values with some noise, so the box filters are exercised away from 0 and 255.
        image.rgba.push_back(uint8_t((i * 7 % 200) + (state >> 29)));
    }
    for (const bool srgb : {false, true}) {
        const std::vector<morph::Image> cpu = morph::mipLevels(image, srgb);
        Texture texture = Texture::create(GL_TEXTURE_2D);
        texture.storage2D(GLsizei(cpu.size() + 1), srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8, image.width,
                          image.height);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        texture.subImage2D(0, 0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE,
                           image.rgba.data());
        texture.generateMipmap();
        for (size_t level = 0; level < cpu.size(); ++level) {
            std::vector<uint8_t> gpu(cpu[level].rgba.size());
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glGetTextureImage(texture.id(), GLint(level + 1), GL_RGBA, GL_UNSIGNED_BYTE,
                              GLsizei(gpu.size()), gpu.data());
            int worst = 0;
            for (size_t i = 0; i < gpu.size(); ++i)
                worst = std::max(worst, std::abs(int(gpu[i]) - int(cpu[level].rgba[i])));
            EXPECT_LE(worst, level == 0 ? 1 : 2)
                << (srgb ? "sRGB" : "linear") << " level " << level + 1;
        }
    }
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace

}  // namespace gl_objects_gl_test
