// Nodes, every scene's roots and skins (glTF 2.0 3.5, 3.7.3).
#include <glm/gtc/type_ptr.hpp>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

Status readNode(GltfDocument&, const Json& json, size_t index, Node& node) {
    const std::string where = "nodes[" + std::to_string(index) + "]";
    node.name = getString(json, "name", where);
    node.mesh = int(getInt(json, "mesh", -1, where));
    node.skin = int(getInt(json, "skin", -1, where));
    node.camera = int(getInt(json, "camera", -1, where));  // validated (GltfValidate.cpp)
    if (json.contains("matrix")) {
        float m[16];
        getNumbers(json, "matrix", m, 16, where);
        node.matrix = glm::make_mat4(m);  // column-major, as glTF stores it
        node.hasMatrix = true;
    } else {
        getNumbers(json, "translation", &node.translation.x, 3, where);
        float q[4] = {0, 0, 0, 1};
        getNumbers(json, "rotation", q, 4, where);
        node.rotation = glm::quat(q[3], q[0], q[1], q[2]);  // glTF is (x, y, z, w)
        getNumbers(json, "scale", &node.scale.x, 3, where);
    }
    if (const Json* children = getArray(json, "children", where)) {
        for (const Json& c : *children)
            node.children.push_back(int(c.get<int64_t>()));  // validated
    }
    if (const Json* weights = getArray(json, "weights", where)) {
        node.weights.assign(weights->size(), 0.0f);
        getNumbers(json, "weights", node.weights.data(), weights->size(), where);
    }
    return {};
}

// Parents from children; a node with two parents, or a cycle, is an error (3.5.1: the node
// hierarchy MUST be a set of disjoint strict trees). Iterative, so any depth is fine.
Status linkParents(GltfDocument& doc, Scene& scene) {
    const size_t n = scene.nodes.size();
    for (size_t p = 0; p < n; ++p) {
        for (int c : scene.nodes[p].children) {
            Node& child = scene.nodes[size_t(c)];
            if (child.parent >= 0) {
                return doc.error(ErrorCode::Inconsistent,
                                 "nodes[" + std::to_string(c) + "] has two parents (nodes[" +
                                     std::to_string(child.parent) + "] and nodes[" +
                                     std::to_string(p) + "])");
            }
            child.parent = int(p);
        }
    }
    // 0: unvisited, 1: on the current upward walk, 2: known to reach a root.
    std::vector<uint8_t> state(n, 0);
    std::vector<size_t> walk;
    for (size_t start = 0; start < n; ++start) {
        walk.clear();
        size_t i = start;
        while (state[i] == 0) {
            state[i] = 1;
            walk.push_back(i);
            if (scene.nodes[i].parent < 0) break;
            i = size_t(scene.nodes[i].parent);
        }
        if (state[i] == 1 && scene.nodes[i].parent >= 0) {
            return doc.error(
                ErrorCode::Inconsistent,
                "nodes[" + std::to_string(i) + "] is its own ancestor (a cycle in children)");
        }
        for (size_t w : walk) state[w] = 2;
    }
    return {};
}

// Every scene's roots (glTF 2.0 3.5.2), and the default one's as Scene::roots. A file without
// scenes draws every parentless node, as it always did.
Status readScenes(GltfDocument& doc, Scene& scene) {
    const Json& scenes = doc.array("scenes");
    scene.scenes.resize(scenes.size());
    for (size_t s = 0; s < scenes.size(); ++s) {
        const std::string where = "scenes[" + std::to_string(s) + "]";
        SceneRoots& out = scene.scenes[s];
        out.name = getString(scenes[s], "name", where);
        const Json* nodes = getArray(scenes[s], "nodes", where);
        if (!nodes) continue;
        for (size_t i = 0; i < nodes->size(); ++i) {
            const Json& r = (*nodes)[i];
            if (!r.is_number_integer() || r.get<int64_t>() < 0 ||
                size_t(r.get<int64_t>()) >= scene.nodes.size()) {
                return doc.error(ErrorCode::BadReference,
                                 where + ".nodes[" + std::to_string(i) + "] is not a node index");
            }
            const int root = int(r.get<int64_t>());
            if (scene.nodes[size_t(root)].parent >= 0) {
                // 3.5.2: scene roots MUST be root nodes; drawing it twice would be wrong.
                doc.warn(where + ".nodes[" + std::to_string(i) + "] = " + std::to_string(root) +
                         " has a parent; ignored");
                continue;
            }
            out.roots.push_back(root);
        }
    }
    const int64_t chosen = getInt(doc.json, "scene", scenes.empty() ? -1 : 0, "glTF");  // validated
    if (chosen >= 0 && size_t(chosen) < scenes.size()) {
        scene.defaultScene = int(chosen);
        scene.roots = scene.scenes[size_t(chosen)].roots;
        return {};
    }
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        if (scene.nodes[i].parent < 0) scene.roots.push_back(int(i));
    }
    return {};
}

Status readSkin(GltfDocument& doc, const Json& json, size_t index, size_t nodeCount, Skin& skin) {
    const std::string where = "skins[" + std::to_string(index) + "]";
    skin.name = getString(json, "name", where);
    skin.skeleton = int(getInt(json, "skeleton", -1, where));
    const Json* joints = getArray(json, "joints", where);
    if (!joints || joints->empty())
        return doc.error(ErrorCode::Schema, where + ".joints is missing or empty");
    for (size_t j = 0; j < joints->size(); ++j) {
        const Json& v = (*joints)[j];
        if (!v.is_number_integer() || v.get<int64_t>() < 0 ||
            size_t(v.get<int64_t>()) >= nodeCount) {
            return doc.error(ErrorCode::BadReference,
                             where + ".joints[" + std::to_string(j) + "] is not a node index");
        }
        skin.joints.push_back(int(v.get<int64_t>()));
    }
    skin.inverseBindMatrices.assign(skin.joints.size(), glm::mat4(1.0f));
    if (json.contains("inverseBindMatrices")) {
        const int64_t accessor = getInt(json, "inverseBindMatrices", -1, where);
        auto m = readAccessorFloats(doc, accessor, {"MAT4"});
        if (!m) return m.error();
        if (m->size() / 16 < skin.joints.size()) {
            return doc.error(ErrorCode::Inconsistent,
                             where + ".inverseBindMatrices: accessors[" + std::to_string(accessor) +
                                 "] has " + std::to_string(m->size() / 16) + " matrices for " +
                                 std::to_string(skin.joints.size()) + " joints");
        }
        for (size_t j = 0; j < skin.joints.size(); ++j)
            skin.inverseBindMatrices[j] = glm::make_mat4(m->data() + j * 16);
    }
    return {};
}

}  // namespace

Status readNodes(GltfDocument& doc, Scene& scene) {
    const Json& nodes = doc.array("nodes");
    scene.nodes.resize(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (Status s = readNode(doc, nodes[i], i, scene.nodes[i]); !s) return s;
        const Node& node = scene.nodes[i];
        if (!node.weights.empty()) {
            // 3.7.2.2: node.weights has one weight per target of the node's mesh.
            const size_t targets =
                node.mesh >= 0 ? scene.meshes[size_t(node.mesh)].targetCount() : 0;
            if (node.weights.size() != targets) {
                return doc.error(ErrorCode::Inconsistent,
                                 "nodes[" + std::to_string(i) + "].weights has " +
                                     std::to_string(node.weights.size()) + " values for " +
                                     std::to_string(targets) + " targets");
            }
        }
    }
    if (Status s = linkParents(doc, scene); !s) return s;
    if (Status s = readScenes(doc, scene); !s) return s;
    if (Status s = readNodeLights(doc, scene); !s) return s;
    const Json& skins = doc.array("skins");
    scene.skins.resize(skins.size());
    for (size_t i = 0; i < skins.size(); ++i) {
        if (Status s = readSkin(doc, skins[i], i, scene.nodes.size(), scene.skins[i]); !s) return s;
    }
    return {};
}

}  // namespace morph
