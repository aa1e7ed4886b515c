#include "morph/fix/FixTargets.h"

#include <algorithm>
#include <exception>

#include "morph/fix/FixVrm.h"

namespace morph {

namespace {

using Json = nlohmann::json;

size_t targetCount(const Json& mesh) {
    const Json& prims = mesh.value("primitives", Json::array());
    if (prims.empty() || !prims[0].contains("targets")) return 0;
    return prims[0]["targets"].size();
}

// `array` without the elements whose remap is -1 (unchanged when its size is not the remap's).
void keepMapped(Json& array, const std::vector<int>& remap) {
    if (!array.is_array() || array.size() != remap.size()) return;
    Json kept = Json::array();
    for (size_t i = 0; i < remap.size(); ++i)
        if (remap[i] >= 0) kept.push_back(array[i]);
    array = std::move(kept);
}

// `owner[key]` filtered by the remap, or erased when nothing is kept.
void keepOrErase(Json& owner, const char* key, const std::vector<int>& remap, size_t kept) {
    if (!owner.is_object() || !owner.contains(key)) return;
    if (kept == 0) {
        owner.erase(key);
    } else {
        keepMapped(owner[key], remap);
    }
}

void editMesh(FixDocument& doc, size_t m, const std::vector<int>& remap, size_t kept) {
    Json& mesh = doc.json["meshes"][m];
    const std::vector<std::string> names = fixTargetNames(doc, m);
    for (Json& prim : mesh["primitives"]) {
        for (size_t t = 0; t < remap.size() && prim.contains("targets"); ++t) {
            if (remap[t] >= 0 || t >= prim["targets"].size()) continue;
            for (const auto& item : prim["targets"][t].items())
                if (item.value().is_number_integer())
                    doc.replaced.push_back(item.value().get<int64_t>());
        }
        keepOrErase(prim, "targets", remap, kept);
    }
    keepOrErase(mesh, "weights", remap, kept);
    if (mesh.contains("extras") && mesh["extras"].is_object() &&
        mesh["extras"].contains("targetNames")) {
        mesh["extras"]["targetNames"] = names;
        keepOrErase(mesh["extras"], "targetNames", remap, kept);
    }
    if (!doc.json.contains("nodes")) return;
    for (Json& node : doc.json["nodes"]) {
        if (node.value("mesh", int64_t(-1)) == int64_t(m))
            keepOrErase(node, "weights", remap, kept);
    }
}

int64_t nodeMesh(const FixDocument& doc, const Json& node) {
    if (!node.is_number_integer() || !doc.json.contains("nodes")) return -1;
    const Json& nodes = doc.json["nodes"];
    const size_t n = node.get<size_t>();
    return n < nodes.size() ? nodes[n].value("mesh", int64_t(-1)) : -1;
}

// One animation's weight channels on mesh m: outputs rewritten without the removed columns, or
// the channels dropped when no target is left.
Status editAnimation(FixDocument& doc, Json& anim, size_t m, const std::vector<int>& remap,
                     size_t kept) {
    Json channels = Json::array();
    std::vector<size_t> rewritten;
    for (Json& ch : anim["channels"]) {
        const Json& target = ch.value("target", Json::object());
        const bool ours = target.value("path", std::string()) == "weights" &&
                          nodeMesh(doc, target.value("node", Json())) == int64_t(m);
        const size_t s = ch.value("sampler", size_t(0));
        if (ours && kept == 0) continue;
        channels.push_back(ch);
        if (!ours || std::count(rewritten.begin(), rewritten.end(), s)) continue;
        rewritten.push_back(s);
        Json& sampler = anim["samplers"].at(s);
        auto values = fixAccessorFloats(doc, sampler.at("output").get<int64_t>());
        if (!values) return values.error();
        if (values->size() % remap.size() != 0)
            return Error{ErrorCode::Inconsistent, "a weight animation's output is not whole keys"};
        std::vector<float> out;
        for (size_t i = 0; i < values->size(); ++i)
            if (remap[i % remap.size()] >= 0) out.push_back((*values)[i]);
        doc.replaced.push_back(sampler["output"].get<int64_t>());
        sampler["output"] = appendFloatAccessor(doc, out, "SCALAR");
    }
    anim["channels"] = std::move(channels);
    return {};
}

Status editAnimations(FixDocument& doc, size_t m, const std::vector<int>& remap, size_t kept) {
    if (!doc.json.contains("animations")) return {};
    Json animations = Json::array();
    for (Json& anim : doc.json["animations"]) {
        if (Status s = editAnimation(doc, anim, m, remap, kept); !s) return s;
        if (!anim["channels"].empty()) animations.push_back(std::move(anim));
    }
    doc.json["animations"] = std::move(animations);
    return {};
}

Result<std::vector<std::string>> removeAll(FixDocument& doc, const std::set<std::string>& names,
                                           const std::map<std::string, std::string>& reason) {
    std::map<std::string, size_t> meshesOf;
    std::vector<LostBinds> lost;
    const size_t meshCount = doc.json.value("meshes", Json::array()).size();
    for (size_t m = 0; m < meshCount; ++m) {
        const std::vector<std::string> own = fixTargetNames(doc, m);
        std::vector<int> remap;
        int next = 0;
        for (const std::string& name : own) {
            const bool removed = names.count(name) > 0;
            if (removed) ++meshesOf[name];
            remap.push_back(removed ? -1 : next++);
        }
        if (size_t(next) == own.size()) continue;
        if (Status s = editAnimations(doc, m, remap, size_t(next)); !s) return s.error();
        remapVrmBinds(doc, m, remap, lost);
        editMesh(doc, m, remap, size_t(next));
    }
    std::vector<std::string> lines;
    for (const std::string& name : names) {
        auto why = reason.find(name);
        lines.push_back("removed " + (why == reason.end() ? std::string() : why->second + " ") +
                        "target '" + name + "' from " + std::to_string(meshesOf[name]) +
                        (meshesOf[name] == 1 ? " mesh" : " meshes"));
    }
    for (const std::string& line : lostBindLines(lost)) lines.push_back(line);
    if (doc.json.contains("extensions") && doc.json["extensions"].empty())
        doc.json.erase("extensions");
    return lines;
}

}  // namespace

std::vector<std::string> fixTargetNames(const FixDocument& doc, size_t mesh) {
    const Json& json = doc.json["meshes"][mesh];
    const size_t count = targetCount(json);
    std::vector<std::string> names;
    for (size_t t = 0; t < count; ++t) names.push_back(std::to_string(t));
    const Json* given = nullptr;
    if (json.contains("extras") && json["extras"].is_object() &&
        json["extras"].contains("targetNames"))
        given = &json["extras"]["targetNames"];
    if (given == nullptr || !given->is_array() || given->size() != count) return names;
    if (!std::all_of(given->begin(), given->end(), [](const Json& n) { return n.is_string(); }))
        return names;
    for (size_t t = 0; t < count; ++t) names[t] = (*given)[t].get<std::string>();
    return names;
}

std::vector<std::string> fixAllTargetNames(const FixDocument& doc) {
    std::vector<std::string> all;
    const size_t meshCount = doc.json.value("meshes", Json::array()).size();
    for (size_t m = 0; m < meshCount; ++m) {
        for (const std::string& name : fixTargetNames(doc, m))
            if (std::find(all.begin(), all.end(), name) == all.end()) all.push_back(name);
    }
    return all;
}

Result<std::vector<std::string>> removeTargets(FixDocument& doc, const std::set<std::string>& names,
                                               const std::map<std::string, std::string>& reason) {
    try {
        return removeAll(doc, names, reason);
    } catch (const std::exception& e) {
        return Error{ErrorCode::Schema, std::string("cannot remove targets: ") + e.what()};
    }
}

Result<std::vector<std::string>> renameTargets(FixDocument& doc,
                                               const std::vector<NameMapping>& map) {
    std::map<std::string, std::string> to;
    for (const NameMapping& m : map) to[m.from] = m.to;
    std::map<std::string, size_t> meshesOf;
    std::vector<std::vector<std::string>> renamed;
    const size_t meshCount = doc.json.value("meshes", Json::array()).size();
    for (size_t m = 0; m < meshCount; ++m) {
        std::vector<std::string> names = fixTargetNames(doc, m);
        std::set<std::string> seen;
        for (std::string& name : names) {
            auto it = to.find(name);
            if (it != to.end()) {
                ++meshesOf[name];
                name = it->second;
            }
            if (!seen.insert(name).second)
                return Error{ErrorCode::Inconsistent, "two targets would both be named '" + name +
                                                          "' on meshes[" + std::to_string(m) + "]"};
        }
        renamed.push_back(std::move(names));
    }
    std::vector<std::string> lines;
    for (size_t m = 0; m < meshCount; ++m) {
        if (renamed[m] == fixTargetNames(doc, m)) continue;
        Json& mesh = doc.json["meshes"][m];
        if (!mesh.contains("extras") || !mesh["extras"].is_object())
            mesh["extras"] = Json::object();
        mesh["extras"]["targetNames"] = renamed[m];
    }
    for (const NameMapping& m : map) {
        if (meshesOf[m.from] == 0) continue;
        lines.push_back("renamed target '" + m.from + "' to '" + m.to + "' on " +
                        std::to_string(meshesOf[m.from]) +
                        (meshesOf[m.from] == 1 ? " mesh" : " meshes"));
    }
    return lines;
}

}  // namespace morph

namespace morph {

namespace {

// The sum of weight x delta over a primitive's targets, per attribute, as new accessors.
Result<Json> mixTarget(FixDocument& doc, const Json& prim, const std::vector<float>& weights) {
    std::map<std::string, std::vector<float>> sums;
    const Json& targets = prim.at("targets");
    for (size_t t = 0; t < targets.size() && t < weights.size(); ++t) {
        if (weights[t] == 0.0f) continue;
        for (auto it = targets[t].begin(); it != targets[t].end(); ++it) {
            auto values = fixAccessorFloats(doc, it.value().get<int64_t>());
            if (!values) return values.error();
            std::vector<float>& sum = sums[it.key()];
            if (sum.empty()) sum.assign(values->size(), 0.0f);
            if (sum.size() != values->size())
                return Error{ErrorCode::Inconsistent, it.key() + " deltas differ in count"};
            for (size_t i = 0; i < sum.size(); ++i) sum[i] += weights[t] * (*values)[i];
        }
    }
    if (sums.empty()) {
        const size_t count = doc.json["accessors"]
                                 .at(prim.at("attributes").at("POSITION").get<size_t>())
                                 .at("count");
        sums["POSITION"].assign(count * 3, 0.0f);
    }
    Json target = Json::object();
    for (const auto& [attribute, sum] : sums)
        target[attribute] = appendVec3Accessor(doc, sum, attribute == "POSITION");
    return target;
}

// Each weight output of mesh m (`count` targets) with a column after every key's values: column
// `copyOf`'s value, or 0 when it is -1.
Status appendWeightColumn(FixDocument& doc, size_t m, size_t count, int copyOf) {
    if (!doc.json.contains("animations") || count == 0) return {};
    for (Json& anim : doc.json["animations"]) {
        std::vector<size_t> rewritten;
        for (const Json& ch : anim["channels"]) {
            const Json& target = ch.value("target", Json::object());
            const size_t s = ch.value("sampler", size_t(0));
            if (target.value("path", std::string()) != "weights" ||
                nodeMesh(doc, target.value("node", Json())) != int64_t(m) ||
                std::count(rewritten.begin(), rewritten.end(), s))
                continue;
            rewritten.push_back(s);
            Json& sampler = anim["samplers"].at(s);
            auto values = fixAccessorFloats(doc, sampler.at("output").get<int64_t>());
            if (!values) return values.error();
            std::vector<float> out;
            for (size_t i = 0; i < values->size(); ++i) {
                out.push_back((*values)[i]);
                if ((i + 1) % count == 0)
                    out.push_back(copyOf < 0 ? 0.0f : (*values)[i + 1 - count + size_t(copyOf)]);
            }
            doc.replaced.push_back(sampler["output"].get<int64_t>());
            sampler["output"] = appendFloatAccessor(doc, out, "SCALAR");
        }
    }
    return {};
}

Status addToMesh(FixDocument& doc, size_t m, const std::string& name,
                 const std::vector<float>& weights) {
    std::vector<Json> added;
    for (const Json& prim : doc.json["meshes"][m]["primitives"]) {
        auto target = mixTarget(doc, prim, weights);
        if (!target) return target.error();
        added.push_back(std::move(target).value());
    }
    return appendTargetToMesh(doc, m, name, added);
}

}  // namespace

Status appendTargetToMesh(FixDocument& doc, size_t m, const std::string& name,
                          const std::vector<nlohmann::json>& added, int copyWeightsOf) {
    std::vector<std::string> names = fixTargetNames(doc, m);
    if (Status s = appendWeightColumn(doc, m, names.size(), copyWeightsOf); !s) return s;
    if (copyWeightsOf >= 0) copyVrmBinds(doc, m, copyWeightsOf, int64_t(names.size()));
    Json& mesh = doc.json["meshes"][m];
    for (size_t p = 0; p < added.size(); ++p) mesh["primitives"][p]["targets"].push_back(added[p]);
    // The new weight: 0, or a copy of target copyWeightsOf's.
    auto push = [copyWeightsOf, &names](Json& weights) {
        if (!weights.is_array() || weights.size() != names.size()) return;
        weights.push_back(copyWeightsOf < 0 ? Json(0.0) : weights[size_t(copyWeightsOf)]);
    };
    if (mesh.contains("weights")) push(mesh["weights"]);
    if (doc.json.contains("nodes")) {
        for (Json& node : doc.json["nodes"]) {
            if (node.value("mesh", int64_t(-1)) == int64_t(m) && node.contains("weights"))
                push(node["weights"]);
        }
    }
    names.push_back(name);
    if (!mesh.contains("extras") || !mesh["extras"].is_object()) mesh["extras"] = Json::object();
    mesh["extras"]["targetNames"] = names;
    return {};
}

Result<std::vector<std::string>> addMixTarget(FixDocument& doc, const std::string& name,
                                              const std::vector<std::vector<float>>& weights) {
    size_t meshes = 0;
    try {
        for (size_t m = 0; m < weights.size(); ++m) {
            if (weights[m].empty()) continue;
            if (Status s = addToMesh(doc, m, name, weights[m]); !s) return s.error();
            ++meshes;
        }
    } catch (const std::exception& e) {
        return Error{ErrorCode::Schema, "cannot add '" + name + "': " + e.what()};
    }
    return std::vector<std::string>{"added target '" + name + "' from the mix on " +
                                    std::to_string(meshes) + (meshes == 1 ? " mesh" : " meshes")};
}

}  // namespace morph
