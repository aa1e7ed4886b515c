#pragma once
// Sparse, quantized morph targets: per target only the vertices it moves, in ascending vertex
// order, each entry a uint32 index plus int16 POSITION and NORMAL deltas against a per-target
// scale. 16 bytes an entry with both channels, 10 with one, against the texture array's 16 bytes
// per vertex per channel for every vertex (Packing.h). GL-free: the GPU paths upload these arrays.
//
// Only POSITION and NORMAL are stored (the channels every sparse path morphs);
// sparseCovers() says whether a primitive morphs anything else, in which case a renderer must keep
// the dense path for it.
#include <cstdint>
#include <limits>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/type_precision.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"

namespace morph {

// int16 components span [-kQuantumSteps, kQuantumSteps]; -32768 is never written so that the
// range is symmetric and a component's sign survives the round trip.
inline constexpr float kQuantumSteps = 32767.0f;

// One target. A scale per target, not per mesh: a ten-centimetre jaw and a two-millimetre eyelid
// sharing one range would give the eyelid fifty times the error it needs, whereas its own scale
// gives every target an error of at most half a quantum of its own extent.
struct SparseTarget {
    std::vector<uint32_t> indices;        // ascending, unique vertex indices
    std::vector<glm::i16vec3> positions;  // one per index when hasPositions, else empty
    std::vector<glm::i16vec3> normals;    // one per index when hasNormals, else empty
    bool hasPositions = false;            // the source target morphs POSITION
    bool hasNormals = false;              // the source target morphs NORMAL
    float positionScale = 0;              // largest |component| of the stored POSITION deltas
    float normalScale = 0;  // the same for NORMAL deltas (never renormalized: they are deltas)

    // Largest |dequantized - original| over the components of each channel, measured when the
    // target was built: against the dense deltas for sparsify() (dropped entries included), against
    // the given entries for encode().
    float maxPositionError = 0;
    float maxNormalError = 0;

    size_t entryCount() const { return indices.size(); }
    uint32_t bytesPerEntry() const;  // 4 (index) + 6 per stored channel: 16, 10, or 4
    uint64_t sizeInBytes() const { return entryCount() * bytesPerEntry(); }
    float positionQuantum() const { return positionScale / kQuantumSteps; }
    float normalQuantum() const { return normalScale / kQuantumSteps; }
    float maxError() const { return glm::max(maxPositionError, maxNormalError); }
};

// Per entry: the dequantized deltas (zero for a channel the target does not store).
glm::vec3 dequantizePosition(const SparseTarget& target, size_t entry);
glm::vec3 dequantizeNormal(const SparseTarget& target, size_t entry);

// The whole target back to dense deltas over `vertexCount` vertices: a MorphTarget with the
// channels the target stores, zeros where it has no entry.
MorphTarget dequantize(const SparseTarget& target, uint32_t vertexCount);

// Largest |dequantized - original| per channel of `target` against dense `original` deltas.
struct DequantizationError {
    float position = 0;
    float normal = 0;
};
DequantizationError measureError(const SparseTarget& target, const MorphTarget& original);

// From dense deltas: keeps the vertices where some POSITION or NORMAL component is larger in
// magnitude than `threshold` (0: every vertex that moves at all). Errors (one line): a negative
// or non-finite threshold, a non-finite delta, a channel whose size is not `vertexCount`.
Result<SparseTarget> sparsify(const MorphTarget& target, uint32_t vertexCount, float threshold = 0);

// From deltas already sparse (a glTF sparse accessor's indices and values). positions or normals
// may be empty (the target lacks that channel), else one per index. Errors: indices not strictly
// ascending, an index >= vertexCount, a size mismatch, a non-finite delta.
Result<SparseTarget> encode(const std::vector<uint32_t>& indices,
                            const std::vector<glm::vec3>& positions,
                            const std::vector<glm::vec3>& normals,
                            uint32_t vertexCount = std::numeric_limits<uint32_t>::max());

struct SparsePrimitive {
    uint32_t vertexCount = 0;
    std::vector<SparseTarget> targets;  // one per Primitive::targets entry
    uint64_t sizeInBytes() const;
    size_t entryCount() const;
};

// Every target of the primitive; errors name the target ("target 3: ...").
Result<SparsePrimitive> sparsify(const Primitive& primitive, float threshold = 0);

// True when the primitive morphs no channel but POSITION and NORMAL, so the sparse form holds all
// of its targets.
bool sparseCovers(const Primitive& primitive);

// Per target of the mesh, the largest maxError() over its primitives (for `info`).
Result<std::vector<float>> maxDequantizationErrors(const Mesh& mesh);

// Over every primitive with targets: the sparse bytes against the texture array's
// (packingSummary().bytes, same primitives).
struct SparseSummary {
    uint64_t bytes = 0;
    uint64_t entries = 0;
    uint64_t denseBytes = 0;
    uint64_t threejsBytes = 0;
    uint32_t primitives = 0;
    uint32_t uncoveredPrimitives = 0;  // morph channels sparse storage does not hold
};
Result<SparseSummary> sparseSummary(const Scene& scene, float threshold = 0);

}  // namespace morph
