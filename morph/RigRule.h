#pragma once
// A rule of rig logic as the model holds it: a target whose weight is derived from other targets'
// weights (morph/rig/RigLogic.h reads the rules; Mesh::rigRules keeps a mesh's, and every pose
// resolved through morph/anim/PoseLayers.h applies them after its sources).
#include <cstddef>
#include <string>
#include <vector>

namespace morph {

enum class RigRuleKind { Combination, Inbetween };
enum class RigRuleSource { Names, File, Sidecar };
enum class RigInterpolation { Linear, Smooth };  // Smooth: the tent through a smoothstep

// A rule on one mesh, by target index.
struct RigRule {
    size_t target = 0;
    RigRuleKind kind = RigRuleKind::Combination;
    std::vector<size_t> drivers;
    float peak = 0;
    float lower = 0;  // in-between: where its tent starts (the previous in-between's peak, or 0)
    float upper = 1;  // and ends (the next one's peak, or 1)
    RigInterpolation interpolation = RigInterpolation::Linear;
    RigRuleSource source = RigRuleSource::Names;
};

}  // namespace morph
