// The character as glTF 2.0: the skeleton as nodes, one skin (17 joints, inverse bind matrices),
// one mesh with the body and eyes primitives (JOINTS_0/WEIGHTS_0, COLOR_0, three sparse morph
// targets), and two clips that move joints and weights together: "wave" and "walk".
#include <algorithm>
#include <functional>

#include <glm/gtc/quaternion.hpp>

#include "Character.h"
#include "face/DeterministicMath.h"
#include "morph/glb/GltfBuilder.h"

namespace character {
namespace {

using face::dcos;
using face::dsin;
using morph::ComponentType;
using nlohmann::json;
constexpr float kPi = 3.14159265358979f;

// glTF 2.0 3.5: node 0 "Character" (children 1, 2), node 1 "Armature" (child: the root joint),
// node 2 "Body" (mesh 0, skin 0), nodes 3.. the joints in joints() order.
constexpr int kFirstJointNode = 3;

glm::quat axisAngle(const glm::vec3& axis, float angle) {
    const float s = dsin(0.5f * angle);
    return glm::quat(dcos(0.5f * angle), axis.x * s, axis.y * s, axis.z * s);
}

float ramp(float t, float in, float out, float duration) {
    const float e = std::clamp(std::min(t / in, (duration - t) / out), 0.0f, 1.0f);
    return e * e * (3.0f - 2.0f * e);  // smoothstep: no jump at the ends of the clip
}

struct Clip {
    std::string name;
    float duration;
    std::vector<std::pair<std::string, std::function<glm::quat(float)>>> rotations;
    std::function<glm::vec3(float)> hips;              // the root joint's translation
    std::function<std::vector<float>(float)> weights;  // the Body node's weights
};

std::vector<Clip> clips() {
    const glm::vec3 x(1, 0, 0), y(0, 1, 0), z(0, 0, 1);
    const glm::vec3 hips = joints()[0].bindPosition;
    Clip wave{"wave", 2.0f, {}, nullptr, nullptr};
    auto up = [](float t) { return ramp(t, 0.4f, 0.4f, 2.0f); };
    wave.rotations = {
        {"spine", [=](float t) { return axisAngle(y, 0.15f * dsin(kPi * t)); }},
        {"head", [=](float t) { return axisAngle(z, 0.12f * dsin(kPi * t)); }},
        {"upperArm.R", [=](float t) { return axisAngle(z, -1.3f * up(t)); }},
        {"lowerArm.R",
         [=](float t) { return axisAngle(z, -(0.5f + 0.4f * dsin(4.0f * kPi * t)) * up(t)); }},
        {"upperArm.L", [=](float t) { return axisAngle(z, -1.2f * up(t)); }},
        {"lowerArm.L", [=](float t) { return axisAngle(y, 0.3f * up(t)); }},
    };
    wave.hips = [=](float t) { return hips + glm::vec3(0, 0.015f * dsin(2.0f * kPi * t), 0); };
    wave.weights = [=](float t) {
        return std::vector<float>{0.6f * std::max(0.0f, dsin(2.0f * kPi * t)),
                                  0.5f - 0.5f * dcos(kPi * t),
                                  up(t) * (0.5f + 0.5f * dsin(4.0f * kPi * t))};
    };
    Clip walk{"walk", 1.0f, {}, nullptr, nullptr};
    auto phase = [](float t) { return dsin(2.0f * kPi * t); };
    walk.rotations = {
        {"upperLeg.L", [=](float t) { return axisAngle(x, -0.45f * phase(t)); }},
        {"upperLeg.R", [=](float t) { return axisAngle(x, 0.45f * phase(t)); }},
        {"lowerLeg.L",
         [=](float t) { return axisAngle(x, 0.7f * std::max(0.0f, phase(t + 0.25f))); }},
        {"lowerLeg.R",
         [=](float t) { return axisAngle(x, 0.7f * std::max(0.0f, -phase(t + 0.25f))); }},
        {"upperArm.L",
         [=](float t) { return axisAngle(x, 0.4f * phase(t)) * axisAngle(z, -1.25f); }},
        {"upperArm.R",
         [=](float t) { return axisAngle(x, -0.4f * phase(t)) * axisAngle(z, 1.25f); }},
        {"spine", [=](float t) { return axisAngle(y, 0.1f * phase(t)); }},
    };
    walk.hips = [=](float t) { return hips + glm::vec3(0, 0.02f * dcos(4.0f * kPi * t), 0); };
    walk.weights = [=](float t) { return std::vector<float>{0.0f, 0.5f + 0.5f * phase(t), 0.0f}; };
    return {wave, walk};
}

// Every clip is keyed at 1/16 s, LINEAR (rotations slerped, glTF 2.0 3.11).
json animation(morph::GltfBuilder& b, const Clip& clip) {
    std::vector<float> input;
    const int keys = int(clip.duration * 16.0f + 0.5f) + 1;
    for (int k = 0; k < keys; ++k) input.push_back(float(k) / 16.0f);
    const int in = b.addFloats(input, "SCALAR");
    json samplers = json::array(), channels = json::array();
    auto add = [&](const std::vector<float>& output, const char* type, int node, const char* path) {
        samplers.push_back(
            {{"input", in}, {"output", b.addFloats(output, type)}, {"interpolation", "LINEAR"}});
        channels.push_back(
            {{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", path}}}});
    };
    for (const auto& [joint, rotation] : clip.rotations) {
        std::vector<float> out;
        for (float t : input) {
            const glm::quat q = rotation(t);
            out.insert(out.end(), {q.x, q.y, q.z, q.w});
        }
        add(out, "VEC4", kFirstJointNode + jointIndex(joint), "rotation");
    }
    std::vector<float> translation, weights;
    for (float t : input) {
        const glm::vec3 p = clip.hips(t);
        translation.insert(translation.end(), {p.x, p.y, p.z});
        const std::vector<float> w = clip.weights(t);
        weights.insert(weights.end(), w.begin(), w.end());
    }
    add(translation, "VEC3", kFirstJointNode, "translation");
    add(weights, "SCALAR", 2, "weights");
    return {{"name", clip.name}, {"samplers", samplers}, {"channels", channels}};
}

std::vector<float> flat3(const std::vector<glm::vec3>& v) {
    std::vector<float> out;
    for (const glm::vec3& a : v) out.insert(out.end(), {a.x, a.y, a.z});
    return out;
}

// A target accessor holding only the vertices it moves (glTF 2.0 3.6.2.3).
template <typename Vec>
int sparse(morph::GltfBuilder& b, const std::vector<Vec>& deltas, const char* type) {
    std::vector<uint32_t> moved;
    std::vector<float> values;
    for (uint32_t v = 0; v < deltas.size(); ++v) {
        if (deltas[v] == Vec(0.0f)) continue;
        moved.push_back(v);
        for (int c = 0; c < Vec::length(); ++c) values.push_back(deltas[v][c]);
    }
    if (moved.empty()) {  // sparse.count must be at least 1: one explicit zero
        moved.push_back(0);
        values.assign(size_t(Vec::length()), 0.0f);
    }
    return b.addSparseFloats(deltas.size(), type, moved, values);
}

json primitive(morph::GltfBuilder& b, const Part& part, int material) {
    json attributes;
    attributes["POSITION"] = b.addFloats(flat3(part.positions), "VEC3");
    attributes["NORMAL"] = b.addFloats(flat3(part.normals), "VEC3");
    std::vector<uint8_t> colors;
    for (const glm::vec4& c : part.colors) {
        for (int k = 0; k < 4; ++k) colors.push_back(uint8_t(c[k] * 255.0f + 0.5f));
    }
    attributes["COLOR_0"] =
        b.addAccessor(colors.data(), ComponentType::UnsignedByte, part.colors.size(), "VEC4", true);
    attributes["JOINTS_0"] =
        b.addAccessor(part.joints.data(), ComponentType::UnsignedByte, part.joints.size(), "VEC4");
    std::vector<float> weights;
    for (const glm::vec4& w : part.weights) weights.insert(weights.end(), {w.x, w.y, w.z, w.w});
    attributes["WEIGHTS_0"] = b.addFloats(weights, "VEC4");
    std::vector<uint16_t> indices(part.indices.begin(), part.indices.end());
    const int index =
        b.addAccessor(indices.data(), ComponentType::UnsignedShort, indices.size(), "SCALAR");
    json targets = json::array();
    for (size_t t = 0; t < part.targets.size(); ++t) {
        json target = {{"POSITION", sparse(b, part.targets[t], "VEC3")}};
        const bool colors = std::any_of(part.colorTargets[t].begin(), part.colorTargets[t].end(),
                                        [](const glm::vec4& c) { return c != glm::vec4(0.0f); });
        if (colors) target["COLOR_0"] = sparse(b, part.colorTargets[t], "VEC4");
        targets.push_back(target);
    }
    return {{"attributes", attributes},
            {"indices", index},
            {"material", material},
            {"targets", targets}};
}

// The skeleton: the spine's five joints, then each limb's chain of three on the left (+X),
// ".L", and the same chain mirrored across x = 0 on the right, ".R".
std::vector<Joint> skeleton() {
    std::vector<Joint> list = {
        {"hips", -1, {0, 0.95f, 0}}, {"spine", 0, {0, 1.12f, 0}}, {"chest", 1, {0, 1.30f, 0}},
        {"neck", 2, {0, 1.52f, 0}},  {"head", 3, {0, 1.62f, 0}},
    };
    struct Limb {
        const char* names[3];
        int parent;
        glm::vec3 left[3];
    };
    const Limb limbs[] = {
        {{"upperArm", "lowerArm", "hand"},
         2,
         {{0.20f, 1.45f, 0}, {0.46f, 1.45f, 0}, {0.70f, 1.45f, 0}}},
        {{"upperLeg", "lowerLeg", "foot"},
         0,
         {{0.09f, 0.90f, 0}, {0.09f, 0.50f, 0}, {0.09f, 0.10f, 0}}},
    };
    for (const Limb& limb : limbs) {
        for (const float side : {1.0f, -1.0f}) {
            int parent = limb.parent;
            for (int j = 0; j < 3; ++j) {
                const glm::vec3 p = limb.left[j];
                list.push_back({std::string(limb.names[j]) + (side > 0.0f ? ".L" : ".R"),
                                parent,
                                {side * p.x, p.y, p.z}});
                parent = int(list.size()) - 1;
            }
        }
    }
    return list;
}

}  // namespace

const std::vector<Joint>& joints() {
    static const std::vector<Joint> list = skeleton();
    return list;
}

int jointIndex(const std::string& name) {
    for (size_t j = 0; j < joints().size(); ++j) {
        if (name == joints()[j].name) return int(j);
    }
    return -1;
}

std::vector<uint8_t> buildCharacterGlb() {
    morph::GltfBuilder b;
    json& doc = b.json();
    doc["asset"]["generator"] = "morphview assets/character";
    doc["materials"] = json::array(
        {{{"name", "body"},
          {"pbrMetallicRoughness", {{"metallicFactor", 0.0}, {"roughnessFactor", 0.6}}}},
         {{"name", "eyes"},
          {"pbrMetallicRoughness",
           {{"baseColorFactor", {0.03, 0.03, 0.04, 1.0}},
            {"metallicFactor", 0.0},
            {"roughnessFactor", 0.2}}}}});
    doc["meshes"] =
        json::array({{{"name", "Body"},
                      {"primitives", {primitive(b, buildBody(), 0), primitive(b, buildEyes(), 1)}},
                      {"extras", {{"targetNames", targetNames()}}}}});
    json nodes = json::array({{{"name", "Character"}, {"children", {1, 2}}},
                              {{"name", "Armature"}, {"children", {kFirstJointNode}}},
                              {{"name", "Body"}, {"mesh", 0}, {"skin", 0}}});
    std::vector<float> inverseBind;
    json jointNodes = json::array();
    for (size_t j = 0; j < joints().size(); ++j) {
        const Joint& joint = joints()[j];
        const glm::vec3 parent =
            joint.parent >= 0 ? joints()[size_t(joint.parent)].bindPosition : glm::vec3(0.0f);
        const glm::vec3 local = joint.bindPosition - parent;
        json node = {{"name", joint.name}, {"translation", {local.x, local.y, local.z}}};
        for (size_t c = 0; c < joints().size(); ++c) {
            if (joints()[c].parent == int(j)) node["children"].push_back(kFirstJointNode + int(c));
        }
        nodes.push_back(node);
        jointNodes.push_back(kFirstJointNode + int(j));
        // The bind pose only translates: the inverse bind matrix is the opposite translation.
        const glm::vec3 p = joint.bindPosition;
        inverseBind.insert(inverseBind.end(),
                           {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -p.x, -p.y, -p.z, 1});
    }
    doc["nodes"] = nodes;
    doc["skins"] = json::array({{{"name", "Skeleton"},
                                 {"joints", jointNodes},
                                 {"skeleton", kFirstJointNode},
                                 {"inverseBindMatrices", b.addFloats(inverseBind, "MAT4")}}});
    doc["scenes"] = json::array({{{"name", "Scene"}, {"nodes", {0}}}});
    doc["scene"] = 0;
    json animations = json::array();
    for (const Clip& clip : clips()) animations.push_back(animation(b, clip));
    doc["animations"] = animations;
    return b.glb();
}

}  // namespace character
