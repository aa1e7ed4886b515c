#pragma once
// `fix --recompute-normals`: a target's NORMAL deltas recomputed from its morphed positions, as the
// audit's `normals` check measures them (docs/AUDIT.md): at each vertex the file's own rest normal
// turned by the rotation that takes the area-weighted normal of the rest triangles to that of the
// morphed ones, less the rest normal. Where the stored normals are the area-weighted ones this is
// the morphed normal less the rest one; a vertex whose neighbourhood does not move gets zero.
#include <set>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/fix/FixDocument.h"

namespace morph {

// The NORMAL deltas of every target named in `names`, on each TRIANGLES primitive with a rest
// NORMAL, written as new accessors. TANGENT deltas are left as they were (said in a line). One
// line per name, and one per primitive skipped and why.
Result<std::vector<std::string>> recomputeNormals(FixDocument& doc,
                                                  const std::set<std::string>& names);

}  // namespace morph
