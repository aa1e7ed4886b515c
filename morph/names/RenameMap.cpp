#include "morph/names/RenameMap.h"

#include <map>
#include <set>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace morph {

std::string renameMapJson(const std::vector<NameMapping>& map) {
    nlohmann::json object = nlohmann::json::object();  // a std::map: sorted by key
    for (const NameMapping& mapping : map) object[mapping.from] = mapping.to;
    return object.dump(2) + "\n";
}

Result<std::vector<NameMapping>> parseRenameMapJson(const std::string& text) {
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return Error{ErrorCode::Json, std::string("not JSON (") + e.what() + ")"};
    }
    if (!json.is_object()) {
        return Error{ErrorCode::Schema,
                     "is not a JSON object of names ({\"the file's name\": \"the new name\"})"};
    }
    std::vector<NameMapping> map;
    for (const auto& item : json.items()) {
        const std::string where = "\"" + item.key() + "\": ";
        if (!item.value().is_string()) return Error{ErrorCode::Schema, where + "is not a string"};
        std::string to = item.value().get<std::string>();
        if (to.empty()) return Error{ErrorCode::Schema, where + "is renamed to an empty name"};
        map.push_back({item.key(), std::move(to)});
    }
    return map;
}

namespace {

std::string meshLabel(const Scene& scene, size_t m) {
    const std::string& name = scene.meshes[m].name;
    return "mesh " + std::to_string(m) + (name.empty() ? "" : " (" + name + ")");
}

// The mesh's names after the map, or the collision: a renamed target whose new name another
// target of the mesh has (renamed or not).
Result<std::vector<std::string>> renamedNames(
    const Scene& scene, size_t m, const std::unordered_map<std::string, std::string>& renames) {
    const std::vector<std::string>& names = scene.meshes[m].targetNames;
    std::vector<std::string> renamed = names;
    std::vector<bool> changed(names.size(), false);
    for (size_t t = 0; t < names.size(); ++t) {
        if (auto it = renames.find(names[t]); it != renames.end()) {
            renamed[t] = it->second;
            changed[t] = true;
        }
    }
    std::map<std::string, size_t> firstWith;
    for (size_t t = 0; t < names.size(); ++t) firstWith.emplace(renamed[t], t);
    for (size_t t = 0; t < names.size(); ++t) {
        const size_t other = firstWith[renamed[t]];
        if (other == t || !(changed[t] || changed[other])) continue;
        return Error{ErrorCode::Inconsistent, "'" + names[other] + "' and '" + names[t] +
                                                  "' would both be named '" + renamed[t] + "' on " +
                                                  meshLabel(scene, m)};
    }
    return renamed;
}

}  // namespace

Result<std::vector<std::string>> applyRenameMap(Scene& scene, const std::vector<NameMapping>& map) {
    std::unordered_map<std::string, std::string> renames;
    for (const NameMapping& mapping : map) renames[mapping.from] = mapping.to;
    std::vector<std::vector<std::string>> meshNames;
    std::set<std::string> found;
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        auto names = renamedNames(scene, m, renames);
        if (!names) return names.error();
        for (const std::string& name : scene.meshes[m].targetNames) {
            if (renames.count(name)) found.insert(name);
        }
        meshNames.push_back(std::move(names).value());
    }
    // Only now, so an error leaves the scene as it was.
    for (size_t m = 0; m < scene.meshes.size(); ++m) scene.meshes[m].targetNames = meshNames[m];
    std::vector<std::string> warnings;
    for (const NameMapping& mapping : map) {
        if (!found.count(mapping.from)) {
            warnings.push_back("'" + mapping.from +
                               "' is not a target name of the model; not "
                               "renamed");
        }
    }
    return warnings;
}

}  // namespace morph
