#include "morph/glb/GltfBuilder.h"

#include <algorithm>
#include <cstring>

#include "morph/io/Files.h"

namespace morph {
namespace {

void padTo4(std::vector<uint8_t>& bytes, uint8_t fill) {
    while (bytes.size() % 4 != 0) bytes.push_back(fill);
}

void writeMinMax(nlohmann::json& accessor, const std::vector<float>& values, size_t components) {
    if (components == 0 || values.size() < components) return;
    std::vector<float> lo(values.begin(), values.begin() + components);
    std::vector<float> hi = lo;
    for (size_t i = 0; i < values.size(); ++i) {
        size_t c = i % components;
        lo[c] = std::min(lo[c], values[i]);
        hi[c] = std::max(hi[c], values[i]);
    }
    accessor["min"] = lo;
    accessor["max"] = hi;
}

}  // namespace

size_t componentSize(ComponentType componentType) {
    switch (componentType) {
        case ComponentType::Byte:
        case ComponentType::UnsignedByte: return 1;
        case ComponentType::Short:
        case ComponentType::UnsignedShort: return 2;
        case ComponentType::UnsignedInt:
        case ComponentType::Float: return 4;
    }
    return 0;
}

size_t componentCount(const std::string& type) {
    if (type == "SCALAR") return 1;
    if (type == "VEC2") return 2;
    if (type == "VEC3") return 3;
    if (type == "VEC4" || type == "MAT2") return 4;
    if (type == "MAT3") return 9;
    if (type == "MAT4") return 16;
    return 0;
}

GltfBuilder::GltfBuilder() {
    mJson["asset"] = {{"version", "2.0"}, {"generator", "morphview GltfBuilder"}};
}

int GltfBuilder::addBufferView(const void* data, size_t byteLength, int byteStride, int target) {
    padTo4(mBin, 0);
    size_t offset = mBin.size();
    const auto* bytes = static_cast<const uint8_t*>(data);
    if (byteLength > 0) mBin.insert(mBin.end(), bytes, bytes + byteLength);

    nlohmann::json view = {{"buffer", 0}, {"byteLength", byteLength}};
    if (offset != 0) view["byteOffset"] = offset;
    if (byteStride > 0) view["byteStride"] = byteStride;
    if (target > 0) view["target"] = target;
    mJson["bufferViews"].push_back(view);

    // The buffer keeps the padded length so the next view also starts 4-byte aligned.
    size_t length = mBin.size() + (4 - mBin.size() % 4) % 4;
    // Not `= {object()}`: clang reads a one-element brace list as a copy of the object, gcc as an
    // array.
    if (!mJson.contains("buffers") || mJson["buffers"].empty())
        mJson["buffers"] = nlohmann::json::array({nlohmann::json::object()});
    mJson["buffers"][0]["byteLength"] = length;
    return static_cast<int>(mJson["bufferViews"].size()) - 1;
}

int GltfBuilder::addAccessorOnView(int bufferView, size_t byteOffset, ComponentType componentType,
                                   size_t count, const std::string& type, bool normalized) {
    nlohmann::json accessor = {
        {"componentType", static_cast<int>(componentType)}, {"count", count}, {"type", type}};
    if (bufferView >= 0) accessor["bufferView"] = bufferView;
    if (byteOffset != 0) accessor["byteOffset"] = byteOffset;
    if (normalized) accessor["normalized"] = true;
    mJson["accessors"].push_back(accessor);
    return static_cast<int>(mJson["accessors"].size()) - 1;
}

int GltfBuilder::addAccessor(const void* data, ComponentType componentType, size_t count,
                             const std::string& type, bool normalized) {
    size_t components = componentCount(type);
    size_t elementSize = componentSize(componentType) * components;
    const auto* bytes = static_cast<const uint8_t*>(data);

    int view;
    if (components > 1 && elementSize % 4 != 0) {
        // glTF 2.0 3.6.2.4: vertex attribute elements start on 4-byte boundaries.
        size_t stride = (elementSize + 3) / 4 * 4;
        std::vector<uint8_t> strided(count * stride, 0);
        for (size_t i = 0; i < count; ++i)
            std::memcpy(strided.data() + i * stride, bytes + i * elementSize, elementSize);
        view = addBufferView(strided.data(), strided.size(), static_cast<int>(stride));
    } else {
        view = addBufferView(data, count * elementSize);
    }
    int accessor = addAccessorOnView(view, 0, componentType, count, type, normalized);
    if (componentType == ComponentType::Float) {
        std::vector<float> values(count * components);
        std::memcpy(values.data(), bytes, values.size() * sizeof(float));
        writeMinMax(mJson["accessors"][accessor], values, components);
    }
    return accessor;
}

int GltfBuilder::addFloats(const std::vector<float>& values, const std::string& type) {
    size_t components = componentCount(type);
    size_t count = components == 0 ? 0 : values.size() / components;
    return addAccessor(values.data(), ComponentType::Float, count, type);
}

int GltfBuilder::addSparseAccessor(size_t count, ComponentType componentType,
                                   const std::string& type, const std::vector<uint32_t>& indices,
                                   const void* values, ComponentType indexType, int baseView,
                                   bool normalized) {
    size_t components = componentCount(type);
    size_t elementSize = componentSize(componentType) * components;

    std::vector<uint8_t> indexBytes;
    size_t indexSize = componentSize(indexType);
    for (uint32_t index : indices)
        for (size_t b = 0; b < indexSize; ++b)
            indexBytes.push_back(static_cast<uint8_t>(index >> (8 * b)));
    int indexView = addBufferView(indexBytes.data(), indexBytes.size());
    int valueView = addBufferView(values, indices.size() * elementSize);

    int accessor = addAccessorOnView(baseView, 0, componentType, count, type, normalized);
    nlohmann::json& a = mJson["accessors"][accessor];
    a["sparse"] = {
        {"count", indices.size()},
        {"indices", {{"bufferView", indexView}, {"componentType", static_cast<int>(indexType)}}},
        {"values", {{"bufferView", valueView}}}};

    if (componentType == ComponentType::Float && components > 0)
        writeSparseMinMax(a, count, components, indices, values, baseView);
    return accessor;
}

void GltfBuilder::writeSparseMinMax(nlohmann::json& accessor, size_t count, size_t components,
                                    const std::vector<uint32_t>& indices, const void* values,
                                    int baseView) {
    // min/max describe the accessor after substitution (glTF 2.0 3.6.2.3).
    const auto* v = static_cast<const uint8_t*>(values);
    if (baseView >= 0 && mJson.contains("bufferViews") &&
        baseView < static_cast<int>(mJson["bufferViews"].size())) {
        // With a base, expand no further than the view's bytes (a hostile count may lie).
        const nlohmann::json& view = mJson["bufferViews"][baseView];
        size_t offset = view.value("byteOffset", size_t(0));
        size_t length = view.value("byteLength", size_t(0));
        size_t elements = std::min(count, length / (components * 4));
        std::vector<float> all(elements * components, 0.0f);
        if (offset + all.size() * 4 <= mBin.size())
            std::memcpy(all.data(), mBin.data() + offset, all.size() * 4);
        for (size_t i = 0; i < indices.size(); ++i)
            if (indices[i] < elements)
                std::memcpy(&all[indices[i] * components], v + i * components * 4, components * 4);
        writeMinMax(accessor, all, components);
        return;
    }
    // Without a base the rest are zeros; never expand (fixtures may declare huge counts).
    std::vector<float> replaced;
    std::vector<uint32_t> distinct;
    for (size_t i = 0; i < indices.size(); ++i) {
        if (indices[i] >= count) continue;  // hostile: left for the importer to reject
        distinct.push_back(indices[i]);
        for (size_t c = 0; c < components; ++c) {
            float f;
            std::memcpy(&f, v + (i * components + c) * 4, 4);
            replaced.push_back(f);
        }
    }
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    if (distinct.size() < count) replaced.insert(replaced.end(), components, 0.0f);
    writeMinMax(accessor, replaced, components);
}

int GltfBuilder::addSparseFloats(size_t count, const std::string& type,
                                 const std::vector<uint32_t>& indices,
                                 const std::vector<float>& values, int baseView) {
    return addSparseAccessor(count, ComponentType::Float, type, indices, values.data(),
                             ComponentType::UnsignedInt, baseView);
}

int GltfBuilder::addSparseFloatsOnIndexView(size_t count, const std::string& type, int indexView,
                                            const std::vector<uint32_t>& indices,
                                            const std::vector<float>& values) {
    const int valueView = addBufferView(values.data(), values.size() * sizeof(float));
    const int accessor = addAccessorOnView(-1, 0, ComponentType::Float, count, type);
    nlohmann::json& a = mJson["accessors"][accessor];
    a["sparse"] = {{"count", indices.size()},
                   {"indices",
                    {{"bufferView", indexView},
                     {"componentType", static_cast<int>(ComponentType::UnsignedInt)}}},
                   {"values", {{"bufferView", valueView}}}};
    if (componentCount(type) > 0)
        writeSparseMinMax(a, count, componentCount(type), indices, values.data(), -1);
    return accessor;
}

std::vector<uint8_t> GltfBuilder::glb() const {
    return morph::writeGlb(mJson.dump(), mBin);
}

Status GltfBuilder::writeGlb(const std::string& path) const {
    std::vector<uint8_t> bytes = glb();
    return writeFileAtomic(path, bytes.data(), bytes.size());
}

std::string base64Encode(const void* data, size_t size) {
    static const char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const auto* p = static_cast<const uint8_t*>(data);
    std::string out;
    out.reserve((size + 2) / 3 * 4);
    for (size_t i = 0; i < size; i += 3) {
        uint32_t n = uint32_t(p[i]) << 16;
        if (i + 1 < size) n |= uint32_t(p[i + 1]) << 8;
        if (i + 2 < size) n |= p[i + 2];
        out.push_back(kAlphabet[(n >> 18) & 63]);
        out.push_back(kAlphabet[(n >> 12) & 63]);
        out.push_back(i + 1 < size ? kAlphabet[(n >> 6) & 63] : '=');
        out.push_back(i + 2 < size ? kAlphabet[n & 63] : '=');
    }
    return out;
}

std::string GltfBuilder::binDataUri() const {
    return "data:application/octet-stream;base64," + base64Encode(mBin.data(), mBin.size());
}

std::string GltfBuilder::gltfText(const std::string& bufferUri) const {
    nlohmann::json doc = mJson;
    if (doc.contains("buffers") && !doc["buffers"].empty()) doc["buffers"][0]["uri"] = bufferUri;
    return doc.dump(1);
}

Status GltfBuilder::writeGltf(const std::string& path, const std::string& binName) const {
    std::string folder;
    size_t slash = path.find_last_of('/');
    if (slash != std::string::npos) folder = path.substr(0, slash + 1);
    std::vector<uint8_t> bin = mBin;
    padTo4(bin, 0);
    if (Status s = writeFileAtomic(folder + binName, bin.data(), bin.size()); !s) return s;
    std::string text = gltfText(binName);
    return writeFileAtomic(path, text.data(), text.size());
}

}  // namespace morph
