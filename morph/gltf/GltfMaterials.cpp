// Materials (glTF 2.0 3.9, KHR_texture_transform, KHR_materials_unlit,
// KHR_materials_emissive_strength), textures, samplers and images (decoded with stb).
#include <algorithm>

#include "morph/gltf/GltfDocument.h"
#include "morph/image/ImageDecode.h"

namespace morph {
namespace {

const Json* extension(const Json& object, const char* name, const std::string& where) {
    const Json* ext = getObject(object, "extensions", where);
    return ext ? getObject(*ext, name, where + ".extensions") : nullptr;
}

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
    if (const Json* t = extension(*info, "KHR_texture_transform", where)) {
        const std::string tw = where + ".extensions.KHR_texture_transform";
        ref.transform.present = true;
        getNumbers(*t, "offset", &ref.transform.offset.x, 2, tw);
        ref.transform.rotation = float(getNumber(*t, "rotation", 0.0, tw));
        getNumbers(*t, "scale", &ref.transform.scale.x, 2, tw);
        ref.transform.texCoord = int(getInt(*t, "texCoord", -1, tw));
    }
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
    if (const Json* e = extension(json, "KHR_materials_emissive_strength", where)) {
        m.emissiveFactor *= float(getNumber(*e, "emissiveStrength", 1.0,
                                            where + ".extensions.KHR_materials_emissive_strength"));
    }
    const std::string alphaMode =
        json.contains("alphaMode") ? getString(json, "alphaMode", where) : "OPAQUE";
    if (alphaMode == "OPAQUE") m.alphaMode = AlphaMode::Opaque;
    else if (alphaMode == "MASK") m.alphaMode = AlphaMode::Mask;
    else if (alphaMode == "BLEND") m.alphaMode = AlphaMode::Blend;
    else
        return doc.error(ErrorCode::BadValue,
                         where + ".alphaMode \"" + alphaMode + "\" is not OPAQUE, MASK or BLEND");
    m.alphaCutoff = float(getNumber(json, "alphaCutoff", 0.5, where));
    m.doubleSided = getBool(json, "doubleSided", false, where);
    m.unlit = extension(json, "KHR_materials_unlit", where) != nullptr;
    return {};
}

bool isKtx2(const Image& image, const std::string& uri) {
    return image.mimeType == "image/ktx2" ||
           (uri.size() >= 5 && uri.compare(uri.size() - 5, 5, ".ktx2") == 0);
}

// `budgetLeft`: what decoded images may still take. Every image shares the one budget, so many
// small files that each decode to a large picture cannot add up past it.
void readImage(GltfDocument& doc, const Json& json, size_t index, Image& image,
               uint64_t& budgetLeft) {
    const std::string where = "images[" + std::to_string(index) + "]";
    image.name = getString(json, "name", where);
    image.mimeType = getString(json, "mimeType", where);
    const std::string uri = getString(json, "uri", where);
    if (image.mimeType.empty() && uri.rfind("data:", 0) == 0)
        image.mimeType = uri.substr(5, uri.find_first_of(";,") - 5);
    if (isKtx2(image, uri)) {
        // KHR_texture_basisu: no transcoder here; materials fall back to their factors.
        doc.warn(
            where +
            " is KTX2 (KHR_texture_basisu), which is not decoded; its materials use their factors");
        return;
    }
    if (!doc.options.decodeImages) return;
    const std::vector<uint8_t>& bytes = doc.imageBytes[index];
    if (bytes.empty()) {
        if (!uri.empty() && uri.rfind("data:", 0) != 0) return;  // the loader already warned
        doc.warn(where + " has no data");
        return;
    }
    auto decoded = decodeImage(bytes.data(), bytes.size(), budgetLeft);
    if (!decoded) {
        doc.warn(where + ": " + decoded.error().message + "; its materials use their factors");
        return;
    }
    image.width = decoded->width;
    image.height = decoded->height;
    image.rgba = std::move(decoded->rgba);
    budgetLeft -= std::min<uint64_t>(budgetLeft, image.rgba.size());
}

}  // namespace

Status readMaterials(GltfDocument& doc, Scene& scene) {
    const Json& images = doc.array("images");
    scene.images.resize(images.size());
    uint64_t imageBudget = doc.options.maxMemoryBytes;
    for (size_t i = 0; i < images.size(); ++i)
        readImage(doc, images[i], i, scene.images[i], imageBudget);

    const Json& samplers = doc.array("samplers");
    scene.samplers.resize(samplers.size());
    for (size_t i = 0; i < samplers.size(); ++i) {
        const std::string where = "samplers[" + std::to_string(i) + "]";
        TextureSampler& s = scene.samplers[i];
        s.magFilter = int(getInt(samplers[i], "magFilter", 0, where));
        s.minFilter = int(getInt(samplers[i], "minFilter", 0, where));
        s.wrapS = int(getInt(samplers[i], "wrapS", 10497, where));
        s.wrapT = int(getInt(samplers[i], "wrapT", 10497, where));
    }

    const Json& textures = doc.array("textures");
    scene.textures.resize(textures.size());
    for (size_t i = 0; i < textures.size(); ++i) {
        const std::string where = "textures[" + std::to_string(i) + "]";
        Texture& t = scene.textures[i];
        t.sampler = int(getInt(textures[i], "sampler", -1, where));  // validated
        t.image = int(getInt(textures[i], "source", -1, where));
        // KHR_texture_basisu: `source` (when given) is the PNG/JPEG fallback; otherwise the KTX2
        // image, which stays undecoded (empty rgba), so the material renders with its factors.
        if (const Json* basisu = extension(textures[i], "KHR_texture_basisu", where);
            basisu && t.image < 0) {
            t.image = int(getInt(*basisu, "source", -1, where + ".extensions.KHR_texture_basisu"));
            if (t.image < -1 || t.image >= int(scene.images.size())) {
                return doc.error(ErrorCode::BadReference,
                                 where + ".extensions.KHR_texture_basisu.source is not an image");
            }
        }
    }

    const Json& materials = doc.array("materials");
    scene.materials.resize(materials.size());
    for (size_t i = 0; i < materials.size(); ++i) {
        if (Status s = readMaterial(doc, materials[i], "materials[" + std::to_string(i) + "]",
                                    scene.materials[i]);
            !s)
            return s;
    }
    return {};
}

}  // namespace morph
