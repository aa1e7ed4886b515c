// The --script driver in the window (ScriptFeature.h).
#include "app/viewer/script/ScriptFeature.h"

#include <filesystem>
#include <utility>

#include <imgui.h>

namespace app {

morph::Result<std::unique_ptr<ScriptRunner>> readScript(const std::string& path) {
    if (path.empty()) return std::unique_ptr<ScriptRunner>();
    auto loaded = loadScript(path);
    if (!loaded) return loaded.error();
    const std::string folder = std::filesystem::absolute(path).parent_path().string();
    return std::make_unique<ScriptRunner>(std::move(loaded).value(), folder);
}

ScriptFeature::ScriptFeature(const FeatureContext& context, std::unique_ptr<ScriptRunner> runner)
    : ViewerFeature(context), mRunner(std::move(runner)) {
    mUi.trackWidgets = true;
}

float ScriptFeature::fixedStep() const {
    return drives() ? ScriptRunner::kFrameSeconds : 0.0f;
}

void ScriptFeature::driveInput(int width, int height, ScriptStep& step) {
    // A script's run must not depend on the machine's speed either inside ImGui (double clicks,
    // key repeat, hover delays are timed with DeltaTime, which the backend just read from the
    // wall clock).
    if (drives()) ImGui::GetIO().DeltaTime = ScriptRunner::kFrameSeconds;
    const float viewX = mUi.weightsWidth, viewY = mUi.menuHeight;
    step = mRunner->beforeFrame(mDoc, mUi, viewX, viewY, float(width) - viewX,
                                float(height) - viewY - mUi.timelineHeight);
    mIdleSeconds = step.idleSeconds;
}

void ScriptFeature::addMotion(Motion& motion) const {
    if (drives()) {
        motion.moving = true;
    } else {
        wakeWithin(motion, mIdleSeconds);
    }
}

}  // namespace app
