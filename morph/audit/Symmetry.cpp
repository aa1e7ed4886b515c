#include "morph/audit/Symmetry.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <utility>

namespace morph {
namespace {

// The vertices bucketed by cells of twice the largest query radius, sorted by cell, with an
// open-addressing table from a cell to its run of vertices. A ball of radius at most half a cell
// meets at most two cells along each axis, so a query looks at 8 cells (not 27).
class MirrorGrid {
public:
    MirrorGrid(const std::vector<glm::vec3>& points, float radius)
        : mPoints(points), mCell(2.0f * radius) {
        mLo = glm::ivec3(INT_MAX);
        for (const glm::vec3& p : points) mLo = glm::min(mLo, cellOf(p));
        std::vector<std::pair<uint64_t, uint32_t>> keyed(points.size());
        for (size_t i = 0; i < points.size(); ++i) keyed[i] = {key(cellOf(points[i])), uint32_t(i)};
        std::sort(keyed.begin(), keyed.end());
        mOrder.resize(points.size());
        for (size_t i = 0; i < keyed.size(); ++i) mOrder[i] = keyed[i].second;
        size_t slots = 16;
        while (slots < 2 * keyed.size()) slots *= 2;
        mSlots.assign(slots, Slot{});
        for (size_t i = 0; i < keyed.size(); ++i) {
            Slot& slot = find(keyed[i].first);
            if (slot.key != kEmpty) {
                slot.end = uint32_t(i + 1);
                continue;
            }
            slot = {keyed[i].first, uint32_t(i), uint32_t(i + 1)};
        }
    }

    float radius() const { return 0.5f * mCell; }

    // f(index, squared distance) for every point within `radius` (at most radius()) of p.
    template <typename F>
    void forEachWithin(const glm::vec3& p, float radius, F&& f) const {
        const glm::vec3 at = p / mCell;
        const glm::ivec3 c = glm::ivec3(glm::floor(at));
        const glm::vec3 within = at - glm::floor(at);
        const glm::ivec3 other = c + glm::ivec3(within.x < 0.5f ? -1 : 1, within.y < 0.5f ? -1 : 1,
                                                within.z < 0.5f ? -1 : 1);
        for (int k = 0; k < 8; ++k) {
            const glm::ivec3 cell((k & 1) ? other.x : c.x, (k & 2) ? other.y : c.y,
                                  (k & 4) ? other.z : c.z);
            const glm::ivec3 local = cell - mLo;
            if (glm::any(glm::lessThan(local, glm::ivec3(0))) ||
                glm::any(glm::greaterThanEqual(local, glm::ivec3(1 << 21))))
                continue;
            const Slot& slot = find(key(cell));
            if (slot.key == kEmpty) continue;
            for (uint32_t i = slot.begin; i < slot.end; ++i) {
                const glm::vec3 d = mPoints[mOrder[i]] - p;
                const float d2 = glm::dot(d, d);
                if (d2 <= radius * radius) f(size_t(mOrder[i]), d2);
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
    static constexpr uint64_t kEmpty = ~uint64_t(0);
    struct Slot {
        uint64_t key = kEmpty;
        uint32_t begin = 0, end = 0;
    };

    glm::ivec3 cellOf(const glm::vec3& p) const { return glm::ivec3(glm::floor(p / mCell)); }
    // 21 bits a coordinate, counted from the lowest cell: the cells are at least a share of the
    // pairing tolerance, so a mesh spans far fewer than 2^21 of them.
    uint64_t key(const glm::ivec3& c) const {
        const glm::u64vec3 local = glm::u64vec3(c - mLo) & uint64_t(0x1FFFFF);
        return local.x | local.y << 21 | local.z << 42;
    }
    // The slot holding `k`, or the empty one where it would go (linear probing).
    Slot& find(uint64_t k) {
        return const_cast<Slot&>(static_cast<const MirrorGrid*>(this)->find(k));
    }
    const Slot& find(uint64_t k) const {
        const size_t mask = mSlots.size() - 1;
        size_t i = size_t((k * 0x9E3779B97F4A7C15ull) >> 20) & mask;
        while (mSlots[i].key != kEmpty && mSlots[i].key != k) i = (i + 1) & mask;
        return mSlots[i];
    }

    const std::vector<glm::vec3>& mPoints;
    float mCell;
    glm::ivec3 mLo;
    std::vector<uint32_t> mOrder;  // point indices sorted by cell
    std::vector<Slot> mSlots;
};

// Grids of query radius `smallest` x 2^k up to `largest`: a query goes to the first whose radius
// covers its own, so a dense face and the coarse back of a head are each looked at through
// cells of their own size (one grid of the largest cells would make every query on the face
// walk hundreds of vertices).
class GridLevels {
public:
    GridLevels(const std::vector<glm::vec3>& points, float smallest, float largest) {
        mGrids.reserve(24);
        for (float r = smallest; mGrids.size() < 24; r *= 2.0f) {
            mGrids.emplace_back(points, r);
            if (r >= largest) break;
        }
    }

    float radius() const { return mGrids.back().radius(); }

    // As MirrorGrid's, for `radius` up to radius().
    template <typename F>
    void forEachWithin(const glm::vec3& p, float radius, F&& f) const {
        level(radius).forEachWithin(p, radius, f);
    }
    int32_t nearest(const glm::vec3& p, float radius) const {
        return level(radius).nearest(p, radius);
    }

private:
    const MirrorGrid& level(float radius) const {
        for (const MirrorGrid& g : mGrids) {
            if (g.radius() >= radius) return g;
        }
        return mGrids.back();
    }

    std::vector<MirrorGrid> mGrids;
};

// What pairing reads besides the positions: each vertex's tolerance (the length tolerance or
// its share of the local edge length, at most the grid's query radius) and, with triangles, its
// normal.
struct PairingData {
    std::vector<float> tolerance;
    std::vector<glm::vec3> normals;  // area-weighted, unit; empty without triangles
};

std::vector<glm::vec3> vertexNormals(const SymmetrySurface& s) {
    std::vector<glm::vec3> n(s.positions.size(), glm::vec3(0.0f));
    for (size_t t = 0; t + 2 < s.triangles.size(); t += 3) {
        const uint32_t a = s.triangles[t], b = s.triangles[t + 1], c = s.triangles[t + 2];
        const glm::vec3 face =
            glm::cross(s.positions[b] - s.positions[a], s.positions[c] - s.positions[a]);
        n[a] += face;
        n[b] += face;
        n[c] += face;
    }
    for (glm::vec3& v : n) {
        const float length = glm::length(v);
        v = length > 0.0f && std::isfinite(length) ? v / length : glm::vec3(0.0f);
    }
    return n;
}

// The grid's query radius: the largest tolerance, where the largest is the 95th percentile of
// the vertices' (a few stretched triangles must not make every query walk thousands of points).
PairingData pairingData(const SymmetrySurface& s, const SymmetryOptions& options, float& reach) {
    PairingData d;
    const std::vector<float> edges = meanEdgeLengths(s.positions, s.triangles);
    d.tolerance.resize(s.positions.size());
    for (size_t v = 0; v < edges.size(); ++v)
        d.tolerance[v] = std::max(options.tolerance, options.edgeShare * edges[v]);
    reach = options.tolerance;
    if (!d.tolerance.empty()) {
        std::vector<float> sorted = d.tolerance;
        const size_t at = (sorted.size() - 1) * 95 / 100;
        std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(at), sorted.end());
        reach = std::max(reach, sorted[at]);
    }
    for (float& t : d.tolerance) t = std::min(t, reach);
    if (!s.triangles.empty()) d.normals = vertexNormals(s);
    return d;
}

// Pairs every `stride`-th vertex with the vertex nearest its mirror image across the plane at
// s.offset, accepted within either one's tolerance; returns the paired share of those vertices.
// The search reaches twice the vertex's own tolerance: where the other half is tessellated
// more coarsely, the vertex there has the larger tolerance.
float pairAcross(const GridLevels& grid, const std::vector<glm::vec3>& positions,
                 const PairingData& d, size_t stride, Symmetry& s) {
    s.mirror.assign(positions.size(), -1);
    size_t paired = 0, tried = 0;
    for (size_t i = 0; i < positions.size(); i += stride, ++tried) {
        const glm::vec3 image = s.mirrorPoint(positions[i]);
        int32_t j = grid.nearest(image, d.tolerance[i]);
        if (j < 0) j = grid.nearest(image, std::min(2.0f * d.tolerance[i], grid.radius()));
        if (j < 0) continue;
        const float reach = std::max(d.tolerance[i], d.tolerance[size_t(j)]);
        if (glm::length(positions[size_t(j)] - image) > reach) continue;
        s.mirror[i] = j;
        ++paired;
    }
    s.pairedShare = tried ? float(double(paired) / double(tried)) : 0.0f;
    return s.pairedShare;
}

// The offset the pairs agree on. With normals: the shift that best puts each mirror image on
// the tangent plane of its paired vertex (point-to-plane, as ICP), which also moves pairs that
// are only near each other (a nearest vertex drifts with a wrong offset along a surface that
// runs across the plane; the normals see the offset through the surfaces that face sideways).
// Without: the mean of the pairs' midpoints along the axis.
float refinedOffset(const std::vector<glm::vec3>& positions, const PairingData& d,
                    const Symmetry& s) {
    double num = 0, den = 0, midpoints = 0;
    size_t n = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
        if (s.mirror[i] < 0) continue;
        const glm::vec3& other = positions[size_t(s.mirror[i])];
        midpoints += 0.5 * double(glm::dot(positions[i] + other, s.axis));
        ++n;
        if (d.normals.empty()) continue;
        const glm::vec3& normal = d.normals[size_t(s.mirror[i])];
        const double along = double(glm::dot(normal, s.axis));
        num += double(glm::dot(normal, s.mirrorPoint(positions[i]) - other)) * along;
        den += along * along;
    }
    if (n == 0) return s.offset;
    if (d.normals.empty()) return float(midpoints / double(n));
    // A surface that never faces sideways (a flat sheet across the plane) cannot place it.
    if (den < 1e-3 * double(n)) return s.offset;
    return s.offset - float(num / (2.0 * den));
}

// The starting offsets: the middle of the extent along the axis, the vertices' mean and, with
// triangles, the surface's area-weighted centroid.
std::vector<float> startingOffsets(const SymmetrySurface& s, const glm::vec3& axis) {
    float lo = INFINITY, hi = -INFINITY;
    double mean = 0;
    for (const glm::vec3& p : s.positions) {
        const float along = glm::dot(p, axis);
        lo = std::min(lo, along);
        hi = std::max(hi, along);
        mean += along;
    }
    std::vector<float> out = {0.5f * (lo + hi), float(mean / double(s.positions.size()))};
    double area = 0, weighted = 0;
    for (size_t t = 0; t + 2 < s.triangles.size(); t += 3) {
        const glm::vec3 a = s.positions[s.triangles[t]], b = s.positions[s.triangles[t + 1]],
                        c = s.positions[s.triangles[t + 2]];
        const double A = 0.5 * double(glm::length(glm::cross(b - a, c - a)));
        area += A;
        weighted += A * double(glm::dot(a + b + c, axis)) / 3.0;
    }
    if (area > 0 && std::isfinite(weighted)) out.push_back(float(weighted / area));
    return out;
}

// The point of triangle abc nearest p, as barycentric weights (Ericson, Real-Time Collision
// Detection 5.1.5).
glm::vec3 nearestOnTriangle(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b,
                            const glm::vec3& c) {
    const glm::vec3 ab = b - a, ac = c - a, ap = p - a;
    const float d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
    if (d1 <= 0.0f && d2 <= 0.0f) return {1.0f, 0.0f, 0.0f};
    const glm::vec3 bp = p - b;
    const float d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
    if (d3 >= 0.0f && d4 <= d3) return {0.0f, 1.0f, 0.0f};
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) {
        const float v = d1 / (d1 - d3);
        return {1.0f - v, v, 0.0f};
    }
    const glm::vec3 cp = p - c;
    const float d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
    if (d6 >= 0.0f && d5 <= d6) return {0.0f, 0.0f, 1.0f};
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) {
        const float w = d2 / (d2 - d6);
        return {1.0f - w, 0.0f, w};
    }
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f) {
        const float w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return {0.0f, 1.0f - w, w};
    }
    const float denom = va + vb + vc;
    if (!(std::fabs(denom) > 0.0f)) return {1.0f, 0.0f, 0.0f};  // a degenerate triangle
    const float v = vb / denom, w = vc / denom;
    return {1.0f - v - w, v, w};
}

// A sample with its vertices in ascending order and the ones of no weight dropped (a corner is
// one vertex, an edge two), so the same point reached from two triangles compares equal.
SurfacePoint canonical(const std::array<uint32_t, 3>& vertices, const glm::vec3& weights) {
    std::array<std::pair<uint32_t, float>, 3> parts = {
        {{vertices[0], weights[0]}, {vertices[1], weights[1]}, {vertices[2], weights[2]}}};
    std::sort(parts.begin(), parts.end());
    SurfacePoint out;
    size_t n = 0;
    for (const auto& [v, w] : parts) {
        if (w <= 1e-6f) continue;
        out.vertices[n] = v;
        out.weights[int(n)] = w;
        ++n;
    }
    for (size_t k = n; k < 3; ++k) {
        out.vertices[k] = out.vertices[0];
        out.weights[int(k)] = 0.0f;
    }
    return out;
}

bool samePoint(const SurfacePoint& a, const SurfacePoint& b) {
    return a.vertices == b.vertices &&
           glm::all(glm::lessThan(glm::abs(a.weights - b.weights), glm::vec3(1e-4f)));
}

// Where a mirror image lies: every vertex within `tolerance` of it, and the nearest point of
// each triangle around those vertices and around `nearest` (the vertex nearest the image, one of
// the corners of the triangle it lies on, or next to it), kept when within `tolerance` of twice
// the distance to the nearest of them all (where the image lies off the surface, the mesh is
// symmetric only to within that distance, and a point that far away is as good a reading).
// `seen` is scratch.
void samplesOf(const SymmetrySurface& surface, const GridLevels& grid, const glm::vec3& image,
               uint32_t nearest, float tolerance, std::vector<uint32_t>& seen,
               std::vector<std::pair<float, SurfacePoint>>& out) {
    out.clear();
    seen.clear();
    auto addTriangles = [&](uint32_t j) {
        if (surface.firstTriangle.empty()) return;
        for (uint32_t k = surface.firstTriangle[j]; k < surface.firstTriangle[j + 1]; ++k) {
            const uint32_t t = surface.triangleIds[k];
            if (std::find(seen.begin(), seen.end(), t) != seen.end()) continue;
            seen.push_back(t);
            const std::array<uint32_t, 3> tri = {surface.triangles[size_t(t) * 3],
                                                 surface.triangles[size_t(t) * 3 + 1],
                                                 surface.triangles[size_t(t) * 3 + 2]};
            const glm::vec3 w =
                nearestOnTriangle(image, surface.positions[tri[0]], surface.positions[tri[1]],
                                  surface.positions[tri[2]]);
            const glm::vec3 at = surface.positions[tri[0]] * w[0] +
                                 surface.positions[tri[1]] * w[1] +
                                 surface.positions[tri[2]] * w[2];
            out.push_back({glm::length(at - image), canonical(tri, w)});
        }
    };
    grid.forEachWithin(image, tolerance, [&](size_t j, float d2) {
        out.push_back(
            {std::sqrt(d2), canonical({uint32_t(j), uint32_t(j), uint32_t(j)}, {1, 0, 0})});
        addTriangles(uint32_t(j));
    });
    addTriangles(nearest);
    out.push_back({glm::length(surface.positions[nearest] - image),
                   canonical({nearest, nearest, nearest}, {1, 0, 0})});
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    const float limit = 2.0f * out.front().first + tolerance;
    size_t kept = 0;
    for (size_t i = 0; i < out.size() && out[i].first <= limit; ++i) {
        bool duplicate = false;
        for (size_t k = 0; k < kept && !duplicate; ++k)
            duplicate = samePoint(out[k].second, out[i].second);
        if (!duplicate) out[kept++] = out[i];
    }
    out.resize(kept);
}

// Symmetry::samples for the chosen plane: for each paired vertex, the places on the surface its
// mirror image lies at.
void listSamples(const SymmetrySurface& surface, const GridLevels& grid, float tolerance,
                 Symmetry& s) {
    s.firstSample.assign(1, 0);
    s.samples.clear();
    std::vector<std::pair<float, SurfacePoint>> found;
    std::vector<uint32_t> seen;
    for (size_t i = 0; i < surface.positions.size(); ++i) {
        if (s.mirror[i] >= 0) {
            samplesOf(surface, grid, s.mirrorPoint(surface.positions[i]), uint32_t(s.mirror[i]),
                      std::min(tolerance, grid.radius()), seen, found);
            for (const auto& f : found) s.samples.push_back(f.second);
        }
        s.firstSample.push_back(uint32_t(s.samples.size()));
    }
}

}  // namespace

Symmetry findSymmetry(const SymmetrySurface& surface, const glm::vec3& axis,
                      const SymmetryOptions& options) {
    Symmetry best;
    best.axis = glm::normalize(axis);
    const std::vector<glm::vec3>& positions = surface.positions;
    if (positions.empty() || !(options.tolerance > 0.0f)) return best;
    float reach = options.tolerance;
    const PairingData data = pairingData(surface, options, reach);
    const GridLevels grid(positions, options.tolerance, reach);
    // The offset is one number: a thousand vertices place it as well as all of them.
    const size_t stride = std::max<size_t>(1, positions.size() / 1024);
    best.pairedShare = -1;
    for (float offset : startingOffsets(surface, best.axis)) {
        Symmetry candidate;
        candidate.axis = best.axis;
        candidate.offset = offset;
        if (pairAcross(grid, positions, data, stride, candidate) > best.pairedShare)
            best = std::move(candidate);
    }
    for (int step = 0; step < 8; ++step) {
        Symmetry refined = best;
        refined.offset = refinedOffset(positions, data, best);
        if (std::fabs(refined.offset - best.offset) <= 1e-4f * reach) break;
        // A step that loses pairs (beyond the noise of a mesh that is only nearly symmetric)
        // went past the plane or found none to go by: stop there.
        if (pairAcross(grid, positions, data, stride, refined) < best.pairedShare - 0.01f) break;
        best = std::move(refined);
    }
    pairAcross(grid, positions, data, 1, best);
    best.found = best.pairedShare >= options.minShare;
    if (best.found) listSamples(surface, grid, options.tolerance, best);
    return best;
}

Symmetry findSymmetry(const std::vector<glm::vec3>& positions, const glm::vec3& axis,
                      float tolerance, float minShare) {
    static const std::vector<uint32_t> kNone;
    SymmetryOptions options;
    options.tolerance = tolerance;
    options.minShare = minShare;
    return findSymmetry({positions, kNone, kNone, kNone}, axis, options);
}

std::vector<float> meanEdgeLengths(const std::vector<glm::vec3>& positions,
                                   const std::vector<uint32_t>& triangles) {
    std::vector<float> sum(positions.size(), 0.0f);
    std::vector<uint32_t> count(positions.size(), 0);
    for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
        for (size_t k = 0; k < 3; ++k) {
            const uint32_t a = triangles[t + k], b = triangles[t + (k + 1) % 3];
            const float length = glm::length(positions[a] - positions[b]);
            sum[a] += length;
            sum[b] += length;
            ++count[a];
            ++count[b];
        }
    }
    for (size_t v = 0; v < sum.size(); ++v) sum[v] = count[v] ? sum[v] / float(count[v]) : 0.0f;
    return sum;
}

}  // namespace morph
