#pragma once
// `fix --mirror FROM=TO` and `fix --split NAME`: targets made across a mesh's own mirror plane,
// the one the audit finds (morph/audit/Symmetry.h), so they work on heads that are symmetric only
// approximately: each vertex reads FROM where its mirror image lies on the surface (a vertex, or a
// point of a triangle interpolated), mirrored.
#include <string>
#include <utility>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/fix/FixDocument.h"

namespace morph {

// TO becomes FROM mirrored on every mesh that has FROM and a mirror plane (`scene` is the
// document imported as it stands); TO is added to a mesh that lacks it. POSITION, NORMAL and
// TANGENT deltas are mirrored (a TANGENT delta reflected, and reversed where the rest tangents say
// u runs the other way at the mirror image), each on the primitives that have the attribute; a
// vertex whose mirror image is on no surface gets zero. One line per mesh left alone (and why),
// one for the whole.
Result<std::vector<std::string>> mirrorTarget(FixDocument& doc, const Scene& scene,
                                              const std::string& from, const std::string& to);

// The names a split of `name` gives, in the spelling the file's other sided names use: `_L`/`_R`
// (or `.l`/`.r`, as found) when they end in a one-letter side, else `Left`/`Right` (or `LEFT`,
// `left`, as found).
std::pair<std::string, std::string> splitNames(const std::vector<std::string>& fileNames,
                                               const std::string& name);

// NAME split into its left and right parts (`names` from splitNames) on every mesh that has it
// and a mirror plane: the left part is the target's deltas times a smooth step across the plane
// (0 on the right to 1 on the left over `band` of the mesh's diagonal), the right part the rest,
// so the two sum to the original. NAME itself becomes the left part; the right one is added with
// NAME's weights, and every VRM bind to NAME binds the right part too, at the same weight. One line
// per mesh left alone (and why), one for the whole.
Result<std::vector<std::string>> splitTarget(FixDocument& doc, const Scene& scene,
                                             const std::string& name,
                                             const std::pair<std::string, std::string>& names,
                                             float band = 0.05f);

}  // namespace morph
