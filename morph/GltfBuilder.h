#pragma once
// A small glTF 2.0 writer: buffer views, accessors (plain, normalized, sparse) and any JSON the
// caller adds, written as GLB. Used by the test fixtures, the face generator and export.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "Result.h"

namespace morph {

// glTF component types (5120..5126).
enum class ComponentType : int {
    Byte = 5120, UnsignedByte = 5121, Short = 5122, UnsignedShort = 5123,
    UnsignedInt = 5125, Float = 5126
};

class GltfBuilder {
public:
    GltfBuilder();

    // The document; "asset", "buffers", "bufferViews" and "accessors" are managed here, the
    // rest (meshes, nodes, animations, ...) the caller writes directly.
    nlohmann::json& json() { return mJson; }

    // Appends bytes to the binary chunk (4-byte aligned) and adds a bufferView; returns its index.
    int addBufferView(const void* data, size_t byteLength, int byteStride = 0, int target = 0);

    // An accessor over a new tightly packed buffer view. `type` is "SCALAR", "VEC2", ... "MAT4".
    // min/max are written for float accessors (POSITION needs them).
    int addAccessor(const void* data, ComponentType componentType, size_t count,
                    const std::string& type, bool normalized = false);
    int addFloats(const std::vector<float>& values, const std::string& type);

    // A sparse accessor: `count` elements of `type`, zeros except at `indices` (ascending),
    // whose values are `values` (indices.size() elements). With `baseView` >= 0 the base comes
    // from that buffer view instead of zeros.
    int addSparseFloats(size_t count, const std::string& type, const std::vector<uint32_t>& indices,
                        const std::vector<float>& values, int baseView = -1);

    std::vector<uint8_t> glb() const;
    // Writes to a temporary file beside `path`, then renames it into place.
    Status writeGlb(const std::string& path) const;

private:
    nlohmann::json mJson;
    std::vector<uint8_t> mBin;
};

// Writes bytes to `path` through a temporary file and a rename; a failure says why and leaves
// any old file intact.
Status writeFileAtomic(const std::string& path, const void* data, size_t size);

}  // namespace morph
