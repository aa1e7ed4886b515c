#include "morph/Scene.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <glm/gtc/matrix_transform.hpp>

namespace morph {

MorphTarget MorphTarget::makeSparse(std::vector<uint32_t> indices) {
    MorphTarget target;
    target.mSparse = true;
    target.mIndices = std::move(indices);
    return target;
}

size_t MorphTarget::entryCount() const {
    if (mSparse) return mIndices.size();
    size_t n = 0;
    for (const auto& e : mEntries) n = std::max(n, e.size());
    return n;
}

void MorphTarget::set(MorphChannel c, std::vector<glm::vec4> deltas) {
    const bool fits = mSparse ? deltas.size() == mIndices.size() : !deltas.empty();
    mHas[index(c)] = fits;
    mEntries[index(c)] = fits ? std::move(deltas) : std::vector<glm::vec4>{};
}

void MorphTarget::clear(MorphChannel c) {
    mHas[index(c)] = false;
    mEntries[index(c)].clear();
}

glm::vec4 MorphTarget::delta(MorphChannel c, uint32_t vertex) const {
    const std::vector<glm::vec4>& e = mEntries[index(c)];
    if (!mSparse) return vertex < e.size() ? e[vertex] : glm::vec4(0.0f);
    const auto it = std::lower_bound(mIndices.begin(), mIndices.end(), vertex);
    if (it == mIndices.end() || *it != vertex || e.empty()) return glm::vec4(0.0f);
    return e[size_t(it - mIndices.begin())];
}

std::vector<glm::vec4> MorphTarget::dense(MorphChannel c, uint32_t vertexCount) const {
    if (!has(c)) return {};
    if (!mSparse) {
        std::vector<glm::vec4> out = mEntries[index(c)];
        out.resize(vertexCount, glm::vec4(0.0f));
        return out;
    }
    std::vector<glm::vec4> out(vertexCount, glm::vec4(0.0f));
    forEach(c, [&](uint32_t v, const glm::vec4& d) {
        if (v < vertexCount) out[v] = d;
    });
    return out;
}

MorphTarget MorphTarget::toDense(uint32_t vertexCount) const {
    MorphTarget out;
    for (size_t i = 0; i < kMorphChannelCount; ++i) {
        const auto c = static_cast<MorphChannel>(i);
        if (has(c)) out.set(c, dense(c, vertexCount));
    }
    return out;
}

MorphTarget MorphTarget::toSparse(uint32_t vertexCount) const {
    std::vector<uint32_t> moved;
    for (uint32_t v = 0; v < vertexCount; ++v) {
        bool nonZero = false;
        for (size_t i = 0; i < kMorphChannelCount && !nonZero; ++i) {
            nonZero = mHas[i] && delta(static_cast<MorphChannel>(i), v) != glm::vec4(0.0f);
        }
        if (nonZero) moved.push_back(v);
    }
    MorphTarget out = makeSparse(moved);
    for (size_t i = 0; i < kMorphChannelCount; ++i) {
        const auto c = static_cast<MorphChannel>(i);
        if (!has(c)) continue;
        std::vector<glm::vec4> entries(moved.size());
        for (size_t e = 0; e < moved.size(); ++e) entries[e] = delta(c, moved[e]);
        out.set(c, std::move(entries));
    }
    return out;
}

bool Primitive::morphs(MorphChannel c) const {
    return std::any_of(targets.begin(), targets.end(),
                       [c](const MorphTarget& t) { return t.has(c); });
}

std::vector<MorphChannel> Primitive::morphedChannels() const {
    std::vector<MorphChannel> channels;
    for (size_t i = 0; i < kMorphChannelCount; ++i) {
        auto c = static_cast<MorphChannel>(i);
        if (morphs(c)) channels.push_back(c);
    }
    return channels;
}

glm::mat4 Node::localMatrix() const {
    if (hasMatrix) return matrix;
    // glTF 2.0 5.25: T * R * S.
    return glm::translate(glm::mat4(1.0f), translation) * glm::mat4_cast(rotation) *
           glm::scale(glm::mat4(1.0f), scale);
}

glm::mat3 TextureTransform::matrix() const {
    // KHR_texture_transform: T * R * S, with the rotation as the extension's reference shader
    // writes it (counter-clockwise in UV space, whose v axis points down).
    const float c = std::cos(rotation), s = std::sin(rotation);
    glm::mat3 t(1.0f), r(1.0f), sc(1.0f);
    t[2] = glm::vec3(offset, 1.0f);
    r[0] = glm::vec3(c, -s, 0.0f);
    r[1] = glm::vec3(s, c, 0.0f);
    sc[0][0] = scale.x;
    sc[1][1] = scale.y;
    return t * r * sc;
}

void computeTargetStats(Primitive& primitive) {
    primitive.targetStats.assign(primitive.targets.size(), TargetStats{});
    for (size_t t = 0; t < primitive.targets.size(); ++t) {
        TargetStats& stats = primitive.targetStats[t];
        // Vertices a sparse target does not store have zero deltas: they add nothing to either.
        primitive.targets[t].forEach(MorphChannel::Position, [&](uint32_t, const glm::vec4& d) {
            if (d.x != 0.0f || d.y != 0.0f || d.z != 0.0f) ++stats.movedVertices;
            stats.maxPositionDelta = std::max(stats.maxPositionDelta, glm::length(glm::vec3(d)));
        });
    }
}

const std::vector<int>& sceneRoots(const Scene& scene, int index) {
    if (index >= 0 && size_t(index) < scene.scenes.size()) return scene.scenes[size_t(index)].roots;
    return scene.roots;
}

std::vector<int> sceneNodes(const Scene& scene, int index) {
    const std::vector<int>& roots = sceneRoots(scene, index);
    std::vector<int> out;
    std::vector<uint8_t> seen(scene.nodes.size(), 0);
    std::vector<int> stack(roots.rbegin(), roots.rend());
    // An explicit stack: deep hierarchies must not overflow the call stack.
    while (!stack.empty()) {
        const int node = stack.back();
        stack.pop_back();
        if (node < 0 || size_t(node) >= scene.nodes.size() || seen[size_t(node)]) continue;
        seen[size_t(node)] = 1;
        out.push_back(node);
        const std::vector<int>& children = scene.nodes[size_t(node)].children;
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    return out;
}

void computeTargetStats(Scene& scene) {
    for (Mesh& mesh : scene.meshes) {
        for (Primitive& primitive : mesh.primitives) computeTargetStats(primitive);
    }
}

std::vector<std::string> sceneTargetNames(const Scene& scene) {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const Mesh& mesh : scene.meshes) {
        for (const std::string& name : mesh.targetNames) {
            if (seen.insert(name).second) names.push_back(name);
        }
    }
    return names;
}

}  // namespace morph
