#include "morph/fix/FixNormals.h"

#include <cmath>
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

// Each vertex's tangent from its triangles' UV derivatives (the direction of increasing u, as
// MikkTSpace and the glTF sample viewer derive it), each triangle's weighted by its area, made
// orthogonal to `normals` and normalized; zero where the UVs give no direction.
std::vector<glm::vec3> uvTangents(const std::vector<glm::vec3>& p, const std::vector<glm::vec2>& uv,
                                  const std::vector<uint32_t>& indices,
                                  const std::vector<glm::vec3>& normals) {
    std::vector<glm::vec3> sum(p.size(), glm::vec3(0.0f));
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
        if (a >= p.size() || b >= p.size() || c >= p.size() || c >= uv.size() || a >= uv.size() ||
            b >= uv.size())
            continue;
        const glm::vec3 e1 = p[b] - p[a], e2 = p[c] - p[a];
        const glm::vec2 d1 = uv[b] - uv[a], d2 = uv[c] - uv[a];
        const float r = d1.x * d2.y - d2.x * d1.y;
        const glm::vec3 dir = (e1 * d2.y - e2 * d1.y) * (r < 0.0f ? -1.0f : 1.0f);
        const float length = glm::length(dir);
        if (r == 0.0f || length == 0.0f) continue;
        const glm::vec3 face = dir / length * glm::length(glm::cross(e1, e2));
        sum[a] += face;
        sum[b] += face;
        sum[c] += face;
    }
    for (size_t v = 0; v < sum.size(); ++v) {
        const glm::vec3 t = sum[v] - normals[v] * glm::dot(normals[v], sum[v]);
        const float length = glm::length(t);
        sum[v] = length > 1e-12f && normals[v] != glm::vec3(0.0f) ? t / length : glm::vec3(0.0f);
    }
    return sum;
}

template <int N>
Result<std::vector<glm::vec<N, float>>> vecs(const FixDocument& doc, const Json& accessor) {
    auto values = fixAccessorFloats(doc, accessor.get<int64_t>());
    if (!values) return values.error();
    std::vector<glm::vec<N, float>> out(values->size() / N);
    for (size_t v = 0; v < out.size(); ++v)
        for (int c = 0; c < N; ++c) out[v][c] = (*values)[N * v + size_t(c)];
    return out;
}

Result<std::vector<glm::vec3>> vec3s(const FixDocument& doc, const Json& accessor) {
    return vecs<3>(doc, accessor);
}

// Why the primitive cannot have its normals recomputed ("" when it can).
std::string unusable(const Json& prim) {
    if (prim.value("mode", 4) != 4) return "not TRIANGLES";
    const Json& attributes = prim.value("attributes", Json::object());
    if (!attributes.contains("POSITION") || !attributes.contains("NORMAL")) return "no NORMAL";
    return {};
}

// One primitive at rest and under target t: what both recomputations read.
struct MorphedShape {
    std::vector<glm::vec3> rest, moved;
    std::vector<uint32_t> indices;
    std::vector<glm::vec3> before, after;  // area-weighted normals of rest and moved
};

Result<MorphedShape> shapeOf(const FixDocument& doc, const Json& prim, const Json& target) {
    MorphedShape s;
    auto rest = vec3s(doc, prim["attributes"]["POSITION"]);
    if (!rest) return rest.error();
    s.rest = std::move(rest).value();
    if (prim.contains("indices")) {
        auto values = fixAccessorFloats(doc, prim["indices"].get<int64_t>());
        if (!values) return values.error();
        for (float v : *values) s.indices.push_back(uint32_t(v));
    } else {
        for (uint32_t v = 0; v < s.rest.size(); ++v) s.indices.push_back(v);
    }
    s.moved = s.rest;
    if (target.contains("POSITION")) {
        auto delta = vec3s(doc, target["POSITION"]);
        if (!delta) return delta.error();
        for (size_t v = 0; v < s.moved.size() && v < delta->size(); ++v) s.moved[v] += (*delta)[v];
    }
    s.before = areaNormals(s.rest, s.indices);
    s.after = areaNormals(s.moved, s.indices);
    return s;
}

// The morphed normals (stored + new deltas) of the primitive, and its NORMAL deltas written.
Result<std::vector<glm::vec3>> recomputeNormalDeltas(FixDocument& doc, const Json& prim,
                                                     Json& target, const MorphedShape& s) {
    auto stored = vec3s(doc, prim["attributes"]["NORMAL"]);
    if (!stored) return stored.error();
    std::vector<float> deltas;
    std::vector<glm::vec3> morphed = *stored;
    for (size_t v = 0; v < s.before.size(); ++v) {
        // The file's own normal turned as the surface turns there (so hard edges and seams,
        // whose stored normals are not the area-weighted ones, keep their look).
        glm::vec3 d(0.0f);
        if (v < stored->size() && s.before[v] != glm::vec3(0.0f) && s.after[v] != glm::vec3(0.0f))
            d = turnedLike(s.before[v], s.after[v], (*stored)[v]) - (*stored)[v];
        deltas.insert(deltas.end(), {d.x, d.y, d.z});
        if (v < morphed.size()) morphed[v] += d;
    }
    if (target.contains("NORMAL")) doc.replaced.push_back(target["NORMAL"].get<int64_t>());
    target["NORMAL"] = appendFloatAccessor(doc, deltas, "VEC3");
    return morphed;
}

// TEXCOORD_0 at rest and under the target (its TEXCOORD_0 deltas added); empty without UVs.
Status readUvs(const FixDocument& doc, const Json& prim, const Json& target,
               std::vector<glm::vec2>& rest, std::vector<glm::vec2>& moved) {
    if (!prim["attributes"].contains("TEXCOORD_0")) return {};
    auto uv = vecs<2>(doc, prim["attributes"]["TEXCOORD_0"]);
    if (!uv) return uv.error();
    rest = *uv;
    moved = *uv;
    if (!target.contains("TEXCOORD_0")) return {};
    auto delta = vecs<2>(doc, target["TEXCOORD_0"]);
    if (!delta) return delta.error();
    for (size_t v = 0; v < moved.size() && v < delta->size(); ++v) moved[v] += (*delta)[v];
    return {};
}

// The stored tangent `t` of vertex v turned as the surface's tangent frame turns there (the frame
// of the UV tangent and the area normal, at rest to morphed; the normal's turn alone where the UVs
// give no tangent), then made orthogonal to the morphed normal `n` and unit length. Unturned
// where the neighbourhood does not move, so its delta is zero.
glm::vec3 turnedTangent(const MorphedShape& s, const std::vector<glm::vec3>& restUvTangents,
                        const std::vector<glm::vec3>& movedUvTangents, size_t v, const glm::vec3& t,
                        const glm::vec3& n) {
    const glm::vec3 tb = restUvTangents[v], ta = movedUvTangents[v];
    const glm::vec3 nb = s.before[v], na = s.after[v];
    const bool frames = tb != glm::vec3(0.0f) && ta != glm::vec3(0.0f);
    if (nb == na && (!frames || tb == ta)) return t;
    glm::vec3 turned = t;
    if (frames) {
        const glm::vec3 bb = glm::cross(nb, tb), ba = glm::cross(na, ta);
        turned = ta * glm::dot(tb, t) + ba * glm::dot(bb, t) + na * glm::dot(nb, t);
    } else if (nb != glm::vec3(0.0f) && na != glm::vec3(0.0f)) {
        turned = turnedLike(nb, na, t);
    }
    const float nl = glm::length(n);
    if (nl == 0.0f) return turned;
    const glm::vec3 un = n / nl;
    const glm::vec3 o = turned - un * glm::dot(un, turned);
    const float ol = glm::length(o);
    return ol > 1e-12f ? o / ol : turned;
}

// The target's TANGENT deltas (xyz; the stored w is the handedness, which a delta has none of)
// from the morphed frame, so the morphed tangent stays unit and orthogonal to the morphed normal.
Status recomputeTangentDeltas(FixDocument& doc, const Json& prim, Json& target,
                              const MorphedShape& s, const std::vector<glm::vec3>& morphedNormals) {
    auto stored = vecs<4>(doc, prim["attributes"]["TANGENT"]);
    if (!stored) return stored.error();
    std::vector<glm::vec2> uvRest, uvMoved;
    if (Status st = readUvs(doc, prim, target, uvRest, uvMoved); !st) return st;
    const std::vector<glm::vec3> tb = uvTangents(s.rest, uvRest, s.indices, s.before);
    const std::vector<glm::vec3> ta = uvTangents(s.moved, uvMoved, s.indices, s.after);
    std::vector<float> deltas;
    for (size_t v = 0; v < s.rest.size(); ++v) {
        glm::vec3 d(0.0f);
        if (v < stored->size() && v < morphedNormals.size()) {
            const glm::vec3 t((*stored)[v]);
            d = turnedTangent(s, tb, ta, v, t, morphedNormals[v]) - t;
        }
        deltas.insert(deltas.end(), {d.x, d.y, d.z});
    }
    if (target.contains("TANGENT")) doc.replaced.push_back(target["TANGENT"].get<int64_t>());
    target["TANGENT"] = appendFloatAccessor(doc, deltas, "VEC3");
    return {};
}

// Target t of `prim` given recomputed NORMAL deltas, and TANGENT deltas where the primitive has
// TANGENT and the target has TANGENT deltas or the primitive UVs to derive them from; whether it
// recomputed the tangents.
Result<bool> recomputeOne(FixDocument& doc, Json& prim, size_t t) {
    Json& target = prim["targets"][t];
    auto shape = shapeOf(doc, prim, target);
    if (!shape) return shape.error();
    auto morphed = recomputeNormalDeltas(doc, prim, target, *shape);
    if (!morphed) return morphed.error();
    const Json& attributes = prim["attributes"];
    if (!attributes.contains("TANGENT") ||
        !(target.contains("TANGENT") || attributes.contains("TEXCOORD_0")))
        return false;
    if (Status s = recomputeTangentDeltas(doc, prim, target, *shape, *morphed); !s)
        return s.error();
    return true;
}

std::string meshesText(size_t n) {
    return std::to_string(n) + (n == 1 ? " mesh" : " meshes");
}

Result<std::vector<std::string>> recomputeAll(FixDocument& doc,
                                              const std::set<std::string>& names) {
    std::map<std::string, size_t> meshesOf, tangentMeshesOf;
    std::vector<std::string> lines;
    const size_t meshCount = doc.json.value("meshes", Json::array()).size();
    for (size_t m = 0; m < meshCount; ++m) {
        const std::vector<std::string> own = fixTargetNames(doc, m);
        for (size_t t = 0; t < own.size(); ++t) {
            if (!names.count(own[t])) continue;
            bool done = false, tangents = false;
            for (Json& prim : doc.json["meshes"][m]["primitives"]) {
                if (const std::string why = unusable(prim); !why.empty()) {
                    lines.push_back("left the NORMAL deltas of '" + own[t] + "' on meshes[" +
                                    std::to_string(m) + "] as they were (" + why + ")");
                    continue;
                }
                auto tangent = recomputeOne(doc, prim, t);
                if (!tangent) return tangent.error();
                if (!*tangent && prim["targets"][t].contains("TANGENT"))
                    lines.push_back("left the TANGENT deltas of '" + own[t] + "' on meshes[" +
                                    std::to_string(m) + "] as they were (no TANGENT)");
                done = true;
                tangents = tangents || *tangent;
            }
            meshesOf[own[t]] += done ? 1 : 0;
            tangentMeshesOf[own[t]] += tangents ? 1 : 0;
        }
    }
    for (const std::string& name : names) {
        lines.push_back("recomputed the NORMAL deltas of '" + name + "' on " +
                        meshesText(meshesOf[name]));
        if (tangentMeshesOf[name] > 0)
            lines.push_back("recomputed the TANGENT deltas of '" + name + "' on " +
                            meshesText(tangentMeshesOf[name]));
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
