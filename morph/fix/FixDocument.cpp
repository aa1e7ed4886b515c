#include "morph/fix/FixDocument.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <map>
#include <set>

#include "morph/decode/MeshoptDecode.h"
#include "morph/fix/FixDraco.h"
#include "morph/glb/Glb.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/Accessor.h"
#include "morph/gltf/Uri.h"
#include "morph/io/Files.h"

namespace morph {

namespace {

using Json = nlohmann::json;

void rebuildBuffer(FixDocument& doc, const std::set<int64_t>& dropped);
void viewsNamed(const Json& json, std::set<int64_t>& views);

// Appends `bytes` to the merged buffer at a 16-byte boundary; their offset there.
size_t appendAligned(std::vector<uint8_t>& bin, const uint8_t* data, size_t size) {
    bin.resize((bin.size() + 15) / 16 * 16, 0);
    const size_t offset = bin.size();
    bin.insert(bin.end(), data, data + size);
    return offset;
}

Result<std::vector<uint8_t>> uriBytes(const std::string& uri, const std::string& baseDir) {
    if (uri.rfind("data:", 0) == 0) return dataUriBytes(uri);
    if (uriLeavesFolder(uri)) return Error{ErrorCode::Io, "'" + uri + "' leaves the folder"};
    return readFileBytes(baseDir.empty() ? percentDecode(uri) : baseDir + "/" + percentDecode(uri));
}

// Every buffer appended to doc.bin (its offset there in `offsets`); the views moved to buffers[0].
Status mergeBuffers(FixDocument& doc, const GlbView* glb, const std::string& baseDir,
                    std::vector<size_t>& offsets) {
    for (const Json& buffer : doc.json.value("buffers", Json::array())) {
        std::vector<uint8_t> loaded;
        const uint8_t* data = nullptr;
        size_t size = 0;
        if (buffer.contains("uri")) {
            auto bytes = uriBytes(buffer["uri"].get<std::string>(), baseDir);
            if (!bytes) return bytes.error();
            loaded = std::move(bytes).value();
            data = loaded.data();
            size = loaded.size();
        } else if (glb != nullptr && glb->hasBin()) {
            data = glb->bin;
            size = glb->binSize;
        }
        offsets.push_back(appendAligned(doc.bin, data, size));
    }
    for (Json& view : doc.json["bufferViews"]) {
        const size_t buffer = view.value("buffer", size_t(0));
        if (buffer >= offsets.size()) return Error{ErrorCode::Schema, "a view names no buffer"};
        view["buffer"] = 0;
        view["byteOffset"] = view.value("byteOffset", size_t(0)) + offsets[buffer];
    }
    return {};
}

Result<MeshoptView> meshoptView(const Json& m) {
    MeshoptView mv;
    mv.count = m.at("count").get<size_t>();
    mv.byteStride = m.at("byteStride").get<size_t>();
    const std::string mode = m.at("mode").get<std::string>();
    const std::string filter = m.value("filter", std::string("NONE"));
    const std::map<std::string, MeshoptMode> modes = {{"ATTRIBUTES", MeshoptMode::Attributes},
                                                      {"TRIANGLES", MeshoptMode::Triangles},
                                                      {"INDICES", MeshoptMode::Indices}};
    const std::map<std::string, MeshoptFilter> filters = {
        {"NONE", MeshoptFilter::None},
        {"OCTAHEDRAL", MeshoptFilter::Octahedral},
        {"QUATERNION", MeshoptFilter::Quaternion},
        {"EXPONENTIAL", MeshoptFilter::Exponential}};
    if (!modes.count(mode) || !filters.count(filter))
        return Error{ErrorCode::BadValue, "an EXT_meshopt_compression mode or filter is unknown"};
    mv.mode = modes.at(mode);
    mv.filter = filters.at(filter);
    return mv;
}

// Each EXT_meshopt_compression view decoded and appended as a plain view of the same length.
Status decodeMeshopt(FixDocument& doc, const std::vector<size_t>& offsets) {
    bool any = false;
    for (Json& view : doc.json["bufferViews"]) {
        const Json::json_pointer where("/extensions/EXT_meshopt_compression");
        if (!view.contains(where)) continue;
        const Json& m = view[where];
        auto mv = meshoptView(m);
        if (!mv) return mv.error();
        const size_t buffer = m.value("buffer", size_t(0));
        const size_t offset = m.value("byteOffset", size_t(0));
        const size_t length = m.at("byteLength").get<size_t>();
        if (buffer >= offsets.size() || offsets[buffer] + offset > doc.bin.size() ||
            length > doc.bin.size() - offsets[buffer] - offset)
            return Error{ErrorCode::OutOfBounds,
                         "an EXT_meshopt_compression range is past its buffer"};
        auto decoded = morph::decodeMeshopt(*mv, doc.bin.data() + offsets[buffer] + offset, length);
        if (!decoded) return decoded.error();
        decoded->resize(std::max(decoded->size(), view.at("byteLength").get<size_t>()), 0);
        view["byteOffset"] = appendAligned(doc.bin, decoded->data(), decoded->size());
        view["byteLength"] = decoded->size();
        view["extensions"].erase("EXT_meshopt_compression");
        if (view["extensions"].empty()) view.erase("extensions");
        any = true;
    }
    if (any) dropCompressionExtension(doc, "EXT_meshopt_compression");
    return {};
}

// The image bytes' media type by their magic numbers ("" when unknown).
std::string mimeOf(const std::vector<uint8_t>& b) {
    auto starts = [&b](const char* magic, size_t at = 0) {
        const size_t n = std::strlen(magic);
        return b.size() >= at + n && std::memcmp(b.data() + at, magic, n) == 0;
    };
    if (starts("\x89PNG")) return "image/png";
    if (starts("\xFF\xD8")) return "image/jpeg";
    if (starts("RIFF") && starts("WEBP", 8)) return "image/webp";
    if (starts("\xABKTX 20")) return "image/ktx2";
    return {};
}

// Each image read from a file becomes a view of the same bytes (a GLB has no folder).
Status embedImages(FixDocument& doc, const std::string& baseDir) {
    if (!doc.json.contains("images")) return {};
    for (Json& image : doc.json["images"]) {
        if (!image.contains("uri")) continue;
        const std::string uri = image["uri"].get<std::string>();
        if (uri.rfind("data:", 0) == 0) continue;
        auto bytes = uriBytes(uri, baseDir);
        if (!bytes) return bytes.error();
        const std::string mime = image.value("mimeType", mimeOf(*bytes));
        if (mime.empty()) continue;
        const size_t offset = appendAligned(doc.bin, bytes->data(), bytes->size());
        doc.json["bufferViews"].push_back(
            {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes->size()}});
        image.erase("uri");
        image["bufferView"] = doc.json["bufferViews"].size() - 1;
        image["mimeType"] = mime;
    }
    return {};
}

Result<FixDocument> readDocument(const std::vector<uint8_t>& bytes, const std::string& baseDir) {
    FixDocument doc;
    GlbView glb;
    const bool isGlb = looksLikeGlb(bytes.data(), bytes.size());
    if (isGlb) {
        auto parsed = parseGlb(bytes.data(), bytes.size());
        if (!parsed) return parsed.error();
        glb = *parsed;
        doc.json = Json::parse(glb.json, glb.json + glb.jsonSize);
    } else {
        doc.json = Json::parse(bytes.begin(), bytes.end());
    }
    if (!doc.json.is_object()) return Error{ErrorCode::Json, "is not a JSON object"};
    if (!doc.json.contains("bufferViews")) doc.json["bufferViews"] = Json::array();
    std::vector<size_t> offsets;
    if (Status s = mergeBuffers(doc, isGlb ? &glb : nullptr, baseDir, offsets); !s)
        return s.error();
    if (Status s = decodeMeshopt(doc, offsets); !s) return s.error();
    auto dracoViews = decodeDracoPrimitives(doc);
    if (!dracoViews) return dracoViews.error();
    if (Status s = embedImages(doc, baseDir); !s) return s.error();
    doc.json["buffers"] = Json::array({{{"byteLength", doc.bin.size()}}});
    std::set<int64_t> named, unnamed;  // Draco's views that nothing else names
    viewsNamed(doc.json, named);
    for (int64_t v : *dracoViews)
        if (!named.count(v)) unnamed.insert(v);
    if (!doc.warnings.empty()) rebuildBuffer(doc, unnamed);  // the compressed bytes left out
    return doc;
}

// The bytes of bufferViews[index], checked against the merged buffer.
Result<ByteSpan> viewBytes(const FixDocument& doc, const Json& index, uint32_t& stride) {
    const Json& view = doc.json.at("bufferViews").at(index.get<size_t>());
    const size_t offset = view.value("byteOffset", size_t(0));
    const size_t length = view.at("byteLength").get<size_t>();
    if (offset > doc.bin.size() || length > doc.bin.size() - offset)
        return Error{ErrorCode::Schema, "a buffer view runs past its buffer"};
    stride = view.value("byteStride", uint32_t(0));
    return ByteSpan{doc.bin.data() + offset, length};
}

Status describeSparse(const FixDocument& doc, const Json& sparse, SparseDesc& out) {
    uint32_t stride = 0;
    out.present = true;
    out.count = sparse.at("count").get<uint64_t>();
    const Json& indices = sparse.at("indices");
    out.indexComponentType = indices.at("componentType").get<int>();
    auto iv = viewBytes(doc, indices.at("bufferView"), stride);
    if (!iv) return iv.error();
    out.indicesView = *iv;
    out.indicesByteOffset = indices.value("byteOffset", uint64_t(0));
    const Json& values = sparse.at("values");
    auto vv = viewBytes(doc, values.at("bufferView"), stride);
    if (!vv) return vv.error();
    out.valuesView = *vv;
    out.valuesByteOffset = values.value("byteOffset", uint64_t(0));
    return {};
}

Result<AccessorDesc> describe(const FixDocument& doc, int64_t index) {
    const Json& a = doc.json.at("accessors").at(size_t(index));
    AccessorDesc desc;
    desc.label = "accessors[" + std::to_string(index) + "]";
    desc.componentType = a.at("componentType").get<int>();
    if (!accessorShape(a.at("type").get<std::string>(), desc.columns, desc.rows))
        return Error{ErrorCode::Schema, desc.label + " has an unknown type"};
    desc.normalized = a.value("normalized", false);
    desc.count = a.at("count").get<uint64_t>();
    desc.keepNonFinite = true;
    if (a.contains("bufferView")) {
        auto view = viewBytes(doc, a["bufferView"], desc.byteStride);
        if (!view) return view.error();
        desc.hasView = true;
        desc.view = *view;
        desc.byteOffset = a.value("byteOffset", uint64_t(0));
    }
    if (a.contains("sparse")) {
        if (Status s = describeSparse(doc, a["sparse"], desc.sparse); !s) return s.error();
    }
    return desc;
}

}  // namespace

Result<FixDocument> readFixDocument(const std::vector<uint8_t>& bytes, const std::string& name,
                                    const std::string& baseDir) {
    try {
        auto doc = readDocument(bytes, baseDir);
        if (!doc) return Error{doc.error().code, name + ": " + doc.error().message};
        return doc;
    } catch (const std::exception& e) {
        return Error{ErrorCode::Json, name + ": " + e.what()};
    }
}

void dropCompressionExtension(FixDocument& doc, const std::string& extension) {
    for (const char* key : {"extensionsUsed", "extensionsRequired"}) {
        if (!doc.json.contains(key)) continue;
        Json kept = Json::array();
        for (const Json& e : doc.json[key])
            if (e != extension) kept.push_back(e);
        doc.json[key] = kept;
        if (kept.empty()) doc.json.erase(key);
    }
    doc.warnings.push_back(extension + ": written uncompressed");
}

std::vector<uint8_t> fixDocumentGlb(const FixDocument& doc) {
    return writeGlb(doc.json.dump(), doc.bin);
}

std::string fixDocumentGltf(const FixDocument& doc) {
    Json json = doc.json;
    json["buffers"][0]["uri"] =
        "data:application/octet-stream;base64," + base64Encode(doc.bin.data(), doc.bin.size());
    return json.dump(2) + "\n";
}

Result<std::vector<float>> fixAccessorFloats(const FixDocument& doc, int64_t index) {
    try {
        auto desc = describe(doc, index);
        if (!desc) return desc.error();
        return decodeFloats(*desc);
    } catch (const std::exception& e) {
        return Error{ErrorCode::Schema, "accessors[" + std::to_string(index) + "]: " + e.what()};
    }
}

int appendFloatAccessor(FixDocument& doc, const std::vector<float>& values,
                        const std::string& type) {
    const size_t offset = appendAligned(doc.bin, reinterpret_cast<const uint8_t*>(values.data()),
                                        values.size() * sizeof(float));
    doc.json["bufferViews"].push_back(
        {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * sizeof(float)}});
    const size_t components = componentCount(type);
    doc.json["accessors"].push_back({{"bufferView", doc.json["bufferViews"].size() - 1},
                                     {"componentType", int(ComponentType::Float)},
                                     {"count", components ? values.size() / components : 0},
                                     {"type", type}});
    doc.json["buffers"][0]["byteLength"] = doc.bin.size();
    return int(doc.json["accessors"].size() - 1);
}

int appendBufferView(FixDocument& doc, const void* data, size_t size) {
    const size_t offset = appendAligned(doc.bin, static_cast<const uint8_t*>(data), size);
    doc.json["bufferViews"].push_back(
        {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", size}});
    doc.json["buffers"][0]["byteLength"] = doc.bin.size();
    return int(doc.json["bufferViews"].size() - 1);
}

namespace {

void addAccessorRefs(const Json& object, std::set<int64_t>& used) {
    if (!object.is_object()) return;
    for (const auto& item : object.items())
        if (item.value().is_number_integer()) used.insert(item.value().get<int64_t>());
}

// The accessors the file's known parts use.
std::set<int64_t> accessorsInUse(const Json& json) {
    std::set<int64_t> used;
    for (const Json& mesh : json.value("meshes", Json::array())) {
        for (const Json& prim : mesh.value("primitives", Json::array())) {
            addAccessorRefs(prim.value("attributes", Json::object()), used);
            if (prim.contains("indices")) used.insert(prim["indices"].get<int64_t>());
            for (const Json& target : prim.value("targets", Json::array()))
                addAccessorRefs(target, used);
        }
    }
    for (const Json& anim : json.value("animations", Json::array())) {
        for (const Json& sampler : anim.value("samplers", Json::array()))
            addAccessorRefs({{"i", sampler.value("input", -1)}, {"o", sampler.value("output", -1)}},
                            used);
    }
    for (const Json& skin : json.value("skins", Json::array()))
        if (skin.contains("inverseBindMatrices"))
            used.insert(skin["inverseBindMatrices"].get<int64_t>());
    for (const Json& node : json.value("nodes", Json::array())) {
        const Json::json_pointer gpu("/extensions/EXT_mesh_gpu_instancing/attributes");
        if (node.contains(gpu)) addAccessorRefs(node[gpu], used);
    }
    return used;
}

// Every value of a "bufferView" key anywhere in `json`.
void viewsNamed(const Json& json, std::set<int64_t>& views) {
    if (json.is_object()) {
        for (const auto& [key, value] : json.items()) {
            if (key == "bufferView" && value.is_number_integer())
                views.insert(value.get<int64_t>());
            viewsNamed(value, views);
        }
    } else if (json.is_array()) {
        for (const Json& value : json) viewsNamed(value, views);
    }
}

// The buffer rebuilt from the views kept; those in `dropped` become one byte at 0.
void rebuildBuffer(FixDocument& doc, const std::set<int64_t>& dropped) {
    std::vector<uint8_t> bin(1, 0);
    Json& views = doc.json["bufferViews"];
    for (size_t i = 0; i < views.size(); ++i) {
        Json& view = views[i];
        if (dropped.count(int64_t(i))) {
            view["byteOffset"] = 0;
            view["byteLength"] = 1;
            view.erase("byteStride");
            continue;
        }
        const size_t offset = view.value("byteOffset", size_t(0));
        const size_t length = view["byteLength"].get<size_t>();
        if (offset > doc.bin.size() || length > doc.bin.size() - offset) continue;
        view["byteOffset"] = appendAligned(bin, doc.bin.data() + offset, length);
    }
    doc.bin = std::move(bin);
    doc.json["buffers"][0]["byteLength"] = doc.bin.size();
}

}  // namespace

void compactFixDocument(FixDocument& doc) {
    if (doc.replaced.empty()) return;
    const std::set<int64_t> used = accessorsInUse(doc.json);
    std::set<int64_t> candidates;
    Json& accessors = doc.json["accessors"];
    for (int64_t a : doc.replaced) {
        if (used.count(a) || a < 0 || size_t(a) >= accessors.size()) continue;
        std::set<int64_t> own;
        viewsNamed(accessors[size_t(a)], own);
        candidates.insert(own.begin(), own.end());
        for (const char* key : {"bufferView", "byteOffset", "sparse", "min", "max"})
            accessors[size_t(a)].erase(key);
    }
    std::set<int64_t> named, dropped;
    viewsNamed(doc.json, named);
    for (int64_t v : candidates)
        if (!named.count(v)) dropped.insert(v);
    doc.replaced.clear();
    if (!dropped.empty()) rebuildBuffer(doc, dropped);
}

int appendVec3Accessor(FixDocument& doc, const std::vector<float>& values, bool withBounds) {
    const int index = appendFloatAccessor(doc, values, "VEC3");
    if (!withBounds) return index;
    // Each component starts from the first element's own value.
    std::vector<float> lo(3, 0.0f);
    for (size_t c = 0; c < 3 && c < values.size(); ++c) lo[c] = values[c];
    std::vector<float> hi = lo;
    for (size_t i = 0; i < values.size(); ++i) {
        lo[i % 3] = std::min(lo[i % 3], values[i]);
        hi[i % 3] = std::max(hi[i % 3], values[i]);
    }
    doc.json["accessors"][size_t(index)]["min"] = lo;
    doc.json["accessors"][size_t(index)]["max"] = hi;
    return index;
}

}  // namespace morph
