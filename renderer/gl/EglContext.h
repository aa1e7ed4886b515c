#pragma once
// A headless OpenGL 4.5 core context: EGL on Mesa's surfaceless platform
// (EGL_MESA_platform_surfaceless), or on an EGL device (EGL_EXT_platform_device) where that is
// missing; no window, no pbuffer, no DISPLAY. Tests and capture use it;
// the viewer makes its context with GLFW instead. Renderer code only needs *a* current 4.5
// context and never includes EGL or GLFW (this header exposes neither).
#include <memory>
#include <string>

#include "morph/Result.h"

namespace renderer {

// Where the EGL display comes from. Mesa offers both; NVIDIA's driver only the device platform.
enum class EglPlatform { Auto, Surfaceless, Device };

struct ContextOptions {
    EglPlatform platform = EglPlatform::Auto;  // Auto: surfaceless, else the first EGL device
    int major = 4;
    int minor = 5;
#ifdef NDEBUG
    bool debug = false;
#else
    bool debug = true;  // a KHR_debug context with the message callback on (see GlDebug.h)
#endif
};

// Mesa's llvmpipe only: have later contexts generate shader code without LLVM's optimisation
// passes (GALLIVM_PERF=nopt). A command that draws a few pictures spends most of a cold run in
// LLVM (RPM_VisageMale at 800 x 800: 2.7 s of its first draw, 1.2 s without the passes) and
// little drawing (a frame about a fifth slower, the same pixels); bench and the viewer, which
// draw many frames, keep the passes. A GALLIVM_PERF the user set, even empty, wins. Mesa reads
// it once a process, when it makes its first display; and it sets the environment, so call it
// before the command starts a thread.
void useQuickShaderCompile();

class EglContext {
public:
    // Creates the context, makes it current on this thread and loads GL through glad.
    // Errors are one line, e.g. "EGL: no display (EGL_MESA_platform_surfaceless missing)".
    static morph::Result<EglContext> create(const ContextOptions& options = {});

    EglContext(EglContext&&) noexcept;
    EglContext& operator=(EglContext&&) noexcept;
    EglContext(const EglContext&) = delete;
    EglContext& operator=(const EglContext&) = delete;
    ~EglContext();

    // A context sharing this one's objects (textures, buffers, programs), not current anywhere:
    // for a thread of its own, which makes it current there and releases it when done.
    morph::Result<EglContext> shared() const;

    morph::Status makeCurrent() const;
    // Makes no context current on this thread.
    void release() const;
    // "Mesa llvmpipe (LLVM 15.0.6, 256 bits) / 4.5 (Core Profile) Mesa 22.3.6".
    std::string description() const;

private:
    struct State;
    explicit EglContext(std::unique_ptr<State> state);
    std::unique_ptr<State> mState;
};

}  // namespace renderer
