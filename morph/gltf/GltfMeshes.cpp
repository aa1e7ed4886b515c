// Meshes, primitives and morph targets (glTF 2.0 3.7.2, 3.7.2.2).
#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "morph/decode/DracoDecode.h"
#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

std::string at(const std::string& base, const char* array, size_t i) {
    return base + "." + array + "[" + std::to_string(i) + "]";
}

template <typename Vec>
std::vector<Vec> toVectors(const std::vector<float>& flat, uint32_t components, float fill) {
    std::vector<Vec> out(flat.size() / components);
    for (size_t i = 0; i < out.size(); ++i) {
        for (uint32_t c = 0; c < uint32_t(Vec::length()); ++c)
            out[i][c] = c < components ? flat[i * components + c] : fill;
    }
    return out;
}

// 3.11 for integer data Draco handed back as plain values.
float normalizeRaw(float c, int componentType) {
    switch (componentType) {
        case 5120: return std::max(c / 127.0f, -1.0f);
        case 5121: return c / 255.0f;
        case 5122: return std::max(c / 32767.0f, -1.0f);
        case 5123: return c / 65535.0f;
        default: return c;
    }
}

class PrimitiveReader {
public:
    PrimitiveReader(GltfDocument& doc, const Json& prim, std::string where, size_t mesh,
                    size_t primitive)
        : mDoc(doc), mPrim(prim), mWhere(std::move(where)), mMesh(mesh), mPrimitive(primitive) {}

    Status read(Primitive& out) {
        const int64_t mode = getInt(mPrim, "mode", 4, mWhere);
        if (mode < 0 || mode > 6)
            return mDoc.error(ErrorCode::BadValue,
                              mWhere + ".mode " + std::to_string(mode) + " is not 0..6");
        out.mode = PrimitiveMode(mode);
        out.material = int(getInt(mPrim, "material", -1, mWhere));
        if (Status s = decodeDracoIfAny(); !s) return s;
        const Json& attributes = *getObject(mPrim, "attributes", mWhere);
        if (!attributes.contains("POSITION")) {
            // 3.7.2.1: without positions the primitive is not rendered; keep it empty.
            mDoc.warn(mWhere + " has no POSITION; it is skipped");
            return {};
        }
        mVertexCount =
            accessorCount(mDoc, getInt(attributes, "POSITION", -1, mWhere + ".attributes"));
        if (mDraco) mVertexCount = mDraco->pointCount;
        for (auto it = attributes.begin(); it != attributes.end(); ++it) {
            if (Status s = readAttribute(it.key(), out); !s) return s;
        }
        if (Status s = readIndices(out); !s) return s;
        return readTargets(out);
    }

private:
    Status decodeDracoIfAny() {
        const Json* ext = getObject(mPrim, "extensions", mWhere);
        const Json* draco =
            ext ? getObject(*ext, "KHR_draco_mesh_compression", mWhere + ".extensions") : nullptr;
        if (!draco) return {};
        const std::string dw = mWhere + ".extensions.KHR_draco_mesh_compression";
        const int64_t view = getInt(*draco, "bufferView", -1, dw);
        if (view < 0 || size_t(view) >= mDoc.views.size())
            return mDoc.error(ErrorCode::BadReference, dw + ".bufferView is not a bufferView");
        const Json* ids = getObject(*draco, "attributes", dw);
        if (!ids) return mDoc.error(ErrorCode::Schema, dw + ".attributes is missing");
        const Json& attributes = *getObject(mPrim, "attributes", mWhere);
        std::vector<DracoRequest> requests;
        for (auto it = ids->begin(); it != ids->end(); ++it) {
            if (!attributes.contains(it.key()))
                continue;  // 3.x of the extension: ids of absent attributes are ignored
            auto desc = describeAccessor(
                mDoc, getInt(attributes, it.key().c_str(), -1, mWhere + ".attributes"));
            if (!desc) return desc.error();
            requests.push_back({it.key(),
                                int(getInt(*ids, it.key().c_str(), -1, dw + ".attributes")),
                                desc->components()});
            mDracoTypes[it.key()] = {desc->componentType, desc->normalized};
        }
        const ByteSpan bytes = mDoc.views[size_t(view)];
        auto decoded = decodeDraco(bytes.data, bytes.size, requests);
        if (!decoded) return mDoc.error(decoded.error().code, dw + ": " + decoded.error().message);
        mDraco = std::move(*decoded);
        for (size_t i = 0; i < requests.size(); ++i) mDracoIndex[requests[i].name] = i;
        return {};
    }

    // The floats of a base attribute: from Draco when the extension covers it, else the accessor.
    Result<std::vector<float>> attribute(const std::string& name,
                                         std::initializer_list<const char*> types,
                                         uint32_t& components) {
        const Json& attributes = *getObject(mPrim, "attributes", mWhere);
        const int64_t accessor = getInt(attributes, name.c_str(), -1, mWhere + ".attributes");
        auto found = mDracoIndex.find(name);
        if (mDraco && found != mDracoIndex.end()) {
            auto desc = describeAccessor(mDoc, accessor);
            if (!desc) return desc.error();
            if (desc->count != mDraco->pointCount) {
                return mDoc.error(ErrorCode::Inconsistent,
                                  mWhere + ".attributes." + name + ": accessors[" +
                                      std::to_string(accessor) + "] count " +
                                      std::to_string(desc->count) +
                                      " differs from the Draco point count " +
                                      std::to_string(mDraco->pointCount));
            }
            components = desc->components();
            DracoAttribute& d = mDraco->attributes[found->second];
            const auto [componentType, normalized] = mDracoTypes[name];
            if (d.rawIntegers && normalized) {
                for (float& v : d.values) v = normalizeRaw(v, componentType);
            }
            return std::move(d.values);
        }
        auto values = readAccessorFloats(mDoc, accessor, types, &components);
        if (!values) return values.error();
        if (values->size() / components != mVertexCount) {
            return mDoc.error(ErrorCode::Inconsistent,
                              mWhere + ".attributes." + name + ": accessors[" +
                                  std::to_string(accessor) + "] count " +
                                  std::to_string(values->size() / components) +
                                  " differs from POSITION count " + std::to_string(mVertexCount));
        }
        return values;
    }

    Status readAttribute(const std::string& name, Primitive& out) {
        uint32_t n = 0;
        auto get = [&](std::initializer_list<const char*> types) {
            return attribute(name, types, n);
        };
        if (name == "POSITION" || name == "NORMAL") {
            auto v = get({"VEC3"});
            if (!v) return v.error();
            (name == "POSITION" ? out.positions : out.normals) = toVectors<glm::vec3>(*v, n, 0.0f);
        } else if (name == "TANGENT") {
            auto v = get({"VEC4"});
            if (!v) return v.error();
            out.tangents = toVectors<glm::vec4>(*v, n, 1.0f);
        } else if (name == "TEXCOORD_0" || name == "TEXCOORD_1") {
            auto v = get({"VEC2"});
            if (!v) return v.error();
            out.texcoords[name.back() - '0'] = toVectors<glm::vec2>(*v, n, 0.0f);
        } else if (name == "COLOR_0") {
            auto v = get({"VEC3", "VEC4"});
            if (!v) return v.error();
            out.colors = toVectors<glm::vec4>(*v, n, 1.0f);  // 3.7.2.1: RGB colors have alpha 1
        } else if (name == "WEIGHTS_0" || name == "WEIGHTS_1") {
            if (Status s = checkSkinAttribute(name, false); !s) return s;
            auto v = get({"VEC4"});
            if (!v) return v.error();
            out.weights[name.back() - '0'] = toVectors<glm::vec4>(*v, n, 0.0f);
        } else if (name == "JOINTS_0" || name == "JOINTS_1") {
            if (Status s = checkSkinAttribute(name, true); !s) return s;
            auto v = get({"VEC4"});
            if (!v) return v.error();
            auto& joints = out.joints[name.back() - '0'];
            joints.resize(v->size() / 4);
            for (size_t i = 0; i < joints.size(); ++i) {
                for (int c = 0; c < 4; ++c)
                    joints[i][c] = uint16_t(std::clamp((*v)[i * 4 + c], 0.0f, 65535.0f));
            }
        }
        // Other attributes (TEXCOORD_2+, COLOR_1+, _CUSTOM) are not used by the viewer.
        return {};
    }

    // glTF 2.0 3.7.2.1: JOINTS_n are VEC4 unsigned byte/short; WEIGHTS_n VEC4 float or
    // normalized unsigned byte/short. Checked before decoding, which would accept any type.
    Status checkSkinAttribute(const std::string& name, bool joints) {
        int componentType = 0;
        bool normalized = false;
        if (auto d = mDracoTypes.find(name); mDraco && d != mDracoTypes.end()) {
            std::tie(componentType, normalized) = d->second;
        } else {
            const Json& attributes = *getObject(mPrim, "attributes", mWhere);
            auto desc = describeAccessor(
                mDoc, getInt(attributes, name.c_str(), -1, mWhere + ".attributes"));
            if (!desc) return desc.error();
            componentType = desc->componentType;
            normalized = desc->normalized;
        }
        const bool integer = componentType == 5121 || componentType == 5123;
        const bool ok =
            joints ? integer && !normalized : componentType == 5126 || (integer && normalized);
        if (ok) return {};
        return mDoc.error(
            ErrorCode::BadValue,
            mWhere + ".attributes." + name + " has componentType " + std::to_string(componentType) +
                (normalized ? " normalized" : "") +
                (joints ? "; JOINTS must be unsigned byte or unsigned short"
                        : "; WEIGHTS must be float or normalized unsigned byte/short"));
    }

    Status readIndices(Primitive& out) {
        if (mDraco) {
            out.indices = mDraco->indices;
        } else if (mPrim.contains("indices")) {
            auto v = readAccessorUints(mDoc, getInt(mPrim, "indices", -1, mWhere), {"SCALAR"});
            if (!v) return v.error();
            out.indices = std::move(*v);
        }
        for (size_t i = 0; i < out.indices.size(); ++i) {
            if (out.indices[i] >= mVertexCount) {
                return mDoc.error(ErrorCode::OutOfBounds,
                                  mWhere + ".indices[" + std::to_string(i) + "] = " +
                                      std::to_string(out.indices[i]) + " out of range (vertices " +
                                      std::to_string(mVertexCount) + ")");
            }
        }
        return {};
    }

    Status readTargets(Primitive& out) {
        const Json* targets = getArray(mPrim, "targets", mWhere);
        if (!targets) return {};
        out.targets.resize(targets->size());
        for (size_t t = 0; t < targets->size(); ++t) {
            NonFiniteTarget place;
            place.mesh = mMesh;
            place.primitive = mPrimitive;
            place.target = t;
            if (Status s = readTarget(mDoc, (*targets)[t], at(mWhere, "targets", t), mVertexCount,
                                      out.targets[t], place);
                !s) {
                return s;
            }
        }
        return {};
    }

    GltfDocument& mDoc;
    const Json& mPrim;
    std::string mWhere;
    size_t mMesh = 0;
    size_t mPrimitive = 0;
    uint64_t mVertexCount = 0;
    std::optional<DracoPrimitive> mDraco;
    std::map<std::string, size_t> mDracoIndex;
    std::map<std::string, std::pair<int, bool>> mDracoTypes;
};

Status readMesh(GltfDocument& doc, const Json& json, size_t index, Mesh& mesh) {
    const std::string where = "meshes[" + std::to_string(index) + "]";
    mesh.name = getString(json, "name", where);
    const Json& prims = *getArray(json, "primitives", where);
    mesh.primitives.resize(prims.size());
    for (size_t p = 0; p < prims.size(); ++p) {
        if (Status s = PrimitiveReader(doc, prims[p], at(where, "primitives", p), index, p)
                           .read(mesh.primitives[p]);
            !s)
            return s;
    }
    // 3.7.2.2: all primitives of a mesh have the same number of targets (one weight vector).
    const size_t targetCount =
        getArray(prims[0], "targets", where) ? prims[0]["targets"].size() : 0;
    for (size_t p = 1; p < prims.size(); ++p) {
        const size_t count = getArray(prims[p], "targets", where) ? prims[p]["targets"].size() : 0;
        if (count != targetCount) {
            return doc.error(ErrorCode::Inconsistent,
                             at(where, "primitives", p) + " has " + std::to_string(count) +
                                 " targets, primitives[0] has " + std::to_string(targetCount));
        }
    }
    for (Primitive& prim : mesh.primitives) {
        if (prim.positions.empty())
            prim.targets.assign(targetCount, MorphTarget{});  // skipped primitive
    }
    for (size_t t = 0; t < targetCount; ++t) mesh.targetNames.push_back(std::to_string(t));
    // extras may be any JSON value (glTF 2.0 3.12.2); only an object can carry targetNames.
    auto extras = json.find("extras");
    const Json* names = nullptr;
    if (extras != json.end() && extras->is_object() && extras->contains("targetNames"))
        names = &(*extras)["targetNames"];
    if (names) {
        const bool allStrings =
            names->is_array() &&
            std::all_of(names->begin(), names->end(), [](const Json& n) { return n.is_string(); });
        if (allStrings && names->size() == targetCount) {
            for (size_t t = 0; t < targetCount; ++t)
                mesh.targetNames[t] = (*names)[t].get<std::string>();
        } else {
            doc.repair(where + ".extras.targetNames has " +
                       std::to_string(names->is_array() ? names->size() : 0) + " names for " +
                       std::to_string(targetCount) + " targets; using indices");
        }
    }
    mesh.defaultWeights.assign(targetCount, 0.0f);
    if (const Json* weights = getArray(json, "weights", where)) {
        if (weights->size() != targetCount) {
            return doc.error(ErrorCode::Inconsistent,
                             where + ".weights has " + std::to_string(weights->size()) +
                                 " values for " + std::to_string(targetCount) + " targets");
        }
        getNumbers(json, "weights", mesh.defaultWeights.data(), targetCount, where);
    }
    return {};
}

// glTF 2.0 3.7.2.1 and 3.7.2.2: POSITION accessors, of the base and of targets, MUST have min
// and max. Nothing here reads them (bounds are computed from the decoded data), so a file
// without them loads; the report says so once (exporters that write sparse targets often omit
// them).
void reportMissingPositionBounds(GltfDocument& doc) {
    const Json& accessors = doc.array("accessors");
    std::vector<bool> missing(accessors.size(), false);
    const auto check = [&](const Json& attributes) {
        if (!attributes.is_object() || !attributes.contains("POSITION")) return;
        const Json& index = attributes["POSITION"];
        if (!index.is_number_integer() || index.get<int64_t>() < 0 ||
            uint64_t(index.get<int64_t>()) >= accessors.size())
            return;
        const Json& a = accessors[size_t(index.get<int64_t>())];
        if (!a.contains("min") || !a.contains("max")) missing[size_t(index.get<int64_t>())] = true;
    };
    for (const Json& mesh : doc.array("meshes")) {
        for (const Json& prim : mesh.value("primitives", Json::array())) {
            if (!prim.is_object()) continue;
            check(prim.value("attributes", Json::object()));
            for (const Json& target : prim.value("targets", Json::array())) check(target);
        }
    }
    const size_t count = size_t(std::count(missing.begin(), missing.end(), true));
    if (count == 0) return;
    const size_t first = size_t(std::find(missing.begin(), missing.end(), true) - missing.begin());
    doc.repair(std::to_string(count) + " POSITION accessor(s) have no min/max (e.g. accessors[" +
               std::to_string(first) +
               "]; glTF 2.0 3.7.2.1 requires them); bounds are computed from the data");
}

}  // namespace

Status readMeshes(GltfDocument& doc, Scene& scene) {
    if (Status s = readEach(
            doc, "meshes", scene.meshes,
            [&](const Json& json, size_t m, Mesh& mesh) { return readMesh(doc, json, m, mesh); });
        !s)
        return s;
    reportMissingPositionBounds(doc);
    return {};
}

}  // namespace morph
