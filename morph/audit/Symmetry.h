#pragma once
// A mesh's mirror plane, found from the mesh itself: the plane across `axis` (the character's
// left, in the mesh's own space) at the offset where the most vertices have a vertex near their
// mirror image. "Near" is within a length tolerance or, on a mesh with triangles, within a share
// of the local edge length, whichever is larger: a sculpted or scanned head whose halves are
// symmetric only to within a fraction of an edge (or tessellated differently) still pairs. Where
// no vertex lies exactly at a mirror image, the image's place on the surface (a point of a
// triangle, as barycentric weights) is what a comparison across the plane reads. Vertices are
// found through a hash grid, so a 50,000-vertex mesh pairs in linear time.
#include <array>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace morph {

// A point of the surface: the weighted sum of up to three vertices (a vertex itself, or a point
// of a triangle in barycentric weights).
struct SurfacePoint {
    std::array<uint32_t, 3> vertices{};
    glm::vec3 weights{1.0f, 0.0f, 0.0f};

    // The value of a per-vertex field (a target's deltas) at the point.
    template <typename Field>
    glm::vec3 at(const Field& field) const {
        return field[vertices[0]] * weights[0] + field[vertices[1]] * weights[1] +
               field[vertices[2]] * weights[2];
    }
};

// The mesh a plane is looked for on, as the audit holds it: positions, and triangles (three
// vertex indices each) with the triangles around each vertex (CSR: vertex v's are triangleIds[
// firstTriangle[v] .. firstTriangle[v + 1]]); both empty for a mesh without triangles.
struct SymmetrySurface {
    const std::vector<glm::vec3>& positions;
    const std::vector<uint32_t>& triangles;
    const std::vector<uint32_t>& firstTriangle;
    const std::vector<uint32_t>& triangleIds;
};

struct SymmetryOptions {
    float tolerance = 0;    // a length: a mirror image this close to a vertex pairs with it
    float edgeShare = 0;    // or this share of the local edge length (the mean edge at either)
    float minShare = 0.6f;  // the plane is found when this share of the vertices pair
};

struct Symmetry {
    glm::vec3 axis{1.0f, 0.0f, 0.0f};  // unit; points to the character's left
    float offset = 0;                  // the plane: dot(p, axis) == offset
    float pairedShare = 0;             // share of the vertices with a vertex near their image
    bool found = false;                // pairedShare reached the caller's threshold
    // Per vertex the vertex nearest to its mirror image (itself on the plane), or -1 when none
    // lies within tolerance.
    std::vector<int32_t> mirror;
    // Per vertex where its mirror image lies on the surface (CSR: vertex v's are samples[
    // firstSample[v] .. firstSample[v + 1]]), nearest first; none when it has no mirror. A vertex
    // at the image is one sample; so is each triangle whose nearest point to the image is within
    // the length tolerance of twice the nearest one's distance. Where two sheets nearly coincide
    // (closed lips, closed eyelids) the nearest may be the other lip's, so a comparison across the
    // plane accepts any of them. Listed only when the plane is found.
    std::vector<uint32_t> firstSample;
    std::vector<SurfacePoint> samples;

    // > 0 on the character's left, < 0 on its right.
    float side(const glm::vec3& p) const { return glm::dot(p, axis) - offset; }
    // The mirror image of a point and of a delta (a direction: the plane's offset drops out).
    glm::vec3 mirrorPoint(const glm::vec3& p) const { return p - 2.0f * side(p) * axis; }
    glm::vec3 mirrorDelta(const glm::vec3& d) const { return d - 2.0f * glm::dot(d, axis) * axis; }
};

// The plane across `axis` that pairs the most of the surface's vertices; `found` when at least
// `options.minShare` of them pair. Tries the middle of the extent along the axis, the vertices'
// mean and the surface's area-weighted centroid (which a finer tessellation of one half does not
// pull), then refines the offset from the pairs: point to plane against the paired vertices'
// normals where there are triangles (so pairs that are only near each other still agree on the
// offset), the mean of the pairs' midpoints where there are none.
Symmetry findSymmetry(const SymmetrySurface& surface, const glm::vec3& axis,
                      const SymmetryOptions& options);

// The same for a point cloud: pairs within `tolerance` only.
Symmetry findSymmetry(const std::vector<glm::vec3>& positions, const glm::vec3& axis,
                      float tolerance, float minShare);

// The mean length of the triangle edges at each vertex (0 for a vertex in no triangle): the local
// edge length that SymmetryOptions::edgeShare is a share of.
std::vector<float> meanEdgeLengths(const std::vector<glm::vec3>& positions,
                                   const std::vector<uint32_t>& triangles);

}  // namespace morph
