#pragma once
// A deterministic synthetic morph mesh for benchmarks (`bench` and its tests): V vertices on a
// sphere-like grid (positions, normals, triangle indices) and T targets, each moving a fraction D
// of the vertices in one spatially coherent patch (the vertices nearest a random centre, as a real
// blend shape moves a brow or a jaw), with small POSITION and NORMAL deltas that fall off towards
// the patch's edge. The same seed gives the same bytes on every machine: the generator uses its own
// integer PRNG and no std:: distribution (whose output the standard leaves to the library).
//
// The targets are built sparse (indices + deltas), so the .glb with sparse accessors for the
// 50,000 x 300 file is written without ever expanding it; toScene() keeps them sparse (dense past
// half the vertices), as the importer does with that file.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/glb/GltfBuilder.h"

namespace morph {

// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and fully specified, so a seed means the same
// numbers with any compiler and standard library. The benchmark draws its weights from it too.
class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed) : mState(seed) {}
    uint64_t next() {
        uint64_t z = (mState += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    float unit() { return float(next() >> 40) * (1.0f / 16777216.0f); }  // [0, 1), 24 bits
    float signedUnit() { return unit() * 2.0f - 1.0f; }
    uint32_t below(uint32_t n) { return uint32_t(next() % n); }  // n > 0; bias < 2^-32 * n
    glm::vec3 direction();                                       // uniform on the unit sphere

private:
    uint64_t mState;
};

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
    // Longitude mirrored about the back (continuous all round, no seam to split) and latitude
    // across the grid: every texel of a texture is used once on each side.
    std::vector<glm::vec2> uvs;
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
// the form the importer produces from toGltf()'s file.
Scene toScene(const SyntheticMesh& mesh);

// What a written file carries besides the mesh: the small textured face the benchmarks stand
// in for real face scans with (under 5,000 vertices, ARKit's names, a 2048-pixel base colour).
struct SyntheticFile {
    std::vector<uint8_t> baseColorPng;  // a PNG: TEXCOORD_0 and a material reading it; empty: none
    std::vector<std::string> targetNames;  // the first targets' names; the rest "t<N>"
};

// The same as glTF: POSITION, NORMAL, uint32 indices, each target's POSITION and NORMAL as
// sparse float accessors (glTF 2.0 3.6.2.3) over one shared index view, mesh.weights zeros,
// extras.targetNames; `file`'s texture and names when asked.
GltfBuilder toGltf(const SyntheticMesh& mesh, const SyntheticFile& file = {});

// RGBA8 pixels, side x side, of a skin-like base colour: a warm tone under smooth value noise
// (four octaves of a seeded lattice, so a PNG of it is neither flat nor white noise), the same
// for a seed on every machine.
std::vector<uint8_t> syntheticSkinPixels(uint32_t side, uint64_t seed);

}  // namespace morph
