// Skinned primitives and the nodes that bind them to skins (glTF 2.0 3.7.3). Runs after meshes
// and nodes are read: which skin a primitive's JOINTS index depends on the node that draws it.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "morph/anim/Skin.h"
#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

std::string primitiveName(size_t mesh, size_t primitive) {
    return "meshes[" + std::to_string(mesh) + "].primitives[" + std::to_string(primitive) + "]";
}

// 3.7.3.2: JOINTS_n and WEIGHTS_n come in pairs, and set 1 extends set 0. Weights are never
// negative. Then the weights are normalized (see normalizeSkinWeights).
Status checkPrimitive(GltfDocument& doc, const std::string& where, Primitive& primitive,
                      WeightFixes& fixes) {
    for (int set = 0; set < 2; ++set) {
        const bool joints = !primitive.joints[size_t(set)].empty();
        const bool weights = !primitive.weights[size_t(set)].empty();
        const std::string n = std::to_string(set);
        if (joints != weights) {
            return doc.error(ErrorCode::Inconsistent,
                             where + ".attributes." + (joints ? "JOINTS_" : "WEIGHTS_") + n +
                                 " has no " + (joints ? "WEIGHTS_" : "JOINTS_") + n);
        }
    }
    if (!primitive.joints[1].empty() && primitive.joints[0].empty()) {
        return doc.error(ErrorCode::Inconsistent, where + ".attributes.JOINTS_1 without JOINTS_0");
    }
    if (influenceCount(primitive) == 0) return {};
    for (int set = 0; set < 2; ++set) {
        const auto& weights = primitive.weights[size_t(set)];
        for (size_t v = 0; v < weights.size(); ++v) {
            for (int c = 0; c < 4; ++c) {
                if (weights[v][c] < 0.0f) {
                    return doc.error(ErrorCode::BadValue,
                                     where + ".attributes.WEIGHTS_" + std::to_string(set) + "[" +
                                         std::to_string(v) + "] has a negative weight (" +
                                         std::to_string(weights[v][c]) + ")");
                }
            }
        }
    }
    const WeightFixes f = normalizeSkinWeights(primitive);
    fixes.offRows += f.offRows;
    fixes.emptyRows += f.emptyRows;
    if (std::fabs(f.worstSum - 1.0f) > std::fabs(fixes.worstSum - 1.0f))
        fixes.worstSum = f.worstSum;
    return {};
}

// The largest JOINTS value with a non-zero weight in `primitive` (-1: none), computed once per
// primitive so a mesh drawn by many nodes costs one pass, not one per node.
int64_t maxUsedJoint(const Primitive& primitive) {
    int64_t top = -1;
    for (uint32_t set = 0; set < influenceCount(primitive) / 4; ++set) {
        for (size_t v = 0; v < primitive.joints[set].size(); ++v) {
            for (int c = 0; c < 4; ++c) {
                if (primitive.weights[set][v][c] != 0.0f)
                    top = std::max<int64_t>(top, primitive.joints[set][v][c]);
            }
        }
    }
    return top;
}

// Every JOINTS value with a non-zero weight indexes the joints of the skin of each node that
// draws the primitive (3.7.3.2); the shader would read past the joint matrices otherwise.
Status checkJointRange(GltfDocument& doc, const Scene& scene, size_t nodeIndex,
                       const std::vector<std::vector<int64_t>>& maxJoints) {
    const Node& node = scene.nodes[nodeIndex];
    const Skin& skin = scene.skins[size_t(node.skin)];
    const Mesh& mesh = scene.meshes[size_t(node.mesh)];
    for (size_t p = 0; p < mesh.primitives.size(); ++p) {
        if (maxJoints[size_t(node.mesh)][p] < int64_t(skin.joints.size())) continue;
        // Only on failure: find the first offending vertex for the message.
        const Primitive& primitive = mesh.primitives[p];
        for (uint32_t set = 0; set < influenceCount(primitive) / 4; ++set) {
            for (size_t v = 0; v < primitive.joints[set].size(); ++v) {
                for (int c = 0; c < 4; ++c) {
                    const uint32_t joint = primitive.joints[set][v][c];
                    if (primitive.weights[set][v][c] == 0.0f || joint < skin.joints.size())
                        continue;
                    return doc.error(ErrorCode::OutOfBounds,
                                     primitiveName(size_t(node.mesh), p) + ".attributes.JOINTS_" +
                                         std::to_string(set) + "[" + std::to_string(v) +
                                         "] = " + std::to_string(joint) +
                                         " is out of range of skins[" + std::to_string(node.skin) +
                                         "].joints (" + std::to_string(skin.joints.size()) +
                                         " joints; drawn by nodes[" + std::to_string(nodeIndex) +
                                         "])");
                }
            }
        }
    }
    return {};
}

bool meshIsSkinned(const Mesh& mesh) {
    for (const Primitive& p : mesh.primitives) {
        if (influenceCount(p) > 0) return true;
    }
    return false;
}

}  // namespace

Status checkSkins(GltfDocument& doc, Scene& scene) {
    WeightFixes fixes;
    fixes.worstSum = 1.0f;
    std::vector<std::vector<int64_t>> maxJoints(scene.meshes.size());
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        for (size_t p = 0; p < scene.meshes[m].primitives.size(); ++p) {
            Status s =
                checkPrimitive(doc, primitiveName(m, p), scene.meshes[m].primitives[p], fixes);
            if (!s) return s;
            maxJoints[m].push_back(maxUsedJoint(scene.meshes[m].primitives[p]));
        }
    }
    if (fixes.offRows > 0) {
        char sum[32];
        std::snprintf(sum, sizeof sum, "%.4g", double(fixes.worstSum));
        doc.repair(std::to_string(fixes.offRows) +
                   " vertices have skin weights that do not sum to 1 (e.g. " + sum +
                   "); normalized");
    }
    if (fixes.emptyRows > 0) {
        doc.repair(std::to_string(fixes.emptyRows) +
                   " vertices have all skin weights 0; bound to their first joint with weight 1");
    }
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        const Node& node = scene.nodes[n];
        const std::string where = "nodes[" + std::to_string(n) + "]";
        const bool hasMesh = node.mesh >= 0 && size_t(node.mesh) < scene.meshes.size();
        if (node.skin >= 0 && size_t(node.skin) >= scene.skins.size()) {
            return doc.error(ErrorCode::BadReference,
                             where + ".skin " + std::to_string(node.skin) + " is not a skin index");
        }
        if (node.skin >= 0 && (!hasMesh || !meshIsSkinned(scene.meshes[size_t(node.mesh)]))) {
            // 3.7.3: skin needs a mesh with JOINTS_0/WEIGHTS_0; without one there is nothing to
            // bind. Kept as in the file; nothing is skinned (skin.glsl sees no influences).
            doc.warn(where + ".skin is set but " +
                     (hasMesh ? "its mesh has no JOINTS_0/WEIGHTS_0" : "it has no mesh") +
                     "; the skin has no effect");
            continue;
        }
        if (node.skin >= 0) {
            if (Status s = checkJointRange(doc, scene, n, maxJoints); !s) return s;
        } else if (hasMesh && meshIsSkinned(scene.meshes[size_t(node.mesh)])) {
            doc.warn(where + " draws skinned meshes[" + std::to_string(node.mesh) +
                     "] without a skin; drawn unskinned");
        }
    }
    return {};
}

}  // namespace morph
