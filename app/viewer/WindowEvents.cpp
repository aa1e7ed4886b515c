// The window's own events noted (WindowEvents.h).
#include "app/viewer/WindowEvents.h"

#include <utility>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace app::window_events {

namespace {

// The callbacks found in place (ImGui's), each called after the event is noted. GLFW calls
// them on the main thread, inside glfwWaitEvents or glfwPollEvents.
struct Previous {
    GLFWkeyfun key = nullptr;
    GLFWcharfun character = nullptr;
    GLFWmousebuttonfun button = nullptr;
    GLFWscrollfun scroll = nullptr;
    GLFWcursorposfun cursor = nullptr;
    GLFWcursorenterfun enter = nullptr;
    GLFWwindowfocusfun focus = nullptr;
    GLFWwindowsizefun size = nullptr;
    GLFWframebuffersizefun framebuffer = nullptr;
    GLFWwindowrefreshfun refresh = nullptr;
    GLFWwindowiconifyfun iconify = nullptr;
    GLFWwindowmaximizefun maximize = nullptr;
    GLFWwindowposfun position = nullptr;
    GLFWwindowclosefun close = nullptr;
};

Previous previous;
bool noted = true;  // the first frames settle

// Notes the event, then calls `handler` (when there is one) with the same arguments.
template <typename Handler, typename... Args>
void note(Handler handler, Args... args) {
    noted = true;
    if (handler) handler(args...);
}

}  // namespace

void watch(GLFWwindow* window) {
    previous.key = glfwSetKeyCallback(window, [](GLFWwindow* w, int k, int s, int a, int m) {
        note(previous.key, w, k, s, a, m);
    });
    previous.character = glfwSetCharCallback(
        window, [](GLFWwindow* w, unsigned int c) { note(previous.character, w, c); });
    previous.button = glfwSetMouseButtonCallback(
        window, [](GLFWwindow* w, int b, int a, int m) { note(previous.button, w, b, a, m); });
    previous.scroll = glfwSetScrollCallback(
        window, [](GLFWwindow* w, double x, double y) { note(previous.scroll, w, x, y); });
    previous.cursor = glfwSetCursorPosCallback(
        window, [](GLFWwindow* w, double x, double y) { note(previous.cursor, w, x, y); });
    previous.enter = glfwSetCursorEnterCallback(
        window, [](GLFWwindow* w, int entered) { note(previous.enter, w, entered); });
    previous.focus = glfwSetWindowFocusCallback(
        window, [](GLFWwindow* w, int focused) { note(previous.focus, w, focused); });
    previous.size = glfwSetWindowSizeCallback(
        window, [](GLFWwindow* w, int x, int y) { note(previous.size, w, x, y); });
    previous.framebuffer = glfwSetFramebufferSizeCallback(
        window, [](GLFWwindow* w, int x, int y) { note(previous.framebuffer, w, x, y); });
    previous.refresh =
        glfwSetWindowRefreshCallback(window, [](GLFWwindow* w) { note(previous.refresh, w); });
    previous.iconify = glfwSetWindowIconifyCallback(
        window, [](GLFWwindow* w, int iconified) { note(previous.iconify, w, iconified); });
    previous.maximize = glfwSetWindowMaximizeCallback(
        window, [](GLFWwindow* w, int maximized) { note(previous.maximize, w, maximized); });
    previous.position = glfwSetWindowPosCallback(
        window, [](GLFWwindow* w, int x, int y) { note(previous.position, w, x, y); });
    // A close asked for may open a question (unsaved work) that settles like any panel.
    previous.close =
        glfwSetWindowCloseCallback(window, [](GLFWwindow* w) { note(previous.close, w); });
}

bool take() {
    return std::exchange(noted, false);
}

}  // namespace app::window_events
