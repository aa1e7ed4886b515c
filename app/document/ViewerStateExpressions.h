#pragma once
// The VRM expression sliders: one value 0..1 per scene.expressions in
// ViewerState::expressionWeights, each driving its binds on every mesh. They resolve after the
// clip and before the user's overrides (the layer list of WeightLayers.h), under the VRM
// rules of morph/edit/ExpressionWeights.h (clamping, isBinary, procedural overrides).
#include <cstddef>
#include <string>
#include <vector>

#include "app/document/ViewerState.h"
#include "morph/Scene.h"
#include "morph/anim/Animate.h"

namespace app {

// Sets slider `expression` to `value`, clamped to 0..1 (VRMC_vrm-1.0 expressions.md,
// "Expression control"); a NaN leaves it as it was. Bumps the revision.
void setExpressionWeight(ViewerState& state, const morph::Scene& scene, size_t expression,
                         float value);
// The same by name (morph::findExpression: name, then VRM 1.0 preset name, then ignoring case);
// false when no expression has it.
bool setExpressionWeight(ViewerState& state, const morph::Scene& scene, const std::string& name,
                         float value);
void resetExpressionWeights(ViewerState& state);  // every slider back to 0

// The resolution step: adds the sliders' binds to `pose` (nothing when the state was made for
// another scene's expressions).
void applyExpressionLayer(const morph::Scene& scene, const ViewerState& state,
                          std::vector<morph::NodePose>& pose);

// Reload (remapState): each expression's weight carried to the new scene's expression of the same
// name, else of the same preset.
void carryExpressionWeights(const ViewerState& old, const morph::Scene& oldScene,
                            const morph::Scene& newScene, ViewerState& state);

}  // namespace app
