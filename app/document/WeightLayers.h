#pragma once
// The viewer's sources of weights as one ordered list of layers (morph/anim/PoseLayers.h),
// bottom first, each over what the ones before it left. resolveFrame, resolvePose and
// resolveMeshWeights (ViewerState.h) all resolve this list, so the draw, the panels, picking,
// keying, presets and scripts see one order:
//   clips        the rest pose (node.weights, else mesh.weights, else 0) under the current clip
//                and the layers playing with it at the (timing-preview) time, node TRS included
//   expressions  the VRM expression sliders: each adds its binds' weights to their targets on
//                every mesh, under the VRM rules of morph/edit/ExpressionWeights.h
//                (ViewerStateExpressions.h)
//   (external)   the sources outside the file, ViewerState::externalLayers in their order,
//                each its weights by {mesh, target} on every node showing the mesh, and node
//                rotations: the window's features list them, idle life ("alive", --alive: the
//                blinks, gaze and breath, only the targets it moves now, so the clips show
//                between its blinks), live input ("live", --listen: each target a tracker drives
//                takes its newest value) then speech ("speech": the Speech panel's line, each
//                target its clip drives at the audio clock)
//   overrides    the user's slider values
//   solo-mute    a view aid, never keyed and never saved in presets: a soloed target shows alone
//                on its mesh, a muted one shows 0 (a rig audit's "show this target" is a solo)
#include <string>
#include <vector>

#include "app/document/ViewerState.h"
#include "morph/anim/PoseLayers.h"

namespace app {

inline constexpr const char* kClipsLayer = "clips";
inline constexpr const char* kExpressionsLayer = "expressions";
inline constexpr const char* kAliveLayer = "alive";          // idle life's, under the others
inline constexpr const char* kLiveLayer = "live";            // live input's external layer
inline constexpr const char* kSpeechLayer = "speech";        // the Speech panel's
inline constexpr const char* kOverridesLayer = "overrides";  // the first of the user's layers
inline constexpr const char* kSoloMuteLayer = "solo-mute";

// The list for `state` on `scene` (the scene `state` was made for), in the order above. The
// external layers, the overrides and solo/mute are data, taken from `state` now; the clips and
// the expressions are functions that read `state` when applied: resolve the list while it lives.
morph::PoseLayers weightLayers(const morph::Scene& scene, const ViewerState& state);

// The external layer named `name`, added over the others when the state has none yet.
ExternalLayer& externalLayer(ViewerState& state, const std::string& name);

// The user's two rules for one mesh's weights (`weights` grows to the mesh's target count): the
// pose's layers apply them to each node that shows the mesh, the panel to the mesh as it shows
// it. `sources`, when given, marks each overridden target WeightSource::User.
void applyOverrides(const MeshState& mesh, std::vector<float>& weights,
                    std::vector<WeightSource>* sources = nullptr);
void applySoloMute(const MeshState& mesh, std::vector<float>& weights);

}  // namespace app
