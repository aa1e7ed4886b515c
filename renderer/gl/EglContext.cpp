#include "renderer/gl/EglContext.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <glad/egl.h>

#include "renderer/gl/Gl.h"
#include "renderer/gl/GlDebug.h"

namespace renderer {

struct EglContext::State {
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLConfig config = nullptr;
    EGLContext context = EGL_NO_CONTEXT;
    std::vector<EGLint> attributes;  // what the context was made with, for shared() ones
};

namespace {

morph::Error eglError(const std::string& what) {
    char code[16];
    std::snprintf(code, sizeof code, "0x%04X", eglGetError ? eglGetError() : 0);
    return morph::Error{morph::ErrorCode::Gpu, "EGL: " + what + " (error " + code + ")"};
}

GLADapiproc loadGl(const char* name) {
    return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name));
}

morph::Result<EGLDisplay> initialize(EGLDisplay display, const char* platform) {
    if (display == EGL_NO_DISPLAY) return eglError(std::string("no display (") + platform + ")");
    EGLint major = 0, minor = 0;
    if (eglInitialize(display, &major, &minor) != EGL_TRUE) {
        return eglError(std::string("eglInitialize failed (") + platform + ")");
    }
    // Second load: the display's version and extensions.
    if (gladLoaderLoadEGL(display) == 0) {
        return morph::Error{morph::ErrorCode::Gpu,
                            "EGL: loading the display's entry points failed"};
    }
    if (!GLAD_EGL_KHR_surfaceless_context) {
        return morph::Error{
            morph::ErrorCode::Gpu,
            std::string("EGL: EGL_KHR_surfaceless_context missing (") + platform + ")"};
    }
    return display;
}

// The surfaceless platform needs no window system and no device node beyond what Mesa's
// software rasterizer (llvmpipe) uses, so it works with DISPLAY unset and in containers.
morph::Result<EGLDisplay> surfacelessDisplay() {
    if (!GLAD_EGL_MESA_platform_surfaceless) {
        return morph::Error{morph::ErrorCode::Gpu,
                            "EGL: no display (EGL_MESA_platform_surfaceless missing)"};
    }
    return initialize(
        eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr),
        "surfaceless");
}

// Headless GPUs whose driver has no surfaceless platform (NVIDIA) expose EGL devices instead.
morph::Result<EGLDisplay> deviceDisplay() {
    if (!GLAD_EGL_EXT_device_enumeration || !GLAD_EGL_EXT_platform_device) {
        return morph::Error{morph::ErrorCode::Gpu,
                            "EGL: no display (EGL_EXT_platform_device missing)"};
    }
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (eglQueryDevicesEXT(16, devices, &count) != EGL_TRUE || count == 0) {
        return eglError("no display (no EGL device)");
    }
    morph::Error last{morph::ErrorCode::Gpu, "EGL: no display (no EGL device)"};
    for (EGLint i = 0; i < count; ++i) {
        auto display = initialize(
            eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr), "device");
        if (display) return display;
        last = display.error();
    }
    return last;
}

morph::Result<EGLDisplay> openDisplay(EglPlatform platform) {
    // First load: client extensions and the entry points that need no display.
    if (gladLoaderLoadEGL(EGL_NO_DISPLAY) == 0)
        return morph::Error{morph::ErrorCode::Gpu, "EGL: libEGL not found"};
    if (!GLAD_EGL_EXT_platform_base)
        return morph::Error{morph::ErrorCode::Gpu,
                            "EGL: no display (EGL_EXT_platform_base missing)"};
    if (platform == EglPlatform::Surfaceless) return surfacelessDisplay();
    if (platform == EglPlatform::Device) return deviceDisplay();
    auto display = surfacelessDisplay();
    if (display) return display;
    auto device = deviceDisplay();
    if (device) return device;
    return morph::Error{morph::ErrorCode::Gpu,
                        display.error().message + "; " + device.error().message};
}

}  // namespace

void useQuickShaderCompile() {
    setenv("GALLIVM_PERF", "nopt", /*overwrite=*/0);
}

EglContext::EglContext(std::unique_ptr<State> state) : mState(std::move(state)) {}
EglContext::EglContext(EglContext&&) noexcept = default;
EglContext& EglContext::operator=(EglContext&& other) noexcept {
    if (this != &other) {
        EglContext doomed(std::move(*this));
        mState = std::move(other.mState);
    }
    return *this;
}

EglContext::~EglContext() {
    if (!mState) return;
    if (eglGetCurrentContext() == mState->context) {
        eglMakeCurrent(mState->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglDestroyContext(mState->display, mState->context);
    // No eglTerminate: the surfaceless display is one per process, shared by every EglContext,
    // and terminating it would pull the rug from under any other context still alive.
}

morph::Result<EglContext> EglContext::create(const ContextOptions& options) {
    auto display = openDisplay(options.platform);
    if (!display) return display.error();
    auto state = std::make_unique<State>();
    state->display = *display;

    if (eglBindAPI(EGL_OPENGL_API) != EGL_TRUE) return eglError("desktop OpenGL not supported");
    // Surfaceless: no surface type is required of the config (the default would ask for a
    // window-capable one, which this platform has none of).
    const EGLint configAttributes[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                       EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configCount = 0;
    if (eglChooseConfig(state->display, configAttributes, &config, 1, &configCount) != EGL_TRUE ||
        configCount == 0) {
        return eglError("no OpenGL config");
    }
    state->config = config;
    state->attributes = {EGL_CONTEXT_MAJOR_VERSION,
                         options.major,
                         EGL_CONTEXT_MINOR_VERSION,
                         options.minor,
                         EGL_CONTEXT_OPENGL_PROFILE_MASK,
                         EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                         EGL_CONTEXT_OPENGL_DEBUG,
                         options.debug ? EGL_TRUE : EGL_FALSE,
                         EGL_NONE};
    state->context =
        eglCreateContext(state->display, config, EGL_NO_CONTEXT, state->attributes.data());
    if (state->context == EGL_NO_CONTEXT) {
        return eglError("no OpenGL " + std::to_string(options.major) + "." +
                        std::to_string(options.minor) + " core context");
    }
    EglContext result(std::move(state));
    if (auto current = result.makeCurrent(); !current) return current.error();
    if (gladLoadGL(loadGl) == 0)
        return morph::Error{morph::ErrorCode::Gpu, "EGL: loading OpenGL entry points failed"};
    if (!GLAD_GL_VERSION_4_5)
        return morph::Error{morph::ErrorCode::Gpu, "EGL: the context is not OpenGL 4.5"};
    if (options.debug) enableDebugOutput();
    return result;
}

morph::Result<EglContext> EglContext::shared() const {
    auto state = std::make_unique<State>(*mState);
    state->context =
        eglCreateContext(state->display, state->config, mState->context, state->attributes.data());
    if (state->context == EGL_NO_CONTEXT) return eglError("no shared OpenGL context");
    return EglContext(std::move(state));
}

void EglContext::release() const {
    eglMakeCurrent(mState->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

morph::Status EglContext::makeCurrent() const {
    if (eglMakeCurrent(mState->display, EGL_NO_SURFACE, EGL_NO_SURFACE, mState->context) !=
        EGL_TRUE) {
        return eglError("eglMakeCurrent failed");
    }
    return {};
}

std::string EglContext::description() const {
    auto text = [](GLenum name) {
        const GLubyte* s = glGetString(name);
        return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
    };
    return text(GL_RENDERER) + " / " + text(GL_VERSION);
}

}  // namespace renderer
