#include "app/viewer/GlfwContext.h"

#include <algorithm>

#include "renderer/gl/Gl.h"
// glad provides the GL declarations; GLFW must not pull in the system GL header.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace app {

namespace {

// GLFW reports errors through a callback; the last one explains a failed create.
std::string& lastGlfwError() {
    static std::string error;
    return error;
}

void onGlfwError(int, const char* description) {
    lastGlfwError() = description ? description : "";
}

std::string withGlfwError(const std::string& message) {
    const std::string& detail = lastGlfwError();
    return detail.empty() ? message : message + " (" + detail + ")";
}

}  // namespace

struct GlfwContext::State {
    GLFWwindow* window = nullptr;
    GLFWwindow* shared = nullptr;  // openShared's hidden window
    // The windowed placement to return to when fullscreen ends.
    int windowedX = 0, windowedY = 0, windowedWidth = 0, windowedHeight = 0;

    ~State() {
        if (shared) glfwDestroyWindow(shared);
        if (window) glfwDestroyWindow(window);
        glfwTerminate();
    }
};

morph::Result<GlfwContext> GlfwContext::create(const WindowOptions& options) {
    glfwSetErrorCallback(onGlfwError);
    if (!glfwInit()) {
        return morph::Error{
            morph::ErrorCode::Gpu,
            withGlfwError("window: GLFW could not start (no display? set DISPLAY, or use "
                          "'morphview capture' headless)")};
    }
    auto state = std::make_unique<State>();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, options.debug ? GLFW_TRUE : GLFW_FALSE);
    // Single-sampled: the 3D view draws into its own target with its own anti-aliasing
    // (ViewerUi::viewSamples) and is copied in; the UI needs none.
    glfwWindowHint(GLFW_SAMPLES, 0);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);  // window size in logical units on HiDPI
    glfwWindowHint(GLFW_DEPTH_BITS, 24);
    state->window = glfwCreateWindow(std::max(options.width, 64), std::max(options.height, 64),
                                     options.title.c_str(), nullptr, nullptr);
    if (!state->window) {
        return morph::Error{morph::ErrorCode::Gpu,
                            withGlfwError("window: GLFW could not create a 4.5 core context")};
    }
    glfwMakeContextCurrent(state->window);
    if (gladLoadGL(glfwGetProcAddress) == 0) {
        return morph::Error{morph::ErrorCode::Gpu, "window: loading OpenGL entry points failed"};
    }
    glfwSwapInterval(options.vsync ? 1 : 0);
    return GlfwContext(std::move(state));
}

GlfwContext::GlfwContext(std::unique_ptr<State> state) : mState(std::move(state)) {}
GlfwContext::GlfwContext(GlfwContext&&) noexcept = default;
GlfwContext& GlfwContext::operator=(GlfwContext&&) noexcept = default;
GlfwContext::~GlfwContext() = default;

morph::Status GlfwContext::openShared() {
    if (mState->shared) return {};
    // The window's hints (version, profile, debug) still stand; hidden, and only for this one.
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    mState->shared = glfwCreateWindow(1, 1, "morphview (shared)", nullptr, mState->window);
    glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE);
    if (!mState->shared) {
        return morph::Error{morph::ErrorCode::Gpu,
                            withGlfwError("window: GLFW could not create a shared context")};
    }
    return {};
}

morph::Status GlfwContext::makeSharedCurrent() const {
    if (!mState->shared) return morph::Error{morph::ErrorCode::Gpu, "window: no shared context"};
    glfwMakeContextCurrent(mState->shared);
    return {};
}

void GlfwContext::releaseShared() const {
    glfwMakeContextCurrent(nullptr);
}

GLFWwindow* GlfwContext::window() const {
    return mState ? mState->window : nullptr;
}

void GlfwContext::framebufferSize(int& width, int& height) const {
    glfwGetFramebufferSize(mState->window, &width, &height);
}

float GlfwContext::contentScale() const {
    float x = 1, y = 1;
    glfwGetWindowContentScale(mState->window, &x, &y);
    // A broken report (0, NaN) must not make the UI vanish.
    const float scale = std::max(x, y);
    return scale >= 0.5f && scale <= 8.0f ? scale : 1.0f;
}

bool GlfwContext::fullscreen() const {
    return glfwGetWindowMonitor(mState->window) != nullptr;
}

void GlfwContext::setFullscreen(bool on) {
    if (on == fullscreen()) return;
    State& s = *mState;
    if (on) {
        GLFWmonitor* monitor = glfwGetPrimaryMonitor();
        const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
        if (!mode) return;
        glfwGetWindowPos(s.window, &s.windowedX, &s.windowedY);
        glfwGetWindowSize(s.window, &s.windowedWidth, &s.windowedHeight);
        glfwSetWindowMonitor(s.window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    } else {
        glfwSetWindowMonitor(s.window, nullptr, s.windowedX, s.windowedY, s.windowedWidth,
                             s.windowedHeight, GLFW_DONT_CARE);
    }
}

std::string GlfwContext::description() const {
    auto text = [](GLenum name) {
        const GLubyte* s = glGetString(name);
        return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
    };
    return text(GL_RENDERER) + " / " + text(GL_VERSION);
}

std::string GlfwContext::rendererName() const {
    const GLubyte* s = glGetString(GL_RENDERER);
    return s ? std::string(reinterpret_cast<const char*>(s)) : std::string();
}

morph::RgbaImage GlfwContext::readPixels() const {
    int width = 0, height = 0;
    framebufferSize(width, height);
    morph::RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.resize(size_t(width) * size_t(height) * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
    // GL's rows run bottom-up, image files' top-down; the window is opaque whatever alpha says.
    const size_t row = size_t(width) * 4;
    for (int y = 0; y < height / 2; ++y) {
        std::swap_ranges(image.pixels.begin() + y * row, image.pixels.begin() + (y + 1) * row,
                         image.pixels.begin() + (height - 1 - y) * row);
    }
    for (size_t i = 3; i < image.pixels.size(); i += 4) image.pixels[i] = 255;
    return image;
}

}  // namespace app
