#include "morph/edit/RayCast.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "morph/anim/Skin.h"

namespace morph {

namespace {

// Positions only: base + sum of w_i * POSITION delta_i (glTF 2.0 3.7.2.2), in target order like
// morph::blend, without copying the other channels a pick does not need.
std::vector<glm::vec3> morphedPositions(const Primitive& primitive,
                                        const std::vector<float>& weights) {
    std::vector<glm::vec3> out = primitive.positions;
    const size_t count = std::min(weights.size(), primitive.targets.size());
    for (size_t t = 0; t < count; ++t) {
        const float w = weights[t];
        if (w == 0.0f) continue;
        primitive.targets[t].forEach(MorphChannel::Position, [&](uint32_t v, const glm::vec4& d) {
            if (v < out.size()) out[v] += w * glm::vec3(d);
        });
    }
    return out;
}

// Slab test: whether the ray meets the box at some t >= 0 before `maxT`.
bool rayHitsBox(const Ray& ray, const glm::vec3& lo, const glm::vec3& hi, float maxT) {
    float t0 = 0.0f, t1 = maxT;
    for (int axis = 0; axis < 3; ++axis) {
        const float d = ray.direction[axis], o = ray.origin[axis];
        if (std::abs(d) < 1e-30f) {
            if (o < lo[axis] || o > hi[axis]) return false;
            continue;
        }
        float a = (lo[axis] - o) / d, b = (hi[axis] - o) / d;
        if (a > b) std::swap(a, b);
        t0 = std::max(t0, a);
        t1 = std::min(t1, b);
        if (t0 > t1) return false;
    }
    return true;
}

}  // namespace

Ray rayFromNdc(const glm::mat4& inverseViewProjection, const glm::vec2& ndc) {
    glm::vec4 nearPoint = inverseViewProjection * glm::vec4(ndc, -1.0f, 1.0f);
    glm::vec4 farPoint = inverseViewProjection * glm::vec4(ndc, 1.0f, 1.0f);
    nearPoint /= nearPoint.w;
    farPoint /= farPoint.w;
    return {glm::vec3(nearPoint), glm::vec3(farPoint - nearPoint)};
}

std::vector<uint32_t> triangleCorners(const Primitive& primitive) {
    const uint32_t vertexCount = primitive.vertexCount();
    const bool indexed = !primitive.indices.empty();
    const size_t n = indexed ? primitive.indices.size() : vertexCount;
    auto at = [&](size_t i) { return indexed ? primitive.indices[i] : uint32_t(i); };
    std::vector<uint32_t> out;
    auto add = [&](uint32_t a, uint32_t b, uint32_t c) {
        if (a >= vertexCount || b >= vertexCount || c >= vertexCount) return;
        out.insert(out.end(), {a, b, c});
    };
    switch (primitive.mode) {
        case PrimitiveMode::Triangles:
            out.reserve(n);
            for (size_t i = 0; i + 2 < n; i += 3) add(at(i), at(i + 1), at(i + 2));
            break;
        case PrimitiveMode::TriangleStrip:
            // glTF 2.0 3.7.2.1 defers to the GL rules: odd triangles swap their first two corners.
            for (size_t i = 0; i + 2 < n; ++i) {
                if (i % 2 == 0) add(at(i), at(i + 1), at(i + 2));
                else add(at(i + 1), at(i), at(i + 2));
            }
            break;
        case PrimitiveMode::TriangleFan:
            for (size_t i = 1; i + 1 < n; ++i) add(at(0), at(i), at(i + 1));
            break;
        default: break;  // points and lines have no surface to hit
    }
    return out;
}

std::optional<float> intersectTriangle(const Ray& ray, const glm::vec3& a, const glm::vec3& b,
                                       const glm::vec3& c) {
    const glm::vec3 e1 = b - a, e2 = c - a;
    const glm::vec3 p = glm::cross(ray.direction, e2);
    const float det = glm::dot(e1, p);
    // Relative to the triangle's and the ray's scale, so tiny models pick as well as huge ones.
    const float scale = glm::length(e1) * glm::length(e2) * glm::length(ray.direction);
    if (!(std::abs(det) > 1e-12f * scale)) return std::nullopt;
    const float inv = 1.0f / det;
    const glm::vec3 s = ray.origin - a;
    const float u = glm::dot(s, p) * inv;
    if (u < 0.0f || u > 1.0f) return std::nullopt;
    const glm::vec3 q = glm::cross(s, e1);
    const float v = glm::dot(ray.direction, q) * inv;
    if (v < 0.0f || u + v > 1.0f) return std::nullopt;
    const float t = glm::dot(e2, q) * inv;
    if (t < 0.0f) return std::nullopt;
    return t;
}

namespace {

// The node's skin joint matrices in `frame` when it draws skinned, else none.
const std::vector<glm::mat4>& jointsOf(const Scene& scene, const FramePose& frame, int node) {
    static const std::vector<glm::mat4> kNone;
    if (scene.nodes[size_t(node)].skin < 0 || size_t(node) >= frame.joints.size()) return kNone;
    return frame.joints[size_t(node)];
}

// The matrix mesh.vert places the node's vertices with (after skinning).
glm::mat4 modelOf(const Scene& scene, const FramePose& frame, int node) {
    return jointsOf(scene, frame, node).empty() ? frame.world[size_t(node)]
                                                : skinnedModel(frame.world[size_t(node)]);
}

}  // namespace

std::optional<RayHit> raycast(const Scene& scene, const FramePose& frame,
                              const std::vector<int>& nodes, const Ray& ray) {
    std::optional<RayHit> best;
    float bestT = std::numeric_limits<float>::infinity();
    for (int node : nodes) {
        if (node < 0 || size_t(node) >= scene.nodes.size() || size_t(node) >= frame.size())
            continue;
        const int meshIndex = scene.nodes[size_t(node)].mesh;
        if (meshIndex < 0 || size_t(meshIndex) >= scene.meshes.size()) continue;
        const glm::mat4 model = modelOf(scene, frame, node);
        const std::vector<glm::mat4>& joints = jointsOf(scene, frame, node);
        const std::vector<float>& weights = frame.weights(node);
        const Mesh& mesh = scene.meshes[size_t(meshIndex)];
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            const Primitive& primitive = mesh.primitives[p];
            if (primitive.positions.empty()) continue;
            // World space: skinning is not affine over the mesh, so the ray cannot go into mesh
            // space as it could for a rigid node.
            std::vector<glm::vec3> positions = morphedPositions(primitive, weights);
            const bool skinned = !joints.empty() && influenceCount(primitive) > 0;
            for (uint32_t v = 0; v < positions.size(); ++v) {
                const glm::vec4 p(positions[v], 1.0f);
                positions[v] =
                    glm::vec3(model * (skinned ? skinMatrix(primitive, v, joints) * p : p));
            }
            glm::vec3 lo(std::numeric_limits<float>::infinity()), hi(-lo);
            for (const glm::vec3& v : positions) {
                lo = glm::min(lo, v);
                hi = glm::max(hi, v);
            }
            if (!rayHitsBox(ray, lo, hi, bestT)) continue;
            const std::vector<uint32_t> corners = triangleCorners(primitive);
            for (size_t i = 0; i + 2 < corners.size(); i += 3) {
                const glm::vec3 &a = positions[corners[i]], &b = positions[corners[i + 1]],
                                &c = positions[corners[i + 2]];
                const std::optional<float> t = intersectTriangle(ray, a, b, c);
                if (!t || *t >= bestT) continue;
                bestT = *t;
                RayHit hit;
                hit.node = node;
                hit.mesh = meshIndex;
                hit.primitive = int(p);
                hit.triangle = uint32_t(i / 3);
                hit.distance = *t;
                hit.point = ray.origin + *t * ray.direction;
                float nearest = std::numeric_limits<float>::infinity();
                for (size_t k = 0; k < 3; ++k) {
                    const float d = glm::distance(hit.point, positions[corners[i + k]]);
                    if (d < nearest) {
                        nearest = d;
                        hit.vertex = corners[i + k];
                    }
                }
                hit.vertexPosition = positions[hit.vertex];
                best = hit;
            }
        }
    }
    return best;
}

glm::vec3 placedPosition(const Scene& scene, const FramePose& frame, int node,
                         const Primitive& primitive, uint32_t vertex) {
    if (node < 0 || size_t(node) >= frame.size() || size_t(node) >= scene.nodes.size())
        return glm::vec3(0.0f);
    glm::vec4 p(morphedPosition(primitive, vertex, frame.weights(node)), 1.0f);
    const std::vector<glm::mat4>& joints = jointsOf(scene, frame, node);
    if (!joints.empty() && influenceCount(primitive) > 0)
        p = skinMatrix(primitive, vertex, joints) * p;
    return glm::vec3(modelOf(scene, frame, node) * p);
}

std::vector<VertexInfluence> vertexInfluences(const Primitive& primitive, uint32_t vertex,
                                              const std::vector<float>& weights) {
    std::vector<VertexInfluence> out;
    for (size_t t = 0; t < primitive.targets.size(); ++t) {
        const float length =
            glm::length(glm::vec3(primitive.targets[t].delta(MorphChannel::Position, vertex)));
        if (!(length > 0.0f)) continue;
        const float w = t < weights.size() ? weights[t] : 0.0f;
        out.push_back({t, length, std::abs(w) * length});
    }
    std::stable_sort(
        out.begin(), out.end(),
        [](const VertexInfluence& a, const VertexInfluence& b) { return a.delta > b.delta; });
    return out;
}

glm::vec3 morphedPosition(const Primitive& primitive, uint32_t vertex,
                          const std::vector<float>& weights) {
    if (vertex >= primitive.positions.size()) return glm::vec3(0.0f);
    glm::vec3 out = primitive.positions[vertex];
    const size_t count = std::min(weights.size(), primitive.targets.size());
    for (size_t t = 0; t < count; ++t) {
        if (weights[t] == 0.0f) continue;
        out += weights[t] * glm::vec3(primitive.targets[t].delta(MorphChannel::Position, vertex));
    }
    return out;
}

}  // namespace morph
