#pragma once
// A small glTF 2.0 writer: buffer views, accessors (plain, normalized, sparse) and any JSON the
// caller adds, written as GLB. Used by the test fixtures, the face generator and export.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "morph/Result.h"
#include "morph/glb/Glb.h"  // writeGlb: a GLB from any JSON text and BIN bytes

namespace morph {

// glTF component types (5120..5126).
enum class ComponentType : int {
    Byte = 5120,
    UnsignedByte = 5121,
    Short = 5122,
    UnsignedShort = 5123,
    UnsignedInt = 5125,
    Float = 5126
};

class GltfBuilder {
public:
    GltfBuilder();

    // The document; "asset", "buffers", "bufferViews" and "accessors" are managed here, the
    // rest (meshes, nodes, animations, ...) the caller writes directly.
    nlohmann::json& json() { return mJson; }

    // Appends bytes to the binary chunk (4-byte aligned) and adds a bufferView; returns its index.
    int addBufferView(const void* data, size_t byteLength, int byteStride = 0, int target = 0);

    // An accessor over a new buffer view. `type` is "SCALAR", "VEC2", ... "MAT4"; `data` holds
    // `count` tightly packed elements. min/max are written for float accessors (POSITION needs
    // them). A non-scalar element whose size is not a multiple of 4 (e.g. byte VEC3) is laid out
    // with byteStride rounded up to 4, as glTF 2.0 3.6.2.4 requires of vertex attributes.
    int addAccessor(const void* data, ComponentType componentType, size_t count,
                    const std::string& type, bool normalized = false);
    int addFloats(const std::vector<float>& values, const std::string& type);
    // An accessor over an existing buffer view (no min/max); for interleaving and hostile cases.
    int addAccessorOnView(int bufferView, size_t byteOffset, ComponentType componentType,
                          size_t count, const std::string& type, bool normalized = false);

    // A sparse accessor: `count` elements of `type`, zeros except at `indices` (ascending),
    // whose values are `values` (indices.size() elements). With `baseView` >= 0 the base comes
    // from that buffer view instead of zeros.
    int addSparseFloats(size_t count, const std::string& type, const std::vector<uint32_t>& indices,
                        const std::vector<float>& values, int baseView = -1);
    // The general sparse accessor: `values` holds indices.size() tightly packed elements of
    // `componentType`; indices are stored as `indexType` (UnsignedByte/Short/Int), in the order
    // given (hostile fixtures may pass them unsorted or out of range).
    int addSparseAccessor(size_t count, ComponentType componentType, const std::string& type,
                          const std::vector<uint32_t>& indices, const void* values,
                          ComponentType indexType = ComponentType::UnsignedInt, int baseView = -1,
                          bool normalized = false);

    // A sparse float accessor whose indices are an existing buffer view of uint32 values
    // (`indices`, the same values, are needed for min/max): the POSITION and NORMAL accessors of
    // one target can then share one index array, as exporters commonly write them.
    int addSparseFloatsOnIndexView(size_t count, const std::string& type, int indexView,
                                   const std::vector<uint32_t>& indices,
                                   const std::vector<float>& values);

    // The binary chunk as built so far (patchable for hostile fixtures).
    std::vector<uint8_t>& bin() { return mBin; }
    const std::vector<uint8_t>& bin() const { return mBin; }

    std::vector<uint8_t> glb() const;
    // Writes to a temporary file beside `path`, then renames it into place.
    Status writeGlb(const std::string& path) const;

    // The document as .gltf text whose buffers[0].uri is `bufferUri` (a file name or data: URI).
    std::string gltfText(const std::string& bufferUri) const;
    // The binary chunk as "data:application/octet-stream;base64,...".
    std::string binDataUri() const;
    // Writes `path` (.gltf) and the binary chunk beside it as `binName`.
    Status writeGltf(const std::string& path, const std::string& binName) const;

private:
    void writeSparseMinMax(nlohmann::json& accessor, size_t count, size_t components,
                           const std::vector<uint32_t>& indices, const void* values, int baseView);

    nlohmann::json mJson;
    std::vector<uint8_t> mBin;
};

// Bytes per component and components per element ("VEC3" -> 3, unknown -> 0).
size_t componentSize(ComponentType componentType);
size_t componentCount(const std::string& type);

std::string base64Encode(const void* data, size_t size);

}  // namespace morph
