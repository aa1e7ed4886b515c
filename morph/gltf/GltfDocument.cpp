#include "morph/gltf/GltfDocument.h"

#include <cmath>
#include <limits>
#include <utility>

namespace morph {

const Json& GltfDocument::array(const char* key) const {
    static const Json kEmpty = Json::array();
    auto it = json.find(key);
    return (it != json.end() && it->is_array()) ? *it : kEmpty;
}

namespace {

// Every glTF number the importer keeps is a float; 1e300 (or 1e400, which the JSON reader turns
// into infinity) would become an infinite weight, factor or translation.
bool fitsFloat(double value) {
    return std::isfinite(value) && std::fabs(value) <= double(std::numeric_limits<float>::max());
}

// object[key] when it is a `type` value, nullptr when absent; another type throws GltfFieldError
// ("WHERE.KEY is not WHAT").
const Json* findOfType(const Json& object, const char* key, Json::value_t type, const char* what,
                       const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return nullptr;
    if (it->type() != type)
        throw GltfFieldError(ErrorCode::Schema, where + "." + key + " is not " + what);
    return &*it;
}

}  // namespace

int64_t getInt(const Json& object, const char* key, int64_t fallback, const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return fallback;
    if (it->is_number_integer()) return it->get<int64_t>();
    if (it->is_number_float()) {
        // Some exporters write 3.0 for 3; accept exact integers only.
        const double d = it->get<double>();
        // Range first: converting a double outside int64's range (1e300) is undefined behaviour.
        if (d > -9.2e18 && d < 9.2e18 && d == double(int64_t(d))) return int64_t(d);
    }
    throw GltfFieldError(ErrorCode::Schema, where + "." + key + " is not an integer");
}

double getNumber(const Json& object, const char* key, double fallback, const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return fallback;
    if (!it->is_number())
        throw GltfFieldError(ErrorCode::Schema, where + "." + key + " is not a number");
    const double value = it->get<double>();
    if (!fitsFloat(value))
        throw GltfFieldError(ErrorCode::BadValue, where + "." + key + " is not a finite float");
    return value;
}

bool getBool(const Json& object, const char* key, bool fallback, const std::string& where) {
    const Json* value = findOfType(object, key, Json::value_t::boolean, "a boolean", where);
    return value ? value->get<bool>() : fallback;
}

std::string getString(const Json& object, const char* key, const std::string& where) {
    const Json* value = findOfType(object, key, Json::value_t::string, "a string", where);
    return value ? value->get<std::string>() : std::string();
}

void getNumbers(const Json& object, const char* key, float* out, size_t size,
                const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return;
    if (!it->is_array() || it->size() != size) {
        throw GltfFieldError(ErrorCode::Schema, where + "." + key + " is not an array of " +
                                                    std::to_string(size) + " numbers");
    }
    for (size_t i = 0; i < size; ++i) {
        if (!(*it)[i].is_number()) {
            throw GltfFieldError(ErrorCode::Schema,
                                 where + "." + key + "[" + std::to_string(i) + "] is not a number");
        }
        const double value = (*it)[i].get<double>();
        if (!fitsFloat(value)) {
            throw GltfFieldError(ErrorCode::BadValue, where + "." + key + "[" + std::to_string(i) +
                                                          "] is not a finite float");
        }
        out[i] = float(value);
    }
}

const Json* getObject(const Json& object, const char* key, const std::string& where) {
    return findOfType(object, key, Json::value_t::object, "an object", where);
}

Error notOneOf(const char* key, const std::string& text, const std::vector<const char*>& names,
               const std::string& where) {
    std::string list;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i > 0) list += i + 1 == names.size() ? " or " : ", ";
        list += names[i];
    }
    return Error{ErrorCode::BadValue, where + "." + key + " \"" + text + "\" is not " + list};
}

const Json* extensionObject(GltfDocument& doc, const Json& owner, const char* name,
                            const std::string& where) {
    if (!owner.is_object()) return nullptr;
    const auto extensions = owner.find("extensions");
    if (extensions == owner.end() || !extensions->is_object()) return nullptr;
    const auto it = extensions->find(name);
    if (it == extensions->end()) return nullptr;
    if (!it->is_object()) {
        doc.warn(where + ".extensions." + name + " is not an object; ignored");
        return nullptr;
    }
    return &*it;
}

void readTextureTransform(const Json& info, const std::string& where, TextureTransform& out) {
    const Json* extensions = getObject(info, "extensions", where);
    const Json* t = extensions
                        ? getObject(*extensions, "KHR_texture_transform", where + ".extensions")
                        : nullptr;
    if (!t) return;
    const std::string tw = where + ".extensions.KHR_texture_transform";
    TextureTransform read;
    read.present = true;
    getNumbers(*t, "offset", &read.offset.x, 2, tw);
    read.rotation = float(getNumber(*t, "rotation", 0.0, tw));
    getNumbers(*t, "scale", &read.scale.x, 2, tw);
    read.texCoord = int(getInt(*t, "texCoord", -1, tw));
    out = read;
}

const Json* getArray(const Json& object, const char* key, const std::string& where) {
    return findOfType(object, key, Json::value_t::array, "an array", where);
}

namespace {

ByteSpan viewSpan(const GltfDocument& doc, int64_t view, const std::string& where) {
    if (view < 0 || size_t(view) >= doc.views.size()) {
        throw GltfFieldError(ErrorCode::BadReference,
                             where + " = " + std::to_string(view) + " is not a bufferView");
    }
    return doc.views[size_t(view)];
}

}  // namespace

Result<AccessorDesc> describeAccessor(const GltfDocument& doc, int64_t index) {
    const Json& accessors = doc.array("accessors");
    const std::string where = "accessors[" + std::to_string(index) + "]";
    if (index < 0 || size_t(index) >= accessors.size())
        return doc.error(ErrorCode::BadReference, where + " does not exist");
    const Json& a = accessors[size_t(index)];
    if (!a.is_object()) return doc.error(ErrorCode::Schema, where + " is not an object");
    AccessorDesc d;
    d.label = where;
    d.componentType = int(getInt(a, "componentType", 0, where));
    d.normalized = getBool(a, "normalized", false, where);
    const int64_t count = getInt(a, "count", -1, where);
    if (count < 0) return doc.error(ErrorCode::BadValue, where + ".count is missing or negative");
    d.count = uint64_t(count);
    if (!accessorShape(getString(a, "type", where), d.columns, d.rows)) {
        return doc.error(ErrorCode::BadValue, where + ".type \"" + getString(a, "type", where) +
                                                  "\" is not SCALAR, VEC2..4 or MAT2..4");
    }
    const int64_t byteOffset = getInt(a, "byteOffset", 0, where);
    if (byteOffset < 0) return doc.error(ErrorCode::BadValue, where + ".byteOffset is negative");
    d.byteOffset = uint64_t(byteOffset);
    if (a.contains("bufferView")) {
        const int64_t view = getInt(a, "bufferView", -1, where);
        d.hasView = true;
        d.view = viewSpan(doc, view, where + ".bufferView");
        const Json& bv = doc.array("bufferViews")[size_t(view)];
        d.byteStride =
            uint32_t(getInt(bv, "byteStride", 0, "bufferViews[" + std::to_string(view) + "]"));
    }
    if (const Json* sparse = getObject(a, "sparse", where)) {
        const std::string sw = where + ".sparse";
        d.sparse.present = true;
        const int64_t sparseCount = getInt(*sparse, "count", -1, sw);
        if (sparseCount < 0)
            return doc.error(ErrorCode::BadValue, sw + ".count is missing or negative");
        d.sparse.count = uint64_t(sparseCount);
        const Json* indices = getObject(*sparse, "indices", sw);
        const Json* values = getObject(*sparse, "values", sw);
        if (!indices || !values)
            return doc.error(ErrorCode::Schema, sw + " needs indices and values");
        d.sparse.indexComponentType = int(getInt(*indices, "componentType", 0, sw + ".indices"));
        d.sparse.indicesView = viewSpan(doc, getInt(*indices, "bufferView", -1, sw + ".indices"),
                                        sw + ".indices.bufferView");
        const int64_t io = getInt(*indices, "byteOffset", 0, sw + ".indices");
        d.sparse.valuesView = viewSpan(doc, getInt(*values, "bufferView", -1, sw + ".values"),
                                       sw + ".values.bufferView");
        const int64_t vo = getInt(*values, "byteOffset", 0, sw + ".values");
        if (io < 0 || vo < 0)
            return doc.error(ErrorCode::BadValue, sw + " has a negative byteOffset");
        d.sparse.indicesByteOffset = uint64_t(io);
        d.sparse.valuesByteOffset = uint64_t(vo);
    }
    return d;
}

uint64_t accessorCount(const GltfDocument& doc, int64_t index) {
    const Json& accessors = doc.array("accessors");
    if (index < 0 || size_t(index) >= accessors.size()) return 0;
    const int64_t count =
        getInt(accessors[size_t(index)], "count", 0, "accessors[" + std::to_string(index) + "]");
    return count < 0 ? 0 : uint64_t(count);
}

namespace {

Status checkType(const GltfDocument& doc, const AccessorDesc& d,
                 std::initializer_list<const char*> types) {
    if (types.size() == 0) return {};
    std::string allowed;
    for (const char* t : types) {
        uint32_t c = 0, r = 0;
        accessorShape(t, c, r);
        if (c == d.columns && r == d.rows) return {};
        allowed += (allowed.empty() ? "" : "/") + std::string(t);
    }
    return doc.error(ErrorCode::BadValue, d.label + ".type must be " + allowed);
}

// describeAccessor, checkType, then `decode`; decode errors are prefixed with the file's name.
template <typename Decode>
auto readAccessor(const GltfDocument& doc, int64_t index, std::initializer_list<const char*> types,
                  uint32_t* components, Decode decode)
    -> decltype(decode(std::declval<const AccessorDesc&>())) {
    auto desc = describeAccessor(doc, index);
    if (!desc) return desc.error();
    if (Status s = checkType(doc, *desc, types); !s) return s.error();
    if (components) *components = desc->components();
    auto values = decode(*desc);
    if (!values) return doc.error(values.error().code, values.error().message);
    return values;
}

}  // namespace

Result<std::vector<float>> readAccessorFloats(const GltfDocument& doc, int64_t index,
                                              std::initializer_list<const char*> types,
                                              uint32_t* components, bool keepNonFinite) {
    return readAccessor(doc, index, types, components, [keepNonFinite](const AccessorDesc& d) {
        if (!keepNonFinite) return decodeFloats(d);
        AccessorDesc keep = d;
        keep.keepNonFinite = true;
        return decodeFloats(keep);
    });
}

Result<SparseValues> readSparseAccessor(const GltfDocument& doc, int64_t index,
                                        std::initializer_list<const char*> types,
                                        bool keepNonFinite) {
    return readAccessor(doc, index, types, nullptr, [keepNonFinite](const AccessorDesc& d) {
        if (!keepNonFinite) return decodeSparseValues(d);
        AccessorDesc keep = d;
        keep.keepNonFinite = true;
        return decodeSparseValues(keep);
    });
}

Result<std::vector<uint32_t>> readAccessorUints(const GltfDocument& doc, int64_t index,
                                                std::initializer_list<const char*> types) {
    return readAccessor(doc, index, types, nullptr,
                        [](const AccessorDesc& d) { return decodeUints(d); });
}

}  // namespace morph
