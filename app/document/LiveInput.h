#pragma once
// The viewer's live input, window-free: a recording's weights by target name as the live
// layer's {mesh, target} weights (--replay), the samples per second a source sends (File >
// Live), and "Record to clip": the live input keyed into a user clip as it is applied.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/document/ViewerState.h"
#include "morph/Scene.h"
#include "morph/anim/TargetWeights.h"
#include "morph/edit/WeightSpec.h"

namespace app {

// The targets `spec` sets, as --weights sets them (capture --replay draws a recording's line
// through its --weights SPEC): NAME=V every target of that name on every mesh, INDEX=V target
// INDEX of every mesh, *=V all; vrm: items are not the live layer's and are left out.
morph::TargetWeights liveWeightsOf(const morph::Scene& scene,
                                   const std::vector<morph::WeightAssignment>& spec);

// Samples per second from a source's running count, over windows of at least kWindowSeconds
// (a 60 Hz stream reads 60, not a value that flickers with each frame's handful).
class SampleRate {
public:
    static constexpr double kWindowSeconds = 1.0;
    void update(uint64_t count, double seconds);
    double perSecond() const { return mRate; }

private:
    bool mStarted = false;
    uint64_t mCount = 0;
    double mSeconds = 0;
    double mRate = 0;
};

// "Record to clip": a new user clip on the selected mesh ("live 1", "live 2", ...), keyed at
// each applied live sample with the mesh's weights as shown then (before solo/mute, as Key
// keys them), at the seconds since recording began.
struct LiveClipRecording {
    int clip = -1;  // in ViewerState::userClips
    int mesh = -1;
    size_t keys = 0;
};

// Starts one on the selected mesh; an error when no mesh with targets is selected.
morph::Result<LiveClipRecording> startLiveClip(ViewerState& state, const morph::Scene& scene);
// Keys the clip at `seconds` with the mesh's weights as the state shows them now.
morph::Status keyLiveClip(ViewerState& state, const morph::Scene& scene,
                          LiveClipRecording& recording, float seconds);

}  // namespace app
