#include "morph/decode/MeshoptDecode.h"

#include <meshoptimizer.h>

namespace morph {

Result<std::vector<uint8_t>> decodeMeshopt(const MeshoptView& view, const uint8_t* data,
                                           size_t size) {
    const size_t stride = view.byteStride;
    std::vector<uint8_t> out(view.count * stride);
    int rc = -1;
    switch (view.mode) {
        case MeshoptMode::Attributes:
            // EXT_meshopt_compression: vertex streams need a stride that is a multiple of 4, at
            // most 256.
            if (stride == 0 || stride % 4 != 0 || stride > 256)
                return Error{ErrorCode::BadValue,
                             "ATTRIBUTES byteStride must be 4..256, a multiple of 4"};
            rc = meshopt_decodeVertexBuffer(out.data(), view.count, stride, data, size);
            break;
        case MeshoptMode::Triangles:
            if (stride != 2 && stride != 4)
                return Error{ErrorCode::BadValue, "TRIANGLES byteStride must be 2 or 4"};
            if (view.count % 3 != 0)
                return Error{ErrorCode::BadValue, "TRIANGLES count is not a multiple of 3"};
            rc = meshopt_decodeIndexBuffer(out.data(), view.count, stride, data, size);
            break;
        case MeshoptMode::Indices:
            if (stride != 2 && stride != 4)
                return Error{ErrorCode::BadValue, "INDICES byteStride must be 2 or 4"};
            rc = meshopt_decodeIndexSequence(out.data(), view.count, stride, data, size);
            break;
    }
    if (rc != 0)
        return Error{ErrorCode::Decode,
                     "meshoptimizer could not decode the data (code " + std::to_string(rc) + ")"};
    if (view.filter != MeshoptFilter::None && view.mode != MeshoptMode::Attributes) {
        return Error{ErrorCode::Inconsistent, "filters apply to ATTRIBUTES only"};
    }
    switch (view.filter) {
        case MeshoptFilter::None: break;
        case MeshoptFilter::Octahedral:
            if (stride != 4 && stride != 8)
                return Error{ErrorCode::BadValue, "OCTAHEDRAL filter needs byteStride 4 or 8"};
            meshopt_decodeFilterOct(out.data(), view.count, stride);
            break;
        case MeshoptFilter::Quaternion:
            if (stride != 8)
                return Error{ErrorCode::BadValue, "QUATERNION filter needs byteStride 8"};
            meshopt_decodeFilterQuat(out.data(), view.count, stride);
            break;
        case MeshoptFilter::Exponential:
            if (stride % 4 != 0)
                return Error{ErrorCode::BadValue,
                             "EXPONENTIAL filter needs a byteStride multiple of 4"};
            meshopt_decodeFilterExp(out.data(), view.count, stride);
            break;
    }
    return out;
}

}  // namespace morph
