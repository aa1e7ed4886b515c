// The file's cameras (glTF 2.0 3.10 and the camera schemas, 5.12-5.14). Cameras are core glTF,
// so what the schema says MUST is an error naming the field; the one SHOULD (yfov below pi) is
// repaired so the camera still gives a projection.
#include <cmath>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

constexpr float kPi = 3.14159265358979f;

// A required number of `object` ("cameras[1].perspective.yfov is missing").
float required(const Json& object, const char* key, const std::string& where) {
    if (!object.contains(key))
        throw GltfFieldError(ErrorCode::Schema, where + "." + key + " is missing");
    return float(getNumber(object, key, 0.0, where));
}

// The camera's `perspective` object `p`, which `pw` names.
Status readPerspective(GltfDocument& doc, const Json& p, const std::string& pw, Camera& camera) {
    camera.yfov = required(p, "yfov", pw);
    camera.znear = required(p, "znear", pw);
    // 5.13: yfov and znear MUST be greater than zero; zfar, when given, greater than znear.
    if (!(camera.yfov > 0.0f))
        return doc.error(ErrorCode::BadValue,
                         pw + ".yfov " + std::to_string(camera.yfov) + " is not > 0");
    if (!(camera.znear > 0.0f))
        return doc.error(ErrorCode::BadValue,
                         pw + ".znear " + std::to_string(camera.znear) + " is not > 0");
    if (p.contains("zfar")) {
        camera.zfar = float(getNumber(p, "zfar", 0.0, pw));
        if (!(camera.zfar > camera.znear))
            return doc.error(ErrorCode::BadValue, pw + ".zfar " + std::to_string(camera.zfar) +
                                                      " is not greater than znear " +
                                                      std::to_string(camera.znear));
    }
    if (camera.yfov >= kPi) {
        // 5.13: yfov SHOULD be less than pi; at pi the projection divides by tan(pi / 2).
        const float repaired = 0.99f * kPi;
        doc.repair(pw + ".yfov " + std::to_string(camera.yfov) + " is not below pi; " +
                   std::to_string(repaired) + " used");
        camera.yfov = repaired;
    }
    if (p.contains("aspectRatio")) {
        const float aspect = float(getNumber(p, "aspectRatio", 0.0, pw));
        if (aspect > 0.0f) {
            camera.aspectRatio = aspect;
        } else {
            // Only informative here (the view's own aspect is used), so not worth refusing.
            doc.warn(pw + ".aspectRatio " + std::to_string(aspect) + " is not > 0; ignored");
        }
    }
    return {};
}

// The camera's `orthographic` object `o`, which `ow` names.
Status readOrthographic(GltfDocument& doc, const Json& o, const std::string& ow, Camera& camera) {
    camera.xmag = required(o, "xmag", ow);
    camera.ymag = required(o, "ymag", ow);
    camera.znear = required(o, "znear", ow);
    camera.zfar = required(o, "zfar", ow);
    // 5.14: xmag and ymag MUST NOT be zero, znear MUST NOT be negative, zfar MUST be greater
    // than znear.
    if (camera.xmag == 0.0f || camera.ymag == 0.0f)
        return doc.error(ErrorCode::BadValue, ow + ".xmag and .ymag must not be zero");
    if (camera.znear < 0.0f)
        return doc.error(ErrorCode::BadValue,
                         ow + ".znear " + std::to_string(camera.znear) + " is negative");
    if (!(camera.zfar > camera.znear))
        return doc.error(ErrorCode::BadValue, ow + ".zfar " + std::to_string(camera.zfar) +
                                                  " is not greater than znear " +
                                                  std::to_string(camera.znear));
    return {};
}

Status readCamera(GltfDocument& doc, const Json& json, size_t i, Camera& camera) {
    const std::string where = "cameras[" + std::to_string(i) + "]";
    camera.name = getString(json, "name", where);
    if (!json.contains("type")) return doc.error(ErrorCode::Schema, where + ".type is missing");
    const Result<CameraType> type = getEnum<CameraType>(
        json, "type", "",
        {{"perspective", CameraType::Perspective}, {"orthographic", CameraType::Orthographic}},
        where);
    if (!type) return doc.error(type.error().code, type.error().message);
    camera.type = *type;
    // The projection's own object, named as the type: "perspective" or "orthographic".
    const char* key = *type == CameraType::Perspective ? "perspective" : "orthographic";
    const Json* projection = getObject(json, key, where);
    if (!projection) return doc.error(ErrorCode::Schema, where + "." + key + " is missing");
    const std::string pw = where + "." + key;
    return *type == CameraType::Perspective ? readPerspective(doc, *projection, pw, camera)
                                            : readOrthographic(doc, *projection, pw, camera);
}

}  // namespace

Status readCameras(GltfDocument& doc, Scene& scene) {
    return readEach(doc, "cameras", scene.cameras, [&](const Json& json, size_t i, Camera& camera) {
        return readCamera(doc, json, i, camera);
    });
}

}  // namespace morph
