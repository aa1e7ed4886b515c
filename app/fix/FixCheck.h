#pragma once
// `fix --check`: the proof that a fix changed only what it should. The audit of the input and of
// the output, and `diff` of the output against the input (the renames the operations made applied
// to the input first, so a renamed target compares as the same one): what each check found fixed
// or new, and which targets were removed, renamed, changed or added (docs/FIX.md).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/names/FaceNames.h"

namespace app::fix {

struct CheckInput {
    const morph::Scene* before = nullptr;
    const morph::Scene* after = nullptr;
    std::vector<morph::NameMapping> renames;     // every rename the operations made, in order
    std::map<std::string, std::string> removed;  // each name removed, and why ("dead")
    std::set<std::string> added;                 // every target name the operations added
    std::set<std::string> normals;               // the names whose NORMAL deltas were recomputed
    std::set<std::string> rewritten;             // the names whose deltas were made anew
};

struct CheckReport {
    std::vector<std::string> lines;  // what to print, one line each, the summary last
    bool clean = true;  // no new finding, and no target or the rest pose changed unasked
};

// The check; an error when a model cannot be drawn or compared (one line).
morph::Result<CheckReport> checkFix(const CheckInput& input);

}  // namespace app::fix
