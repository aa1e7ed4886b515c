#include "renderer/light/LightBeside.h"

#include <chrono>
#include <utility>

#include "renderer/gl/Gl.h"
#include "renderer/gl/Timing.h"

namespace renderer {

LightBeside::LightBeside(const std::string& spec, const ShaderLibrary& library,
                         std::function<morph::Status()> enter, std::function<void()> leave)
    : mSpec(spec), mStandIn(GpuEnvironment::standIn(spec)) {
    mLight = std::async(std::launch::async,
                        [spec, library, enter = std::move(enter), leave = std::move(leave)] {
                            if (auto entered = enter(); !entered)
                                return morph::Result<GpuEnvironment>(entered.error());
                            auto light = GpuEnvironment::load(spec, library);
                            glFinish();
                            leave();
                            return light;
                        });
}

LightBeside::~LightBeside() {
    if (mLight.valid()) mLight.wait();
}

bool LightBeside::ready() const {
    return !mLight.valid() || mLight.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

morph::Result<GpuEnvironment> LightBeside::take(
    double& waitedMs, const std::function<void(const GpuEnvironment& standIn)>& meanwhile) {
    if (!mLight.valid())
        return morph::Error{morph::ErrorCode::Gpu, mSpec + ": the light was already taken"};
    if (meanwhile && !ready()) meanwhile(mStandIn);
    const Stopwatch clock;
    auto light = mLight.get();
    waitedMs += clock.ms();
    return light;
}

}  // namespace renderer
