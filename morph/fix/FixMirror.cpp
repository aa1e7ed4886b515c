#include "morph/fix/FixMirror.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <map>

#include "morph/audit/AuditData.h"
#include "morph/fix/FixTargets.h"
#include "morph/names/NameParts.h"

namespace morph {

namespace {

using Json = nlohmann::json;

// A target's deltas of `attribute` over the mesh's primitives, one after another (as the audit
// holds the mesh); zeros where a primitive's target lacks it.
Result<std::vector<glm::vec3>> meshField(const FixDocument& doc, size_t m, size_t t,
                                         const char* attribute) {
    std::vector<glm::vec3> out;
    for (const Json& prim : doc.json["meshes"][m]["primitives"]) {
        const size_t count = doc.json["accessors"]
                                 .at(prim.at("attributes").at("POSITION").get<size_t>())
                                 .at("count");
        const Json& target = prim.at("targets").at(t);
        std::vector<float> values(count * 3, 0.0f);
        if (target.contains(attribute)) {
            auto read = fixAccessorFloats(doc, target[attribute].get<int64_t>());
            if (!read) return read.error();
            std::copy_n(read->begin(), std::min(read->size(), values.size()), values.begin());
        }
        for (size_t v = 0; v < count; ++v)
            out.emplace_back(values[3 * v], values[3 * v + 1], values[3 * v + 2]);
    }
    return out;
}

// The rest tangents' xyz over the mesh's primitives, one after another; zeros where a primitive
// has no TANGENT (its w, the handedness, is not needed: see `mirrored`).
Result<std::vector<glm::vec3>> restTangents(const FixDocument& doc, size_t m) {
    std::vector<glm::vec3> out;
    for (const Json& prim : doc.json.at("meshes").at(m).at("primitives")) {
        const Json& attributes = prim.at("attributes");
        const size_t count =
            doc.json["accessors"].at(attributes.at("POSITION").get<size_t>()).at("count");
        std::vector<float> values(count * 4, 0.0f);
        if (attributes.contains("TANGENT")) {
            auto read = fixAccessorFloats(doc, attributes["TANGENT"].get<int64_t>());
            if (!read) return read.error();
            std::copy_n(read->begin(), std::min(read->size(), values.size()), values.begin());
        }
        for (size_t v = 0; v < count; ++v)
            out.emplace_back(values[4 * v], values[4 * v + 1], values[4 * v + 2]);
    }
    return out;
}

// `field` mirrored: each vertex reads it at its mirror image's place (zero where it has none).
// A POSITION or NORMAL delta is a direction, reflected. A TANGENT delta (given `tangents`, the rest
// tangents) is the change of the direction in which u grows, and which way u grows at the image
// depends on the UVs: where both halves share the texture (mirrored UVs) the tangent at a vertex
// is its image's reflected, where one unwrap runs on across the plane it is that reversed. The
// rest tangents tell which at each vertex (its own against its image's reflected), and the delta
// is reflected, or reflected and reversed, the same way; where the vertex has no rest tangent,
// reflected. The handedness w is the rest tangent's and not part of a delta.
std::vector<glm::vec3> mirrored(const Symmetry& s, const std::vector<glm::vec3>& field,
                                size_t& unpaired,
                                const std::vector<glm::vec3>* tangents = nullptr) {
    std::vector<glm::vec3> out(field.size(), glm::vec3(0.0f));
    for (size_t v = 0; v + 1 < s.firstSample.size() && v < field.size(); ++v) {
        if (s.firstSample[v] == s.firstSample[v + 1]) {
            ++unpaired;
            continue;
        }
        const SurfacePoint& image = s.samples[s.firstSample[v]];
        out[v] = s.mirrorDelta(image.at(field));
        if (tangents && v < tangents->size() &&
            glm::dot((*tangents)[v], s.mirrorDelta(image.at(*tangents))) < 0.0f)
            out[v] = -out[v];
    }
    return out;
}

// Per primitive, the target {attribute: new accessor} of the mesh-wide fields; with `withBase`
// only the attributes the primitive itself has (a target's attribute needs the base one).
std::vector<Json> primitiveTargets(FixDocument& doc, size_t m,
                                   const std::map<std::string, std::vector<glm::vec3>>& fields,
                                   bool withBase = false) {
    std::vector<Json> out;
    size_t base = 0;
    for (const Json& prim : doc.json["meshes"][m]["primitives"]) {
        const size_t count =
            doc.json["accessors"][prim["attributes"]["POSITION"].get<size_t>()]["count"];
        Json target = Json::object();
        for (const auto& [attribute, field] : fields) {
            if (withBase && !prim["attributes"].contains(attribute)) continue;
            std::vector<float> values;
            for (size_t v = base; v < base + count; ++v)
                values.insert(values.end(), {field[v].x, field[v].y, field[v].z});
            target[attribute] = appendVec3Accessor(doc, values, attribute == "POSITION");
        }
        out.push_back(std::move(target));
        base += count;
    }
    return out;
}

// FROM's (index `f`) fields on meshes[m] mirrored, for each attribute FROM or TO (index `t`, -1
// when the mesh lacks it) has on a primitive (so TO keeps no stale attribute: one FROM lacks
// mirrors to zero); how many vertices had no mirror image.
Result<size_t> mirroredFields(const FixDocument& doc, const MeshData& data, size_t f, int64_t t,
                              std::map<std::string, std::vector<glm::vec3>>& fields) {
    const size_t m = data.index;
    auto tangents = restTangents(doc, m);
    if (!tangents) return tangents.error();
    const Json& prims = doc.json.at("meshes").at(m).at("primitives");
    size_t unpaired = 0;
    for (const std::string attribute : {"POSITION", "NORMAL", "TANGENT"}) {
        if (std::none_of(prims.begin(), prims.end(), [&](const Json& prim) {
                return prim.at("targets").at(f).contains(attribute) ||
                       (t >= 0 && prim.at("targets").at(size_t(t)).contains(attribute));
            }))
            continue;
        auto field = meshField(doc, m, f, attribute.c_str());
        if (!field) return field.error();
        if (field->size() != data.positions.size() || tangents->size() != field->size())
            return Error{ErrorCode::Inconsistent, "the mesh's vertices differ from the import's"};
        size_t count = 0;
        fields[attribute] =
            mirrored(data.symmetry, *field, count, attribute == "TANGENT" ? &*tangents : nullptr);
        unpaired = std::max(unpaired, count);
    }
    return unpaired;
}

// TO on meshes[m] from FROM (index `f`), added where the mesh lacks it; how many vertices had no
// mirror image.
Result<size_t> mirrorOnMesh(FixDocument& doc, const MeshData& data, size_t f,
                            const std::string& to) {
    const size_t m = data.index;
    const std::vector<std::string> names = fixTargetNames(doc, m);
    const auto at = std::find(names.begin(), names.end(), to);
    const int64_t t = at == names.end() ? -1 : int64_t(at - names.begin());
    std::map<std::string, std::vector<glm::vec3>> fields;
    auto unpaired = mirroredFields(doc, data, f, t, fields);
    if (!unpaired) return unpaired.error();
    const std::vector<Json> targets = primitiveTargets(doc, m, fields, true);
    if (t < 0) {
        if (Status s = appendTargetToMesh(doc, m, to, targets); !s) return s.error();
        return unpaired;
    }
    Json& prims = doc.json["meshes"][m]["primitives"];
    for (size_t p = 0; p < prims.size(); ++p) {
        Json& target = prims[p]["targets"][size_t(t)];
        for (auto it = targets[p].begin(); it != targets[p].end(); ++it) {
            if (target.contains(it.key())) doc.replaced.push_back(target[it.key()].get<int64_t>());
            target[it.key()] = it.value();
        }
    }
    return unpaired;
}

// NAME's fields on meshes[m] split by the smooth step across its plane: {left, right}.
Status splitOnMesh(FixDocument& doc, const MeshData& data, size_t t,
                   const std::pair<std::string, std::string>& names, float band) {
    const size_t m = data.index;
    std::map<std::string, std::vector<glm::vec3>> left, right;
    const float width = std::max(data.diagonal * band, 1e-6f);
    for (const char* attribute : {"POSITION", "NORMAL", "TANGENT"}) {
        if (!doc.json["meshes"][m]["primitives"][0]["targets"][t].contains(attribute)) continue;
        auto field = meshField(doc, m, t, attribute);
        if (!field) return field.error();
        if (field->size() != data.positions.size())
            return Error{ErrorCode::Inconsistent, "the mesh's vertices differ from the import's"};
        std::vector<glm::vec3>& l = left[attribute];
        std::vector<glm::vec3>& r = right[attribute];
        for (size_t v = 0; v < field->size(); ++v) {
            const float x =
                std::clamp(data.symmetry.side(data.positions[v]) / width * 0.5f + 0.5f, 0.0f, 1.0f);
            const float w = x * x * (3.0f - 2.0f * x);
            l.push_back((*field)[v] * w);
            r.push_back((*field)[v] - l.back());
        }
    }
    const std::vector<Json> lefts = primitiveTargets(doc, m, left);
    const std::vector<Json> rights = primitiveTargets(doc, m, right);
    Json& prims = doc.json["meshes"][m]["primitives"];
    for (size_t p = 0; p < prims.size(); ++p) {
        for (const auto& item : prims[p]["targets"][t].items())
            if (item.value().is_number_integer())
                doc.replaced.push_back(item.value().get<int64_t>());
        prims[p]["targets"][t] = lefts[p];
    }
    std::vector<std::string> own = fixTargetNames(doc, m);
    own[t] = names.first;
    Json& mesh = doc.json["meshes"][m];
    if (!mesh.contains("extras") || !mesh["extras"].is_object()) mesh["extras"] = Json::object();
    mesh["extras"]["targetNames"] = own;
    return appendTargetToMesh(doc, m, names.second, rights, int(t));
}

// What split and mirror share: `onMesh(data, t)` on each of the scene's meshes whose target t is
// NAME and whose mirror plane the audit found, counted; a mesh with the target but no plane gets
// `noPlane(data)`'s line in `lines` instead. An exception the file's JSON throws is an error,
// "cannot VERB 'NAME': ...".
Result<size_t> onMirroredMeshes(FixDocument& doc, const Scene& scene, const std::string& name,
                                const char* verb, std::vector<std::string>& lines,
                                const std::function<std::string(const MeshData&)>& noPlane,
                                const std::function<Status(const MeshData&, size_t)>& onMesh) {
    size_t meshes = 0;
    try {
        for (const MeshData& data : buildAuditData(scene, AuditOptions{})) {
            const std::vector<std::string> own = fixTargetNames(doc, data.index);
            const auto t = std::find(own.begin(), own.end(), name);
            if (t == own.end()) continue;
            if (!data.symmetry.found) {
                lines.push_back(noPlane(data));
                continue;
            }
            if (Status s = onMesh(data, size_t(t - own.begin())); !s) return s.error();
            ++meshes;
        }
    } catch (const std::exception& e) {
        return Error{ErrorCode::Schema,
                     std::string("cannot ") + verb + " '" + name + "': " + e.what()};
    }
    return meshes;
}

}  // namespace

std::pair<std::string, std::string> splitNames(const std::vector<std::string>& fileNames,
                                               const std::string& name) {
    for (const std::string& n : fileNames) {
        const SideMarker marker = findSideMarker(n);
        if (marker.side == NameSide::None) continue;
        if (marker.length == 1) {
            const std::string sep = marker.at > 0 ? n.substr(marker.at - 1, 1) : "_";
            const bool lower = n[marker.at] == 'l' || n[marker.at] == 'r';
            return {name + sep + (lower ? "l" : "L"), name + sep + (lower ? "r" : "R")};
        }
        const std::string word = n.substr(marker.at, marker.length);
        const std::string sep = marker.at > 0 && n[marker.at - 1] == '_' ? "_" : "";
        if (word == toLowerAscii(word)) return {name + sep + "left", name + sep + "right"};
        if (word[1] >= 'A' && word[1] <= 'Z') return {name + sep + "LEFT", name + sep + "RIGHT"};
        return {name + sep + "Left", name + sep + "Right"};
    }
    return {name + "Left", name + "Right"};
}

Result<std::vector<std::string>> splitTarget(FixDocument& doc, const Scene& scene,
                                             const std::string& name,
                                             const std::pair<std::string, std::string>& names,
                                             float band) {
    std::vector<std::string> lines;
    const Result<size_t> split = onMirroredMeshes(
        doc, scene, name, "split", lines,
        [&](const MeshData& data) {
            return "left '" + name + "' on mesh '" + data.name + "' whole: no mirror plane";
        },
        [&](const MeshData& data, size_t t) { return splitOnMesh(doc, data, t, names, band); });
    if (!split) return split.error();
    const size_t meshes = *split;
    lines.push_back("split '" + name + "' into '" + names.first + "' and '" + names.second +
                    "' on " + std::to_string(meshes) + (meshes == 1 ? " mesh" : " meshes"));
    return lines;
}

Result<std::vector<std::string>> mirrorTarget(FixDocument& doc, const Scene& scene,
                                              const std::string& from, const std::string& to) {
    std::vector<std::string> lines;
    size_t unpaired = 0;
    const Result<size_t> mirrored = onMirroredMeshes(
        doc, scene, from, "mirror", lines,
        [](const MeshData& data) {
            return "left mesh '" + data.name + "' alone: no mirror plane (" +
                   std::to_string(int(data.symmetry.pairedShare * 100.0f)) +
                   "% of its vertices pair)";
        },
        [&](const MeshData& data, size_t f) -> Status {
            auto count = mirrorOnMesh(doc, data, f, to);
            if (!count) return count.error();
            unpaired += *count;
            return {};
        });
    if (!mirrored) return mirrored.error();
    const size_t meshes = *mirrored;
    lines.push_back(
        "mirrored '" + from + "' to '" + to + "' on " + std::to_string(meshes) +
        (meshes == 1 ? " mesh" : " meshes") +
        (unpaired ? " (" + std::to_string(unpaired) + " vertices with no mirror image left at zero)"
                  : ""));
    return lines;
}

}  // namespace morph
