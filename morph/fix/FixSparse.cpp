#include "morph/fix/FixSparse.h"

#include <algorithm>
#include <exception>
#include <map>
#include <utility>

#include "morph/fix/FixTargets.h"
#include "morph/gltf/Accessor.h"

namespace morph {

namespace {

using Json = nlohmann::json;

// The bytes accessor `a` takes now: its elements (or its sparse entries) as stored.
size_t storedBytes(const Json& a) {
    uint32_t columns = 1, rows = 1;
    accessorShape(a.value("type", std::string("VEC3")), columns, rows);
    const size_t element = componentBytes(a.value("componentType", 5126)) * columns * rows;
    size_t bytes = a.contains("bufferView") ? a.value("count", size_t(0)) * element : 0;
    if (a.contains("sparse")) {
        const Json& sparse = a["sparse"];
        bytes += sparse.value("count", size_t(0)) *
                 (componentBytes(sparse["indices"].value("componentType", 5125)) + element);
    }
    return bytes;
}

// The sparse float accessor of `values` (3 per element) when it is smaller than `a`; -1 if not.
int sparseAccessor(FixDocument& doc, const Json& a, const std::vector<float>& values) {
    const size_t count = values.size() / 3;
    std::vector<uint32_t> indices;
    std::vector<float> kept;
    for (size_t v = 0; v < count; ++v) {
        if (values[3 * v] == 0.0f && values[3 * v + 1] == 0.0f && values[3 * v + 2] == 0.0f)
            continue;
        indices.push_back(uint32_t(v));
        kept.insert(kept.end(), values.begin() + long(3 * v), values.begin() + long(3 * v + 3));
    }
    if (indices.empty()) {  // glTF needs one entry at least: a zero at 0
        indices.push_back(0);
        kept.assign(3, 0.0f);
    }
    const bool shorts = count <= 65536;
    const size_t bytes = indices.size() * ((shorts ? 2 : 4) + 12);
    if (bytes >= storedBytes(a)) return -1;
    std::vector<uint16_t> small(indices.begin(), indices.end());
    const int indexView = shorts ? appendBufferView(doc, small.data(), small.size() * 2)
                                 : appendBufferView(doc, indices.data(), indices.size() * 4);
    const int valueView = appendBufferView(doc, kept.data(), kept.size() * sizeof(float));
    Json accessor = {{"componentType", 5126}, {"count", count}, {"type", "VEC3"}};
    accessor["sparse"] = {
        {"count", indices.size()},
        {"indices", {{"bufferView", indexView}, {"componentType", shorts ? 5123 : 5125}}},
        {"values", {{"bufferView", valueView}}}};
    if (a.contains("min") && a.contains("max")) {
        std::vector<float> lo(3, 0.0f), hi(3, 0.0f);  // the elements left out are zeros
        for (size_t i = 0; i < kept.size(); ++i) {
            lo[i % 3] = std::min(lo[i % 3], kept[i]);
            hi[i % 3] = std::max(hi[i % 3], kept[i]);
        }
        if (indices.size() == count)
            lo = a["min"].get<std::vector<float>>(), hi = a["max"].get<std::vector<float>>();
        accessor["min"] = lo;
        accessor["max"] = hi;
    }
    doc.json["accessors"].push_back(accessor);
    return int(doc.json["accessors"].size() - 1);
}

struct Saving {
    size_t meshes = 0, before = 0, after = 0;
};

Status sparsifyMesh(FixDocument& doc, size_t m, std::map<int64_t, int64_t>& done,
                    std::map<std::string, Saving>& saved) {
    const std::vector<std::string> names = fixTargetNames(doc, m);
    std::vector<bool> changed(names.size(), false);
    for (Json& prim : doc.json["meshes"][m]["primitives"]) {
        for (size_t t = 0; t < names.size() && t < prim["targets"].size(); ++t) {
            for (auto it = prim["targets"][t].begin(); it != prim["targets"][t].end(); ++it) {
                const int64_t old = it.value().get<int64_t>();
                if (!done.count(old)) {
                    const Json a = doc.json["accessors"].at(size_t(old));
                    done[old] = old;
                    if (a.value("type", std::string()) != "VEC3") continue;
                    auto values = fixAccessorFloats(doc, old);
                    if (!values) return values.error();
                    const int index = sparseAccessor(doc, a, *values);
                    if (index < 0) continue;
                    done[old] = index;
                    saved[names[t]].before += storedBytes(a);
                    saved[names[t]].after += storedBytes(doc.json["accessors"][size_t(index)]);
                    doc.replaced.push_back(old);
                }
                changed[t] = changed[t] || done[old] != old;
                it.value() = done[old];
            }
        }
    }
    for (size_t t = 0; t < names.size(); ++t) saved[names[t]].meshes += changed[t] ? 1 : 0;
    return {};
}

}  // namespace

Result<std::vector<std::string>> sparsifyTargets(FixDocument& doc) {
    std::map<int64_t, int64_t> done;  // accessor -> its replacement (itself when kept)
    std::map<std::string, Saving> saved;
    try {
        for (size_t m = 0; m < doc.json.value("meshes", Json::array()).size(); ++m) {
            if (Status s = sparsifyMesh(doc, m, done, saved); !s) return s.error();
        }
    } catch (const std::exception& e) {
        return Error{ErrorCode::Schema, std::string("cannot store targets sparse: ") + e.what()};
    }
    std::vector<std::string> lines;
    for (const std::string& name : fixAllTargetNames(doc)) {
        const Saving& s = saved[name];
        if (s.meshes == 0) continue;
        lines.push_back("stored '" + name + "' sparse on " + std::to_string(s.meshes) +
                        (s.meshes == 1 ? " mesh: " : " meshes: ") + std::to_string(s.before) +
                        " bytes to " + std::to_string(s.after));
    }
    if (lines.empty()) lines.push_back("sparse: no target is smaller sparse");
    return lines;
}

}  // namespace morph
