#pragma once
// Internal to the importer: VRM expressions into Scene::expressions. VRM 1.0
// (extensions.VRMC_vrm.expressions.preset / .custom, binds by node) is read when present, else
// VRM 0.x (extensions.VRM.blendShapeMaster.blendShapeGroups, binds by mesh, weights 0..100).
// Runs after the meshes and nodes are read (binds are checked against them).
//
// VRM data never fails the import: a viewer still opens the model. Each malformed item is a
// warning naming it ("extensions.VRM.blendShapeMaster.blendShapeGroups[2].binds[0]: mesh 9 does
// not exist; bind dropped"), and only that item is left out.
#include "morph/Scene.h"
#include "morph/gltf/GltfDocument.h"

namespace morph {

void readVrmExpressions(GltfDocument& doc, Scene& scene);

// The humanoid's head and eye bones into Scene::humanoid (VRM 1.0 when present, else 0.x); a bone
// whose node does not exist is a warning and stays -1.
void readVrmHumanoid(GltfDocument& doc, Scene& scene);

}  // namespace morph
