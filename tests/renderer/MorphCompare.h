#pragma once
// Generated morph meshes and the GPU-vs-CPU comparison the oracle tests share.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "morph/Scene.h"
#include "morph/targets/Blend.h"
#include "morph/targets/SparseTargets.h"

namespace fixtures {

struct GeneratedMesh {
    uint32_t vertexCount = 100;
    uint32_t targetCount = 4;
    std::vector<morph::MorphChannel> channels = {morph::MorphChannel::Position,
                                                 morph::MorphChannel::Normal};
    float movedFraction = 1.0f;  // share of vertices a target moves (the rest: zero deltas)
    bool tangents = false;       // base TANGENT attribute
    bool texcoords = false;      // base TEXCOORD_0
    bool colors = false;         // base COLOR_0
    uint32_t seed = 1;
    bool sparse =
        false;  // targets in morph::MorphTarget's sparse form (as the importer keeps them)
};

// splitmix64: a few cycles per number, so the 50k x 300 mesh is generated in a blink (the
// standard distributions over mt19937 took seconds), and the same on every platform.
class FastRandom {
public:
    explicit FastRandom(uint64_t seed) : mState(seed) {}
    float chance() {  // [0, 1)
        return float(next() >> 40) * (1.0f / 16777216.0f);
    }
    float unit() { return chance() * 2.0f - 1.0f; }  // [-1, 1)

private:
    uint64_t next() {
        uint64_t z = (mState += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    uint64_t mState;
};

// Positions in [-1, 1]^3, unit normals, deltas in [-0.2, 0.2] on a random subset of vertices.
inline morph::Primitive generateMesh(const GeneratedMesh& spec) {
    FastRandom random(spec.seed);
    auto unit = [&](FastRandom&) { return random.unit(); };
    auto chance = [&](FastRandom&) { return random.chance(); };
    FastRandom& rng = random;
    morph::Primitive p;
    p.mode = morph::PrimitiveMode::Points;
    const uint32_t v = spec.vertexCount;
    p.positions.resize(v);
    p.normals.resize(v);
    for (uint32_t i = 0; i < v; ++i) {
        p.positions[i] = {unit(rng), unit(rng), unit(rng)};
        glm::vec3 n(unit(rng), unit(rng), unit(rng) + 2.0f);
        p.normals[i] = glm::normalize(n);
    }
    if (spec.tangents) {
        p.tangents.resize(v);
        for (uint32_t i = 0; i < v; ++i) {
            p.tangents[i] =
                glm::vec4(glm::normalize(glm::vec3(unit(rng) + 2.0f, unit(rng), unit(rng))),
                          i % 2 ? 1.0f : -1.0f);
        }
    }
    if (spec.texcoords) {
        p.texcoords[0].resize(v);
        for (auto& t : p.texcoords[0]) t = {unit(rng), unit(rng)};
    }
    if (spec.colors) {
        p.colors.resize(v);
        for (auto& c : p.colors) c = {chance(rng), chance(rng), chance(rng), 1.0f};
    }
    p.targets.resize(spec.targetCount);
    for (morph::MorphTarget& target : p.targets) {
        for (morph::MorphChannel c : spec.channels) {
            std::vector<glm::vec4> deltas(v, glm::vec4(0.0f));
            for (uint32_t i = 0; i < v; ++i) {
                if (spec.movedFraction < 1.0f && chance(rng) >= spec.movedFraction) continue;
                deltas[i] = glm::vec4(unit(rng), unit(rng), unit(rng), unit(rng)) * 0.2f;
                if (c != morph::MorphChannel::Color0) deltas[i].w = 0.0f;
            }
            target.set(c, std::move(deltas));
        }
        if (spec.sparse) target = target.toSparse(v);
    }
    morph::computeTargetStats(p);
    return p;
}

// The same for the common case: `vertexCount` x `targetCount`, POSITION and NORMAL targets that
// each move `movedFraction` of the vertices.
inline morph::Primitive generateMesh(uint32_t vertexCount, uint32_t targetCount,
                                     float movedFraction = 1.0f) {
    GeneratedMesh spec;
    spec.vertexCount = vertexCount;
    spec.targetCount = targetCount;
    spec.movedFraction = movedFraction;
    return generateMesh(spec);
}

// `primitive` with its POSITION and NORMAL deltas replaced by their int16 round trip
// (morph::sparsify then morph::dequantize): the deltas cs-sparse actually adds, so that its
// output can be held to the same 1e-5 as the float paths.
inline morph::Primitive dequantizedPrimitive(const morph::Primitive& primitive) {
    morph::Primitive out = primitive;
    auto sparse = morph::sparsify(primitive);
    EXPECT_TRUE(sparse.ok()) << sparse.error().message;
    if (!sparse.ok()) return out;
    for (size_t t = 0; t < out.targets.size(); ++t) {
        const morph::MorphTarget dense =
            morph::dequantize(sparse->targets[t], primitive.vertexCount());
        morph::MorphTarget& target = out.targets[t];
        if (target.isSparse()) target = target.toDense(primitive.vertexCount());
        for (morph::MorphChannel c : {morph::MorphChannel::Position, morph::MorphChannel::Normal}) {
            if (target.has(c)) target.set(c, dense.entries(c));
        }
    }
    return out;
}

inline std::vector<float> randomWeights(size_t count, uint32_t seed, float zeroShare = 0.25f) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> value(-0.5f, 1.5f);
    std::uniform_real_distribution<float> chance(0.0f, 1.0f);
    std::vector<float> w(count);
    for (float& x : w) x = chance(rng) < zeroShare ? 0.0f : value(rng);
    return w;
}

inline float boxDiagonal(const std::vector<glm::vec3>& points) {
    if (points.empty()) return 0.0f;
    glm::vec3 lo = points[0], hi = points[0];
    for (const glm::vec3& p : points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    return glm::length(hi - lo);
}

struct CompareResult {
    float worstPosition = 0;  // in units of the bounding-box diagonal
    float worstNormal = 0;    // in units of the allowed normal error
};

// GPU (renormalized normals/tangents) against the CPU reference (raw sums, normalized here).
// Positions agree to 1e-5 of the bbox diagonal of the CPU result. A normalized sum inherits the
// sum's rounding divided by its length, so normals get 1e-5 scaled by how much the terms
// cancelled: (|base| + sum |w_i| |delta_i|) / |sum|.
inline CompareResult expectSameMorph(const morph::Primitive& primitive,
                                     const std::vector<float>& weights,
                                     const morph::MorphedPrimitive& gpu, const std::string& what) {
    CompareResult result;
    const morph::MorphedPrimitive cpu = morph::blend(primitive, weights);
    EXPECT_EQ(gpu.positions.size(), cpu.positions.size()) << what;
    EXPECT_EQ(gpu.normals.size(), cpu.normals.size()) << what;
    EXPECT_EQ(gpu.tangents.size(), cpu.tangents.size()) << what;
    if (gpu.positions.size() != cpu.positions.size()) return result;
    const float diagonal = boxDiagonal(cpu.positions);
    const float tolerance = 1e-5f * (diagonal > 0.0f ? diagonal : 1.0f);
    const size_t n = cpu.positions.size();
    const size_t targets = std::min(weights.size(), primitive.targets.size());

    auto magnitude = [&](morph::MorphChannel c, const glm::vec3& base, size_t v) {
        float m = glm::length(base);
        for (size_t t = 0; t < targets; ++t) {
            const glm::vec4 d = primitive.targets[t].delta(c, uint32_t(v));
            m += std::abs(weights[t]) * glm::length(glm::vec3(d));
        }
        return m;
    };
    int reported = 0;
    for (size_t v = 0; v < n; ++v) {
        const float e = glm::length(gpu.positions[v] - cpu.positions[v]);
        result.worstPosition = std::max(result.worstPosition, e / (diagonal > 0 ? diagonal : 1.0f));
        if (e > tolerance && reported++ < 5) {
            ADD_FAILURE() << what << ": vertex " << v << " position off by " << e << " (allowed "
                          << tolerance << ")";
        }
    }
    auto checkDirection = [&](const char* name, morph::MorphChannel channel,
                              const glm::vec3& cpuSum, const glm::vec3& gpuDir,
                              const glm::vec3& base, size_t v) {
        const float length = glm::length(cpuSum);
        if (length == 0.0f) return;
        const float allowed = 1e-5f * std::max(1.0f, magnitude(channel, base, v) / length);
        const float e = glm::length(gpuDir - cpuSum / length);
        result.worstNormal = std::max(result.worstNormal, e / allowed);
        if (e > allowed && reported++ < 5) {
            ADD_FAILURE() << what << ": vertex " << v << " " << name << " off by " << e
                          << " (allowed " << allowed << ")";
        }
    };
    if (gpu.normals.size() == n && cpu.normals.size() == n) {
        for (size_t v = 0; v < n; ++v) {
            checkDirection("normal", morph::MorphChannel::Normal, cpu.normals[v], gpu.normals[v],
                           primitive.normals[v], v);
        }
    }
    if (gpu.tangents.size() == n && cpu.tangents.size() == n) {
        for (size_t v = 0; v < n; ++v) {
            checkDirection("tangent", morph::MorphChannel::Tangent, glm::vec3(cpu.tangents[v]),
                           glm::vec3(gpu.tangents[v]), glm::vec3(primitive.tangents[v]), v);
            if (gpu.tangents[v].w != cpu.tangents[v].w && reported++ < 5) {
                ADD_FAILURE() << what << ": vertex " << v << " tangent handedness changed";
            }
        }
    }
    for (int set = 0; set < 2; ++set) {
        if (cpu.texcoords[set].size() != n) continue;
        EXPECT_EQ(gpu.texcoords[set].size(), n) << what;
        if (gpu.texcoords[set].size() != n) continue;
        for (size_t v = 0; v < n; ++v) {
            const float e = glm::length(gpu.texcoords[set][v] - cpu.texcoords[set][v]);
            if (e > 1e-5f && reported++ < 5) {
                ADD_FAILURE() << what << ": vertex " << v << " TEXCOORD_" << set << " off by " << e;
            }
        }
    }
    if (cpu.colors.size() == n) {
        EXPECT_EQ(gpu.colors.size(), n) << what;
        for (size_t v = 0; v < n && gpu.colors.size() == n; ++v) {
            const float e = glm::length(gpu.colors[v] - cpu.colors[v]);
            if (e > 1e-5f && reported++ < 5) {
                ADD_FAILURE() << what << ": vertex " << v << " COLOR_0 off by " << e;
            }
        }
    }
    return result;
}

}  // namespace fixtures
