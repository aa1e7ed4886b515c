#pragma once
// What VRM expressions (Scene::expressions) do to the morph target weights, GL-free: the one rule
// `--weights vrm:NAME=V` (WeightSpec.h) and the viewer's expression sliders both use. Following
// VRMC_vrm-1.0 expressions.md:
//   - an expression's value is clamped to 0..1 ("Expression control");
//   - isBinary: a value above 0.5 acts as 1, any other as 0;
//   - procedural overrides: while an expression's output is not zero, its overrideBlink /
//     overrideLookAt / overrideMouth "block" (sets to 0) or "blend" (scales by 1 - the summed
//     outputs, saturated) the blink, lookUp/Down/Left/Right and aa/ih/ou/ee/oh presets. An
//     isBinary overrider overrides with its binary output; an isBinary expression that is
//     overridden at all is suppressed ("Interaction between override and isBinary"). An
//     expression's override of its own kind is ignored; custom expressions are never overridden
//     (the spec leaves both to the application);
//   - "Expression update algorithm, MorphTarget": every bind adds output * bind weight to its
//     target. The sum is not clamped (nor is it by UniVRM or three-vrm): two expressions on one
//     target add up, as glTF weights past 1 do.
#include <cstddef>
#include <string>
#include <vector>

#include "morph/Scene.h"
#include "morph/anim/Animate.h"

namespace morph {

// Each expression's output (what its binds are multiplied by) for the given values, one per
// scene.expressions (missing values are 0; NaN counts as 0).
std::vector<float> expressionOutputs(const Scene& scene, const std::vector<float>& values);

// Adds every expression's binds, at `values`, to the weights of every node showing the bind's
// mesh (weights grown to the mesh's target count first, as restPose makes them).
void applyExpressions(const Scene& scene, const std::vector<float>& values,
                      std::vector<NodePose>& pose);

// The expression `name` addresses: its exact name, else the VRM 1.0 preset of that name (so
// "happy" finds a VRM 0.x group named "Joy"), else its name ignoring case; -1 when none does.
int findExpression(const Scene& scene, const std::string& name);

// The expressions in the order a panel lists them: presets in ExpressionPreset order (emotions,
// lip sync, blink, gaze, neutral), then the custom ones in file order.
std::vector<size_t> expressionDisplayOrder(const Scene& scene);

}  // namespace morph
