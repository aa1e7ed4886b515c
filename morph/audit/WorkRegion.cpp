#include "morph/audit/WorkRegion.h"

#include <algorithm>
#include <climits>
#include <numeric>
#include <utility>

namespace morph {
namespace {

constexpr uint64_t kBits = 21;  // a cell coordinate's bits in a key

// Disjoint sets with union by size and path halving: near-constant time a join.
struct UnionFind {
    std::vector<uint32_t> parent, size;
    explicit UnionFind(size_t n) : parent(n), size(n, 1) {
        std::iota(parent.begin(), parent.end(), 0u);
    }
    uint32_t find(uint32_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
    void join(uint32_t a, uint32_t b) {
        a = find(a);
        b = find(b);
        if (a == b) return;
        if (size[a] < size[b]) std::swap(a, b);
        parent[b] = a;
        size[a] += size[b];
    }
};

// Per entry of `entries` (indices into t's vertices, ascending) the piece it belongs to. Two
// moved vertices join when an edge of the mesh joins them, so a region of skin is one piece
// however coarsely it is tessellated, and when they lie in one cell of the linking distance or
// in touching cells (so vertices closer than the distance always join, wherever the mesh is split
// at seams or made of separate cards). `vertexEntry` is all -1 on entry and on return.
std::vector<uint32_t> pieceOf(const MeshData& m, const TargetDeltas& t,
                              const std::vector<uint32_t>& entries, float link,
                              std::vector<int32_t>& vertexEntry, size_t& pieces) {
    UnionFind sets(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) vertexEntry[t.vertices[entries[i]]] = int32_t(i);
    for (size_t i = 0; i < entries.size(); ++i) {
        const uint32_t v = t.vertices[entries[i]];
        for (uint32_t k = m.firstTriangle[v]; k < m.firstTriangle[v + 1]; ++k) {
            const uint32_t* tri = &m.triangles[size_t(m.triangleIds[k]) * 3];
            for (int c = 0; c < 3; ++c) {
                // Each edge once, from its lower end.
                if (tri[c] > v && vertexEntry[tri[c]] >= 0)
                    sets.join(uint32_t(i), uint32_t(vertexEntry[tri[c]]));
            }
        }
    }
    for (uint32_t e : entries) vertexEntry[t.vertices[e]] = -1;
    // The cells, counted from one below the lowest (so every neighbour's coordinates are
    // non-negative), as keys that sort by z, then y, then x; (key, entry) sorted puts a cell's
    // entries together, and each row of neighbouring cells is then met in ascending order.
    std::vector<glm::ivec3> cells(entries.size());
    glm::ivec3 lo(INT_MAX);
    for (size_t i = 0; i < entries.size(); ++i) {
        cells[i] = glm::ivec3(glm::floor(m.positions[t.vertices[entries[i]]] / link));
        lo = glm::min(lo, cells[i]);
    }
    std::vector<std::pair<uint64_t, uint32_t>> keyed(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        const glm::u64vec3 c = glm::u64vec3(cells[i] - lo + 1);
        keyed[i] = {c.x | c.y << kBits | c.z << (2 * kBits), uint32_t(i)};
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<std::pair<uint64_t, uint32_t>> unique;  // (key, an entry in the cell)
    for (size_t k = 0; k < keyed.size(); ++k) {
        if (k > 0 && keyed[k].first == keyed[k - 1].first) {
            sets.join(keyed[k].second, keyed[k - 1].second);
        } else {
            unique.push_back(keyed[k]);
        }
    }
    // For each of the nine rows of neighbours (dy, dz), a pointer that only moves forward: the
    // row's keys rise with the cell's.
    for (int64_t dz = -1; dz <= 1; ++dz) {
        for (int64_t dy = -1; dy <= 1; ++dy) {
            const int64_t shift = dy * (int64_t(1) << kBits) + dz * (int64_t(1) << (2 * kBits));
            size_t p = 0;
            for (const auto& [key, entry] : unique) {
                const uint64_t row = uint64_t(int64_t(key) + shift);
                while (p < unique.size() && unique[p].first < row - 1) ++p;
                for (size_t q = p; q < unique.size() && unique[q].first <= row + 1; ++q)
                    sets.join(entry, unique[q].second);
            }
        }
    }
    std::vector<uint32_t> out(entries.size());
    std::vector<uint32_t> number(entries.size(), UINT32_MAX);
    pieces = 0;
    for (size_t i = 0; i < entries.size(); ++i) {
        const uint32_t root = sets.find(uint32_t(i));
        if (number[root] == UINT32_MAX) number[root] = uint32_t(pieces++);
        out[i] = number[root];
    }
    return out;
}

}  // namespace

WorkRegion findWorkRegion(const MeshData& m, const TargetDeltas& t, const AuditOptions& options,
                          std::vector<int32_t>& vertexEntry) {
    WorkRegion r;
    r.notable = std::max(options.leakDeltaShare * t.maxDelta, m.length(options.moveTolerance));
    for (size_t e = 0; e < t.vertices.size(); ++e) {
        if (glm::length(t.positions[e]) >= r.notable) r.notables.push_back(uint32_t(e));
    }
    if (r.notables.empty()) return r;
    const std::vector<uint32_t>& piece = r.piece =
        pieceOf(m, t, r.notables, std::max(m.length(options.leakLinkDistance), m.length(1e-5f)),
                vertexEntry, r.pieces);
    std::vector<float> peak(r.pieces, 0.0f);
    for (size_t i = 0; i < r.notables.size(); ++i)
        peak[piece[i]] = std::max(peak[piece[i]], glm::length(t.positions[r.notables[i]]));
    const float workPeak = options.leakWorkPeak * t.maxDelta;
    for (float p : peak) r.workPieces += p >= workPeak ? 1 : 0;
    // The work's vertices: (position, delta length).
    std::vector<std::pair<glm::vec3, float>> work;
    glm::dvec3 sum(0.0);
    double total = 0;
    for (size_t i = 0; i < r.notables.size(); ++i) {
        if (peak[piece[i]] < workPeak) continue;
        const uint32_t e = r.notables[i];
        const float d = glm::length(t.positions[e]);
        work.emplace_back(m.positions[t.vertices[e]], d);
        sum += glm::dvec3(work.back().first) * double(d);
        total += double(d);
    }
    if (total <= 0) return r;
    r.centre = glm::vec3(sum / total);
    std::vector<std::pair<float, float>> byDistance;  // (distance, delta length)
    byDistance.reserve(work.size());
    for (const auto& [p, d] : work) byDistance.emplace_back(glm::length(p - r.centre), d);
    std::sort(byDistance.begin(), byDistance.end());
    double held = 0;
    for (const auto& [distance, d] : byDistance) {
        held += double(d);
        r.radius = distance;
        if (held >= 0.9 * total) break;
    }
    return r;
}

}  // namespace morph
