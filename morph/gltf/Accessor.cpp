#include "morph/gltf/Accessor.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace morph {
namespace {

// glTF 2.0 3.6.2.2: counts are at least 1 and stay far below 2^31; we refuse anything that could
// overflow a 32-bit index or the size arithmetic below.
constexpr uint64_t kMaxCount = (1ull << 31) - 1;

template <typename T>
T load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));  // unaligned reads are legal in a buffer view; memcpy is safe
    return v;
}

const char* componentTypeName(int componentType) {
    switch (componentType) {
        case 5120: return "BYTE";
        case 5121: return "UNSIGNED_BYTE";
        case 5122: return "SHORT";
        case 5123: return "UNSIGNED_SHORT";
        case 5125: return "UNSIGNED_INT";
        case 5126: return "FLOAT";
        default: return "unknown";
    }
}

// One component as float. glTF 2.0 3.11: normalized signed values map with max(c / (2^(b-1) - 1),
// -1), unsigned with c / (2^b - 1); non-normalized integers keep their value
// (KHR_mesh_quantization).
template <typename T>
float integerAsFloat(const uint8_t* p, bool normalized) {
    const float c = float(load<T>(p));
    if (!normalized) return c;
    const float n = c / float(std::numeric_limits<T>::max());
    return std::is_signed_v<T> ? std::max(n, -1.0f) : n;
}

float readFloat(const uint8_t* p, int componentType, bool normalized) {
    switch (componentType) {
        case 5126: return load<float>(p);
        case 5120: return integerAsFloat<int8_t>(p, normalized);
        case 5121: return integerAsFloat<uint8_t>(p, normalized);
        case 5122: return integerAsFloat<int16_t>(p, normalized);
        case 5123: return integerAsFloat<uint16_t>(p, normalized);
        default: return float(load<uint32_t>(p));
    }
}

uint32_t readUint(const uint8_t* p, int componentType) {
    switch (componentType) {
        case 5121: return load<uint8_t>(p);
        case 5123: return load<uint16_t>(p);
        default: return load<uint32_t>(p);
    }
}

Status checkDesc(const AccessorDesc& d) {
    if (componentBytes(d.componentType) == 0) {
        return Error{ErrorCode::BadValue, d.label + ".componentType " +
                                              std::to_string(d.componentType) +
                                              " is not a glTF component type"};
    }
    if (d.columns < 1 || d.columns > 4 || d.rows < 1 || d.rows > 4) {
        return Error{ErrorCode::BadValue, d.label + ".type is not SCALAR, VEC2..4 or MAT2..4"};
    }
    if (d.normalized && (d.componentType == 5126 || d.componentType == 5125)) {
        // 3.6.2.2: normalized MUST NOT be true for FLOAT or UNSIGNED_INT.
        return Error{ErrorCode::Inconsistent, d.label + ".normalized is true for componentType " +
                                                  componentTypeName(d.componentType)};
    }
    if (d.count > kMaxCount) {
        return Error{ErrorCode::Limit,
                     d.label + ".count " + std::to_string(d.count) + " is too large"};
    }
    if (!d.hasView || d.count == 0) return {};
    const size_t elemSize = elementBytes(d);
    const uint64_t stride = d.byteStride ? d.byteStride : elemSize;
    if (d.byteStride && d.byteStride < elemSize) {
        return Error{ErrorCode::Inconsistent,
                     d.label + ": byteStride " + std::to_string(d.byteStride) +
                         " is smaller than an element (" + std::to_string(elemSize) + " bytes)"};
    }
    // 3.6.2.4: offset + stride * (count - 1) + element size must fit in the buffer view.
    const uint64_t needed = d.byteOffset + stride * (d.count - 1) + elemSize;
    if (d.byteOffset > d.view.size || needed > d.view.size || d.view.data == nullptr) {
        return Error{ErrorCode::OutOfBounds,
                     d.label + " needs " + std::to_string(needed) + " bytes (byteOffset " +
                         std::to_string(d.byteOffset) + ", count " + std::to_string(d.count) +
                         ", stride " + std::to_string(stride) + ") but its bufferView has " +
                         std::to_string(d.view.size)};
    }
    return {};
}

// Calls put(componentIndex, bytePointer) for each component of the element at `p`, honouring the
// column padding of 3.6.2.4.
template <typename Put>
Status forEachComponent(const AccessorDesc& d, const uint8_t* p, Put put) {
    const size_t compSize = componentBytes(d.componentType);
    const size_t colStride = ((d.rows * compSize) + 3) & ~size_t(3);
    const bool padded = d.columns > 1 && (d.rows * compSize) % 4 != 0;
    for (uint32_t c = 0; c < d.columns; ++c) {
        for (uint32_t r = 0; r < d.rows; ++r) {
            const uint8_t* q = p + (padded ? c * colStride : c * d.rows * compSize) + r * compSize;
            Status s = put(c * d.rows + r, q);
            if (!s) return s;
        }
    }
    return {};
}

// A sparse part (`part`: "indices" or "values") of sparse.count items of `itemSize` bytes from
// `offset` in `view`: an error unless the view holds them all.
Status sparsePartFits(const AccessorDesc& d, const char* part, const ByteSpan& view,
                      uint64_t offset, uint64_t itemSize) {
    const uint64_t needed = offset + d.sparse.count * itemSize;
    if (offset > view.size || needed > view.size || !view.data) {
        return Error{ErrorCode::OutOfBounds,
                     d.label + ".sparse." + part + " needs " + std::to_string(needed) +
                         " bytes but its bufferView has " + std::to_string(view.size)};
    }
    return {};
}

// The sparse substitution (3.6.2.3): checks its views, then calls put(k, index, valuePointer)
// for each of the sparse.count entries; every index is in range and strictly above the previous.
template <typename Put>
Status walkSparse(const AccessorDesc& d, Put put) {
    const SparseDesc& sp = d.sparse;
    const size_t elemSize = elementBytes(d);
    if (sp.count < 1 || sp.count > d.count) {
        return Error{ErrorCode::BadValue, d.label + ".sparse.count " + std::to_string(sp.count) +
                                              " is not in 1.." + std::to_string(d.count)};
    }
    const int it = sp.indexComponentType;
    if (it != 5121 && it != 5123 && it != 5125) {
        return Error{ErrorCode::BadValue,
                     d.label + ".sparse.indices.componentType " + std::to_string(it) +
                         " is not UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT"};
    }
    const uint64_t indexSize = componentBytes(it);
    Status fits = sparsePartFits(d, "indices", sp.indicesView, sp.indicesByteOffset, indexSize);
    if (fits) fits = sparsePartFits(d, "values", sp.valuesView, sp.valuesByteOffset, elemSize);
    if (!fits) return fits;
    uint64_t previous = 0;
    for (uint64_t k = 0; k < sp.count; ++k) {
        const uint64_t index =
            readUint(sp.indicesView.data + sp.indicesByteOffset + k * indexSize, it);
        if (index >= d.count) {
            return Error{ErrorCode::OutOfBounds, d.label + ".sparse.indices[" + std::to_string(k) +
                                                     "] = " + std::to_string(index) +
                                                     " out of range (count " +
                                                     std::to_string(d.count) + ")"};
        }
        // 3.6.2.3: indices MUST strictly increase (so no element is substituted twice).
        if (k > 0 && index <= previous) {
            return Error{ErrorCode::BadValue, d.label + ".sparse.indices[" + std::to_string(k) +
                                                  "] = " + std::to_string(index) +
                                                  " does not increase (previous " +
                                                  std::to_string(previous) + ")"};
        }
        previous = index;
        Status s = put(k, index, sp.valuesView.data + sp.valuesByteOffset + k * elemSize);
        if (!s) return s;
    }
    return {};
}

// Walks the dense part and then the sparse substitution, calling put(valueIndex, element,
// bytePointer) for each component; every pointer handed out is inside its span.
template <typename Put>
Status walk(const AccessorDesc& d, Put put) {
    const uint32_t comps = d.components();
    auto putElement = [&](uint64_t element, const uint8_t* p) -> Status {
        return forEachComponent(d, p, [&](uint32_t component, const uint8_t* q) {
            return put(element * comps + component, element, q);
        });
    };
    if (d.hasView && d.count > 0) {
        // Bounds were checked by checkDesc before anything was allocated.
        const uint64_t stride = d.byteStride ? d.byteStride : elementBytes(d);
        for (uint64_t i = 0; i < d.count; ++i) {
            Status s = putElement(i, d.view.data + d.byteOffset + i * stride);
            if (!s) return s;
        }
    }
    if (!d.sparse.present) return {};
    return walkSparse(
        d, [&](uint64_t, uint64_t index, const uint8_t* p) { return putElement(index, p); });
}

float checkedFloat(const AccessorDesc& desc, uint64_t element, uint32_t component, const uint8_t* p,
                   Status& status) {
    const float v = readFloat(p, desc.componentType, desc.normalized);
    if (!std::isfinite(v) && !desc.keepNonFinite) {
        status = Error{ErrorCode::BadValue, desc.label + "[" + std::to_string(element) +
                                                "] component " + std::to_string(component) +
                                                " is not finite (" + std::to_string(v) + ")"};
    }
    return v;
}

}  // namespace

bool accessorShape(const std::string& type, uint32_t& columns, uint32_t& rows) {
    struct Shape {
        const char* type;
        uint32_t columns, rows;
    };
    static constexpr Shape kShapes[] = {{"SCALAR", 1, 1}, {"VEC2", 1, 2}, {"VEC3", 1, 3},
                                        {"VEC4", 1, 4},   {"MAT2", 2, 2}, {"MAT3", 3, 3},
                                        {"MAT4", 4, 4}};
    for (const Shape& shape : kShapes) {
        if (type == shape.type) {
            columns = shape.columns;
            rows = shape.rows;
            return true;
        }
    }
    return false;
}

size_t componentBytes(int componentType) {
    switch (componentType) {
        case 5120:
        case 5121: return 1;
        case 5122:
        case 5123: return 2;
        case 5125:
        case 5126: return 4;
        default: return 0;
    }
}

size_t elementBytes(const AccessorDesc& desc) {
    const size_t compSize = componentBytes(desc.componentType);
    if (desc.columns <= 1) return desc.rows * compSize;
    // 3.6.2.4: matrix columns start on 4-byte boundaries.
    return desc.columns * ((desc.rows * compSize + 3) & ~size_t(3));
}

Result<std::vector<float>> decodeFloats(const AccessorDesc& desc) {
    if (Status s = checkDesc(desc); !s) return s.error();
    std::vector<float> out(size_t(desc.count) * desc.components(), 0.0f);
    const uint32_t comps = desc.components();
    Status s = walk(desc, [&](uint64_t at, uint64_t element, const uint8_t* p) -> Status {
        Status status;
        out[at] = checkedFloat(desc, element, uint32_t(at - element * comps), p, status);
        return status;
    });
    if (!s) return s.error();
    return out;
}

Result<SparseValues> decodeSparseValues(const AccessorDesc& desc) {
    if (desc.hasView || !desc.sparse.present) {
        return Error{ErrorCode::BadValue,
                     desc.label + " is not a sparse accessor without a bufferView"};
    }
    if (Status s = checkDesc(desc); !s) return s.error();
    if (desc.components() > 4)
        return Error{ErrorCode::BadValue, desc.label + " has more than 4 components"};
    SparseValues out;
    // Reserved for at most as many entries as the indices' bufferView can hold (a byte each), so
    // a hostile sparse.count never allocates more than the file's own bytes before walkSparse
    // refuses it.
    const uint64_t entries = std::min<uint64_t>(desc.sparse.count, desc.sparse.indicesView.size);
    out.indices.reserve(size_t(entries));
    out.values.reserve(size_t(entries));
    Status s = walkSparse(desc, [&](uint64_t, uint64_t index, const uint8_t* p) -> Status {
        out.indices.push_back(uint32_t(index));
        glm::vec4& value = out.values.emplace_back(0.0f);
        return forEachComponent(desc, p, [&](uint32_t component, const uint8_t* q) -> Status {
            Status status;
            value[int(component)] = checkedFloat(desc, index, component, q, status);
            return status;
        });
    });
    if (!s) return s.error();
    return out;
}

Result<std::vector<uint32_t>> decodeUints(const AccessorDesc& desc) {
    if (Status s = checkDesc(desc); !s) return s.error();
    const int ct = desc.componentType;
    if ((ct != 5121 && ct != 5123 && ct != 5125) || desc.normalized) {
        return Error{ErrorCode::BadValue,
                     desc.label + " has componentType " + componentTypeName(ct) +
                         (desc.normalized ? " normalized" : "") +
                         ", needs UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT"};
    }
    std::vector<uint32_t> out(size_t(desc.count) * desc.components(), 0u);
    Status s = walk(desc, [&](uint64_t at, uint64_t, const uint8_t* p) -> Status {
        out[at] = readUint(p, ct);
        return {};
    });
    if (!s) return s.error();
    return out;
}

}  // namespace morph
