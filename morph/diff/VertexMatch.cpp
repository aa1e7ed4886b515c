#include "morph/diff/VertexMatch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace morph {

namespace {

// At most this many cells along an axis, so three cell coordinates pack into one 64-bit key. A
// model much larger than the tolerance (a different file than the one compared with) then gets
// wider cells, which still hold every point within the tolerance of their neighbours.
constexpr double kMaxCellsPerAxis = double(1 << 20);

}  // namespace

PointGrid::PointGrid(const std::vector<glm::vec3>& points, float tolerance)
    : mPoints(points), mTolerance(std::max(tolerance, 0.0f)) {
    if (points.empty()) return;
    glm::vec3 lo = points.front(), hi = points.front();
    for (const glm::vec3& p : points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    const glm::vec3 extent = hi - lo;
    const float largest = std::max({extent.x, extent.y, extent.z});
    mCell = std::max(
        {mTolerance, float(largest / kMaxCellsPerAxis), std::numeric_limits<float>::min()});
    mOrigin = lo;
    for (int axis = 0; axis < 3; ++axis) mCells[axis] = int64_t(extent[axis] / mCell) + 1;

    std::vector<std::pair<uint64_t, uint32_t>> entries(points.size());
    for (size_t i = 0; i < points.size(); ++i) {
        glm::i64vec3 cell;
        cellOf(points[i], cell);
        entries[i] = {key(glm::clamp(cell, glm::i64vec3(0), mCells - int64_t(1))), uint32_t(i)};
    }
    std::sort(entries.begin(), entries.end());
    mKeys.resize(entries.size());
    mIndices.resize(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        mKeys[i] = entries[i].first;
        mIndices[i] = entries[i].second;
    }
}

// The cell of `p`; false when it is not finite or lies more than a cell outside the grid.
bool PointGrid::cellOf(const glm::vec3& p, glm::i64vec3& cell) const {
    for (int axis = 0; axis < 3; ++axis) {
        const double c = std::floor((double(p[axis]) - double(mOrigin[axis])) / double(mCell));
        if (!(c >= -1.0 && c <= double(mCells[axis]))) return false;
        cell[axis] = int64_t(c);
    }
    return true;
}

uint64_t PointGrid::key(const glm::i64vec3& cell) const {
    return (uint64_t(cell.x) * uint64_t(mCells.y) + uint64_t(cell.y)) * uint64_t(mCells.z) +
           uint64_t(cell.z);
}

void PointGrid::forEachWithin(const glm::vec3& query,
                              const std::function<void(uint32_t, float)>& visit) const {
    glm::i64vec3 centre;
    if (mKeys.empty() || !cellOf(query, centre)) return;
    const float limit = mTolerance * mTolerance;
    for (int64_t dx = -1; dx <= 1; ++dx) {
        for (int64_t dy = -1; dy <= 1; ++dy) {
            for (int64_t dz = -1; dz <= 1; ++dz) {
                const glm::i64vec3 cell = centre + glm::i64vec3(dx, dy, dz);
                if (glm::any(glm::lessThan(cell, glm::i64vec3(0))) ||
                    glm::any(glm::greaterThanEqual(cell, mCells)))
                    continue;
                const uint64_t k = key(cell);
                auto first = std::lower_bound(mKeys.begin(), mKeys.end(), k);
                for (auto it = first; it != mKeys.end() && *it == k; ++it) {
                    const uint32_t index = mIndices[size_t(it - mKeys.begin())];
                    const glm::vec3 d = mPoints[index] - query;
                    const float distance = glm::dot(d, d);
                    if (distance <= limit) visit(index, distance);
                }
            }
        }
    }
}

int32_t PointGrid::nearest(const glm::vec3& query) const {
    int32_t best = kNoMatch;
    float bestDistance = 0;
    forEachWithin(query, [&](uint32_t index, float distance) {
        if (best == kNoMatch || distance < bestDistance ||
            (distance == bestDistance && int32_t(index) < best)) {
            bestDistance = distance;
            best = int32_t(index);
        }
    });
    return best;
}

std::vector<int32_t> matchNearest(const std::vector<glm::vec3>& from,
                                  const std::vector<glm::vec3>& to, float tolerance) {
    const PointGrid grid(to, tolerance);
    std::vector<int32_t> out(from.size());
    for (size_t i = 0; i < from.size(); ++i) out[i] = grid.nearest(from[i]);
    return out;
}

uint32_t countUnmatched(const std::vector<glm::vec3>& from, const std::vector<glm::vec3>& to,
                        float tolerance) {
    const PointGrid grid(to, tolerance);
    uint32_t count = 0;
    for (const glm::vec3& p : from) count += grid.nearest(p) == kNoMatch ? 1 : 0;
    return count;
}

}  // namespace morph
