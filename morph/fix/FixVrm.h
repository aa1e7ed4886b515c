#pragma once
// VRM expressions' binds as fix's operations renumber a mesh's targets. Binds name targets by
// index (VRM 0.x: extensions.VRM.blendShapeMaster.blendShapeGroups[].binds[], mesh + index +
// weight; VRM 1.0: extensions.VRMC_vrm.expressions.{preset,custom}.*.morphTargetBinds[], node +
// index + weight), so removing targets renumbers them, splitting one binds both halves, and
// renaming or appending a target leaves them as they are. A bind to no mesh, to a node without a
// mesh or without an integer index is never the operations' to judge: it is kept as it is.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "morph/fix/FixDocument.h"

namespace morph {

// A VRM expression's binds that a removal dropped: how many, and the names of their targets.
struct LostBinds {
    std::string expression;  // VRM 0.x: the group's name (else its presetName); 1.0: its key
    std::set<std::string> targets;
    size_t binds = 0;
};

// The binds to mesh m's targets renumbered by `remap` (old index -> new, -1 for a removed
// target, whose binds are dropped and counted in `lost`, by expression in the order met). Reads
// the mesh's names, so call it before the mesh itself is edited.
void remapVrmBinds(FixDocument& doc, size_t m, const std::vector<int>& remap,
                   std::vector<LostBinds>& lost);

// Every bind to target `from` of mesh m followed by a bind to target `to` at the same weight.
void copyVrmBinds(FixDocument& doc, size_t m, int64_t from, int64_t to);

// "VRM expression 'Joy' lost its 2 binds to 'smile'", one line per expression of `lost`.
std::vector<std::string> lostBindLines(const std::vector<LostBinds>& lost);

}  // namespace morph
