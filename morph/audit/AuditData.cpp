#include "morph/audit/AuditData.h"

#include <algorithm>
#include <cmath>

namespace morph {
namespace {

// The world matrix of the first node that shows mesh `mesh` (identity when none does): the
// character's left is a world direction, the mesh's vertices are in its own space. A skinned
// mesh's vertices are in the bind pose's world space already (glTF 2.0 3.7.3.3: the skinned
// node's own transform is ignored), so it is identity too.
glm::mat4 meshWorld(const Scene& scene, size_t mesh) {
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        if (scene.nodes[n].mesh != int(mesh)) continue;
        if (scene.nodes[n].skin >= 0) return glm::mat4(1.0f);
        glm::mat4 world = scene.nodes[n].localMatrix();
        int parent = scene.nodes[n].parent;
        // Bounded by the node count, so a cyclic hierarchy (refused by the importer) stays finite.
        for (size_t depth = 0; parent >= 0 && depth < scene.nodes.size(); ++depth) {
            world = scene.nodes[size_t(parent)].localMatrix() * world;
            parent = scene.nodes[size_t(parent)].parent;
        }
        return world;
    }
    return glm::mat4(1.0f);
}

// The character's left in the mesh's space: +X in the world (glTF's characters face +Z), -X for
// VRM 0.x (which face -Z), through the inverse of the node's linear part.
glm::vec3 leftAxis(const Scene& scene, size_t mesh) {
    const glm::vec3 worldLeft(facesNegativeZ(scene) ? -1.0f : 1.0f, 0.0f, 0.0f);
    const glm::mat3 linear(meshWorld(scene, mesh));
    if (std::fabs(glm::determinant(linear)) < 1e-12f) return worldLeft;
    const glm::vec3 local = glm::inverse(linear) * worldLeft;
    const float length = glm::length(local);
    return length > 0.0f && std::isfinite(length) ? local / length : worldLeft;
}

void appendGeometry(const Primitive& p, MeshData& out, bool& allNormals) {
    const uint32_t base = uint32_t(out.positions.size());
    out.positions.insert(out.positions.end(), p.positions.begin(), p.positions.end());
    allNormals = allNormals && p.normals.size() == p.positions.size();
    if (allNormals) out.normals.insert(out.normals.end(), p.normals.begin(), p.normals.end());
    if (p.mode != PrimitiveMode::Triangles) return;
    const size_t n = p.indices.empty() ? p.positions.size() : p.indices.size();
    for (size_t i = 0; i + 2 < n; i += 3) {
        for (size_t k = 0; k < 3; ++k) {
            const uint32_t v = p.indices.empty() ? uint32_t(i + k) : p.indices[i + k];
            out.triangles.push_back(base + v);
        }
    }
}

void buildAdjacency(MeshData& m) {
    m.firstTriangle.assign(m.positions.size() + 1, 0);
    for (uint32_t v : m.triangles) ++m.firstTriangle[v + 1];
    for (size_t v = 0; v < m.positions.size(); ++v) m.firstTriangle[v + 1] += m.firstTriangle[v];
    m.triangleIds.resize(m.triangles.size());
    std::vector<uint32_t> fill(m.firstTriangle.begin(), m.firstTriangle.end() - 1);
    for (size_t i = 0; i < m.triangles.size(); ++i)
        m.triangleIds[fill[m.triangles[i]]++] = uint32_t(i / 3);
}

bool anyNonZero(const MorphTarget& t, MorphChannel c) {
    for (const glm::vec4& d : t.entries(c)) {
        if (d != glm::vec4(0.0f)) return true;
    }
    return false;
}

// One primitive's part of a target, its vertices offset by `base`.
void appendTarget(const MorphTarget& t, uint32_t base, bool withNormals, TargetDeltas& out) {
    const std::vector<glm::vec4>& pos = t.entries(MorphChannel::Position);
    const std::vector<glm::vec4>& nrm = t.entries(MorphChannel::Normal);
    for (size_t e = 0; e < t.entryCount(); ++e) {
        const glm::vec3 dp = e < pos.size() ? glm::vec3(pos[e]) : glm::vec3(0.0f);
        const glm::vec3 dn = e < nrm.size() ? glm::vec3(nrm[e]) : glm::vec3(0.0f);
        if (dp == glm::vec3(0.0f) && dn == glm::vec3(0.0f)) continue;
        out.vertices.push_back(base + t.vertexOf(e));
        out.positions.push_back(dp);
        if (withNormals) out.normals.push_back(dn);
    }
    for (MorphChannel c : {MorphChannel::Tangent, MorphChannel::TexCoord0, MorphChannel::TexCoord1,
                           MorphChannel::Color0}) {
        out.otherChannels = out.otherChannels || anyNonZero(t, c);
    }
}

TargetDeltas buildTarget(const Mesh& mesh, size_t target, float moveTolerance) {
    TargetDeltas out;
    out.name = mesh.targetNames[target];
    bool withNormals = true;
    for (const Primitive& p : mesh.primitives) {
        withNormals =
            withNormals && target < p.targets.size() && p.targets[target].has(MorphChannel::Normal);
    }
    uint32_t base = 0;
    for (const Primitive& p : mesh.primitives) {
        if (target < p.targets.size()) appendTarget(p.targets[target], base, withNormals, out);
        base += p.vertexCount();
    }
    for (const glm::vec3& d : out.positions) {
        const float length = glm::length(d);
        out.maxDelta = std::max(out.maxDelta, length);
        out.sumDelta += double(length);
        out.moved += length > moveTolerance ? 1 : 0;
    }
    return out;
}

MeshData buildMesh(const Scene& scene, size_t index, const AuditOptions& options) {
    const Mesh& mesh = scene.meshes[index];
    MeshData m;
    m.index = index;
    m.name = mesh.name.empty() ? "meshes[" + std::to_string(index) + "]" : mesh.name;
    bool allNormals = true;
    for (const Primitive& p : mesh.primitives) appendGeometry(p, m, allNormals);
    if (!allNormals) m.normals.clear();
    buildAdjacency(m);
    glm::vec3 lo(INFINITY), hi(-INFINITY);
    for (const glm::vec3& p : m.positions) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    m.diagonal = m.positions.empty() ? 0.0f : glm::length(hi - lo);
    SymmetryOptions mirror;
    mirror.tolerance = m.length(options.mirrorTolerance);
    mirror.edgeShare = options.mirrorEdgeShare;
    mirror.minShare = options.symmetricShare;
    m.symmetry = findSymmetry({m.positions, m.triangles, m.firstTriangle, m.triangleIds},
                              leftAxis(scene, index), mirror);
    const float moveTolerance = m.length(options.moveTolerance);
    for (size_t t = 0; t < mesh.targetCount(); ++t)
        m.targets.push_back(buildTarget(mesh, t, moveTolerance));
    return m;
}

}  // namespace

std::vector<MeshData> buildAuditData(const Scene& scene, const AuditOptions& options) {
    std::vector<MeshData> out;
    for (size_t i = 0; i < scene.meshes.size(); ++i) {
        if (scene.meshes[i].targetCount() == 0) continue;
        out.push_back(buildMesh(scene, i, options));
    }
    return out;
}

}  // namespace morph
