#pragma once
// A mesh's mirror plane, found from the mesh itself: the plane across `axis` (the character's
// left, in the mesh's own space) at the offset where the most vertices have a vertex at their
// mirror image. Vertices are paired through a hash grid (cells of the pairing tolerance), so a
// 50,000-vertex mesh pairs in linear time.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace morph {

struct Symmetry {
    glm::vec3 axis{1.0f, 0.0f, 0.0f};  // unit; points to the character's left
    float offset = 0;                  // the plane: dot(p, axis) == offset
    float pairedShare = 0;             // share of the vertices with a mirror vertex
    bool found = false;                // pairedShare reached the caller's threshold
    // Per vertex its mirror vertex (itself on the plane), or -1 when none lies within tolerance.
    std::vector<int32_t> mirror;
    // Per vertex every vertex within tolerance of its mirror image (CSR: vertex v's are
    // candidates[firstCandidate[v] .. firstCandidate[v + 1]]), nearest first. Where two vertices
    // nearly coincide (closed lips, closed eyelids) the nearest one may be the other lip's, so a
    // comparison across the plane accepts any of them.
    std::vector<uint32_t> firstCandidate;
    std::vector<uint32_t> candidates;

    // > 0 on the character's left, < 0 on its right.
    float side(const glm::vec3& p) const { return glm::dot(p, axis) - offset; }
    // The mirror image of a point and of a delta (a direction: the plane's offset drops out).
    glm::vec3 mirrorPoint(const glm::vec3& p) const { return p - 2.0f * side(p) * axis; }
    glm::vec3 mirrorDelta(const glm::vec3& d) const { return d - 2.0f * glm::dot(d, axis) * axis; }
};

// The plane across `axis` that pairs the most of `positions` within `tolerance` (a length);
// `found` when at least `minShare` of them pair. Tries the middle of the extent along the axis and
// the mean, then refines the offset from the pairs.
Symmetry findSymmetry(const std::vector<glm::vec3>& positions, const glm::vec3& axis,
                      float tolerance, float minShare);

}  // namespace morph
