#pragma once
// The 52 ARKit blend shapes as local deformations of the face. "Left" is the character's left,
// on +X (the face looks down +Z), as in ARKit's face-anchored coordinates.
#include <string>
#include <vector>

#include "FaceModel.h"
#include "HeadSurface.h"

namespace face {

// ARKit's 52 names in Apple's documentation order.
const std::vector<std::string>& arkitTargetNames();

// Fills positionDeltas and normalDeltas of every part for every target (dense; exactly zero
// outside each target's region). Normal deltas are the smooth normals of the deformed part
// minus the neutral ones. Needs each part's neutral normals.
void buildTargets(FaceModel& model, const HeadSurface& head);

}  // namespace face
