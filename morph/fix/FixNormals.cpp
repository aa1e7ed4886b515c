#include "morph/fix/FixNormals.h"

#include <exception>
#include <map>

#include <glm/glm.hpp>

#include "morph/audit/NormalTurn.h"
#include "morph/fix/FixTargets.h"

namespace morph {

namespace {

using Json = nlohmann::json;

// Each vertex's normalized sum of its triangles' cross products (area-weighted).
std::vector<glm::vec3> areaNormals(const std::vector<glm::vec3>& p,
                                   const std::vector<uint32_t>& indices) {
    std::vector<glm::vec3> n(p.size(), glm::vec3(0.0f));
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
        if (a >= p.size() || b >= p.size() || c >= p.size()) continue;
        const glm::vec3 face = glm::cross(p[b] - p[a], p[c] - p[a]);
        n[a] += face;
        n[b] += face;
        n[c] += face;
    }
    for (glm::vec3& v : n) {
        const float length = glm::length(v);
        v = length > 0.0f ? v / length : glm::vec3(0.0f);
    }
    return n;
}

Result<std::vector<glm::vec3>> vec3s(const FixDocument& doc, const Json& accessor) {
    auto values = fixAccessorFloats(doc, accessor.get<int64_t>());
    if (!values) return values.error();
    std::vector<glm::vec3> out(values->size() / 3);
    for (size_t v = 0; v < out.size(); ++v)
        out[v] = {(*values)[3 * v], (*values)[3 * v + 1], (*values)[3 * v + 2]};
    return out;
}

// Why the primitive cannot have its normals recomputed ("" when it can).
std::string unusable(const Json& prim) {
    if (prim.value("mode", 4) != 4) return "not TRIANGLES";
    const Json& attributes = prim.value("attributes", Json::object());
    if (!attributes.contains("POSITION") || !attributes.contains("NORMAL")) return "no NORMAL";
    return {};
}

// Target t of `prim` given recomputed NORMAL deltas.
Status recomputeOne(FixDocument& doc, Json& prim, size_t t) {
    auto rest = vec3s(doc, prim["attributes"]["POSITION"]);
    if (!rest) return rest.error();
    std::vector<uint32_t> indices;
    if (prim.contains("indices")) {
        auto values = fixAccessorFloats(doc, prim["indices"].get<int64_t>());
        if (!values) return values.error();
        for (float v : *values) indices.push_back(uint32_t(v));
    } else {
        for (uint32_t v = 0; v < rest->size(); ++v) indices.push_back(v);
    }
    Json& target = prim["targets"][t];
    std::vector<glm::vec3> moved = *rest;
    if (target.contains("POSITION")) {
        auto delta = vec3s(doc, target["POSITION"]);
        if (!delta) return delta.error();
        for (size_t v = 0; v < moved.size() && v < delta->size(); ++v) moved[v] += (*delta)[v];
    }
    auto stored = vec3s(doc, prim["attributes"]["NORMAL"]);
    if (!stored) return stored.error();
    const std::vector<glm::vec3> before = areaNormals(*rest, indices);
    const std::vector<glm::vec3> after = areaNormals(moved, indices);
    std::vector<float> deltas;
    for (size_t v = 0; v < before.size(); ++v) {
        // The file's own normal turned as the surface turns there (so hard edges and seams,
        // whose stored normals are not the area-weighted ones, keep their look).
        glm::vec3 d(0.0f);
        if (v < stored->size() && before[v] != glm::vec3(0.0f) && after[v] != glm::vec3(0.0f))
            d = turnedLike(before[v], after[v], (*stored)[v]) - (*stored)[v];
        deltas.insert(deltas.end(), {d.x, d.y, d.z});
    }
    if (target.contains("NORMAL")) doc.replaced.push_back(target["NORMAL"].get<int64_t>());
    target["NORMAL"] = appendFloatAccessor(doc, deltas, "VEC3");
    return {};
}

Result<std::vector<std::string>> recomputeAll(FixDocument& doc,
                                              const std::set<std::string>& names) {
    std::map<std::string, size_t> meshesOf;
    std::vector<std::string> lines;
    const size_t meshCount = doc.json.value("meshes", Json::array()).size();
    for (size_t m = 0; m < meshCount; ++m) {
        const std::vector<std::string> own = fixTargetNames(doc, m);
        for (size_t t = 0; t < own.size(); ++t) {
            if (!names.count(own[t])) continue;
            bool done = false;
            for (Json& prim : doc.json["meshes"][m]["primitives"]) {
                if (const std::string why = unusable(prim); !why.empty()) {
                    lines.push_back("left the NORMAL deltas of '" + own[t] + "' on meshes[" +
                                    std::to_string(m) + "] as they were (" + why + ")");
                    continue;
                }
                if (Status s = recomputeOne(doc, prim, t); !s) return s.error();
                if (prim["targets"][t].contains("TANGENT"))
                    lines.push_back("left the TANGENT deltas of '" + own[t] + "' on meshes[" +
                                    std::to_string(m) + "] as they were");
                done = true;
            }
            meshesOf[own[t]] += done ? 1 : 0;
        }
    }
    for (const std::string& name : names) {
        lines.push_back("recomputed the NORMAL deltas of '" + name + "' on " +
                        std::to_string(meshesOf[name]) +
                        (meshesOf[name] == 1 ? " mesh" : " meshes"));
    }
    return lines;
}

}  // namespace

Result<std::vector<std::string>> recomputeNormals(FixDocument& doc,
                                                  const std::set<std::string>& names) {
    try {
        return recomputeAll(doc, names);
    } catch (const std::exception& e) {
        return Error{ErrorCode::Schema, std::string("cannot recompute normals: ") + e.what()};
    }
}

}  // namespace morph
