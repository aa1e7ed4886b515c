#include "app/document/LiveInput.h"

#include <algorithm>

#include "morph/edit/UserClip.h"

namespace app {

morph::TargetWeights liveWeightsOf(const morph::Scene& scene,
                                   const std::vector<morph::WeightAssignment>& spec) {
    using Kind = morph::WeightAssignment::Kind;
    morph::TargetWeights weights;
    for (const morph::WeightAssignment& a : spec) {
        if (a.kind == Kind::Expression) continue;
        for (size_t m = 0; m < scene.meshes.size(); ++m) {
            const std::vector<std::string>& names = scene.meshes[m].targetNames;
            for (size_t t = 0; t < scene.meshes[m].targetCount(); ++t) {
                const bool hit = a.kind == Kind::All ||
                                 (a.kind == Kind::Name && t < names.size() && names[t] == a.name) ||
                                 (a.kind == Kind::Index && t == a.index);
                if (hit) weights.set(m, t, a.value);
            }
        }
    }
    return weights;
}

void SampleRate::update(uint64_t count, double seconds) {
    if (!mStarted || count < mCount) {  // the first reading, or a source opened anew
        mStarted = true;
        mCount = count;
        mSeconds = seconds;
        mRate = 0;
        return;
    }
    const double elapsed = seconds - mSeconds;
    if (elapsed < kWindowSeconds) return;
    mRate = double(count - mCount) / elapsed;
    mCount = count;
    mSeconds = seconds;
}

morph::Result<LiveClipRecording> startLiveClip(ViewerState& state, const morph::Scene& scene) {
    const int mesh = state.selectedMesh;
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size() ||
        scene.meshes[size_t(mesh)].targetCount() == 0) {
        return morph::Error{morph::ErrorCode::Usage,
                            "Record to clip: no mesh with morph targets is selected"};
    }
    std::string name;
    for (int n = 1; name.empty(); ++n) {
        const std::string candidate = "live " + std::to_string(n);
        const bool taken =
            std::any_of(state.userClips.begin(), state.userClips.end(),
                        [&](const morph::UserClip& c) { return c.name == candidate; });
        if (!taken) name = candidate;
    }
    LiveClipRecording recording;
    recording.clip = newUserClip(state, scene, name);
    recording.mesh = mesh;
    return recording;
}

morph::Status keyLiveClip(ViewerState& state, const morph::Scene& scene,
                          LiveClipRecording& recording, float seconds) {
    if (recording.clip < 0 || size_t(recording.clip) >= state.userClips.size() ||
        recording.mesh < 0 || size_t(recording.mesh) >= scene.meshes.size()) {
        return morph::Error{morph::ErrorCode::Usage, "Record to clip: the clip is gone"};
    }
    std::vector<float> weights = resolveMeshWeights(scene, state, recording.mesh).beforeSoloMute;
    morph::UserClip& clip = state.userClips[size_t(recording.clip)];
    weights.resize(clip.targetNames.size(), 0.0f);
    morph::Result<size_t> key = morph::setKey(clip, std::max(seconds, 0.0f), std::move(weights));
    if (!key) return key.error();
    ++recording.keys;
    return {};
}

}  // namespace app
