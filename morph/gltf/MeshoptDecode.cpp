#include "morph/gltf/MeshoptDecode.h"

#include <meshoptimizer.h>

#include "morph/gltf/GltfDocument.h"

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

Status decodeMeshoptViews(GltfDocument& doc) {
    const Json& views = doc.array("bufferViews");
    doc.decodedViews.assign(views.size(), {});
    for (size_t v = 0; v < views.size(); ++v) {
        const std::string where =
            "bufferViews[" + std::to_string(v) + "].extensions.EXT_meshopt_compression";
        const Json* ext =
            getObject(views[v], "extensions", "bufferViews[" + std::to_string(v) + "]");
        const Json* m = ext ? getObject(*ext, "EXT_meshopt_compression", where) : nullptr;
        if (!m) continue;
        MeshoptView mv;
        mv.count = size_t(getInt(*m, "count", 0, where));
        mv.byteStride = size_t(getInt(*m, "byteStride", 0, where));
        const std::string mode = getString(*m, "mode", where);
        if (mode == "ATTRIBUTES") mv.mode = MeshoptMode::Attributes;
        else if (mode == "TRIANGLES") mv.mode = MeshoptMode::Triangles;
        else if (mode == "INDICES") mv.mode = MeshoptMode::Indices;
        else
            return doc.error(ErrorCode::BadValue, where + ".mode \"" + mode +
                                                      "\" is not ATTRIBUTES, TRIANGLES or INDICES");
        const std::string filter = m->contains("filter") ? getString(*m, "filter", where) : "NONE";
        if (filter == "NONE") mv.filter = MeshoptFilter::None;
        else if (filter == "OCTAHEDRAL") mv.filter = MeshoptFilter::Octahedral;
        else if (filter == "QUATERNION") mv.filter = MeshoptFilter::Quaternion;
        else if (filter == "EXPONENTIAL") mv.filter = MeshoptFilter::Exponential;
        else
            return doc.error(ErrorCode::BadValue,
                             where + ".filter \"" + filter + "\" is not known");
        // Ranges were validated against the buffer's byteLength; the loaded bytes must agree.
        const size_t buffer = size_t(getInt(*m, "buffer", 0, where));
        const size_t offset = size_t(getInt(*m, "byteOffset", 0, where));
        const size_t length = size_t(getInt(*m, "byteLength", 0, where));
        if (buffer >= doc.bufferBytes.size() || offset + length > doc.bufferBytes[buffer].size) {
            return doc.error(ErrorCode::OutOfBounds, where + " range is past the end of buffers[" +
                                                         std::to_string(buffer) + "]");
        }
        auto decoded = decodeMeshopt(mv, doc.bufferBytes[buffer].data + offset, length);
        if (!decoded)
            return doc.error(decoded.error().code, where + ": " + decoded.error().message);
        // The view is byteLength long; decoded data fills its start (count * byteStride <=
        // byteLength).
        const size_t viewLength = size_t(getInt(views[v], "byteLength", 0, where));
        decoded->resize(std::max(decoded->size(), viewLength), 0);
        doc.decodedViews[v] = std::move(*decoded);
        doc.views[v] = ByteSpan{doc.decodedViews[v].data(), viewLength};
    }
    return {};
}

}  // namespace morph
