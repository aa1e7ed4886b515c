#pragma once
// What the checks read, computed once per audit: each mesh's primitives as one vertex list (so a
// face split by material is one face), its size, mirror plane and triangles, and each target's
// POSITION and NORMAL deltas as sparse entries with their statistics. The checks (AuditChecks.h)
// walk these entries, never a dense per-vertex copy of a target.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"
#include "morph/audit/RigAudit.h"
#include "morph/audit/Symmetry.h"

namespace morph {

// One target of one mesh, its primitives' entries concatenated (vertices ascending).
struct TargetDeltas {
    std::string name;
    std::vector<uint32_t> vertices;    // where the POSITION or NORMAL delta is not zero
    std::vector<glm::vec3> positions;  // one per vertex
    std::vector<glm::vec3> normals;    // one per vertex; empty when no primitive stores NORMAL
    float maxDelta = 0;                // the longest POSITION delta
    double sumDelta = 0;               // the sum of the POSITION deltas' lengths
    uint32_t moved = 0;                // vertices moved beyond the move tolerance
    bool otherChannels = false;        // TANGENT, TEXCOORD or COLOR deltas that are not zero
    bool broken = false;               // found nonfinite or huge: left out of the shape checks
    std::vector<uint32_t> leaked;      // entries (ascending) the leak check found far from the
                                       // target's work: asymmetric leaves them out
};

struct MeshData {
    std::string name;  // Mesh::name, or "meshes[i]"
    size_t index = 0;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;   // the stored ones; empty unless every primitive has them
    std::vector<uint32_t> triangles;  // three vertex indices each (triangle primitives only)
    // The triangles around each vertex (CSR: vertex v's are triangleIds[firstTriangle[v] ..
    // firstTriangle[v + 1]]).
    std::vector<uint32_t> firstTriangle;
    std::vector<uint32_t> triangleIds;
    float diagonal = 0;  // of the bounding box
    Symmetry symmetry;
    std::vector<TargetDeltas> targets;  // in the mesh's target order

    // A length tolerance given as a share of the diagonal (never 0, so a flat point mesh works).
    float length(float share) const { return std::max(diagonal, 1e-6f) * share; }
};

// Every mesh that has targets, with its data; `options` gives the tolerances.
std::vector<MeshData> buildAuditData(const Scene& scene, const AuditOptions& options);

}  // namespace morph
