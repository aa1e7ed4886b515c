// EXT_meshopt_compression's buffer views (glTF JSON to MeshoptView), each decoded by
// morph/decode/MeshoptDecode into the document's decodedViews, which then stand in for the
// compressed views.
#include <algorithm>

#include "morph/decode/MeshoptDecode.h"
#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

// The extension's mode, filter, count and byteStride; an unknown mode or filter is an error.
Result<MeshoptView> readMeshoptView(const Json& m, const std::string& where) {
    MeshoptView mv;
    mv.count = size_t(getInt(m, "count", 0, where));
    mv.byteStride = size_t(getInt(m, "byteStride", 0, where));
    const Result<MeshoptMode> mode = getEnum<MeshoptMode>(m, "mode", "",
                                                          {{"ATTRIBUTES", MeshoptMode::Attributes},
                                                           {"TRIANGLES", MeshoptMode::Triangles},
                                                           {"INDICES", MeshoptMode::Indices}},
                                                          where);
    if (!mode) return mode.error();
    mv.mode = *mode;
    const std::string filter = m.contains("filter") ? getString(m, "filter", where) : "NONE";
    if (filter == "NONE") mv.filter = MeshoptFilter::None;
    else if (filter == "OCTAHEDRAL") mv.filter = MeshoptFilter::Octahedral;
    else if (filter == "QUATERNION") mv.filter = MeshoptFilter::Quaternion;
    else if (filter == "EXPONENTIAL") mv.filter = MeshoptFilter::Exponential;
    else return Error{ErrorCode::BadValue, where + ".filter \"" + filter + "\" is not known"};
    return mv;
}

}  // namespace

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
        Result<MeshoptView> mv = readMeshoptView(*m, where);
        if (!mv) return doc.error(mv.error().code, mv.error().message);
        // Ranges were validated against the buffer's byteLength; the loaded bytes must agree.
        const size_t buffer = size_t(getInt(*m, "buffer", 0, where));
        const size_t offset = size_t(getInt(*m, "byteOffset", 0, where));
        const size_t length = size_t(getInt(*m, "byteLength", 0, where));
        if (buffer >= doc.bufferBytes.size() || offset + length > doc.bufferBytes[buffer].size) {
            return doc.error(ErrorCode::OutOfBounds, where + " range is past the end of buffers[" +
                                                         std::to_string(buffer) + "]");
        }
        auto decoded = decodeMeshopt(*mv, doc.bufferBytes[buffer].data + offset, length);
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
