#pragma once
// A model as it is drawn, for comparing two files: every drawn vertex of the default scene in
// world space at rest, and each target name's displacement of those vertices at weight 1. Built
// from the frame `eval --space world` evaluates (morph::resolveFrame, the CPU blend and
// toWorldSpace), so what diff measures is what eval prints and the renderer draws.
//
// Rest: every weight 0, the nodes' own transforms, no animation (mesh.weights are defaults a
// viewer starts from, not the shape). A vertex is drawn when an index names it (every vertex of a
// primitive without indices): files that drop unused vertices compare with those that keep them.
// A name's displacement is that name at 1 on every mesh that has it and everything else at rest,
// so a name split over several meshes (a face and its teeth) is one field over both.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"

namespace morph {

// One name's displacement: world-space vectors at drawn vertices, zero elsewhere. A vertex may
// appear more than once (one name on two targets of a mesh): the entries then add up.
struct DisplacementField {
    std::vector<uint32_t> vertices;  // indices into DrawnModel::rest
    std::vector<glm::vec3> deltas;
};

struct DrawnModel {
    std::vector<glm::vec3> rest;            // world-space rest position of every drawn vertex
    std::vector<std::string> names;         // the drawn meshes' target names, each once, as met
    std::vector<DisplacementField> fields;  // per name
    // Names whose displacement is not finite in world space (a delta of 1e38 through a scale);
    // their fields hold zeros where it was not.
    std::vector<std::string> nonFinite;
    // The triangles of its TRIANGLES primitives, three drawn vertices each (what diff's page
    // draws its heat maps on).
    std::vector<uint32_t> triangles;
};

// The drawn model of `scene`'s default scene. Errors (one line naming scene.path): a rest
// position that is not finite in world space.
Result<DrawnModel> drawnModel(const Scene& scene);

// The rest pose's axis-aligned bounding box diagonal (0 for no vertex).
float restDiagonal(const DrawnModel& model);

// The drawn model as a scene of its own: one mesh in world space (its rest positions and
// triangles) on one node at the origin, with `targets` as dense POSITION targets (one world-space
// delta per drawn vertex). What diff's page draws a drift's heat map on.
Scene drawnScene(const DrawnModel& model,
                 const std::vector<std::pair<std::string, std::vector<glm::vec3>>>& targets);

}  // namespace morph
