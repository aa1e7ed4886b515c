#include "morph/anim/Skin.h"

#include <cmath>

namespace morph {

namespace {

glm::vec3 renormalized(const glm::vec3& v) {
    // As morph.glsl's renormalized(): a zero vector stays zero instead of becoming NaN.
    const float len2 = glm::dot(v, v);
    return len2 > 0.0f ? v / std::sqrt(len2) : v;
}

}  // namespace

uint32_t influenceCount(const Primitive& primitive) {
    const size_t n = primitive.positions.size();
    if (n == 0 || primitive.joints[0].size() != n || primitive.weights[0].size() != n) return 0;
    return primitive.joints[1].size() == n && primitive.weights[1].size() == n ? 8 : 4;
}

std::vector<glm::mat4> jointWorldMatrices(const Skin& skin, const std::vector<glm::mat4>& world) {
    std::vector<glm::mat4> out(skin.joints.size(), glm::mat4(1.0f));
    for (size_t j = 0; j < skin.joints.size(); ++j) {
        const int joint = skin.joints[j];
        if (joint < 0 || size_t(joint) >= world.size()) continue;
        const glm::mat4 inverseBind =
            j < skin.inverseBindMatrices.size() ? skin.inverseBindMatrices[j] : glm::mat4(1.0f);
        out[j] = world[size_t(joint)] * inverseBind;
    }
    return out;
}

glm::mat4 skinnedModel(const glm::mat4& nodeWorld) {
    const float det = glm::determinant(nodeWorld);
    // A (nearly) singular node matrix cannot be undone; the joints then carry the whole
    // transform and the node draws with identity.
    if (!std::isfinite(det) || std::fabs(det) < 1e-12f) return glm::mat4(1.0f);
    return nodeWorld;
}

std::vector<glm::mat4> nodeJointMatrices(const Scene& scene, int node,
                                         const std::vector<glm::mat4>& world) {
    if (node < 0 || size_t(node) >= scene.nodes.size() || size_t(node) >= world.size()) return {};
    const int skin = scene.nodes[size_t(node)].skin;
    if (skin < 0 || size_t(skin) >= scene.skins.size()) return {};
    std::vector<glm::mat4> joints = jointWorldMatrices(scene.skins[size_t(skin)], world);
    const glm::mat4 toNode = glm::inverse(skinnedModel(world[size_t(node)]));
    for (glm::mat4& m : joints) m = toNode * m;
    return joints;
}

glm::mat4 skinMatrix(const Primitive& primitive, uint32_t vertex,
                     const std::vector<glm::mat4>& joints) {
    glm::mat4 sum(0.0f);
    const uint32_t sets = influenceCount(primitive) / 4;
    // The same order as skin.glsl: set 0 x..w, then set 1 x..w.
    for (uint32_t s = 0; s < sets; ++s) {
        const glm::u16vec4 j = primitive.joints[s][vertex];
        const glm::vec4 w = primitive.weights[s][vertex];
        for (int c = 0; c < 4; ++c) {
            if (w[c] == 0.0f || size_t(j[c]) >= joints.size()) continue;
            sum += w[c] * joints[j[c]];
        }
    }
    return sum;
}

void toWorldSpace(const Primitive& primitive, const glm::mat4& model,
                  const std::vector<glm::mat4>& joints, MorphedPrimitive& morphed) {
    const bool skinned = !joints.empty() && influenceCount(primitive) > 0;
    const glm::mat3 normalMatrix = glm::transpose(glm::inverse(glm::mat3(model)));
    const glm::mat3 linear(model);
    for (uint32_t v = 0; v < uint32_t(morphed.positions.size()); ++v) {
        const glm::mat4 s = skinned ? skinMatrix(primitive, v, joints) : glm::mat4(1.0f);
        const glm::vec4 skinnedPosition = s * glm::vec4(morphed.positions[v], 1.0f);
        morphed.positions[v] = glm::vec3(model * skinnedPosition);
        if (v < morphed.normals.size()) {
            const glm::vec3 n = glm::mat3(s) * renormalized(morphed.normals[v]);
            morphed.normals[v] = renormalized(normalMatrix * n);
        }
        if (v < morphed.tangents.size()) {
            const glm::vec3 t = glm::mat3(s) * renormalized(glm::vec3(morphed.tangents[v]));
            morphed.tangents[v] = glm::vec4(renormalized(linear * t), morphed.tangents[v].w);
        }
    }
}

WeightFixes normalizeSkinWeights(Primitive& primitive) {
    WeightFixes fixes;
    const uint32_t sets = influenceCount(primitive) / 4;
    const size_t n = primitive.positions.size();
    for (size_t v = 0; v < n; ++v) {
        float sum = 0.0f;
        for (uint32_t s = 0; s < sets; ++s) {
            for (int c = 0; c < 4; ++c) sum += primitive.weights[s][v][c];
        }
        if (!(sum > 0.0f)) {
            // Negative weights are refused by the importer; all zero is "bound to nothing".
            for (uint32_t s = 0; s < sets; ++s) primitive.weights[s][v] = glm::vec4(0.0f);
            primitive.weights[0][v].x = 1.0f;
            ++fixes.emptyRows;
        } else if (std::fabs(sum - 1.0f) > 1e-6f) {
            if (std::fabs(sum - 1.0f) > kWeightSumWarning) {
                ++fixes.offRows;
                if (std::fabs(sum - 1.0f) > std::fabs(fixes.worstSum - 1.0f)) fixes.worstSum = sum;
            }
            for (uint32_t s = 0; s < sets; ++s) primitive.weights[s][v] /= sum;
        }
        for (uint32_t s = 0; s < sets; ++s) {
            for (int c = 0; c < 4; ++c) {
                if (primitive.weights[s][v][c] == 0.0f) primitive.joints[s][v][c] = 0;
            }
        }
    }
    return fixes;
}

}  // namespace morph
