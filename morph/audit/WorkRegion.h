#pragma once
// Where a target does its work, found so that a leak cannot move it. The target's notably moved
// vertices are grouped into pieces: vertices joined by an edge of the mesh, or closer than a
// linking distance, join a piece, so one region of skin is one piece however it is tessellated
// or split at seams, and so are an eyelid and its lashes. Its work is the pieces that reach half
// its largest delta (a brow target's brow, both brows of a target named without side, the eyes and
// mouth of a whole-face expression); a piece of far vertices moved less than that (a sculpting
// slip, a wrap that dragged the neck along) is not, however many vertices it moves, so it neither
// pulls the centre nor widens the radius. The region is the centre of the work's movement (weighted
// by delta length) and the radius around it that holds 90% of that movement.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "morph/audit/AuditData.h"
#include "morph/audit/RigAudit.h"

namespace morph {

struct WorkRegion {
    glm::vec3 centre{0.0f};
    float radius = 0;
    float notable = 0;               // the delta length that counts as moving notably
    std::vector<uint32_t> notables;  // entries of the target (indices into its vertices) at or
                                     // above `notable`
    std::vector<uint32_t> piece;     // per notable entry, its piece (0 .. pieces - 1)
    size_t pieces = 0, workPieces = 0;
};

// `t`'s region on mesh `m` (its deltas must be finite; options: leakDeltaShare for "notably",
// leakLinkDistance and leakWorkPeak for the pieces). `vertexEntry` has one entry per vertex of
// `m`, all -1 (scratch; all -1 again on return).
WorkRegion findWorkRegion(const MeshData& m, const TargetDeltas& t, const AuditOptions& options,
                          std::vector<int32_t>& vertexEntry);

}  // namespace morph
