#include "morph/diff/DrawnModel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "morph/anim/FramePose.h"
#include "morph/anim/Skin.h"
#include "morph/targets/Blend.h"

namespace morph {

namespace {

constexpr uint32_t kNotDrawn = std::numeric_limits<uint32_t>::max();

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// Which vertices of `primitive` an index names; every one without indices.
std::vector<bool> drawnVertices(const Primitive& primitive) {
    if (primitive.indices.empty()) return std::vector<bool>(primitive.vertexCount(), true);
    std::vector<bool> drawn(primitive.vertexCount(), false);
    for (uint32_t i : primitive.indices) {
        if (i < drawn.size()) drawn[i] = true;
    }
    return drawn;
}

// How one drawn node places its mesh, as eval --space world takes it from the frame.
struct Placement {
    glm::mat4 model{1.0f};
    const std::vector<glm::mat4>* joints = nullptr;
};

// The linear part of each vertex's world transform (model * skin), which maps a POSITION delta
// to its world-space displacement: world(p + d) - world(p) = mat3(model * S) * d, since both are
// affine. Computed once per primitive, not per target.
std::vector<glm::mat3> vertexLinears(const Primitive& primitive, const Placement& placement) {
    const glm::mat3 linear(placement.model);
    const std::vector<glm::mat4>& joints = *placement.joints;
    if (joints.empty() || influenceCount(primitive) == 0) return {linear};
    std::vector<glm::mat3> out(primitive.vertexCount());
    for (uint32_t v = 0; v < primitive.vertexCount(); ++v) {
        out[v] = linear * glm::mat3(skinMatrix(primitive, v, joints));
    }
    return out;
}

void addTriangles(const Primitive& primitive, const std::vector<uint32_t>& global,
                  std::vector<uint32_t>& triangles) {
    if (primitive.mode != PrimitiveMode::Triangles) return;
    const size_t count = primitive.indices.empty() ? global.size() : primitive.indices.size();
    for (size_t k = 0; k + 2 < count; k += 3) {
        uint32_t corners[3];
        for (size_t c = 0; c < 3; ++c) {
            const uint32_t v =
                primitive.indices.empty() ? uint32_t(k + c) : primitive.indices[k + c];
            corners[c] = v < global.size() ? global[v] : kNotDrawn;
        }
        if (corners[0] == kNotDrawn || corners[1] == kNotDrawn || corners[2] == kNotDrawn) continue;
        triangles.insert(triangles.end(), corners, corners + 3);
    }
}

void addPrimitive(const Primitive& primitive, const std::vector<size_t>& nameOf,
                  const Placement& placement, DrawnModel& out) {
    const std::vector<bool> drawn = drawnVertices(primitive);
    MorphedPrimitive rest = blend(primitive, {});
    toWorldSpace(primitive, placement.model, *placement.joints, rest);
    std::vector<uint32_t> global(primitive.vertexCount(), kNotDrawn);
    for (uint32_t v = 0; v < primitive.vertexCount(); ++v) {
        if (!drawn[v]) continue;
        global[v] = uint32_t(out.rest.size());
        out.rest.push_back(rest.positions[v]);
    }
    addTriangles(primitive, global, out.triangles);
    const std::vector<glm::mat3> linears = vertexLinears(primitive, placement);
    for (size_t t = 0; t < primitive.targets.size() && t < nameOf.size(); ++t) {
        DisplacementField& field = out.fields[nameOf[t]];
        bool nonFinite = false;
        primitive.targets[t].forEach(MorphChannel::Position, [&](uint32_t v, const glm::vec4& d) {
            if (v >= global.size() || global[v] == kNotDrawn) return;
            if (d.x == 0.0f && d.y == 0.0f && d.z == 0.0f) return;
            const glm::vec3 w = linears[linears.size() == 1 ? 0 : v] * glm::vec3(d);
            if (!finite(w)) {
                nonFinite = true;
                return;
            }
            field.vertices.push_back(global[v]);
            field.deltas.push_back(w);
        });
        const std::string& name = out.names[nameOf[t]];
        if (nonFinite &&
            std::find(out.nonFinite.begin(), out.nonFinite.end(), name) == out.nonFinite.end())
            out.nonFinite.push_back(name);
    }
}

}  // namespace

Result<DrawnModel> drawnModel(const Scene& scene) {
    const FramePose frame = resolveFrame(scene, restPose(scene));
    DrawnModel out;
    std::unordered_map<std::string, size_t> nameIndex;
    for (int node : sceneNodes(scene, -1)) {
        const int meshIndex = scene.nodes[size_t(node)].mesh;
        if (meshIndex < 0 || size_t(meshIndex) >= scene.meshes.size()) continue;
        const Mesh& mesh = scene.meshes[size_t(meshIndex)];
        std::vector<size_t> nameOf;
        for (const std::string& name : mesh.targetNames) {
            auto [it, added] = nameIndex.emplace(name, out.names.size());
            if (added) {
                out.names.push_back(name);
                out.fields.emplace_back();
            }
            nameOf.push_back(it->second);
        }
        Placement placement;
        placement.joints = &frame.joints[size_t(node)];
        placement.model = placement.joints->empty() ? frame.world[size_t(node)]
                                                    : skinnedModel(frame.world[size_t(node)]);
        for (const Primitive& primitive : mesh.primitives) {
            addPrimitive(primitive, nameOf, placement, out);
        }
    }
    for (const glm::vec3& p : out.rest) {
        if (!finite(p)) {
            return Error{ErrorCode::BadValue,
                         scene.path + ": a drawn vertex is not finite in world space"};
        }
    }
    return out;
}

float restDiagonal(const DrawnModel& model) {
    if (model.rest.empty()) return 0.0f;
    glm::vec3 lo = model.rest.front(), hi = model.rest.front();
    for (const glm::vec3& p : model.rest) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    return glm::length(hi - lo);
}

Scene drawnScene(const DrawnModel& model,
                 const std::vector<std::pair<std::string, std::vector<glm::vec3>>>& targets) {
    Scene scene;
    scene.path = "drift";
    Mesh mesh;
    mesh.name = "drawn";
    Primitive primitive;
    primitive.positions = model.rest;
    primitive.indices = model.triangles;
    for (const auto& [name, deltas] : targets) {
        std::vector<glm::vec4> entries(model.rest.size(), glm::vec4(0.0f));
        for (size_t v = 0; v < entries.size() && v < deltas.size(); ++v)
            entries[v] = glm::vec4(deltas[v], 0.0f);
        MorphTarget target;
        target.set(MorphChannel::Position, std::move(entries));
        primitive.targets.push_back(std::move(target));
        mesh.targetNames.push_back(name);
        mesh.defaultWeights.push_back(0.0f);
    }
    mesh.primitives.push_back(std::move(primitive));
    scene.meshes.push_back(std::move(mesh));
    Node node;
    node.name = "drawn";
    node.mesh = 0;
    scene.nodes.push_back(std::move(node));
    scene.roots.push_back(0);
    computeTargetStats(scene);
    return scene;
}

}  // namespace morph
