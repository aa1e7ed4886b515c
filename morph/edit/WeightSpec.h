#pragma once
// --weights SPEC: a comma list of NAME=V, INDEX=V or *=V, applied to every mesh that has
// such a target, and vrm:EXPRESSION=V, a VRM expression (morph/edit/ExpressionWeights.h) driving
// its binds on every mesh.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/Animate.h"

namespace morph {

struct WeightAssignment {
    enum class Kind { Name, Index, All, Expression } kind = Kind::Name;
    std::string name;  // Kind::Name, Kind::Expression (without "vrm:")
    size_t index = 0;  // Kind::Index
    float value = 0;
};

// Errors name the bad item, e.g. "--weights: 'jawOpen=x' has no number after '='".
Result<std::vector<WeightAssignment>> parseWeightSpec(const std::string& spec);

// Sets the weights of every node whose mesh has the named/indexed target. An assignment that no
// mesh in the scene matches, or a vrm: name no expression has, is an error naming it.
// The vrm: items go first, together (so the VRM override rules act between them; the last value
// given to one expression counts), added on top of `pose` as the viewer's expression sliders
// are; then the target items, in order, set their targets as the viewer's overrides do.
Status applyWeightSpec(const Scene& scene, const std::vector<WeightAssignment>& spec,
                       std::vector<NodePose>& pose);

}  // namespace morph
