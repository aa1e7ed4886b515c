// KHR_materials_variants: the root's list of variants and each primitive's mappings from
// variants to materials. Bad data is repaired or ignored with a warning naming the field, never
// a refused file: a variant is only a choice of materials, and the file draws without it.
#include <set>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

constexpr const char* kVariantsExtension = "KHR_materials_variants";

void readVariantNames(GltfDocument& doc, Scene& scene) {
    const std::string where = std::string("extensions.") + kVariantsExtension;
    const Json* ext = extensionObject(doc, doc.json, kVariantsExtension, "glTF");
    if (!ext) return;
    const auto list = ext->find("variants");
    if (list == ext->end() || !list->is_array()) {
        doc.warn(where + ".variants is missing or not an array; the file has no variants");
        return;
    }
    std::set<std::string> taken;
    for (size_t i = 0; i < list->size(); ++i) {
        const Json& entry = (*list)[i];
        const std::string at = where + ".variants[" + std::to_string(i) + "]";
        MaterialVariant variant;
        if (!entry.is_object()) {
            doc.warn(at + " is not an object; kept as a nameless variant");
        } else if (const auto name = entry.find("name"); name != entry.end() && name->is_string()) {
            variant.name = name->get<std::string>();
        }
        // The extension requires a name; menus and --variant need one that is unique.
        const std::string fallback = "Variant " + std::to_string(i);
        if (variant.name.empty()) {
            variant.displayName = fallback;
            doc.repair(at + " has no name; shown as \"" + fallback + "\"");
        } else if (taken.count(variant.name)) {
            variant.displayName = variant.name + " (" + fallback + ")";
            doc.repair(at + ".name \"" + variant.name +
                       "\" repeats an earlier variant's; shown as \"" + variant.displayName + "\"");
        } else {
            variant.displayName = variant.name;
        }
        while (taken.count(variant.displayName)) variant.displayName += "'";
        taken.insert(variant.displayName);
        scene.variants.push_back(std::move(variant));
    }
}

// One entry of a mapping's "variants" array as a valid variant index, or -1 with a warning.
int variantIndex(GltfDocument& doc, const Json& value, const Scene& scene, const std::string& at) {
    if (!value.is_number_integer()) {
        doc.warn(at + " is not a variant index; ignored");
        return -1;
    }
    const int64_t index = value.get<int64_t>();
    if (index < 0 || uint64_t(index) >= scene.variants.size()) {
        doc.warn(at + " = " + std::to_string(index) + " is not in " + kVariantsExtension +
                 ".variants (" + std::to_string(scene.variants.size()) + "); ignored");
        return -1;
    }
    return int(index);
}

void readMappings(GltfDocument& doc, Scene& scene, const Json& ext, const std::string& where,
                  Primitive& primitive) {
    const auto mappings = ext.find("mappings");
    if (mappings == ext.end() || !mappings->is_array()) {
        doc.warn(where + ".mappings is missing or not an array; ignored");
        return;
    }
    if (scene.variants.empty()) {
        doc.warn(where + ".mappings: the file declares no variants; ignored");
        return;
    }
    std::vector<int> materials(scene.variants.size(), -1);
    std::vector<size_t> mappedBy(scene.variants.size(), 0);
    bool any = false;
    for (size_t m = 0; m < mappings->size(); ++m) {
        const Json& mapping = (*mappings)[m];
        const std::string at = where + ".mappings[" + std::to_string(m) + "]";
        if (!mapping.is_object()) {
            doc.warn(at + " is not an object; ignored");
            continue;
        }
        const auto material = mapping.find("material");
        if (material == mapping.end() || !material->is_number_integer() ||
            material->get<int64_t>() < 0 ||
            uint64_t(material->get<int64_t>()) >= scene.materials.size()) {
            doc.warn(at + ".material " +
                     (material == mapping.end()
                          ? std::string("is missing")
                          : "= " + material->dump() + " is not in materials (" +
                                std::to_string(scene.materials.size()) + ")") +
                     "; mapping ignored");
            continue;
        }
        const auto variants = mapping.find("variants");
        if (variants == mapping.end() || !variants->is_array()) {
            doc.warn(at + ".variants is missing or not an array; mapping ignored");
            continue;
        }
        for (size_t v = 0; v < variants->size(); ++v) {
            const std::string vat = at + ".variants[" + std::to_string(v) + "]";
            const int variant = variantIndex(doc, (*variants)[v], scene, vat);
            if (variant < 0) continue;
            if (materials[size_t(variant)] >= 0) {
                // The extension: a variant is in at most one mapping of a primitive.
                doc.warn(vat + ": variant " + std::to_string(variant) + " (\"" +
                         scene.variants[size_t(variant)].displayName +
                         "\") is already mapped by mappings[" +
                         std::to_string(mappedBy[size_t(variant)]) +
                         "]; the first mapping is kept");
                continue;
            }
            materials[size_t(variant)] = int(material->get<int64_t>());
            mappedBy[size_t(variant)] = m;
            any = true;
        }
    }
    if (any) primitive.variantMaterials = std::move(materials);
}

}  // namespace

void readMaterialVariants(GltfDocument& doc, Scene& scene) {
    readVariantNames(doc, scene);
    const Json& meshes = doc.array("meshes");
    for (size_t i = 0; i < meshes.size() && i < scene.meshes.size(); ++i) {
        if (!meshes[i].is_object()) continue;
        const auto prims = meshes[i].find("primitives");
        if (prims == meshes[i].end() || !prims->is_array()) continue;
        std::vector<Primitive>& primitives = scene.meshes[i].primitives;
        for (size_t p = 0; p < prims->size() && p < primitives.size(); ++p) {
            const std::string where =
                "meshes[" + std::to_string(i) + "].primitives[" + std::to_string(p) + "]";
            if (const Json* ext = extensionObject(doc, (*prims)[p], kVariantsExtension, where)) {
                readMappings(doc, scene, *ext, where + ".extensions." + kVariantsExtension,
                             primitives[p]);
            }
        }
    }
}

}  // namespace morph
