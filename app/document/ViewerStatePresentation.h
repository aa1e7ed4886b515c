#pragma once
// Presentation for demos, without a window: the turntable's angle and the preset cycle (the saved
// presets in turn, each held for a period, blending into the next over its last seconds).
#include "app/document/ViewerState.h"

namespace app {

struct Turntable {
    bool on = false;
    float degreesPerSecond = 20;  // positive: the camera moves to the viewer's right
};
// The azimuth after `seconds` more of turning, kept in [-180, 180).
float turntableAzimuth(float azimuth, const Turntable& turntable, float seconds);

struct PresetCycle {
    bool on = false;
    float period = 3;  // seconds from one preset to the next
    float blend = 1;   // seconds of that period spent blending into the next (0: a cut)
    double clock = 0;  // seconds since the cycle started
};

// Where the cycle is at `time` with `count` presets: the preset shown, the next, and how far
// (0..1, smoothstep) the blend into the next has gone.
struct CyclePhase {
    int from = -1;  // -1: no presets
    int to = -1;
    float mix = 0;
};
CyclePhase presetCyclePhase(double time, size_t count, float period, float blend);

// The weights of presets `from` and `to` mixed by `mix`, by target name (a name in only one of
// them counts as 0 in the other), as overrides of the selected (and linked) meshes, like
// applyPreset. False when no target of the mesh is named by either.
bool applyPresetBlend(ViewerState& state, const morph::Scene& scene, int from, int to, float mix);

// Advances the cycle by `seconds` and applies its pose; false when there is nothing to cycle.
bool stepPresetCycle(ViewerState& state, const morph::Scene& scene, PresetCycle& cycle,
                     float seconds);

}  // namespace app
