#pragma once
// The non-zero entries of a weight vector: what every morph path needs from the weights each
// frame (the active-list shader's (target, weight) pairs, the sparse pre-pass's jobs, the cost
// model's active entries).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace morph {

// Replaces `targets` and `values` by the indices and values of the non-zero weights in
// weights[0, count), ascending. Zero and -0 are skipped; a NaN is kept (it stays visible rather
// than vanishing). The capacity of both vectors is reused, so a caller that keeps them across
// frames does not allocate.
void collectActive(const float* weights, size_t count, std::vector<uint32_t>& targets,
                   std::vector<float>& values);

// One weight vector's active list: the form every consumer of a frame's weights reads.
struct ActiveWeights {
    std::vector<uint32_t> targets;  // ascending
    std::vector<float> values;      // values[i] is the weight of targets[i]

    void assign(const std::vector<float>& weights) {
        collectActive(weights.data(), weights.size(), targets, values);
    }
    size_t size() const { return targets.size(); }
};

}  // namespace morph
