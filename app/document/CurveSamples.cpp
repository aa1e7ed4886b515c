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

bool derivedCurve(const morph::Scene& scene, const ViewerState& state, int mesh, size_t target) {
    const std::vector<morph::RigRule>* rules = liveRules(scene, state, mesh);
    return rules && std::any_of(rules->begin(), rules->end(),
                                [&](const morph::RigRule& rule) { return rule.target == target; });
}

}  // namespace app
