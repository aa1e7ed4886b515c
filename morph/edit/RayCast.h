#pragma once
// Vertex picking on the CPU: a ray against the scene as the frame draws it (morph::blend at the
// frame's weights, skinned by its joint matrices, placed by each drawn node's world matrix, as
// mesh.vert does), and what moves the picked vertex. The
// viewer's click uses it; it is the same data the GPU draws, so what is under the cursor is what
// gets picked.
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"
#include "morph/anim/Animate.h"
#include "morph/anim/FramePose.h"

namespace morph {

struct Ray {
    glm::vec3 origin{0.0f};
    glm::vec3 direction{0.0f, 0.0f, -1.0f};  // need not be unit length
};

// The ray through a pixel: `inverseViewProjection` of the frame, the pixel in normalized device
// coordinates (-1..1, y up). From the near plane towards the far plane.
Ray rayFromNdc(const glm::mat4& inverseViewProjection, const glm::vec2& ndc);

struct RayHit {
    int node = -1;
    int mesh = -1;
    int primitive = -1;
    uint32_t triangle = 0;           // index of the hit triangle in the primitive's triangle list
    uint32_t vertex = 0;             // the hit triangle's corner nearest the hit point
    float distance = 0;              // along the ray, in units of |ray.direction|
    glm::vec3 point{0.0f};           // world space, on the triangle
    glm::vec3 vertexPosition{0.0f};  // world space, the picked vertex as morphed
};

// The corners of each triangle of `primitive` (glTF 2.0 3.7.2.1 modes: TRIANGLES, STRIP, FAN;
// points and lines have none), as vertex indices; out-of-range indices are dropped.
std::vector<uint32_t> triangleCorners(const Primitive& primitive);

// Möller-Trumbore: the ray parameter of the hit (both faces count), or nothing.
std::optional<float> intersectTriangle(const Ray& ray, const glm::vec3& a, const glm::vec3& b,
                                       const glm::vec3& c);

// The nearest hit over `nodes` (each drawn node with a mesh), every primitive placed as `frame`
// draws it: morphed by its node's weights, skinned by the node's joint matrices when it has a
// skin, moved by its world matrix (morph::toWorldSpace). A primitive whose placed bounding box
// the ray misses is skipped without touching its triangles.
std::optional<RayHit> raycast(const Scene& scene, const FramePose& frame,
                              const std::vector<int>& nodes, const Ray& ray);

// One target's effect on one vertex.
struct VertexInfluence {
    size_t target = 0;
    float delta = 0;         // |POSITION delta| at weight 1, model units
    float displacement = 0;  // |w * delta| at the current weight
};

// The targets whose POSITION delta moves `vertex` of `primitive`, largest delta first (ties:
// target order).
std::vector<VertexInfluence> vertexInfluences(const Primitive& primitive, uint32_t vertex,
                                              const std::vector<float>& weights);

// Just one vertex morphed: base + sum of w_i * delta_i (the marker follows the morph each frame
// without blending the whole mesh).
glm::vec3 morphedPosition(const Primitive& primitive, uint32_t vertex,
                          const std::vector<float>& weights);
// Where `frame` draws that vertex of node `node`'s primitive, in world space: morphed, skinned,
// placed (the picked-vertex marker).
glm::vec3 placedPosition(const Scene& scene, const FramePose& frame, int node,
                         const Primitive& primitive, uint32_t vertex);

}  // namespace morph
