#pragma once
// A light made on a thread of its own, in a context that shares the caller's objects, so that a
// cold first picture prefilters it (0.4 s of llvmpipe compute for the studio) while the scene's
// programs compile. Meanwhile its stand-in (GpuEnvironment::standIn: the same texture shapes)
// lets a draw compile what the light will need: capture's first shot and the viewer's first
// picture are drawn once with it, then again with the light once taken.
#include <functional>
#include <future>
#include <string>

#include "morph/Result.h"
#include "renderer/gl/ShaderLibrary.h"
#include "renderer/light/GpuEnvironment.h"

namespace renderer {

class LightBeside {
public:
    // Makes the stand-in (on this thread, whose context must be current) and starts
    // GpuEnvironment::load(spec, library) on a new thread, which runs `enter` first (makes the
    // shared context current there; its error is the light's) and `leave` last. No debug
    // callback there: its messages would land in the one list the main thread drains.
    LightBeside(const std::string& spec, const ShaderLibrary& library,
                std::function<morph::Status()> enter, std::function<void()> leave);
    // Waits for the thread, so its context is released before the caller's goes.
    ~LightBeside();
    LightBeside(const LightBeside&) = delete;
    LightBeside& operator=(const LightBeside&) = delete;

    const std::string& spec() const { return mSpec; }
    const GpuEnvironment& standIn() const { return mStandIn; }
    bool ready() const;
    // Waits for the light (once; the thread has glFinish-ed, so its textures are whole) and
    // adds the milliseconds waited to `waitedMs`. If it is not made yet, `meanwhile` first draws
    // the picture with the stand-in: into the picture's own target, since llvmpipe's code also
    // depends on whether the textures a pass reads (the G-buffer's follow the target) have
    // power-of-two sides.
    morph::Result<GpuEnvironment> take(
        double& waitedMs, const std::function<void(const GpuEnvironment& standIn)>& meanwhile = {});

private:
    std::string mSpec;
    GpuEnvironment mStandIn;
    std::future<morph::Result<GpuEnvironment>> mLight;
};

}  // namespace renderer
