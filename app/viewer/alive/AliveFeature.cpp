// Idle life in the window (AliveFeature.h).
#include "app/viewer/alive/AliveFeature.h"

#include <cstdio>
#include <utility>

namespace app {

AliveFeature::AliveFeature(const FeatureContext& context)
    : ViewerFeature(context), mSchedule(morph::makeIdleSchedule(context.options.seed)) {
    mUi.alive.on = mOptions.alive;
    // --record-stream is live input's file when it listens; else idle life's.
    if (mOptions.recordStream.empty() || !mOptions.listen.empty()) return;
    auto recorder = live::StreamRecorder::open(mOptions.recordStream);
    if (!recorder) {
        std::fprintf(stderr, "morphview: %s\n", recorder.error().message.c_str());
        showError(mUi, recorder.error().message);
        return;
    }
    mRecorder.emplace(std::move(recorder).value());
}

void AliveFeature::modelChanged() {
    mPlan = morph::planIdleLife(mDoc.scene);
    mUi.alive.found = "Idle life: " + morph::describeIdleLife(mPlan);
    mSaid = false;
    ExternalLayer& layer = externalLayer(mDoc.state, kAliveLayer);
    layer.weights.clear();
    layer.rotations.clear();
}

void AliveFeature::poll(float dt) {
    if (!mDoc.loaded) return;
    ExternalLayer& layer = externalLayer(mDoc.state, kAliveLayer);
    if (!mUi.alive.on) {
        layer.weights.clear();
        layer.rotations.clear();
        return;
    }
    if (!mSaid) std::fprintf(stderr, "alive: %s\n", morph::describeIdleLife(mPlan).c_str());
    mSaid = true;
    mTime = mTime < 0 ? 0 : mTime + double(dt);  // the first frame shows the face at 0
    morph::IdleFrame frame = morph::idleFrameAt(mPlan, mSchedule, mTime);
    record(frame.weights);
    layer.weights = std::move(frame.weights);
    layer.rotations = std::move(frame.rotations);
}

// The layer's weights by the model's target names, when they changed since the last line.
void AliveFeature::record(const morph::TargetWeights& weights) {
    if (!mRecorder) return;
    std::map<std::string, float> named;
    for (const auto& [key, value] : weights)
        named[mDoc.scene.meshes[key.first].targetNames[key.second]] = value;
    if (mRecorded == named) return;
    if (morph::Status s = mRecorder->writeAt(mTime, kAliveLayer, named); !s) {
        showError(mUi, s.error().message);
        mRecorder.reset();  // the recording stops at its first write error
        return;
    }
    mRecorded = std::move(named);
}

void AliveFeature::addMotion(Motion& motion) const {
    if (mUi.alive.on && mDoc.loaded) motion.moving = true;
}

}  // namespace app
