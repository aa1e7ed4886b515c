#pragma once
// `fix --mirror FROM=TO` and `fix --split NAME`: targets made across a mesh's own mirror plane,
// the one the audit finds (morph/audit/Symmetry.h), so they work on heads that are symmetric only
// approximately: each vertex reads FROM where its mirror image lies on the surface (a vertex, or a
// point of a triangle interpolated), mirrored.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/fix/FixDocument.h"

namespace morph {

// TO becomes FROM mirrored on every mesh that has FROM and a mirror plane (`scene` is the
// document imported as it stands); TO is added to a mesh that lacks it. POSITION and NORMAL
// deltas are mirrored; a vertex whose mirror image is on no surface gets zero. One line per mesh
// left alone (and why), one for the whole.
Result<std::vector<std::string>> mirrorTarget(FixDocument& doc, const Scene& scene,
                                              const std::string& from, const std::string& to);

}  // namespace morph
