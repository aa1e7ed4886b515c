#pragma once
// The viewer's window and its OpenGL 4.5 core context, made with GLFW. This is the only place
// that creates a GLFW window; renderer/ never includes GLFW and only needs *a* current context
// (EglContext is the headless provider, this is the windowed one).
#include <memory>
#include <string>

#include "morph/Result.h"
#include "morph/image/ImageFile.h"

struct GLFWwindow;

namespace app {

struct WindowOptions {
    int width = 1280;
    int height = 800;
    std::string title = "morphview";
    bool vsync = true;
    bool debug = false;  // a KHR_debug context (GlDebug.h installs the callback)
};

class GlfwContext {
public:
    // Initialises GLFW, opens the window with a 4.5 core context, makes it current and loads GL
    // through glad. Errors are one line: "window: GLFW could not create a 4.5 core context
    // (GLX: ...)".
    static morph::Result<GlfwContext> create(const WindowOptions& options);

    GlfwContext(GlfwContext&&) noexcept;
    GlfwContext& operator=(GlfwContext&&) noexcept;
    GlfwContext(const GlfwContext&) = delete;
    GlfwContext& operator=(const GlfwContext&) = delete;
    ~GlfwContext();

    GLFWwindow* window() const;
    // The framebuffer in pixels (differs from the window size on HiDPI displays).
    void framebufferSize(int& width, int& height) const;
    // glfwGetWindowContentScale: 1 on a plain display, 2 on a typical HiDPI one.
    float contentScale() const;
    bool fullscreen() const;
    void setFullscreen(bool on);
    // "llvmpipe (LLVM 15.0.6, 256 bits) / 4.5 (Core Profile) Mesa 22.3.6".
    std::string description() const;
    // GL_RENDERER alone: "llvmpipe (LLVM 15.0.6, 256 bits)"; empty when GL gives none.
    std::string rendererName() const;
    // The window's back buffer as drawn so far, top row first, opaque (alpha 255 whatever the
    // framebuffer holds): what screenshots and recordings of the window save.
    morph::RgbaImage readPixels() const;

    // A hidden 1 x 1 window whose context shares this one's objects, for a thread of its own:
    // made by openShared (here, on the main thread, as GLFW asks; kept until this closes), made
    // current on that thread by makeSharedCurrent and released there by releaseShared.
    morph::Status openShared();
    morph::Status makeSharedCurrent() const;
    void releaseShared() const;

private:
    struct State;
    explicit GlfwContext(std::unique_ptr<State> state);
    std::unique_ptr<State> mState;
};

}  // namespace app
