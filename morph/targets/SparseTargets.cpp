#include "morph/targets/SparseTargets.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "morph/targets/Packing.h"

namespace morph {

namespace {

// Round to nearest (half away from zero), clamped to the symmetric int16 range. Computed in
// double so that v / scale * 32767 is not itself rounded before the final rounding: the only
// error left is the half quantum the rounding makes.
int16_t quantize(float value, float scale) {
    if (!(scale > 0)) return 0;
    const double q = std::round(double(value) * double(kQuantumSteps) / double(scale));
    return static_cast<int16_t>(std::clamp(q, -double(kQuantumSteps), double(kQuantumSteps)));
}

// Dequantization as a shader does it: one float multiply by the target's quantum (a uniform).
glm::vec3 dequantize3(const glm::i16vec3& q, float quantum) {
    return glm::vec3(q) * quantum;
}

float largestComponent(const std::vector<glm::vec3>& values) {
    float largest = 0;
    for (const glm::vec3& v : values) {
        largest = std::max({largest, std::abs(v.x), std::abs(v.y), std::abs(v.z)});
    }
    return largest;
}

float componentDistance(const glm::vec3& a, const glm::vec3& b) {
    const glm::vec3 d = glm::abs(a - b);
    return std::max({d.x, d.y, d.z});
}

bool finite3(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// Quantizes one channel of entries already chosen; returns the largest error it makes.
float quantizeChannel(const std::vector<glm::vec3>& values, float& scale,
                      std::vector<glm::i16vec3>& out) {
    scale = largestComponent(values);
    const float quantum = scale / kQuantumSteps;
    out.resize(values.size());
    float error = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        const glm::vec3& v = values[i];
        out[i] = {quantize(v.x, scale), quantize(v.y, scale), quantize(v.z, scale)};
        error = std::max(error, componentDistance(dequantize3(out[i], quantum), v));
    }
    return error;
}

// The shared tail of sparsify() and encode(): inputs already validated.
SparseTarget quantizeEntries(std::vector<uint32_t> indices, const std::vector<glm::vec3>& positions,
                             const std::vector<glm::vec3>& normals, bool hasPositions,
                             bool hasNormals) {
    SparseTarget target;
    target.indices = std::move(indices);
    target.hasPositions = hasPositions;
    target.hasNormals = hasNormals;
    if (hasPositions) {
        target.maxPositionError =
            quantizeChannel(positions, target.positionScale, target.positions);
    }
    if (hasNormals) {
        target.maxNormalError = quantizeChannel(normals, target.normalScale, target.normals);
    }
    return target;
}

glm::vec3 xyz(const glm::vec4& v) {
    return {v.x, v.y, v.z};
}

}  // namespace

uint32_t SparseTarget::bytesPerEntry() const {
    return 4u + (hasPositions ? 6u : 0u) + (hasNormals ? 6u : 0u);
}

glm::vec3 dequantizePosition(const SparseTarget& target, size_t entry) {
    if (!target.hasPositions || entry >= target.positions.size()) return glm::vec3(0.0f);
    return dequantize3(target.positions[entry], target.positionQuantum());
}

glm::vec3 dequantizeNormal(const SparseTarget& target, size_t entry) {
    if (!target.hasNormals || entry >= target.normals.size()) return glm::vec3(0.0f);
    return dequantize3(target.normals[entry], target.normalQuantum());
}

MorphTarget dequantize(const SparseTarget& target, uint32_t vertexCount) {
    std::vector<glm::vec4> positions, normals;
    if (target.hasPositions) positions.assign(vertexCount, glm::vec4(0.0f));
    if (target.hasNormals) normals.assign(vertexCount, glm::vec4(0.0f));
    for (size_t e = 0; e < target.entryCount(); ++e) {
        const uint32_t v = target.indices[e];
        if (v >= vertexCount) continue;  // a target built for a larger primitive: keep what fits
        if (target.hasPositions) positions[v] = glm::vec4(dequantizePosition(target, e), 0.0f);
        if (target.hasNormals) normals[v] = glm::vec4(dequantizeNormal(target, e), 0.0f);
    }
    MorphTarget dense;
    dense.set(MorphChannel::Position, std::move(positions));
    dense.set(MorphChannel::Normal, std::move(normals));
    return dense;
}

DequantizationError measureError(const SparseTarget& target, const MorphTarget& original) {
    // A dense original spans its vertices; a sparse one at least up to its last index (the
    // vertices past it have zero deltas, which a dequantized target also gives).
    uint32_t vertexCount = uint32_t(original.isSparse() ? 0 : original.entryCount());
    if (original.isSparse() && !original.indices().empty())
        vertexCount = original.indices().back() + 1;
    if (!target.indices.empty()) vertexCount = std::max(vertexCount, target.indices.back() + 1);
    const MorphTarget restored = dequantize(target, vertexCount);
    DequantizationError error;
    auto channelError = [&](MorphChannel c) {
        const std::vector<glm::vec4> a = original.dense(c, vertexCount);
        const std::vector<glm::vec4>& b = restored.entries(c);
        float largest = 0;
        for (size_t v = 0; v < std::max(a.size(), b.size()); ++v) {
            const glm::vec3 x = v < a.size() ? xyz(a[v]) : glm::vec3(0.0f);
            const glm::vec3 y = v < b.size() ? xyz(b[v]) : glm::vec3(0.0f);
            largest = std::max(largest, componentDistance(x, y));
        }
        return largest;
    };
    error.position = channelError(MorphChannel::Position);
    error.normal = channelError(MorphChannel::Normal);
    return error;
}

Result<SparseTarget> sparsify(const MorphTarget& target, uint32_t vertexCount, float threshold) {
    if (!std::isfinite(threshold) || threshold < 0) {
        return Error{ErrorCode::BadValue, "sparsify: threshold " + std::to_string(threshold) +
                                              " is not a finite value >= 0"};
    }
    const bool hasPositions = target.has(MorphChannel::Position);
    const bool hasNormals = target.has(MorphChannel::Normal);
    const std::vector<glm::vec4>& position = target.entries(MorphChannel::Position);
    const std::vector<glm::vec4>& normal = target.entries(MorphChannel::Normal);
    if (target.isSparse()) {
        if (!target.indices().empty() && target.indices().back() >= vertexCount) {
            return Error{ErrorCode::OutOfBounds,
                         "sparse target: vertex " + std::to_string(target.indices().back()) +
                             " out of range (" + std::to_string(vertexCount) + " vertices)"};
        }
    } else {
        for (MorphChannel c : {MorphChannel::Position, MorphChannel::Normal}) {
            if (target.has(c) && target.entries(c).size() != vertexCount) {
                return Error{ErrorCode::Inconsistent,
                             std::string(channelName(c)) + " has " +
                                 std::to_string(target.entries(c).size()) + " deltas for " +
                                 std::to_string(vertexCount) + " vertices"};
            }
        }
    }

    // Entries in vertex order: every vertex of a dense target, the stored ones of a sparse target
    // (the others have zero deltas, which threshold >= 0 always drops, so both forms keep the same
    // entries and report the same errors).
    std::vector<uint32_t> indices;
    std::vector<glm::vec3> keptPositions, keptNormals;
    float droppedPosition = 0, droppedNormal = 0;  // dropping is an error too: report it
    const size_t entries = target.isSparse() ? target.entryCount() : vertexCount;
    for (size_t e = 0; e < entries; ++e) {
        const uint32_t v = target.vertexOf(e);
        const glm::vec3 p = hasPositions ? xyz(position[e]) : glm::vec3(0.0f);
        const glm::vec3 n = hasNormals ? xyz(normal[e]) : glm::vec3(0.0f);
        if (!finite3(p) || !finite3(n)) {
            return Error{ErrorCode::BadValue, "vertex " + std::to_string(v) + ": " +
                                                  (finite3(p) ? "NORMAL" : "POSITION") +
                                                  " delta is not finite"};
        }
        const float largestP = componentDistance(p, glm::vec3(0.0f));
        const float largestN = componentDistance(n, glm::vec3(0.0f));
        // "Does not move": every POSITION and NORMAL component within the threshold. With the
        // default 0 only exact zeros go, so nothing the file stores is lost but rounding.
        if (largestP <= threshold && largestN <= threshold) {
            droppedPosition = std::max(droppedPosition, largestP);
            droppedNormal = std::max(droppedNormal, largestN);
            continue;
        }
        indices.push_back(v);
        if (hasPositions) keptPositions.push_back(p);
        if (hasNormals) keptNormals.push_back(n);
    }
    SparseTarget sparse =
        quantizeEntries(std::move(indices), keptPositions, keptNormals, hasPositions, hasNormals);
    if (hasPositions) sparse.maxPositionError = std::max(sparse.maxPositionError, droppedPosition);
    if (hasNormals) sparse.maxNormalError = std::max(sparse.maxNormalError, droppedNormal);
    return sparse;
}

Result<SparseTarget> encode(const std::vector<uint32_t>& indices,
                            const std::vector<glm::vec3>& positions,
                            const std::vector<glm::vec3>& normals, uint32_t vertexCount) {
    const std::string count = std::to_string(indices.size());
    if (!positions.empty() && positions.size() != indices.size()) {
        return Error{ErrorCode::Inconsistent,
                     "sparse entries: " + std::to_string(positions.size()) +
                         " POSITION deltas for " + count + " indices"};
    }
    if (!normals.empty() && normals.size() != indices.size()) {
        return Error{ErrorCode::Inconsistent, "sparse entries: " + std::to_string(normals.size()) +
                                                  " NORMAL deltas for " + count + " indices"};
    }
    for (size_t i = 0; i < indices.size(); ++i) {
        // Built only on failure: this loop runs once per entry of every target.
        auto at = [&] {
            return "indices[" + std::to_string(i) + "] = " + std::to_string(indices[i]);
        };
        // glTF 2.0 3.6.2.3: sparse indices MUST strictly increase; the GPU gather relies on it.
        if (i > 0 && indices[i] <= indices[i - 1]) {
            return Error{ErrorCode::BadValue,
                         "sparse entries: " + at() + " does not follow indices[" +
                             std::to_string(i - 1) + "] = " + std::to_string(indices[i - 1]) +
                             " (must be strictly ascending)"};
        }
        if (indices[i] >= vertexCount) {
            return Error{ErrorCode::OutOfBounds, "sparse entries: " + at() + " out of range (" +
                                                     std::to_string(vertexCount) + " vertices)"};
        }
        if ((!positions.empty() && !finite3(positions[i])) ||
            (!normals.empty() && !finite3(normals[i]))) {
            return Error{ErrorCode::BadValue,
                         "sparse entries: delta of " + at() + " is not finite"};
        }
    }
    // A channel given with no indices cannot be told from an absent one; an empty list of
    // indices simply stores nothing for either.
    return quantizeEntries(indices, positions, normals, !positions.empty(), !normals.empty());
}

uint64_t SparsePrimitive::sizeInBytes() const {
    uint64_t bytes = 0;
    for (const SparseTarget& t : targets) bytes += t.sizeInBytes();
    return bytes;
}

size_t SparsePrimitive::entryCount() const {
    size_t entries = 0;
    for (const SparseTarget& t : targets) entries += t.entryCount();
    return entries;
}

Result<SparsePrimitive> sparsify(const Primitive& primitive, float threshold) {
    SparsePrimitive sparse;
    sparse.vertexCount = primitive.vertexCount();
    sparse.targets.reserve(primitive.targets.size());
    for (size_t t = 0; t < primitive.targets.size(); ++t) {
        Result<SparseTarget> target = sparsify(primitive.targets[t], sparse.vertexCount, threshold);
        if (!target)
            return Error{target.error().code,
                         "target " + std::to_string(t) + ": " + target.error().message};
        sparse.targets.push_back(std::move(target.value()));
    }
    return sparse;
}

bool sparseCovers(const Primitive& primitive) {
    for (MorphChannel c : primitive.morphedChannels()) {
        if (c != MorphChannel::Position && c != MorphChannel::Normal) return false;
    }
    return true;
}

Result<std::vector<float>> maxDequantizationErrors(const Mesh& mesh) {
    std::vector<float> errors(mesh.targetCount(), 0.0f);
    for (size_t p = 0; p < mesh.primitives.size(); ++p) {
        Result<SparsePrimitive> sparse = sparsify(mesh.primitives[p]);
        if (!sparse)
            return Error{sparse.error().code,
                         "primitive " + std::to_string(p) + ", " + sparse.error().message};
        for (size_t t = 0; t < std::min(errors.size(), sparse->targets.size()); ++t) {
            errors[t] = std::max(errors[t], sparse->targets[t].maxError());
        }
    }
    return errors;
}

Result<SparseSummary> sparseSummary(const Scene& scene, float threshold) {
    SparseSummary summary;
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        const Mesh& mesh = scene.meshes[m];
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            const Primitive& primitive = mesh.primitives[p];
            if (primitive.targets.empty()) continue;
            Result<SparsePrimitive> sparse = sparsify(primitive, threshold);
            if (!sparse) {
                return Error{sparse.error().code, scene.path + ": meshes[" + std::to_string(m) +
                                                      "].primitives[" + std::to_string(p) + "] " +
                                                      sparse.error().message};
            }
            summary.bytes += sparse->sizeInBytes();
            summary.entries += sparse->entryCount();
            // Same default max texture size as packingSummary(), so the two totals compare.
            summary.denseBytes += packLayout(primitive, 16384).bytes();
            summary.threejsBytes += threejsMorphBytes(primitive);
            summary.primitives += 1;
            if (!sparseCovers(primitive)) summary.uncoveredPrimitives += 1;
        }
    }
    return summary;
}

}  // namespace morph
