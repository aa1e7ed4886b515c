#pragma once
// A deterministic synthetic morph mesh for benchmarks (issue 6): V vertices on a sphere-like
// grid (positions, normals, triangle indices) and T targets, each moving a fraction D of the
// vertices in one spatially coherent patch (the vertices nearest a random centre, as a real blend
// shape moves a brow or a jaw), with small POSITION and NORMAL deltas that fall off towards the
// patch's edge. The same seed gives the same bytes on every machine: the generator uses its own
// integer PRNG and no std:: distribution (whose output the standard leaves to the library).
//
// The targets are built sparse (indices + deltas), so the .glb with sparse accessors for the
// 50,000 x 300 file is written without ever expanding it; toScene() expands to morph::Scene's
// dense deltas, as the importer would.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "GltfBuilder.h"
#include "Result.h"
#include "Scene.h"

namespace morph {

struct SyntheticSpec {
    uint32_t vertices = 1220;
    uint32_t targets = 52;
    float density = 0.3f;  // fraction of the vertices each target moves, (0, 1]
    uint64_t seed = 1;
};

// One target as a glTF sparse accessor pair would hold it: ascending vertex indices and a
// POSITION and a NORMAL delta for each.
struct SyntheticTarget {
    std::vector<uint32_t> indices;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
};

struct SyntheticMesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<uint32_t> indices;  // triangles
    std::vector<SyntheticTarget> targets;

    uint32_t vertexCount() const { return static_cast<uint32_t>(positions.size()); }
    uint64_t entryCount() const;  // sum over targets of moved vertices (the nnz)
};

// Errors (one line): no vertices (fewer than 3), no targets, a density outside (0, 1].
Status validate(const SyntheticSpec& spec);

// The mesh of `spec` (which must validate()).
SyntheticMesh makeSyntheticMesh(const SyntheticSpec& spec);

// The moved-vertex count of each target: round(density * vertices), at least 1.
uint32_t syntheticEntriesPerTarget(const SyntheticSpec& spec);

// One mesh ("synthetic", target names "t0", "t1", ...), one primitive, one node, one root:
// the dense form the importer produces.
Scene toScene(const SyntheticMesh& mesh);

// The same as glTF: POSITION, NORMAL, uint32 indices, each target's POSITION and NORMAL as
// sparse float accessors (glTF 2.0 3.6.2.3) over one shared index view, mesh.weights zeros,
// extras.targetNames.
GltfBuilder toGltf(const SyntheticMesh& mesh);

}  // namespace morph
