#pragma once
// Absolute poses: whole meshes of the same topology (the classic tween between two shapes),
// imported as relative targets delta = pose - base. Since
// base + sum w_i (pose_i - base) = base (1 - sum w) + sum w_i pose_i, blending is unchanged.
#include <string>

#include "morph/Result.h"
#include "morph/Scene.h"

namespace morph {

// Adds the first mesh of `pose` as a new target (named `name`, default weight 0) of the first
// mesh of `scene`, primitive by primitive. Errors name both vertex counts when they differ.
Status addPoseTarget(Scene& scene, const Scene& pose, const std::string& name);

}  // namespace morph
