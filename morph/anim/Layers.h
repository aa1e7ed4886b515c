#pragma once
// Several clips at one moment, as layers: each samples its clip and blends the channels it
// drives over what the layers below it left (translation and scale lerp, rotation slerps on the
// shortest arc, morph weights lerp) by its weight. At weight 1 a layer replaces those channels,
// so where two layers drive the same (node, path) the later one wins; a channel no layer drives
// keeps the pose it came in with (the rest pose, usually).
//
// three.js's AnimationMixer normalizes the weights of every action on a property instead; layers
// over a base (Unity's override layers, Blender's NLA "replace" strips) keep an order, which is
// what "later clips win" asks of `--animation 0,2` and of the viewer's layer list.
#include <cstddef>
#include <vector>

#include "morph/Scene.h"
#include "morph/anim/Animate.h"

namespace morph {

struct AnimationLayer {
    const Animation* animation = nullptr;  // nullptr: the layer adds nothing
    float time = 0;                        // seconds on the clip's timeline
    float weight = 1;                      // 0..1 (clamped)
    // A crossfade inside the layer: `animation` gives way to `fadeTo` by `fade` (0: all
    // `animation`, 1: all `fadeTo`). Channels both drive blend their values by `fade` and go
    // over the layers below at lerp(weight, fadeToWeight, fade), so halfway a shared channel is
    // the even mix of the two clips; a channel only one drives fades out (or in) with it alone.
    const Animation* fadeTo = nullptr;
    float fadeToTime = 0;
    float fadeToWeight = 1;
    float fade = 0;
};

// The layers, bottom first, over `pose`.
void applyAnimationLayers(const Scene& scene, const std::vector<AnimationLayer>& layers,
                          std::vector<NodePose>& pose);

// `--animation all` and `--animation 0,2`: every clip of `clips` (indices into scene.animations;
// others are skipped) at the same time t, in the order given, each at weight 1: the later wins.
void applyAnimations(const Scene& scene, const std::vector<size_t>& clips, float t,
                     std::vector<NodePose>& pose);

// Whether two clips drive a common (node, path) channel (channels with a bad sampler or node
// index drive nothing).
bool sharesChannels(const Animation& a, const Animation& b);

}  // namespace morph
