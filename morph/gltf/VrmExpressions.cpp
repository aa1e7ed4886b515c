// VRM expressions (VrmExpressions.h). The specifications followed (vrm-c/vrm-specification):
//   VRM 0.x: specification/0.0/README.md, "BlendShape groups": presetName, binds {mesh, index,
//     weight 0..100}, and the "BlendShape name identifier" (the preset, else the name, upper-cased,
//     is unique); isBinary as UniVRM's vrm.blendshape.group schema writes it.
//   VRM 1.0: specification/VRMC_vrm-1.0/expressions.md: expressions.preset (fixed names) and
//     .custom ("cannot have names that are the same as any Preset Expressions"), morphTargetBinds
//     {node, index, weight 0..1}, isBinary, overrideBlink / overrideLookAt / overrideMouth.
#include "morph/gltf/VrmExpressions.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

#include "morph/names/FaceNames.h"
#include "morph/names/NameParts.h"

namespace morph {
namespace {

// Non-throwing reads: VRM data is advisory, so a field of the wrong type is a warning about
// that item, never the GltfFieldError that fails the import for a required glTF field.
std::optional<int64_t> intField(const Json& object, const char* key) {
    auto it = object.find(key);
    if (it == object.end()) return std::nullopt;
    if (it->is_number_integer()) return it->get<int64_t>();
    if (it->is_number_float()) {
        const double d = it->get<double>();
        // Range first: converting a double outside int64's range is undefined behaviour.
        if (d > -9.2e18 && d < 9.2e18 && d == double(int64_t(d))) return int64_t(d);
    }
    return std::nullopt;
}

std::optional<double> numberField(const Json& object, const char* key) {
    auto it = object.find(key);
    if (it == object.end() || !it->is_number()) return std::nullopt;
    const double d = it->get<double>();
    if (!std::isfinite(d)) return std::nullopt;
    return d;
}

// VRM 0.x preset names onto the VRM 1.0 presets (morph/names/FaceNames.h vrm0PresetName);
// "unknown" is 0.x's word for a custom expression.
std::optional<ExpressionPreset> vrm0Preset(const std::string& name) {
    if (toLowerAscii(name) == "unknown") return ExpressionPreset::Custom;
    const std::optional<std::string> preset = vrm0PresetName(name);
    if (!preset) return std::nullopt;
    return expressionPresetFromName(*preset);
}

class Reader {
public:
    Reader(GltfDocument& doc, Scene& scene) : mDoc(doc), mScene(scene) {}

    void readVrm1(const Json& vrmc);
    void readVrm0(const Json& vrm);

private:
    void warn(const std::string& where, const std::string& problem) {
        mDoc.warn(where + ": " + problem);
    }
    bool readBool(const Json& object, const char* key, const std::string& where);
    ExpressionOverride readOverride(const Json& object, const char* key, const std::string& where);
    // The bind's weight on `scale` (100 for VRM 0.x, 1 for 1.0) as 0..1: out of range is
    // clamped with a warning, missing or not a number drops the bind.
    std::optional<float> readWeight(const Json& bind, double scale, const std::string& where);
    // The bind's `key` ("node", "mesh") when it is an index below `count`; otherwise a warning
    // naming the bind, which is dropped.
    std::optional<size_t> existingIndex(const Json& bind, const char* key, size_t count,
                                        const std::string& where);
    // Whether mesh `mesh` has target `index` (else a warning naming the bind).
    bool hasTarget(int64_t mesh, std::optional<int64_t> index, const std::string& where);
    // A JSON array of binds under `key`, each read by `readBind`.
    template <typename F>
    void readBinds(const Json& object, const char* key, const std::string& where, F&& readBind);
    void readVrm1Expression(const std::string& key, const Json& value, const std::string& where,
                            ExpressionPreset preset);

    GltfDocument& mDoc;
    Scene& mScene;
};

bool Reader::readBool(const Json& object, const char* key, const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return false;
    if (it->is_boolean()) return it->get<bool>();
    warn(where + "." + key, "is not a boolean; read as false");
    return false;
}

ExpressionOverride Reader::readOverride(const Json& object, const char* key,
                                        const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return ExpressionOverride::None;
    const std::string value = it->is_string() ? it->get<std::string>() : std::string();
    if (value == "none") return ExpressionOverride::None;
    if (value == "block") return ExpressionOverride::Block;
    if (value == "blend") return ExpressionOverride::Blend;
    warn(where + "." + key, "is not \"none\", \"block\" or \"blend\"; read as \"none\"");
    return ExpressionOverride::None;
}

std::optional<float> Reader::readWeight(const Json& bind, double scale, const std::string& where) {
    const std::optional<double> weight = numberField(bind, "weight");
    if (!weight) {
        warn(where, "has no finite number \"weight\"; bind dropped");
        return std::nullopt;
    }
    if (*weight < 0 || *weight > scale) {
        char text[96];
        std::snprintf(text, sizeof text, "weight %g is outside 0..%g; clamped", *weight, scale);
        warn(where, text);
    }
    return float(std::clamp(*weight, 0.0, scale) / scale);
}

std::optional<size_t> Reader::existingIndex(const Json& bind, const char* key, size_t count,
                                            const std::string& where) {
    const std::optional<int64_t> index = intField(bind, key);
    if (!index) {
        warn(where, std::string("has no integer \"") + key + "\"; bind dropped");
        return std::nullopt;
    }
    if (*index < 0 || uint64_t(*index) >= count) {
        warn(where, key + (" " + std::to_string(*index)) + " does not exist; bind dropped");
        return std::nullopt;
    }
    return size_t(*index);
}

bool Reader::hasTarget(int64_t mesh, std::optional<int64_t> index, const std::string& where) {
    if (!index) {
        warn(where, "has no integer \"index\"; bind dropped");
        return false;
    }
    const size_t count = mScene.meshes[size_t(mesh)].targetCount();
    if (*index < 0 || uint64_t(*index) >= count) {
        warn(where, "mesh " + std::to_string(mesh) + " has no target " + std::to_string(*index) +
                        " (it has " + std::to_string(count) + "); bind dropped");
        return false;
    }
    return true;
}

template <typename F>
void Reader::readBinds(const Json& object, const char* key, const std::string& where,
                       F&& readBind) {
    auto it = object.find(key);
    if (it == object.end()) return;
    if (!it->is_array()) {
        warn(where + "." + key, "is not an array; no binds read");
        return;
    }
    for (size_t b = 0; b < it->size(); ++b) {
        const std::string bw = where + "." + key + "[" + std::to_string(b) + "]";
        if (!(*it)[b].is_object()) {
            warn(bw, "is not an object; bind dropped");
            continue;
        }
        readBind((*it)[b], bw);
    }
}

void Reader::readVrm1Expression(const std::string& key, const Json& value, const std::string& where,
                                ExpressionPreset preset) {
    Expression e;
    e.name = key;
    e.preset = preset;
    e.isBinary = readBool(value, "isBinary", where);
    e.overrideBlink = readOverride(value, "overrideBlink", where);
    e.overrideLookAt = readOverride(value, "overrideLookAt", where);
    e.overrideMouth = readOverride(value, "overrideMouth", where);
    readBinds(value, "morphTargetBinds", where, [&](const Json& bind, const std::string& bw) {
        const std::optional<size_t> node = existingIndex(bind, "node", mScene.nodes.size(), bw);
        if (!node) return;
        // expressions.md, MorphTargetBind: "node: index of target node (has mesh)".
        const int mesh = mScene.nodes[*node].mesh;
        if (mesh < 0 || size_t(mesh) >= mScene.meshes.size()) {
            return warn(bw, "node " + std::to_string(*node) + " has no mesh; bind dropped");
        }
        const std::optional<int64_t> index = intField(bind, "index");
        if (!hasTarget(mesh, index, bw)) return;
        const std::optional<float> weight = readWeight(bind, 1.0, bw);
        if (weight) e.binds.push_back({mesh, uint32_t(*index), *weight});
    });
    mScene.expressions.push_back(std::move(e));
}

void Reader::readVrm1(const Json& vrmc) {
    const std::string base = "extensions.VRMC_vrm.expressions";
    auto expressions = vrmc.find("expressions");
    if (expressions == vrmc.end()) return;
    if (!expressions->is_object()) return warn(base, "is not an object; no expressions read");
    for (const char* section : {"preset", "custom"}) {
        auto list = expressions->find(section);
        if (list == expressions->end()) continue;
        const std::string sw = base + "." + section;
        if (!list->is_object()) {
            warn(sw, "is not an object; ignored");
            continue;
        }
        const bool presets = std::string(section) == "preset";
        for (const auto& item : list->items()) {
            const std::string& key = item.key();
            const std::string where = sw + "." + key;
            const std::optional<ExpressionPreset> preset = expressionPresetFromName(key);
            if (presets && !preset) {
                warn(where, "is not a VRM 1.0 preset; expression dropped");
                continue;
            }
            if (!presets && (preset || key.empty())) {
                warn(where, key.empty() ? "has an empty name; expression dropped"
                                        : "a custom expression may not have a preset's name; "
                                          "expression dropped");
                continue;
            }
            if (!item.value().is_object()) {
                warn(where, "is not an object; expression dropped");
                continue;
            }
            readVrm1Expression(key, item.value(), where, preset.value_or(ExpressionPreset::Custom));
        }
    }
}

void Reader::readVrm0(const Json& vrm) {
    const std::string base = "extensions.VRM.blendShapeMaster";
    auto master = vrm.find("blendShapeMaster");
    if (master == vrm.end()) return;
    if (!master->is_object()) return warn(base, "is not an object; no expressions read");
    auto groups = master->find("blendShapeGroups");
    if (groups == master->end()) return;
    if (!groups->is_array()) {
        return warn(base + ".blendShapeGroups", "is not an array; no expressions read");
    }
    std::map<std::string, size_t> ids;  // the "BlendShape name identifier" of each group read
    for (size_t g = 0; g < groups->size(); ++g) {
        const Json& group = (*groups)[g];
        const std::string where = base + ".blendShapeGroups[" + std::to_string(g) + "]";
        if (!group.is_object()) {
            warn(where, "is not an object; expression dropped");
            continue;
        }
        Expression e;
        auto name = group.find("name");
        if (name != group.end() && name->is_string()) e.name = name->get<std::string>();
        else if (name != group.end()) warn(where + ".name", "is not a string; ignored");
        auto presetName = group.find("presetName");
        if (presetName != group.end()) {
            const std::optional<ExpressionPreset> preset =
                presetName->is_string() ? vrm0Preset(presetName->get<std::string>()) : std::nullopt;
            if (preset) e.preset = *preset;
            else warn(where + ".presetName", "is not a VRM 0.x preset; read as custom");
        }
        // specification/0.0, "BlendShape name identifier": the preset, else the name, upper-cased,
        // identifies a group; a second group with the same identifier could never be addressed.
        std::string id = e.preset != ExpressionPreset::Custom
                             ? toLowerAscii(expressionPresetName(e.preset))
                             : "custom:" + toLowerAscii(e.name);
        if (e.preset == ExpressionPreset::Custom && e.name.empty()) {
            warn(where, "has neither a preset nor a name; expression dropped");
            continue;
        }
        if (auto seen = ids.find(id); seen != ids.end()) {
            warn(where, "has the same preset or name as blendShapeGroups[" +
                            std::to_string(seen->second) + "]; expression dropped");
            continue;
        }
        ids.emplace(id, g);
        if (e.name.empty()) e.name = expressionPresetName(e.preset);
        e.isBinary = readBool(group, "isBinary", where);
        readBinds(group, "binds", where, [&](const Json& bind, const std::string& bw) {
            const std::optional<size_t> mesh =
                existingIndex(bind, "mesh", mScene.meshes.size(), bw);
            if (!mesh) return;
            const std::optional<int64_t> index = intField(bind, "index");
            if (!hasTarget(int64_t(*mesh), index, bw)) return;
            // VRM 0.x weights are percentages (the 1.0 expressions.md: "In 0.X [0-100]").
            const std::optional<float> weight = readWeight(bind, 100.0, bw);
            if (weight) e.binds.push_back({int(*mesh), uint32_t(*index), *weight});
        });
        mScene.expressions.push_back(std::move(e));
    }
}

}  // namespace

namespace {

// The bone's node when it names one that exists; -1 (and a warning naming it) otherwise.
int humanBoneNode(GltfDocument& doc, const Scene& scene, const Json& bone,
                  const std::string& where) {
    const auto node = bone.is_object() ? bone.find("node") : bone.end();
    if (!bone.is_object() || node == bone.end() || !node->is_number_integer()) return -1;
    const int64_t index = node->get<int64_t>();
    if (index < 0 || uint64_t(index) >= scene.nodes.size()) {
        doc.warn(where + ".node: node " + std::to_string(index) + " does not exist; bone ignored");
        return -1;
    }
    return int(index);
}

}  // namespace

void readVrmHumanoid(GltfDocument& doc, Scene& scene) {
    auto extensions = doc.json.find("extensions");
    if (extensions == doc.json.end() || !extensions->is_object()) return;
    const std::pair<const char*, int Scene::HumanoidBones::*> kBones[] = {
        {"head", &Scene::HumanoidBones::head},
        {"leftEye", &Scene::HumanoidBones::leftEye},
        {"rightEye", &Scene::HumanoidBones::rightEye}};
    if (auto vrmc = extensions->find("VRMC_vrm"); vrmc != extensions->end()) {
        if (!vrmc->is_object()) return;
        const Json bones = vrmc->value("humanoid", Json::object()).value("humanBones", Json());
        if (!bones.is_object()) return;
        for (const auto& [name, member] : kBones) {
            if (auto bone = bones.find(name); bone != bones.end()) {
                scene.humanoid.*member =
                    humanBoneNode(doc, scene, *bone,
                                  std::string("extensions.VRMC_vrm.humanoid.humanBones.") + name);
            }
        }
        return;
    }
    auto vrm = extensions->find("VRM");
    if (vrm == extensions->end() || !vrm->is_object()) return;
    scene.humanoid.facesMinusZ = true;
    const Json bones = vrm->value("humanoid", Json::object()).value("humanBones", Json());
    if (!bones.is_array()) return;
    for (size_t i = 0; i < bones.size(); ++i) {
        const Json& bone = bones[i];
        if (!bone.is_object() || !bone.contains("bone") || !bone["bone"].is_string()) continue;
        for (const auto& [name, member] : kBones) {
            if (bone["bone"] == name) {
                scene.humanoid.*member =
                    humanBoneNode(doc, scene, bone,
                                  "extensions.VRM.humanoid.humanBones[" + std::to_string(i) + "]");
            }
        }
    }
}

void readVrmExpressions(GltfDocument& doc, Scene& scene) {
    auto extensions = doc.json.find("extensions");
    if (extensions == doc.json.end() || !extensions->is_object()) return;
    auto vrmc = extensions->find("VRMC_vrm");
    auto vrm = extensions->find("VRM");
    Reader reader(doc, scene);
    // A file converted from 0.x to 1.0 may keep both; the 1.0 data is the newer.
    if (vrmc != extensions->end()) {
        if (vrmc->is_object()) reader.readVrm1(*vrmc);
        else doc.warn("extensions.VRMC_vrm: is not an object; no expressions read");
    } else if (vrm != extensions->end()) {
        if (vrm->is_object()) reader.readVrm0(*vrm);
        else doc.warn("extensions.VRM: is not an object; no expressions read");
    }
}

}  // namespace morph
