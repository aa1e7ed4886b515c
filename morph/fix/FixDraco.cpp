#include "morph/fix/FixDraco.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "morph/decode/DracoDecode.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/Accessor.h"

namespace morph {

namespace {

using Json = nlohmann::json;

const char* const kDraco = "KHR_draco_mesh_compression";

// The largest value of an integer componentType (glTF 2.0 3.6.2.2), 0 for float and unknowns.
double integerMax(int componentType) {
    switch (componentType) {
        case 5120: return 127.0;
        case 5121: return 255.0;
        case 5122: return 32767.0;
        case 5123: return 65535.0;
        case 5125: return 4294967295.0;
        default: return 0.0;
    }
}

template <typename T>
void put(uint8_t* at, double v) {
    const T value = T(v);
    std::memcpy(at, &value, sizeof(T));
}

// One component as `componentType` stores it: a normalized integer from its float (3.11 read
// backwards), unless Draco handed the integer back as it is (`raw`), as the importer reads it.
void putComponent(uint8_t* at, float v, int componentType, bool normalized, bool raw) {
    if (componentType == 5126) return put<float>(at, v);
    const double max = integerMax(componentType);
    const double min = componentType == 5120 || componentType == 5122 ? -max : 0.0;
    const double scaled = normalized && !raw ? double(v) * max : double(v);
    const double q = std::clamp(std::round(scaled), min, max);
    switch (componentType) {
        case 5120: return put<int8_t>(at, q);
        case 5121: return put<uint8_t>(at, q);
        case 5122: return put<int16_t>(at, q);
        case 5123: return put<uint16_t>(at, q);
        default: return put<uint32_t>(at, q);
    }
}

struct Layout {
    int componentType = 5126;
    uint32_t components = 1;
    bool normalized = false;
    size_t stride = 0;  // bytes from one element to the next
};

// `values` laid out as `layout` says, each element at its stride (padding zeroed).
std::vector<uint8_t> encode(const std::vector<float>& values, const Layout& layout, bool raw) {
    const size_t size = componentBytes(layout.componentType);
    const size_t count = values.size() / layout.components;
    std::vector<uint8_t> bytes(count * layout.stride, 0);
    for (size_t e = 0; e < count; ++e)
        for (uint32_t c = 0; c < layout.components; ++c)
            putComponent(bytes.data() + e * layout.stride + c * size,
                         values[e * layout.components + c], layout.componentType, layout.normalized,
                         raw);
    return bytes;
}

template <typename T>
double get(const uint8_t* at) {
    T value;
    std::memcpy(&value, at, sizeof(T));
    return double(value);
}

// `accessor`'s min and max set to those of `bytes` as `layout` stores them: the decoded values
// are Draco's quantized ones, not the ones the file's min and max describe, and glTF 2.0 3.6.2.5
// asks them to be the data's exactly (in the component type, normalized or not).
void setStoredBounds(Json& accessor, const std::vector<uint8_t>& bytes, const Layout& layout) {
    const size_t size = componentBytes(layout.componentType);
    const size_t count = layout.stride ? bytes.size() / layout.stride : 0;
    if (count == 0) return;
    std::vector<double> lo(layout.components, INFINITY), hi(layout.components, -INFINITY);
    for (size_t e = 0; e < count; ++e) {
        for (uint32_t c = 0; c < layout.components; ++c) {
            const uint8_t* at = bytes.data() + e * layout.stride + c * size;
            double v = 0;
            switch (layout.componentType) {
                case 5120: v = get<int8_t>(at); break;
                case 5121: v = get<uint8_t>(at); break;
                case 5122: v = get<int16_t>(at); break;
                case 5123: v = get<uint16_t>(at); break;
                case 5125: v = get<uint32_t>(at); break;
                default: v = get<float>(at); break;
            }
            lo[c] = std::min(lo[c], v);
            hi[c] = std::max(hi[c], v);
        }
    }
    accessor["min"] = lo;
    accessor["max"] = hi;
}

// `accessor` (a copy, as it will be written) given a new view of `bytes`; `slot` (where the
// primitive names it) then names it. The accessor is filled in place when it has no data of its
// own (the extension's rule: Draco's accessors have no bufferView), else it is a new one, and the
// old one is left to compactFixDocument.
void place(FixDocument& doc, Json& slot, Json accessor, const std::vector<uint8_t>& bytes,
           size_t stride, std::set<int64_t>& filled) {
    const int view = appendBufferView(doc, bytes.data(), bytes.size());
    const size_t elementSize = componentBytes(accessor.at("componentType").get<int>()) *
                               componentCount(accessor.at("type").get<std::string>());
    if (stride != elementSize) doc.json["bufferViews"][size_t(view)]["byteStride"] = stride;
    const bool fresh = slot.is_number_integer();
    const int64_t old = fresh ? slot.get<int64_t>() : -1;
    const Json& was = fresh ? doc.json["accessors"].at(size_t(old)) : Json::object();
    const bool inPlace =
        fresh && !was.contains("bufferView") && !was.contains("sparse") && !filled.count(old);
    accessor["bufferView"] = view;
    accessor.erase("byteOffset");
    accessor.erase("sparse");
    if (inPlace) {
        doc.json["accessors"][size_t(old)] = std::move(accessor);
    } else {
        if (old >= 0) doc.replaced.push_back(old);
        doc.json["accessors"].push_back(std::move(accessor));
        slot = doc.json["accessors"].size() - 1;
    }
    filled.insert(slot.get<int64_t>());
}

// The decoded indices in the indices accessor's component type (unsigned int when they do not
// fit it, or when the primitive had none).
void placeIndices(FixDocument& doc, Json& prim, const std::vector<uint32_t>& indices,
                  std::set<int64_t>& filled) {
    Json accessor = {{"componentType", 5125}, {"type", "SCALAR"}};
    if (prim.contains("indices"))
        accessor = doc.json["accessors"].at(prim["indices"].get<size_t>());
    accessor.erase("min");
    accessor.erase("max");
    const uint32_t largest =
        indices.empty() ? 0 : *std::max_element(indices.begin(), indices.end());
    int type = accessor.value("componentType", 5125);
    if ((type != 5121 && type != 5123) || double(largest) > integerMax(type)) type = 5125;
    accessor["componentType"] = type;
    accessor["count"] = indices.size();
    const size_t size = componentBytes(type);
    std::vector<uint8_t> bytes(indices.size() * size);
    for (size_t i = 0; i < indices.size(); ++i) {
        uint8_t* at = bytes.data() + i * size;
        if (type == 5121) put<uint8_t>(at, indices[i]);
        if (type == 5123) put<uint16_t>(at, indices[i]);
        if (type == 5125) put<uint32_t>(at, indices[i]);
    }
    if (!prim.contains("indices")) prim["indices"] = Json();
    place(doc, prim["indices"], std::move(accessor), bytes, size, filled);
}

// The compressed bytes of bufferViews[index], checked against the merged buffer.
Result<ByteSpan> compressedBytes(const FixDocument& doc, int64_t index) {
    const Json& views = doc.json.at("bufferViews");
    if (index < 0 || size_t(index) >= views.size())
        return Error{ErrorCode::BadReference, "bufferView is not a bufferView"};
    const Json& view = views[size_t(index)];
    const size_t offset = view.value("byteOffset", size_t(0));
    const size_t length = view.at("byteLength").get<size_t>();
    if (offset > doc.bin.size() || length > doc.bin.size() - offset)
        return Error{ErrorCode::OutOfBounds, "bufferView runs past its buffer"};
    return ByteSpan{doc.bin.data() + offset, length};
}

// One Draco primitive's attributes and indices as plain accessors, the extension dropped.
Status decodePrimitive(FixDocument& doc, Json& prim, std::set<int64_t>& views,
                       std::set<int64_t>& filled) {
    const Json draco = prim["extensions"][kDraco];
    const int64_t view = draco.at("bufferView").get<int64_t>();
    auto bytes = compressedBytes(doc, view);
    if (!bytes) return bytes.error();
    Json& attributes = prim.at("attributes");
    std::vector<DracoRequest> requests;
    std::vector<Layout> layouts;
    for (const auto& [name, id] : draco.at("attributes").items()) {
        if (!attributes.contains(name)) continue;  // ids of absent attributes are ignored
        const Json& a = doc.json["accessors"].at(attributes[name].get<size_t>());
        Layout layout;
        layout.componentType = a.at("componentType").get<int>();
        layout.components = uint32_t(componentCount(a.at("type").get<std::string>()));
        layout.normalized = a.value("normalized", false);
        // glTF 2.0 3.6.2.4: each element of a vertex attribute starts on a 4-byte boundary.
        layout.stride = (componentBytes(layout.componentType) * layout.components + 3) / 4 * 4;
        if (layout.components == 0 || componentBytes(layout.componentType) == 0)
            return Error{ErrorCode::Schema, "attribute " + name + " has an unknown type"};
        requests.push_back({name, id.get<int>(), layout.components});
        layouts.push_back(layout);
    }
    auto decoded = decodeDraco(bytes->data, bytes->size, requests);
    if (!decoded) return decoded.error();
    for (size_t i = 0; i < requests.size(); ++i) {
        Json& slot = attributes[requests[i].name];
        const Json& accessor = doc.json["accessors"].at(slot.get<size_t>());
        if (accessor.at("count").get<uint64_t>() != decoded->pointCount)
            return Error{ErrorCode::Inconsistent, "attribute " + requests[i].name +
                                                      "'s count differs from the Draco point "
                                                      "count " +
                                                      std::to_string(decoded->pointCount)};
        const DracoAttribute& d = decoded->attributes[i];
        const std::vector<uint8_t> stored = encode(d.values, layouts[i], d.rawIntegers);
        Json written = accessor;
        // POSITION must have them (glTF 2.0 3.7.2.1); any other keeps them where it had them.
        if (written.contains("min") || written.contains("max") || requests[i].name == "POSITION")
            setStoredBounds(written, stored, layouts[i]);
        place(doc, slot, std::move(written), stored, layouts[i].stride, filled);
    }
    placeIndices(doc, prim, decoded->indices, filled);
    views.insert(view);
    prim["extensions"].erase(kDraco);
    if (prim["extensions"].empty()) prim.erase("extensions");
    return {};
}

}  // namespace

Result<std::set<int64_t>> decodeDracoPrimitives(FixDocument& doc) {
    std::set<int64_t> views, filled;
    if (!doc.json.contains("meshes") || !doc.json["meshes"].is_array()) return views;
    Json& meshes = doc.json["meshes"];
    for (size_t m = 0; m < meshes.size(); ++m) {
        if (!meshes[m].is_object() || !meshes[m].contains("primitives")) continue;
        Json& prims = meshes[m]["primitives"];
        for (size_t p = 0; p < prims.size(); ++p) {
            const Json::json_pointer where(std::string("/extensions/") + kDraco);
            if (!prims[p].is_object() || !prims[p].contains(where)) continue;
            if (Status s = decodePrimitive(doc, prims[p], views, filled); !s)
                return Error{s.error().code, "meshes[" + std::to_string(m) + "].primitives[" +
                                                 std::to_string(p) + "]." + kDraco + ": " +
                                                 s.error().message};
        }
    }
    if (!views.empty()) dropCompressionExtension(doc, kDraco);
    return views;
}

}  // namespace morph
