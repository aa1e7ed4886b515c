#pragma once
// A file's own rig logic (its root extras.rigLogic, morph/rig/RigLogic.h) kept in step with fix's
// operations on the targets it names: renamed with them, split with them, and a rule naming a
// target no mesh has any more dropped (the importer leaves out every rule of a file when one names
// what no mesh has). A document without such rules, or whose rules do not read (which the
// importer leaves out with a warning anyway), is left as it is; the rules names state follow the
// new names by themselves. A rule dropped gives one line: "extras.rigLogic: dropped the rule for
// 'jawOpen_smileFix' (jawOpen × mouthSmile): no mesh has 'mouthSmile' any more".
#include <string>
#include <utility>
#include <vector>

#include "morph/fix/FixDocument.h"
#include "morph/names/FaceNames.h"

namespace morph {

// Each rule's target and drivers renamed by `map`, all at once, as renameTargets renames.
void renameRigLogic(FixDocument& doc, const std::vector<NameMapping>& map);

// After splitTarget made `name` its `halves` (left, right): a rule for `name` becomes one rule
// for each half with its drivers (the halves sum to the shape, so the same weight on both draws
// what the rule drew); a rule driven by `name` is driven by the half on its target's own side
// (`jawOpen_mouthSmileLeft` by `mouthSmileLeft`), and dropped when its target names no side,
// since one weight cannot follow two. While a mesh the split left alone keeps `name`, the rules
// driven by it stay as they are, and its own rule beside the halves'.
std::vector<std::string> splitRigLogic(FixDocument& doc, const std::string& name,
                                       const std::pair<std::string, std::string>& halves);

// Drops each rule whose target or a driver no mesh has (after removeTargets).
std::vector<std::string> dropUnfollowedRigLogic(FixDocument& doc);

}  // namespace morph
