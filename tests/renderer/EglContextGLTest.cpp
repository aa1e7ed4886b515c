// The headless context: 4.5 core on both EGL platforms, with DISPLAY unset (ctest runs without
// one; the app tests also unset it), and several contexts alive at once.
#include <string>

#include <gtest/gtest.h>

#include "renderer/gl/Buffer.h"
#include "renderer/gl/EglContext.h"
#include "renderer/gl/GlDebug.h"

namespace egl_context_gl_test {

namespace {

using renderer::EglContext;
using renderer::EglPlatform;

void expectWorkingContext(const EglContext& context) {
    ASSERT_TRUE(context.makeCurrent().ok());
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    EXPECT_GE(major * 10 + minor, 45) << context.description();
    // Something real happens in it: a buffer round trip.
    const int value = 1234;
    renderer::gl::Buffer buffer = renderer::gl::Buffer::create(sizeof value, &value);
    int back = 0;
    buffer.read(0, sizeof back, &back);
    EXPECT_EQ(back, value);
    EXPECT_TRUE(renderer::checkGl("context").ok());
}

// A context made on `platform` works (expectWorkingContext); its description, "" when it could
// not be made (a failure of the case).
std::string expectWorkingContextOn(EglPlatform platform) {
    renderer::ContextOptions options;
    options.platform = platform;
    auto context = EglContext::create(options);
    EXPECT_TRUE(context.ok()) << context.error().message;
    if (!context.ok()) return "";
    expectWorkingContext(*context);
    return context->description();
}

TEST(EglContextTest, SurfacelessGives45Core) {
    const std::string description = expectWorkingContextOn(EglPlatform::Surfaceless);
    EXPECT_NE(description.find("4.5"), std::string::npos) << description;
}

TEST(EglContextTest, DevicePlatformGives45Core) {
    // The path NVIDIA's driver takes; Mesa offers a software EGL device, so it is tested here.
    expectWorkingContextOn(EglPlatform::Device);
}

TEST(EglContextTest, ContextsOutliveEachOther) {
    auto first = EglContext::create();
    ASSERT_TRUE(first.ok()) << first.error().message;
    {
        auto second = EglContext::create();
        ASSERT_TRUE(second.ok()) << second.error().message;
        expectWorkingContext(*second);
    }
    // Destroying the second must not take the shared display down with it.
    expectWorkingContext(*first);

    EglContext moved = std::move(first).value();
    expectWorkingContext(moved);
}

TEST(EglContextTest, AnUnsupportedVersionIsAnError) {
    renderer::ContextOptions options;
    options.major = 9;
    options.minor = 9;
    auto context = EglContext::create(options);
    ASSERT_FALSE(context.ok());
    EXPECT_EQ(context.error().message.rfind("EGL: no OpenGL 9.9 core context", 0), 0u)
        << context.error().message;
}

}  // namespace

}  // namespace egl_context_gl_test
