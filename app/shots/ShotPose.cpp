#include "app/shots/ShotPose.h"

#include <utility>

#include "morph/anim/IdleLife.h"
#include "morph/anim/Layers.h"
#include "morph/anim/PoseLayers.h"

namespace app {

morph::Result<std::vector<morph::NodePose>> buildPose(
    const morph::Scene& layout, const std::vector<size_t>& clips, float time,
    const std::vector<morph::WeightAssignment>& weights, std::optional<uint32_t> aliveSeed) {
    // A shot's sources of weights, as the viewer's (app/document/WeightLayers.h): its clips
    // at its time, then its weights, which set their targets as the viewer's overrides do, then
    // the rig logic derived from them; idle life, when asked for, over the clips.
    morph::PoseLayer alive{"alive", nullptr, {}, {}};
    if (aliveSeed) {
        morph::IdleFrame frame = morph::idleFrameAt(morph::planIdleLife(layout),
                                                    morph::makeIdleSchedule(*aliveSeed), time);
        alive.rotations = std::move(frame.rotations);
        alive.weights = std::move(frame.weights);
    }
    morph::Status weightsApplied;
    const morph::PoseLayers layers = {
        {"clips",
         [&](const morph::Scene& scene, std::vector<morph::NodePose>& pose) {
             morph::applyAnimations(scene, clips, time, pose);
         }},
        alive,
        {"weights",
         [&](const morph::Scene& scene, std::vector<morph::NodePose>& pose) {
             if (!weights.empty()) weightsApplied = morph::applyWeightSpec(scene, weights, pose);
         }},
        morph::rigLogicLayer(),
    };
    std::vector<morph::NodePose> pose = morph::resolvePoseLayers(layout, layers);
    if (!weightsApplied) return weightsApplied.error();  // a name no mesh has
    return pose;
}

morph::Result<morph::ClipSelection> shotClips(const morph::Scene& layout, const ShotPose& pose) {
    if (pose.animation.empty() && pose.animations.empty()) return morph::ClipSelection{};
    morph::ClipSelection selection = pose.animations.empty()
                                         ? morph::selectAnimations(layout, pose.animation)
                                         : morph::selectAnimations(layout, pose.animations);
    if (selection.ok()) return selection;
    std::string names;
    for (size_t i = 0; i < layout.animations.size(); ++i) {
        const std::string& name = layout.animations[i].name;
        names += (i ? ", " : "") + (name.empty() ? std::to_string(i) : "'" + name + "'");
    }
    return morph::Error{morph::ErrorCode::Usage,
                        "'" + *selection.unknown + "' is not an animation of " + layout.path +
                            " (it has " + (names.empty() ? std::string("none") : names) + ")"};
}

morph::Result<std::vector<morph::NodePose>> shotPose(const morph::Scene& layout,
                                                     const ShotPose& pose) {
    auto clips = shotClips(layout, pose);
    if (!clips) return clips.error();
    std::vector<morph::WeightAssignment> weights;
    if (!pose.weights.empty()) {
        auto spec = morph::parseWeightSpec(pose.weights);
        if (!spec) return spec.error();
        weights = std::move(spec).value();
    }
    weights.insert(weights.end(), pose.weightItems.begin(), pose.weightItems.end());
    return buildPose(layout, clips->clips, pose.time, weights, pose.aliveSeed);
}

}  // namespace app
