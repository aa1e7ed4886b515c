#pragma once
// The rig audit: what is wrong with a model's morph targets, found from the data alone (no
// picture). Each finding names the check, how bad it is, the target name(s) it concerns (both
// names of a pair), the mesh and one sentence with the numbers. GL-free; `morphview audit` prints
// the findings as a table, JSON or JUnit (app/audit/).
//
// The checks (docs/AUDIT.md gives each one's tolerance and why):
//   dead (error)            a name that moves no vertex on any mesh
//   nonfinite (error)       NaN or infinite values (read under ImportOptions::keepNonFiniteTargets)
//   huge (error)            a delta out of all proportion to the mesh (a vertex flung away)
//   duplicate (warning)     two names that move something with equal deltas
//   side (error)            a Left/Right name that moves mostly the character's other side
//   asymmetric (warning)    a left/right pair whose deltas are not mirror images
//   leak (warning)          a target that also moves vertices far from where it does its work
//   normals (warning)       NORMAL deltas that disagree with the morphed geometry, or none where
//                           the target's siblings have them
//   missing-on-mesh (error) a name the mesh's peers (meshes sharing most names) have and it lacks
//   rig-logic (warning)     a derived target (morph/rig/RigLogic.h) whose rule does not fit the
//                           data: a file's rule a mesh lacks a driver for, a corrective moving
//                           vertices none of its drivers move, in-betweens reaching out of order
// A target found nonfinite or huge is left out of the checks that read its shape (its data is
// broken; one finding per cause).
#include <string>
#include <vector>

#include "morph/Scene.h"

namespace morph {

enum class Severity { Error, Warning };

// "error" / "warning".
const char* severityName(Severity severity);

struct Finding {
    std::string check;  // "dead", "nonfinite", ... as above
    Severity severity = Severity::Error;
    std::vector<std::string> targets;  // one name, or a pair's two
    std::string mesh;                  // the mesh's name ("meshes[2]" when it has none)
    std::string detail;                // one sentence with the numbers
};

// The tolerances. Lengths are shares of the mesh's size (the diagonal of its bounding box), so
// they hold for a face modelled in metres or in centimetres.
struct AuditOptions {
    // A vertex moves when its POSITION delta exceeds this (dead, and what every check counts).
    float moveTolerance = 1e-4f;
    // huge: a delta longer than this many mesh diagonals (Khronos' SimpleMorph moves its one
    // triangle's apex by 1.26 diagonals, on purpose; a vertex flung away goes much farther).
    float hugeDiagonals = 2.0f;
    // duplicate: deltas equal within this share of the pair's largest delta.
    float duplicateTolerance = 1e-3f;
    // Symmetry: a vertex pairs when its mirror image lies within this share of the diagonal of
    // a vertex, or within `mirrorEdgeShare` of the local edge length (the mean edge at either
    // vertex), whichever is larger: a sculpted or scanned head is symmetric only to within a
    // fraction of an edge. The plane is trusted when at least `symmetricShare` of the vertices
    // pair up.
    float mirrorTolerance = 2e-3f;
    float mirrorEdgeShare = 1.0f;
    float symmetricShare = 0.6f;
    // side: the share of a target's sided movement on the other side that makes it wrong.
    float wrongSideShare = 2.0f / 3.0f;
    // asymmetric: the pair's differences from each other's mirror image, summed over the moved
    // vertices of both, as a share of their deltas' summed lengths. A sum, not the largest one:
    // a mesh that is symmetric only to within a millimetre pairs a few vertices with a neighbour
    // of their true mirror (Ready Player Me's eyelids), which a largest difference would report.
    float asymmetryShare = 0.25f;
    // leak: a vertex moved by at least `leakDeltaShare` of the target's largest delta that lies
    // farther than `leakRadii` times the radius holding 90% of its work's movement from the
    // centre of that movement, and farther than `leakMinDistance` diagonals. Its work: the
    // pieces of its notably moved vertices (joined by the mesh's edges, or closer than
    // `leakLinkDistance` diagonals) that reach `leakWorkPeak` of its largest delta
    // (WorkRegion.h).
    float leakDeltaShare = 0.05f;
    float leakRadii = 3.0f;
    float leakMinDistance = 0.15f;
    float leakLinkDistance = 0.01f;
    float leakWorkPeak = 0.5f;
    // normals: the 95th percentile of the angle between the stored morphed normals and the
    // normals recomputed from the morphed positions (degrees), over the moved vertices; and the
    // turn of the recomputed normals that calls for stored NORMAL deltas where siblings have them.
    float normalAngleDegrees = 20.0f;
    float missingNormalsDegrees = 10.0f;
    // normals: NORMAL deltas are missing where more than this share of the mesh's other targets
    // have them.
    float normalSiblingsShare = 0.5f;
    // missing-on-mesh: meshes are peers when this share of their names' union is common.
    float peerShare = 0.5f;
};

// Checks that could not run on a mesh, and why: a report line, not a finding (nothing is known
// to be wrong), so that silence is never taken for a pass. side and asymmetric need the mesh's
// mirror plane; on a mesh where too few vertices pair with a mirror image (half a face, a torn
// outfit, a mesh that is not symmetric) they cannot judge its targets that name a side.
struct Unchecked {
    std::vector<std::string> checks;   // {"side", "asymmetric"}
    std::string mesh;                  // as Finding::mesh
    std::vector<std::string> targets;  // the names the checks would have judged there
    float pairedShare = 0;             // the share of the mesh's vertices that paired
    std::string detail;                // one sentence with the numbers
};

struct AuditReport {
    std::vector<Finding> findings;     // errors first, then by target name, check and mesh
    std::vector<Unchecked> unchecked;  // in mesh order
};

// Every finding on `scene`'s meshes, and the checks that could not run.
AuditReport auditSceneReport(const Scene& scene, const AuditOptions& options = {});
// Every finding on `scene`'s meshes, errors first, then by target name, check and mesh.
std::vector<Finding> auditScene(const Scene& scene, const AuditOptions& options = {});

// Whether the importer marked `scene` as VRM 0.x (the VRM extension), whose characters face -Z;
// glTF's (and VRM 1.0's) face +Z. The character's left is then -X instead of +X.
bool facesNegativeZ(const Scene& scene);

}  // namespace morph
