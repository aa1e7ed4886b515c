#pragma once
// Accessor decoding (glTF 2.0 3.6.2, 3.6.2.3 sparse, 3.11 normalized integers):
// the importer describes an accessor with plain numbers and byte spans, this expands it to floats
// or integers. Every read is bounds-checked; errors name the accessor and the element.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Result.h"

namespace morph {

// Bytes the caller owns (a buffer view's bytes, already decompressed if it was).
struct ByteSpan {
    const uint8_t* data = nullptr;
    size_t size = 0;
};

struct SparseDesc {
    bool present = false;
    uint64_t count = 0;
    int indexComponentType = 5125;  // UNSIGNED_BYTE / UNSIGNED_SHORT / UNSIGNED_INT
    ByteSpan indicesView;           // the whole buffer view of the indices
    uint64_t indicesByteOffset = 0;
    ByteSpan valuesView;  // the whole buffer view of the values
    uint64_t valuesByteOffset = 0;
};

struct AccessorDesc {
    std::string label;  // for messages, e.g. "accessors[12]"
    int componentType = 5126;
    uint32_t columns = 1;  // 1 for SCALAR/VECn, n for MATn
    uint32_t rows = 1;     // components per column: SCALAR 1, VEC3 3, MAT4 4
    bool normalized = false;
    uint64_t count = 0;
    bool hasView = false;  // false: the base is zeros (3.6.2.3)
    ByteSpan view;         // the whole buffer view
    uint64_t byteOffset = 0;
    uint32_t byteStride = 0;  // 0: tightly packed
    SparseDesc sparse;
    bool keepNonFinite = false;  // NaN and infinities are read as they are instead of refused

    uint32_t components() const { return columns * rows; }
};

// "SCALAR" -> (1,1), "VEC3" -> (1,3), "MAT4" -> (4,4); false for anything else.
bool accessorShape(const std::string& type, uint32_t& columns, uint32_t& rows);
// Bytes per component of a glTF componentType, 0 when unknown.
size_t componentBytes(int componentType);
// Bytes of one element including the column padding of 3.6.2.4 (MAT2 of bytes, MAT3 of
// bytes/shorts).
size_t elementBytes(const AccessorDesc& desc);

// count * components floats: normalized integers mapped per 3.11 (e.g. signed byte:
// max(c / 127, -1)), other integers converted as they are. Non-finite values are errors unless
// desc.keepNonFinite.
Result<std::vector<float>> decodeFloats(const AccessorDesc& desc);

// A sparse accessor without a bufferView (3.6.2.3: its base is zeros) as it is stored: the
// substituted elements' indices (strictly ascending, each < count) and their values, one vec4
// per index (floats mapped as decodeFloats does; components past the accessor's are 0). Decoded
// straight to vec4 because that is how morph targets keep them (no float copy in between).
// Errors as decodeFloats, plus an accessor that has a bufferView, no sparse part, or more than
// four components.
struct SparseValues {
    std::vector<uint32_t> indices;
    std::vector<glm::vec4> values;
};
Result<SparseValues> decodeSparseValues(const AccessorDesc& desc);

// count * components unsigned integers (indices, joints). Float or signed types are errors, as
// are normalized accessors.
Result<std::vector<uint32_t>> decodeUints(const AccessorDesc& desc);

}  // namespace morph
