#pragma once
// Every source of a frame's weights (and node transforms) is a layer, and a pose is resolved in
// one place: the layers of an ordered list, each applied over what the ones before it left, so
// a later layer wins where two write the same weight. The viewer lists clips, VRM expressions,
// the sources outside the file (live input, speech), the user's overrides, then solo and mute
// (app/document/WeightLayers.h); a new source is a function over the pose, or its weights
// by {mesh, target} as data (TargetWeights), plus one entry in such a list.
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "morph/Scene.h"
#include "morph/anim/Animate.h"
#include "morph/anim/TargetWeights.h"

namespace morph {

// {node, rotation}: each turns its node on top of the node's pose rotation (live input's head and
// eyes).
using NodeRotations = std::vector<std::pair<size_t, glm::quat>>;

// A layer is a function over the pose (the file's clips, which sample animations), or data that
// applyPoseLayers writes itself (rotations, then weights by {mesh, target}), or both in that
// order. A source given as data never calls back into the code that listed it.
struct PoseLayer {
    std::string name;  // what the layer is ("clips", "overrides", ...): for readers and tests
    // Writes the layer's weights (and node TRS) over `pose`, one entry per node of `scene`.
    std::function<void(const Scene& scene, std::vector<NodePose>& pose)> apply;
    NodeRotations rotations;  // after `apply`
    TargetWeights weights;    // last (applyTargetWeights)
};
using PoseLayers = std::vector<PoseLayer>;

// The layers from index `begin` up to (not including) `end`, in order, over `pose`: each its
// function, its rotations, then its weights. A layer with none of them adds nothing.
void applyPoseLayers(const Scene& scene, const PoseLayers& layers, std::vector<NodePose>& pose,
                     size_t begin = 0, size_t end = size_t(-1));
// The rest pose with every layer over it.
std::vector<NodePose> resolvePoseLayers(const Scene& scene, const PoseLayers& layers);
// The index of the first layer named `name`; layers.size() when none is.
size_t layerNamed(const PoseLayers& layers, const std::string& name);

// Rig logic, the derived layer after every source: on each node showing a mesh, the mesh's rules
// (Mesh::rigRules, morph/rig/RigLogic.h) write its driven targets from what the layers before it
// left, whatever a source set on them. Listed last by the viewer and by headless poses.
inline constexpr const char* kRigLogicLayer = "rig-logic";
PoseLayer rigLogicLayer();
void applyRigLogic(const Scene& scene, std::vector<NodePose>& pose);

}  // namespace morph
