#pragma once
// The operations of `morphview fix` on a FixDocument's morph targets, each giving back one line
// per change it made (docs/FIX.md). A target is named by extras.targetNames ("0", "1", ... on a
// mesh without them), so one name may be a target on several meshes.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/fix/FixDocument.h"
#include "morph/names/FaceNames.h"

namespace morph {

// meshes[mesh]'s target names: extras.targetNames, else "0", "1", ... (the importer's rule).
std::vector<std::string> fixTargetNames(const FixDocument& doc, size_t mesh);
// Every mesh's names, each once, in the order met.
std::vector<std::string> fixAllTargetNames(const FixDocument& doc);

// Removes the targets named `names` from every mesh: primitives' targets, mesh.weights,
// extras.targetNames, node.weights of the nodes drawing it, the animations' weight outputs
// (rewritten without their columns; a channel left with no target is dropped) and VRM
// expressions' binds (renumbered; a bind to a removed target dropped). One line per name removed,
// saying why (`reason[name]`), then one per VRM expression that lost a bind, naming its targets.
Result<std::vector<std::string>> removeTargets(FixDocument& doc, const std::set<std::string>& names,
                                               const std::map<std::string, std::string>& reason);

// Renames targets by `map` on every mesh (extras.targetNames; everything else refers to targets
// by index). One line per name renamed. An error (and `doc` unchanged) when two targets of one
// mesh would end up with one name.
Result<std::vector<std::string>> renameTargets(FixDocument& doc,
                                               const std::vector<NameMapping>& map);

// Blender's New Shape from Mix: a target `name` added to every mesh m whose `weights[m]` is not
// empty (one weight per target of the mesh), on each primitive the sum of weight x delta of its
// targets for every attribute one of the weighted targets has (POSITION with its min and max),
// with a weight of 0 in mesh.weights, node.weights and animations' weight outputs, and its name.
// One line per target added.
Result<std::vector<std::string>> addMixTarget(FixDocument& doc, const std::string& name,
                                              const std::vector<std::vector<float>>& weights);

// Appends a target `name` to meshes[m], `targets[p]` on primitive p (attribute -> accessor), with
// its weight in mesh.weights, node.weights and animations' weight outputs (0, or a copy of target
// `copyWeightsOf`'s when it is >= 0), and its name. With `copyWeightsOf`, each VRM expression's
// bind to that target is followed by one to the new target at the same weight; without, the
// binds are left alone (they name targets by index, and the new one comes last).
Status appendTargetToMesh(FixDocument& doc, size_t m, const std::string& name,
                          const std::vector<nlohmann::json>& targets, int copyWeightsOf = -1);

}  // namespace morph
