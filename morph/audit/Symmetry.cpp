#include "morph/audit/Symmetry.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <unordered_map>

namespace morph {
namespace {

// The vertices bucketed by cells of the pairing tolerance; a query looks at the 27 cells
// around a point.
class PointGrid {
public:
    PointGrid(const std::vector<glm::vec3>& points, float cell) : mPoints(points), mCell(cell) {
        mCells.reserve(points.size());
        for (size_t i = 0; i < points.size(); ++i) mCells[key(cellOf(points[i]))].push_back(i);
    }

    // f(index, squared distance) for every point within `radius` of p.
    template <typename F>
    void forEachWithin(const glm::vec3& p, float radius, F&& f) const {
        const glm::ivec3 c = cellOf(p);
        for (int dx = -1; dx <= 1; ++dx) {
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dz = -1; dz <= 1; ++dz) {
                    auto it = mCells.find(key(c + glm::ivec3(dx, dy, dz)));
                    if (it == mCells.end()) continue;
                    for (size_t i : it->second) {
                        const glm::vec3 d = mPoints[i] - p;
                        const float d2 = glm::dot(d, d);
                        if (d2 <= radius * radius) f(i, d2);
                    }
                }
            }
        }
    }

    // The nearest point within `radius` of p, or -1.
    int32_t nearest(const glm::vec3& p, float radius) const {
        int32_t best = -1;
        float bestDistance = INFINITY;
        forEachWithin(p, radius, [&](size_t i, float d2) {
            if (d2 < bestDistance) {
                bestDistance = d2;
                best = int32_t(i);
            }
        });
        return best;
    }

private:
    glm::ivec3 cellOf(const glm::vec3& p) const { return glm::ivec3(glm::floor(p / mCell)); }
    static uint64_t key(const glm::ivec3& c) {
        // 21 bits a coordinate: a mesh spans at most 1 / mirrorTolerance cells, far below 2^20.
        auto part = [](int v) { return uint64_t(uint32_t(v) & 0x1FFFFFu); };
        return part(c.x) | part(c.y) << 21 | part(c.z) << 42;
    }

    const std::vector<glm::vec3>& mPoints;
    float mCell;
    std::unordered_map<uint64_t, std::vector<size_t>> mCells;
};

// Pairs every vertex with its mirror across the plane at `offset`; returns the paired share.
float pairAcross(const PointGrid& grid, const std::vector<glm::vec3>& positions, Symmetry& s,
                 float tolerance) {
    s.mirror.assign(positions.size(), -1);
    size_t paired = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
        s.mirror[i] = grid.nearest(s.mirrorPoint(positions[i]), tolerance);
        paired += s.mirror[i] >= 0 ? 1 : 0;
    }
    s.pairedShare = positions.empty() ? 0.0f : float(double(paired) / double(positions.size()));
    return s.pairedShare;
}

// The offset the pairs agree on: the mean of each pair's midpoint along the axis.
float refinedOffset(const std::vector<glm::vec3>& positions, const Symmetry& s) {
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
        if (s.mirror[i] < 0) continue;
        sum += 0.5 * double(glm::dot(positions[i] + positions[size_t(s.mirror[i])], s.axis));
        ++n;
    }
    return n ? float(sum / double(n)) : s.offset;
}

// Symmetry::candidates for the chosen plane.
void listCandidates(const PointGrid& grid, const std::vector<glm::vec3>& positions, Symmetry& s,
                    float tolerance) {
    s.firstCandidate.assign(1, 0);
    s.candidates.clear();
    for (size_t i = 0; i < positions.size(); ++i) {
        if (s.mirror[i] >= 0) s.candidates.push_back(uint32_t(s.mirror[i]));
        grid.forEachWithin(s.mirrorPoint(positions[i]), tolerance, [&](size_t j, float) {
            if (int32_t(j) != s.mirror[i]) s.candidates.push_back(uint32_t(j));
        });
        s.firstCandidate.push_back(uint32_t(s.candidates.size()));
    }
}

}  // namespace

Symmetry findSymmetry(const std::vector<glm::vec3>& positions, const glm::vec3& axis,
                      float tolerance, float minShare) {
    Symmetry best;
    best.axis = glm::normalize(axis);
    if (positions.empty() || !(tolerance > 0.0f)) return best;
    float lo = INFINITY, hi = -INFINITY;
    double mean = 0;
    for (const glm::vec3& p : positions) {
        const float s = glm::dot(p, best.axis);
        lo = std::min(lo, s);
        hi = std::max(hi, s);
        mean += s;
    }
    const PointGrid grid(positions, tolerance);
    for (float offset : {0.5f * (lo + hi), float(mean / double(positions.size()))}) {
        Symmetry candidate;
        candidate.axis = best.axis;
        candidate.offset = offset;
        if (pairAcross(grid, positions, candidate, tolerance) > best.pairedShare ||
            best.mirror.empty())
            best = std::move(candidate);
    }
    Symmetry refined = best;
    refined.offset = refinedOffset(positions, best);
    if (pairAcross(grid, positions, refined, tolerance) >= best.pairedShare)
        best = std::move(refined);
    best.found = best.pairedShare >= minShare;
    if (best.found) listCandidates(grid, positions, best, tolerance);
    return best;
}

}  // namespace morph
