#include "morph/fix/FixVrm.h"

#include <functional>

#include "morph/fix/FixTargets.h"

namespace morph {

namespace {

using Json = nlohmann::json;

// The mesh a node index draws (-1: none).
int64_t meshOfNode(const FixDocument& doc, const Json& node) {
    if (!node.is_number_integer() || !doc.json.contains("nodes")) return -1;
    const Json& nodes = doc.json["nodes"];
    const size_t n = node.get<size_t>();
    return n < nodes.size() ? nodes[n].value("mesh", int64_t(-1)) : -1;
}

// Whether a VRM bind is to a target of mesh m: VRM 0.x's by mesh, VRM 1.0's by node.
using OnMesh = std::function<bool(const Json&)>;

// Calls f(expression name, its binds, which of them are on mesh m) for every VRM expression:
// VRM 0.x's blendShapeGroups[] (named by `name`, else `presetName`) and VRM 1.0's preset and
// custom expressions (named by their key).
void forEachVrmBinds(FixDocument& doc, size_t m,
                     const std::function<void(const std::string&, Json&, const OnMesh&)>& f) {
    if (!doc.json.contains("extensions") || !doc.json["extensions"].is_object()) return;
    Json& ext = doc.json["extensions"];
    const Json::json_pointer vrm0("/VRM/blendShapeMaster/blendShapeGroups");
    if (ext.contains(vrm0) && ext[vrm0].is_array()) {
        const OnMesh onMesh = [m](const Json& b) {
            return b.is_object() && b.value("mesh", int64_t(-1)) == int64_t(m);
        };
        for (Json& group : ext[vrm0]) {
            if (!group.is_object() || !group.contains("binds") || !group["binds"].is_array())
                continue;
            const Json name =
                group.contains("name") ? group["name"] : group.value("presetName", Json());
            f(name.is_string() ? name.get<std::string>() : std::string(), group["binds"], onMesh);
        }
    }
    const Json::json_pointer vrm1("/VRMC_vrm/expressions");
    if (!ext.contains(vrm1) || !ext[vrm1].is_object()) return;
    const OnMesh onMesh = [&doc, m](const Json& b) {
        return b.is_object() && meshOfNode(doc, b.value("node", Json())) == int64_t(m);
    };
    for (const char* kind : {"preset", "custom"}) {
        if (!ext[vrm1].contains(kind) || !ext[vrm1][kind].is_object()) continue;
        for (auto& item : ext[vrm1][kind].items()) {
            Json& expression = item.value();
            if (expression.is_object() && expression.contains("morphTargetBinds") &&
                expression["morphTargetBinds"].is_array())
                f(item.key(), expression["morphTargetBinds"], onMesh);
        }
    }
}

// The target index a bind names (-1 when it names none).
int64_t bindIndex(const Json& bind) {
    return bind.is_object() && bind.contains("index") && bind["index"].is_number_integer()
               ? bind["index"].get<int64_t>()
               : -1;
}

LostBinds& lostBy(std::vector<LostBinds>& lost, const std::string& expression) {
    for (LostBinds& l : lost)
        if (l.expression == expression) return l;
    lost.emplace_back();
    lost.back().expression = expression;
    return lost.back();
}

}  // namespace

void remapVrmBinds(FixDocument& doc, size_t m, const std::vector<int>& remap,
                   std::vector<LostBinds>& lost) {
    const std::vector<std::string> names = fixTargetNames(doc, m);
    forEachVrmBinds(doc, m, [&](const std::string& expression, Json& binds, const OnMesh& onMesh) {
        Json kept = Json::array();
        for (Json& bind : binds) {
            const int64_t index = bindIndex(bind);
            if (onMesh(bind) && index >= 0 && size_t(index) < remap.size()) {
                if (remap[size_t(index)] < 0) {
                    LostBinds& of = lostBy(lost, expression);
                    of.targets.insert(names[size_t(index)]);
                    ++of.binds;
                    continue;
                }
                bind["index"] = remap[size_t(index)];
            }
            kept.push_back(bind);
        }
        binds = std::move(kept);
    });
}

void copyVrmBinds(FixDocument& doc, size_t m, int64_t from, int64_t to) {
    forEachVrmBinds(doc, m, [&](const std::string&, Json& binds, const OnMesh& onMesh) {
        Json out = Json::array();
        for (const Json& bind : binds) {
            out.push_back(bind);
            if (!onMesh(bind) || bindIndex(bind) != from) continue;
            out.push_back(bind);
            out.back()["index"] = to;
        }
        binds = std::move(out);
    });
}

std::vector<std::string> lostBindLines(const std::vector<LostBinds>& lost) {
    std::vector<std::string> lines;
    for (const LostBinds& l : lost) {
        std::string list;
        for (const std::string& t : l.targets) list += (list.empty() ? "'" : ", '") + t + "'";
        lines.push_back("VRM expression '" + l.expression + "' lost its " +
                        (l.binds == 1 ? std::string("bind") : std::to_string(l.binds) + " binds") +
                        " to " + list);
    }
    return lines;
}

}  // namespace morph
