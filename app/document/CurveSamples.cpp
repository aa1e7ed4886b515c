#include "app/document/CurveSamples.h"

#include <algorithm>

#include "morph/anim/Sampler.h"
#include "morph/rig/RigLogic.h"

namespace app {

namespace {

// The mesh's rules while View > Rig logic is on, else none.
const std::vector<morph::RigRule>* liveRules(const morph::Scene& scene, const ViewerState& state,
                                             int mesh) {
    if (!state.rigLogic || mesh < 0 || size_t(mesh) >= scene.meshes.size()) return nullptr;
    const std::vector<morph::RigRule>& rules = scene.meshes[size_t(mesh)].rigRules;
    return rules.empty() ? nullptr : &rules;
}

}  // namespace

std::vector<std::vector<float>> sampleCurves(const morph::Scene& scene, const ViewerState& state,
                                             const morph::AnimationSampler& sampler, int mesh,
                                             const std::vector<size_t>& targets, int columns) {
    const size_t count = size_t(std::max(columns, 2));
    std::vector<std::vector<float>> values(targets.size(), std::vector<float>(count, 0.0f));
    const std::vector<morph::RigRule>* rules = liveRules(scene, state, mesh);
    const size_t targetCount = mesh >= 0 && size_t(mesh) < scene.meshes.size()
                                   ? scene.meshes[size_t(mesh)].targetCount()
                                   : 0;
    std::vector<float> weights(std::max<size_t>(sampler.width, targetCount));
    const float duration = clipDuration(scene, state);
    ViewerState probe = state;  // evaluationTime reads the timing preview from the state
    for (size_t c = 0; c < count; ++c) {
        probe.playback.time = duration * float(c) / float(count - 1);
        std::fill(weights.begin(), weights.end(), 0.0f);
        morph::sampleInto(sampler, morph::AnimationPath::Weights, evaluationTime(scene, probe),
                          weights.data());
        if (rules) morph::applyRigRules(*rules, weights);
        for (size_t i = 0; i < targets.size(); ++i)
            values[i][c] = targets[i] < weights.size() ? weights[targets[i]] : 0.0f;
    }
    return values;
}

namespace {

// How far the keyed values of `target` spread (the largest less the smallest).
float keyedSpread(const morph::AnimationSampler& sampler, size_t target) {
    const bool cubic = sampler.interpolation == morph::Interpolation::CubicSpline;
    float lo = 1e30f, hi = -1e30f;
    for (size_t k = 0; k < sampler.input.size(); ++k) {
        const size_t at = (cubic ? (3 * k + 1) : k) * sampler.width + target;
        if (at >= sampler.output.size()) break;
        lo = std::min(lo, sampler.output[at]);
        hi = std::max(hi, sampler.output[at]);
    }
    return hi - lo;
}

// A derived curve's spread is read at this many times over the clip.
constexpr int kSpreadColumns = 65;

}  // namespace

std::vector<size_t> defaultCurveTargets(const morph::Scene& scene, const ViewerState& state,
                                        const morph::AnimationSampler& sampler, int mesh,
                                        size_t limit) {
    if (sampler.width == 0 || sampler.input.empty()) return {};
    const size_t targetCount = mesh >= 0 && size_t(mesh) < scene.meshes.size()
                                   ? scene.meshes[size_t(mesh)].targetCount()
                                   : 0;
    const size_t width = std::min<size_t>(sampler.width, targetCount);
    std::vector<size_t> derived;
    for (size_t t = 0; t < width; ++t)
        if (derivedCurve(scene, state, mesh, t)) derived.push_back(t);
    const std::vector<std::vector<float>> curves =
        derived.empty() ? std::vector<std::vector<float>>{}
                        : sampleCurves(scene, state, sampler, mesh, derived, kSpreadColumns);
    std::vector<std::pair<float, size_t>> spread;
    for (size_t t = 0, d = 0; t < width; ++t) {
        float s = 0;
        if (d < derived.size() && derived[d] == t) {
            const auto [lo, hi] = std::minmax_element(curves[d].begin(), curves[d].end());
            s = *hi - *lo;
            ++d;
        } else {
            s = keyedSpread(sampler, t);
        }
        if (s > 1e-4f) spread.emplace_back(s, t);
    }
    std::stable_sort(spread.begin(), spread.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<size_t> out;
    for (size_t i = 0; i < std::min(spread.size(), limit); ++i) out.push_back(spread[i].second);
    std::sort(out.begin(), out.end());
    return out;
}

bool derivedCurve(const morph::Scene& scene, const ViewerState& state, int mesh, size_t target) {
    const std::vector<morph::RigRule>* rules = liveRules(scene, state, mesh);
    return rules && std::any_of(rules->begin(), rules->end(),
                                [&](const morph::RigRule& rule) { return rule.target == target; });
}

}  // namespace app
