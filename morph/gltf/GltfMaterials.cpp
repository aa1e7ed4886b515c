// Materials (glTF 2.0 3.9, KHR_texture_transform, KHR_materials_unlit); the other
// KHR_materials_* in GltfMaterialExtensions.cpp. Textures, samplers and images: GltfTextures.cpp.
#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

Status readTextureRef(GltfDocument& doc, const Json& parent, const char* key,
                      const std::string& owner, TextureRef& ref, const char* scaleKey = nullptr) {
    const Json* info = getObject(parent, key, owner);
    if (!info) return {};
    const std::string where = owner + "." + key;
    ref.texture = int(getInt(*info, "index", -1, where));
    if (ref.texture < 0 || size_t(ref.texture) >= doc.array("textures").size()) {
        return doc.error(ErrorCode::BadReference,
                         where + ".index = " + std::to_string(ref.texture) +
                             " is not in textures (" +
                             std::to_string(doc.array("textures").size()) + ")");
    }
    ref.texCoord = int(getInt(*info, "texCoord", 0, where));
    if (scaleKey) ref.scale = float(getNumber(*info, scaleKey, 1.0, where));
    readTextureTransform(*info, where, ref.transform);
    return {};
}

Status readMaterial(GltfDocument& doc, const Json& json, const std::string& where, Material& m) {
    m.name = getString(json, "name", where);
    if (const Json* pbr = getObject(json, "pbrMetallicRoughness", where)) {
        const std::string pw = where + ".pbrMetallicRoughness";
        getNumbers(*pbr, "baseColorFactor", &m.baseColorFactor.x, 4, pw);
        m.metallicFactor = float(getNumber(*pbr, "metallicFactor", 1.0, pw));
        m.roughnessFactor = float(getNumber(*pbr, "roughnessFactor", 1.0, pw));
        if (Status s = readTextureRef(doc, *pbr, "baseColorTexture", pw, m.baseColorTexture); !s)
            return s;
        if (Status s = readTextureRef(doc, *pbr, "metallicRoughnessTexture", pw,
                                      m.metallicRoughnessTexture);
            !s)
            return s;
    }
    if (Status s = readTextureRef(doc, json, "normalTexture", where, m.normalTexture, "scale"); !s)
        return s;
    if (Status s =
            readTextureRef(doc, json, "occlusionTexture", where, m.occlusionTexture, "strength");
        !s)
        return s;
    if (Status s = readTextureRef(doc, json, "emissiveTexture", where, m.emissiveTexture); !s)
        return s;
    getNumbers(json, "emissiveFactor", &m.emissiveFactor.x, 3, where);
    // KHR_materials_emissive_strength, _ior, _specular, _clearcoat: GltfMaterialExtensions.cpp.
    readMaterialExtensions(doc, json, where, m);
    const Result<AlphaMode> alphaMode = getEnum<AlphaMode>(
        json, "alphaMode", "OPAQUE",
        {{"OPAQUE", AlphaMode::Opaque}, {"MASK", AlphaMode::Mask}, {"BLEND", AlphaMode::Blend}},
        where);
    if (!alphaMode) return doc.error(alphaMode.error().code, alphaMode.error().message);
    m.alphaMode = *alphaMode;
    m.alphaCutoff = float(getNumber(json, "alphaCutoff", 0.5, where));
    m.doubleSided = getBool(json, "doubleSided", false, where);
    const Json* extensions = getObject(json, "extensions", where);
    m.unlit = extensions && getObject(*extensions, "KHR_materials_unlit", where + ".extensions");
    return {};
}

}  // namespace

Status readMaterials(GltfDocument& doc, Scene& scene) {
    return readEach(
        doc, "materials", scene.materials, [&](const Json& json, size_t i, Material& material) {
            return readMaterial(doc, json, "materials[" + std::to_string(i) + "]", material);
        });
}

}  // namespace morph
