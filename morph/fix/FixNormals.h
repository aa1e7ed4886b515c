#pragma once
// `fix --recompute-normals`: a target's NORMAL deltas recomputed from its morphed positions, as the
// audit's `normals` check measures them (docs/AUDIT.md): at each vertex the file's own rest normal
// turned by the rotation that takes the area-weighted normal of the rest triangles to that of the
// morphed ones, less the rest normal. Where the stored normals are the area-weighted ones this is
// the morphed normal less the rest one; a vertex whose neighbourhood does not move gets zero.
// TANGENT deltas follow: the stored tangent turned as the tangent frame (the UV tangent and the
// normal) turns, made orthogonal to the morphed normal and unit length, so the morphed frame
// stays orthonormal.
#include <set>
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/fix/FixDocument.h"

namespace morph {

// The NORMAL deltas of every target named in `names`, on each TRIANGLES primitive with a rest
// NORMAL, written as new accessors; and its TANGENT deltas where the primitive has a rest TANGENT
// and the target has TANGENT deltas or the primitive TEXCOORD_0 to derive tangents from (a
// target's TEXCOORD_0 deltas morph the UVs too). One line per name for the normals and one for the
// tangents where some were recomputed, and one per primitive skipped and why (TANGENT deltas
// without a rest TANGENT are left as they were).
Result<std::vector<std::string>> recomputeNormals(FixDocument& doc,
                                                  const std::set<std::string>& names);

}  // namespace morph
