#include "app/document/ViewerStatePresentation.h"

#include <algorithm>
#include <cmath>

namespace app {

float turntableAzimuth(float azimuth, const Turntable& turntable, float seconds) {
    if (!turntable.on) return azimuth;
    float a = std::fmod(azimuth + turntable.degreesPerSecond * seconds + 180.0f, 360.0f);
    if (a < 0) a += 360.0f;
    return a - 180.0f;
}

CyclePhase presetCyclePhase(double time, size_t count, float period, float blend) {
    CyclePhase phase;
    if (count == 0) return phase;
    const double p = std::max(double(period), 0.05);
    const double t = std::max(time, 0.0);
    const double step = std::floor(t / p);
    phase.from = int(std::fmod(step, double(count)));
    phase.to = int((size_t(phase.from) + 1) % count);
    const double b = std::clamp(double(blend), 0.0, p);
    const double into = t - step * p - (p - b);  // seconds into this period's blend
    if (b > 0 && into > 0) {
        const double x = std::clamp(into / b, 0.0, 1.0);
        phase.mix = float(x * x * (3.0 - 2.0 * x));  // eases in and out of each preset
    }
    return phase;
}

bool applyPresetBlend(ViewerState& state, const morph::Scene& scene, int from, int to, float mix) {
    const auto valid = [&](int p) { return p >= 0 && size_t(p) < state.presets.size(); };
    if (!valid(from) || !valid(to)) return false;
    const Preset& a = state.presets[size_t(from)];
    const Preset& b = state.presets[size_t(to)];
    const auto weight = [](const Preset& p, const std::string& name, bool& named) {
        const auto it = p.weights.find(name);
        if (it == p.weights.end()) return 0.0f;
        named = true;
        return it->second;
    };
    bool matched = false;
    for (int m : panelMeshes(scene, state)) {
        const std::vector<std::string>& names = scene.meshes[size_t(m)].targetNames;
        if (size_t(m) >= state.meshes.size() ||
            state.meshes[size_t(m)].targets.size() != names.size())
            continue;
        for (size_t i = 0; i < names.size(); ++i) {
            bool named = false;
            const float wa = weight(a, names[i], named), wb = weight(b, names[i], named);
            TargetState& t = state.meshes[size_t(m)].targets[i];
            if (t.held) continue;  // the slider the user is dragging wins
            t.overridden = named;
            if (named) t.value = std::clamp(wa + (wb - wa) * mix, kRangeLimitMin, kRangeLimitMax);
            matched = matched || named;
        }
    }
    return matched;
}

bool stepPresetCycle(ViewerState& state, const morph::Scene& scene, PresetCycle& cycle,
                     float seconds) {
    if (!cycle.on || state.presets.empty()) return false;
    cycle.clock += std::max(seconds, 0.0f);
    const CyclePhase phase =
        presetCyclePhase(cycle.clock, state.presets.size(), cycle.period, cycle.blend);
    return applyPresetBlend(state, scene, phase.from, phase.to, phase.mix);
}

}  // namespace app
