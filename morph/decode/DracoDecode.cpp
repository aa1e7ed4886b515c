#include "morph/decode/DracoDecode.h"

#include <draco/compression/decode.h>
#include <draco/mesh/mesh.h>

namespace morph {

Result<DracoPrimitive> decodeDraco(const uint8_t* data, size_t size,
                                   const std::vector<DracoRequest>& requests) {
    draco::DecoderBuffer buffer;
    buffer.Init(reinterpret_cast<const char*>(data), size);
    draco::Decoder decoder;  // dequantizes attributes (the default), as the extension expects
    auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
    if (!decoded.ok())
        return Error{ErrorCode::Decode, std::string("Draco could not decode the mesh: ") +
                                            decoded.status().error_msg()};
    const std::unique_ptr<draco::Mesh> mesh = std::move(decoded).value();
    if (!mesh) return Error{ErrorCode::Decode, "Draco returned no mesh"};

    DracoPrimitive out;
    out.pointCount = mesh->num_points();
    out.indices.reserve(size_t(mesh->num_faces()) * 3);
    for (draco::FaceIndex f(0); f < mesh->num_faces(); ++f) {
        const draco::Mesh::Face& face = mesh->face(f);
        for (int k = 0; k < 3; ++k) out.indices.push_back(face[k].value());
    }
    for (const DracoRequest& request : requests) {
        const draco::PointAttribute* attribute =
            request.uniqueId >= 0 ? mesh->GetAttributeByUniqueId(uint32_t(request.uniqueId))
                                  : nullptr;
        if (!attribute) {
            return Error{ErrorCode::BadReference, "attribute " + request.name + " (id " +
                                                      std::to_string(request.uniqueId) +
                                                      ") is not in the Draco data"};
        }
        if (request.components < 1 || request.components > 16)
            return Error{ErrorCode::BadValue, "attribute " + request.name + " has a bad width"};
        DracoAttribute values;
        const draco::DataType type = attribute->data_type();
        values.rawIntegers =
            !attribute->normalized() && type != draco::DT_FLOAT32 && type != draco::DT_FLOAT64;
        values.values.resize(size_t(out.pointCount) * request.components);
        for (draco::PointIndex p(0); p < out.pointCount; ++p) {
            float* dst = values.values.data() + size_t(p.value()) * request.components;
            if (!attribute->ConvertValue<float>(attribute->mapped_index(p),
                                                int8_t(request.components), dst)) {
                return Error{ErrorCode::Decode, "attribute " + request.name +
                                                    " could not be read at point " +
                                                    std::to_string(p.value())};
            }
        }
        out.attributes.push_back(std::move(values));
    }
    return out;
}

}  // namespace morph
