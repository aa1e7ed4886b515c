#pragma once
// The timeline's curve view as data, without a window: each picked target's weight over the
// current clip, sampled from the clip's sampler as playback evaluates it (the timing preview's
// held times included). A target rig logic derives follows its rule over its drivers' sampled
// weights, the curve it takes when the clip plays (docs/RIG_LOGIC.md), not the sampler's own.
#include <cstddef>
#include <vector>

#include "app/document/ViewerState.h"
#include "morph/Scene.h"

namespace app {

// One curve per target of `targets`, `columns` values (2 at least) at the times
// duration * c / (columns - 1), the duration the clip's (clipDuration). `sampler` is the clip's
// weights sampler of a node showing mesh `mesh`. With View > Rig logic on, a target the mesh's
// rules derive is its rule's value of the sampled weights at each time.
std::vector<std::vector<float>> sampleCurves(const morph::Scene& scene, const ViewerState& state,
                                             const morph::AnimationSampler& sampler, int mesh,
                                             const std::vector<size_t>& targets, int columns);

// The targets the curve view shows unasked: the `limit` whose curves spread most over the clip,
// in target order. A target's spread is its keyed values' (every key, however short), or for a
// derived target its rule's curve's, so a corrective keyed flat (as exporters flatten it) shows
// when its drivers move it.
std::vector<size_t> defaultCurveTargets(const morph::Scene& scene, const ViewerState& state,
                                        const morph::AnimationSampler& sampler, int mesh,
                                        size_t limit);

// Whether the curve of `target` of `mesh` is derived: View > Rig logic on and one of the mesh's
// rules derives it (the view draws it in the rig's colour; it follows its drivers, read-only).
bool derivedCurve(const morph::Scene& scene, const ViewerState& state, int mesh, size_t target);

}  // namespace app
