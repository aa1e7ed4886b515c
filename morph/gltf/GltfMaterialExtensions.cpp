// The KHR_materials_* extensions beyond the core material (GltfMaterials.cpp):
// KHR_materials_emissive_strength, KHR_materials_ior, KHR_materials_specular,
// KHR_materials_clearcoat, KHR_materials_sheen, KHR_materials_iridescence,
// KHR_materials_transmission and KHR_materials_volume. Unlike the core material, nothing here
// refuses a file: a value of the wrong type or out of the extension's range is replaced (the
// default, or clamped into range) with a repair line, and a texture that does not exist is ignored
// with a warning, so a model with a slightly wrong extension still opens with the rest of its
// material.
#include <cmath>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

// A number of the extension in [lo, hi]: not a finite number gives `fallback` with a repair;
// outside the range it is clamped with a repair.
float repairedValue(GltfDocument& doc, const Json& value, float fallback, float lo, float hi,
                    const std::string& field) {
    const double v = value.is_number() ? value.get<double>() : std::nan("");
    if (!std::isfinite(v)) {
        doc.repair(field + " is not a finite number; " + std::to_string(fallback) + " used");
        return fallback;
    }
    if (v < lo || v > hi) {
        const float clamped = v < lo ? lo : hi;
        doc.repair(field + " = " + std::to_string(v) + " is outside [" + std::to_string(lo) + ", " +
                   std::to_string(hi) + "]; clamped to " + std::to_string(clamped));
        return clamped;
    }
    return float(v);
}

// object[key] as repairedValue reads it; absent: `fallback`.
float readFactor(GltfDocument& doc, const Json& object, const char* key, float fallback, float lo,
                 float hi, const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) return fallback;
    return repairedValue(doc, *it, fallback, lo, hi, where + "." + key);
}

void readColorFactor(GltfDocument& doc, const Json& object, const char* key, glm::vec3& color,
                     const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) return;
    const std::string field = where + "." + key;
    if (!it->is_array() || it->size() != 3) {
        doc.repair(field + " is not an array of 3 numbers; the default used");
        return;
    }
    // Colours are >= 0; the specular colour may exceed 1 (the extension allows it).
    for (int i = 0; i < 3; ++i) {
        color[i] = repairedValue(doc, (*it)[size_t(i)], color[i], 0.0f, 1e30f,
                                 field + "[" + std::to_string(i) + "]");
    }
}

// A textureInfo of an extension: a missing texture is a warning and no texture.
void readExtensionTexture(GltfDocument& doc, const Json& parent, const char* key,
                          const std::string& owner, TextureRef& ref,
                          const char* scaleKey = nullptr) {
    const auto it = parent.find(key);
    if (it == parent.end()) return;
    const std::string where = owner + "." + key;
    const size_t count = doc.array("textures").size();
    const auto index = it->is_object() ? it->find("index") : it->end();
    if (index == it->end() || !index->is_number_integer() || index->get<int64_t>() < 0 ||
        uint64_t(index->get<int64_t>()) >= count) {
        doc.warn(where + ".index is not one of textures (" + std::to_string(count) +
                 "); the texture is ignored");
        return;
    }
    TextureRef out;
    out.texture = int(index->get<int64_t>());
    out.texCoord = int(readFactor(doc, *it, "texCoord", 0.0f, 0.0f, 1e6f, where));
    if (scaleKey) out.scale = readFactor(doc, *it, scaleKey, 1.0f, -1e30f, 1e30f, where);
    try {
        readTextureTransform(*it, where, out.transform);
    } catch (const GltfFieldError& e) {
        doc.warn(std::string(e.what()) + "; the transform is ignored");
    }
    ref = out;
}

// The extensions' usual pair, read in this order: a factor in [0, hi] (absent: `fallback`) and
// the texture it multiplies.
float readFactorAndTexture(GltfDocument& doc, const Json& e, const char* factorKey,
                           const char* textureKey, float fallback, float hi,
                           const std::string& where, TextureRef& texture) {
    const float factor = readFactor(doc, e, factorKey, fallback, 0.0f, hi, where);
    readExtensionTexture(doc, e, textureKey, where, texture);
    return factor;
}

// A colour the extension bounds by 1 (readColorFactor keeps colours >= 0 only): each component
// above 1 is clamped with a repair.
void clampColorToOne(GltfDocument& doc, glm::vec3& color, const std::string& field) {
    for (int i = 0; i < 3; ++i) {
        if (color[i] > 1.0f) {
            doc.repair(field + "[" + std::to_string(i) + "] = " + std::to_string(color[i]) +
                       " is above 1; clamped to 1");
            color[i] = 1.0f;
        }
    }
}

void readSpecular(GltfDocument& doc, const Json& e, const std::string& where, MaterialSpecular& s) {
    s.present = true;
    s.factor = readFactorAndTexture(doc, e, "specularFactor", "specularTexture", 1.0f, 1.0f, where,
                                    s.texture);
    readColorFactor(doc, e, "specularColorFactor", s.colorFactor, where);
    readExtensionTexture(doc, e, "specularColorTexture", where, s.colorTexture);
}

void readClearcoat(GltfDocument& doc, const Json& e, const std::string& where,
                   MaterialClearcoat& c) {
    c.present = true;
    c.factor = readFactorAndTexture(doc, e, "clearcoatFactor", "clearcoatTexture", 0.0f, 1.0f,
                                    where, c.texture);
    c.roughnessFactor =
        readFactorAndTexture(doc, e, "clearcoatRoughnessFactor", "clearcoatRoughnessTexture", 0.0f,
                             1.0f, where, c.roughnessTexture);
    readExtensionTexture(doc, e, "clearcoatNormalTexture", where, c.normalTexture, "scale");
}

void readSheen(GltfDocument& doc, const Json& e, const std::string& where, MaterialSheen& s) {
    s.present = true;
    readColorFactor(doc, e, "sheenColorFactor", s.colorFactor, where);
    clampColorToOne(doc, s.colorFactor, where + ".sheenColorFactor");
    readExtensionTexture(doc, e, "sheenColorTexture", where, s.colorTexture);
    s.roughnessFactor =
        readFactorAndTexture(doc, e, "sheenRoughnessFactor", "sheenRoughnessTexture", 0.0f, 1.0f,
                             where, s.roughnessTexture);
}

void readIridescence(GltfDocument& doc, const Json& e, const std::string& where,
                     MaterialIridescence& i) {
    i.present = true;
    i.factor = readFactorAndTexture(doc, e, "iridescenceFactor", "iridescenceTexture", 0.0f, 1.0f,
                                    where, i.texture);
    // The schema: the film's index is at least 1 and the thicknesses are not negative; the
    // minimum MAY exceed the maximum (the extension says so), so their order is kept.
    i.ior = readFactor(doc, e, "iridescenceIor", 1.3f, 1.0f, 1e30f, where);
    i.thicknessMinimum =
        readFactor(doc, e, "iridescenceThicknessMinimum", 100.0f, 0.0f, 1e30f, where);
    i.thicknessMaximum =
        readFactor(doc, e, "iridescenceThicknessMaximum", 400.0f, 0.0f, 1e30f, where);
    readExtensionTexture(doc, e, "iridescenceThicknessTexture", where, i.thicknessTexture);
}

void readTransmission(GltfDocument& doc, const Json& e, const std::string& where,
                      MaterialTransmission& t) {
    t.present = true;
    t.factor = readFactorAndTexture(doc, e, "transmissionFactor", "transmissionTexture", 0.0f, 1.0f,
                                    where, t.texture);
}

void readVolume(GltfDocument& doc, const Json& e, const std::string& where, MaterialVolume& v) {
    v.present = true;
    v.thicknessFactor = readFactorAndTexture(doc, e, "thicknessFactor", "thicknessTexture", 0.0f,
                                             1e30f, where, v.thicknessTexture);
    // The extension: a distance above 0; absent (JSON has no infinity) means no attenuation.
    const auto distance = e.find("attenuationDistance");
    if (distance != e.end()) {
        const double d = distance->is_number() ? distance->get<double>() : std::nan("");
        if (std::isfinite(d) && d > 0.0 && d <= 1e30) {
            v.attenuationDistance = float(d);
        } else {
            doc.repair(where + ".attenuationDistance is not a number above 0; no attenuation");
        }
    }
    readColorFactor(doc, e, "attenuationColor", v.attenuationColor, where);
    clampColorToOne(doc, v.attenuationColor, where + ".attenuationColor");
}

}  // namespace

void readMaterialExtensions(GltfDocument& doc, const Json& json, const std::string& where,
                            Material& m) {
    const auto exts = json.find("extensions");
    if (exts != json.end() && exts->is_object()) {
        for (auto it = exts->begin(); it != exts->end(); ++it) m.extensions.push_back(it.key());
    }
    const std::string ew = where + ".extensions.";
    if (const Json* e = extensionObject(doc, json, "KHR_materials_emissive_strength", where)) {
        // Unbounded above (that is the extension's point), never negative.
        m.emissiveStrength = readFactor(doc, *e, "emissiveStrength", 1.0f, 0.0f, 1e30f,
                                        ew + "KHR_materials_emissive_strength");
        m.emissiveFactor *= m.emissiveStrength;
    }
    if (const Json* e = extensionObject(doc, json, "KHR_materials_ior", where)) {
        // The extension: ior >= 1, or exactly 0 (a no-reflection limit). Between 0 and 1 is
        // repaired to 1, the nearest valid index.
        const std::string iw = ew + "KHR_materials_ior";
        float ior = readFactor(doc, *e, "ior", 1.5f, 0.0f, 1e30f, iw);
        if (ior > 0.0f && ior < 1.0f) {
            doc.repair(iw + ".ior = " + std::to_string(ior) + " is in (0, 1); 1 used");
            ior = 1.0f;
        }
        m.ior = ior;
    }
    if (const Json* e = extensionObject(doc, json, "KHR_materials_specular", where)) {
        readSpecular(doc, *e, ew + "KHR_materials_specular", m.specular);
    }
    if (const Json* e = extensionObject(doc, json, "KHR_materials_clearcoat", where)) {
        readClearcoat(doc, *e, ew + "KHR_materials_clearcoat", m.clearcoat);
    }
    if (const Json* e = extensionObject(doc, json, "KHR_materials_sheen", where)) {
        readSheen(doc, *e, ew + "KHR_materials_sheen", m.sheen);
    }
    if (const Json* e = extensionObject(doc, json, "KHR_materials_iridescence", where)) {
        readIridescence(doc, *e, ew + "KHR_materials_iridescence", m.iridescence);
    }
    if (const Json* e = extensionObject(doc, json, "KHR_materials_transmission", where)) {
        readTransmission(doc, *e, ew + "KHR_materials_transmission", m.transmission);
    }
    if (const Json* e = extensionObject(doc, json, "KHR_materials_volume", where)) {
        readVolume(doc, *e, ew + "KHR_materials_volume", m.volume);
    }
}

}  // namespace morph
