#pragma once
// How every target moved between two drawn models (DrawnModel.h): A's vertices matched to B's by
// rest position (VertexMatch.h's grid; among several of B's within the tolerance, the one that
// also moves most alike under the names both have), then per target name the difference of the two
// displacement fields at weight 1 over the matched vertices, as a share of A's rest bounding-box
// diagonal. What `morphview diff` reports (docs/FIX.md).
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "morph/diff/DrawnModel.h"

namespace morph {

struct DiffOptions {
    // A row is `same` when its maxDrift is at most this (a share of A's diagonal).
    float maxDrift = 0.001f;
    // Two rest positions match when they are at most this far apart (a share of A's diagonal):
    // a thousandth is about twenty times the largest error of gltfpack's default 14-bit
    // position quantization over the whole model's box and, on a head, well under a face's
    // vertex spacing, so a vertex that was deleted seldom finds a neighbour in its place.
    float matchTolerance = 0.001f;
};

enum class DriftStatus { Same, Changed, Added, Removed, Renamed };
const char* driftStatusName(DriftStatus status);  // "same", "changed", ...

struct TargetDrift {
    std::string name;  // B's name for added and renamed rows, else A's (the same in both)
    std::string from;  // renamed rows: A's name; else empty
    DriftStatus status = DriftStatus::Same;
    float maxDrift = 0;      // largest |dispA - dispB| over matched vertices / diagonal
    float rmsDrift = 0;      // root mean square of the same
    glm::vec3 at{0.0f};      // A's rest position of the vertex where maxDrift is
    bool nonFinite = false;  // either file's field was not finite: changed whatever it says
};

struct ModelDiff {
    float diagonal = 0;       // A's rest bounding-box diagonal, world units
    float restMaxDrift = 0;   // largest |restA - restB| over matched vertices / diagonal
    uint32_t unmatchedA = 0;  // A's drawn vertices with no B vertex within the tolerance
    uint32_t unmatchedB = 0;  // and B's with no A vertex
    uint32_t verticesA = 0, verticesB = 0;
    // A's names in A's order (renamed rows where the removed name was), then the added ones in
    // B's order.
    std::vector<TargetDrift> targets;
    // Per drawn vertex of A, its counterpart in B (kNoMatch, -1, for none).
    std::vector<int32_t> match;

    // Every row same, the rest pose within the budget and every vertex matched.
    bool unchanged(const DiffOptions& options) const;
    // The row with the largest maxDrift (the first of equal ones); nullptr without rows.
    const TargetDrift* worst() const;
};

// A against B. `a`'s diagonal must be positive (the caller refuses a model without extent).
ModelDiff diffModels(const DrawnModel& a, const DrawnModel& b, const DiffOptions& options = {});

// At each of A's drawn vertices, A's displacement of `nameA` less B's of `nameB` at the vertex's
// counterpart (a name a model lacks, or "", displaces nothing; zero at an unmatched vertex), in
// world units: the field whose largest length is the row's maxDrift times the diagonal.
std::vector<glm::vec3> driftField(const DrawnModel& a, const DrawnModel& b, const ModelDiff& diff,
                                  const std::string& nameA, const std::string& nameB);

}  // namespace morph
