// leak and normals: where a target moves the surface, and whether its NORMAL deltas follow.
#include <algorithm>
#include <cmath>
#include <utility>

#include "morph/audit/AuditChecks.h"
#include "morph/audit/NormalTurn.h"
#include "morph/audit/WorkRegion.h"

namespace morph {
namespace {

constexpr double kDegrees = 57.29577951308232;

// The value at share `q` (0..1) of the sorted values: the 95th percentile for 0.95.
float percentile(std::vector<float> values, double q) {
    if (values.empty()) return 0;
    const size_t at = size_t(std::ceil(q * double(values.size()))) - 1;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(at), values.end());
    return values[at];
}

// Whether stray vertex `v` (in piece `own`) is half of a symmetric pattern the target makes: its
// mirror image lies within the work (the weaker brow of a target named without side mirrors the
// stronger one), or, off the plane, on another piece the target moves (both brows, or both eyes,
// of a whole-face expression that works most at the mouth). `pieceAt` gives each notably moved
// vertex's piece, -1 elsewhere. A piece across the plane is its own mirror image: no excuse.
bool mirroredByTheTarget(const MeshData& m, const WorkRegion& region, uint32_t v, uint32_t own,
                         const std::vector<int32_t>& pieceAt) {
    const Symmetry& s = m.symmetry;
    if (!s.found) return false;
    const glm::vec3& p = m.positions[v];
    if (glm::length(s.mirrorPoint(p) - region.centre) <= 2.0f * region.radius) return true;
    if (std::fabs(s.side(p)) <= m.length(0.01f)) return false;
    auto other = [&](uint32_t u) { return pieceAt[u] >= 0 && uint32_t(pieceAt[u]) != own; };
    for (uint32_t k = s.firstSample[v]; k < s.firstSample[v + 1]; ++k) {
        for (int c = 0; c < 3; ++c) {
            if (s.samples[k].weights[c] <= 0.0f) continue;
            // The image's vertex, or (at a piece's fringe, where the two sides' deltas straddle
            // the notable threshold) one next to it.
            const uint32_t u = s.samples[k].vertices[size_t(c)];
            if (other(u)) return true;
            for (uint32_t n = m.firstTriangle[u]; n < m.firstTriangle[u + 1]; ++n) {
                const uint32_t* tri = &m.triangles[size_t(m.triangleIds[n]) * 3];
                if (other(tri[0]) || other(tri[1]) || other(tri[2])) return true;
            }
        }
    }
    return false;
}

void checkLeak(const MeshData& m, TargetDeltas& t, const AuditOptions& options,
               std::vector<int32_t>& vertexEntry, std::vector<Finding>& out) {
    if (t.broken || t.moved == 0) return;
    const WorkRegion region = findWorkRegion(m, t, options, vertexEntry);
    const float reach =
        std::max(options.leakRadii * region.radius, m.length(options.leakMinDistance));
    size_t strays = 0;
    float farthest = 0, strayDelta = 0;
    uint32_t vertex = 0;
    std::vector<int32_t>& pieceAt = vertexEntry;  // all -1 again after findWorkRegion
    for (size_t i = 0; i < region.notables.size(); ++i)
        pieceAt[t.vertices[region.notables[i]]] = int32_t(region.piece[i]);
    for (size_t i = 0; i < region.notables.size(); ++i) {
        const uint32_t e = region.notables[i];
        const glm::vec3& p = m.positions[t.vertices[e]];
        const float distance = glm::length(p - region.centre);
        if (distance <= reach ||
            mirroredByTheTarget(m, region, t.vertices[e], region.piece[i], pieceAt))
            continue;
        ++strays;
        t.leaked.push_back(e);
        if (distance > farthest) {
            farthest = distance;
            strayDelta = glm::length(t.positions[e]);
            vertex = t.vertices[e];
        }
    }
    for (uint32_t e : region.notables) pieceAt[t.vertices[e]] = -1;
    if (strays == 0) return;
    out.push_back({"leak",
                   Severity::Warning,
                   {t.name},
                   m.name,
                   "moves " + std::to_string(strays) + (strays == 1 ? " vertex" : " vertices") +
                       " far from where it works: vertex " + std::to_string(vertex) + " at " +
                       number(farthest) + " from the centre of its work (" +
                       std::to_string(region.workPieces) + " of " + std::to_string(region.pieces) +
                       " pieces it moves reach half its largest delta; 90% of their movement "
                       "lies within " +
                       number(region.radius) + ") moves " + number(strayDelta) + ", " +
                       percent(strayDelta / t.maxDelta) + " of its largest delta"});
}

// Area-weighted vertex normals of the mesh's triangles, with each vertex displaced by `delta`.
glm::vec3 vertexNormal(const MeshData& m, uint32_t v, const std::vector<glm::vec3>& delta) {
    glm::vec3 n(0.0f);
    for (uint32_t k = m.firstTriangle[v]; k < m.firstTriangle[v + 1]; ++k) {
        const uint32_t* tri = &m.triangles[size_t(m.triangleIds[k]) * 3];
        const glm::vec3 a = m.positions[tri[0]] + delta[tri[0]];
        const glm::vec3 b = m.positions[tri[1]] + delta[tri[1]];
        const glm::vec3 c = m.positions[tri[2]] + delta[tri[2]];
        n += glm::cross(b - a, c - a);
    }
    return n;
}

float angleBetween(const glm::vec3& a, const glm::vec3& b) {
    return float(std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b)) * kDegrees);
}

// Per moved vertex: how far the recomputed normal turns (`turns`), and for a target with NORMAL
// deltas how far its stored morphed normal is from the stored base normal turned the same way
// (`errors`; comparing turns, not normals, keeps hard edges and seams out of it). `delta` is all
// zeros on entry and on return.
void normalAngles(const MeshData& m, const TargetDeltas& t, const std::vector<glm::vec3>& base,
                  float moveTolerance, std::vector<glm::vec3>& delta, std::vector<float>& turns,
                  std::vector<float>& errors) {
    for (size_t e = 0; e < t.vertices.size(); ++e) delta[t.vertices[e]] = t.positions[e];
    for (size_t e = 0; e < t.vertices.size(); ++e) {
        const uint32_t v = t.vertices[e];
        const glm::vec3 moved = vertexNormal(m, v, delta);
        if (glm::length(t.positions[e]) <= moveTolerance || glm::length(base[v]) <= 0.0f ||
            glm::length(moved) <= 0.0f)
            continue;
        const glm::vec3 from = glm::normalize(base[v]), to = glm::normalize(moved);
        turns.push_back(angleBetween(from, to));
        const glm::vec3 stored = m.normals[v];
        if (t.normals.empty() || glm::length(stored) <= 0.0f) continue;
        errors.push_back(
            angleBetween(turnedLike(from, to, glm::normalize(stored)), stored + t.normals[e]));
    }
    for (size_t e = 0; e < t.vertices.size(); ++e) delta[t.vertices[e]] = glm::vec3(0.0f);
}

void checkTargetNormals(const MeshData& m, const TargetDeltas& t, size_t siblingsWithNormals,
                        const std::vector<glm::vec3>& base, const AuditOptions& options,
                        std::vector<glm::vec3>& delta, std::vector<Finding>& out) {
    std::vector<float> turns, errors;
    normalAngles(m, t, base, m.length(options.moveTolerance), delta, turns, errors);
    if (!t.normals.empty()) {
        const float p95 = percentile(errors, 0.95);
        if (p95 <= options.normalAngleDegrees) return;
        const bool zeros = std::all_of(t.normals.begin(), t.normals.end(),
                                       [](const glm::vec3& n) { return n == glm::vec3(0.0f); });
        out.push_back(
            {"normals",
             Severity::Warning,
             {t.name},
             m.name,
             std::string(zeros ? "its NORMAL deltas are all zero and so " : "its NORMAL deltas ") +
                 "disagree with the normals of the morphed positions by " + number(p95) +
                 " degrees at the 95th percentile of " + std::to_string(errors.size()) +
                 " moved vertices (largest " + number(percentile(errors, 1.0)) + ")"});
        return;
    }
    // Missing only where most of the other targets have them: one target with NORMAL deltas
    // among fifty without is the odd one (its own deltas are checked above), not the others.
    const size_t others = m.targets.size() - 1;
    if (float(siblingsWithNormals) <= options.normalSiblingsShare * float(others)) return;
    const float p95 = percentile(turns, 0.95);
    if (p95 <= options.missingNormalsDegrees) return;
    out.push_back({"normals",
                   Severity::Warning,
                   {t.name},
                   m.name,
                   "has no NORMAL deltas while " + std::to_string(siblingsWithNormals) + " of " +
                       std::to_string(m.targets.size() - 1) +
                       " other targets on this mesh do, and its positions turn the surface by " +
                       number(p95) + " degrees at the 95th percentile of " +
                       std::to_string(turns.size()) + " moved vertices"});
}

}  // namespace

void checkLeaks(std::vector<MeshData>& meshes, const AuditOptions& options,
                std::vector<Finding>& out) {
    for (MeshData& m : meshes) {
        std::vector<int32_t> vertexEntry(m.positions.size(), -1);
        for (TargetDeltas& t : m.targets) checkLeak(m, t, options, vertexEntry, out);
    }
}

void checkNormals(const std::vector<MeshData>& meshes, const AuditOptions& options,
                  std::vector<Finding>& out) {
    for (const MeshData& m : meshes) {
        // Without stored base normals or triangles there is nothing to compare.
        if (m.normals.empty() || m.triangles.empty()) continue;
        std::vector<glm::vec3> delta(m.positions.size(), glm::vec3(0.0f));
        std::vector<glm::vec3> base(m.positions.size());
        for (uint32_t v = 0; v < m.positions.size(); ++v) base[v] = vertexNormal(m, v, delta);
        size_t withNormals = 0;
        for (const TargetDeltas& t : m.targets) withNormals += t.normals.empty() ? 0 : 1;
        for (const TargetDeltas& t : m.targets) {
            if (t.broken || t.moved == 0) continue;
            checkTargetNormals(m, t, withNormals, base, options, delta, out);
        }
    }
}

}  // namespace morph
