#pragma once
// --weights SPEC: a comma list of NAME=V, INDEX=V or *=V, applied to every mesh that has
// such a target.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/Animate.h"

namespace morph {

struct WeightAssignment {
    enum class Kind { Name, Index, All } kind = Kind::Name;
    std::string name;  // Kind::Name
    size_t index = 0;  // Kind::Index
    float value = 0;
};

// Errors name the bad item, e.g. "--weights: 'jawOpen=x' has no number after '='".
Result<std::vector<WeightAssignment>> parseWeightSpec(const std::string& spec);

// Sets the weights of every node whose mesh has the named/indexed target. An assignment that no
// mesh in the scene matches is an error naming it.
Status applyWeightSpec(const Scene& scene, const std::vector<WeightAssignment>& spec,
                       std::vector<NodePose>& pose);

}  // namespace morph
