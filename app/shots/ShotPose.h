#pragma once
// The one headless pose builder: the rest pose, clips sampled at a time, then weights on top,
// as the viewer layers them. `capture`, `regress`, `eval` and `audit --html`'s pictures all pose
// a model through it, and the renderer is given the result (renderer::Capturer::capture()).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/anim/Animate.h"
#include "morph/anim/ClipSelection.h"
#include "morph/edit/WeightSpec.h"

namespace app {

// The rest pose, the clips (indices into layout.animations, later ones winning where two drive
// the same channel) sampled at `time` seconds (glTF 2.0 3.11), then `weights` on top, which set
// their targets as the viewer's overrides do. With `aliveSeed`, idle life from that seed at `time`
// (morph/anim/IdleLife.h) between the clips and the weights, as the viewer layers it. Errors: a
// weight no mesh has (applyWeightSpec's).
morph::Result<std::vector<morph::NodePose>> buildPose(
    const morph::Scene& layout, const std::vector<size_t>& clips, float time,
    const std::vector<morph::WeightAssignment>& weights,
    std::optional<uint32_t> aliveSeed = std::nullopt);

// What a shot poses, as the command line and a shots file name it.
struct ShotPose {
    // An animation name or index, "all", or a comma list (morph/anim/ClipSelection.h; "" none).
    std::string animation;
    // A shot file's JSON list of names and indices; when not empty, it is used, not `animation`.
    std::vector<std::string> animations;
    float time = 0;       // seconds into the animation
    std::string weights;  // a --weights SPEC applied after the animation ("" none)
    // Items applied after `weights`, as its own are: a replay's weights, or targets whose
    // spelling a spec's text cannot carry (a ',' or '=' in the name), such as the audit's page.
    std::vector<morph::WeightAssignment> weightItems;
    std::optional<uint32_t> aliveSeed;  // capture --alive --seed N: idle life at `time`
};

// The clips `pose` names. Errors: "'x' is not an animation of face.glb (it has 'talk', 'blink')".
morph::Result<morph::ClipSelection> shotClips(const morph::Scene& layout, const ShotPose& pose);

// `pose` resolved on `layout`: its clips found, its --weights parsed, then buildPose. Errors name
// what the file lacks, or the bad item of the weights.
morph::Result<std::vector<morph::NodePose>> shotPose(const morph::Scene& layout,
                                                     const ShotPose& pose);

}  // namespace app
