// The extensions the importer implements, and what a file says it uses (glTF 2.0 3.12):
// extensionsUsed and extensionsRequired as the import report's list.
#include <algorithm>
#include <array>

#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

// Each is read where its object is (the file named beside it). KHR_texture_basisu: its KTX2
// images are not transcoded; textures use the PNG/JPEG `source` or their materials' factors.
constexpr std::array<const char*, 19> kSupportedExtensions = {
    "KHR_mesh_quantization",            // Accessor.cpp (normalized and integer attributes)
    "EXT_meshopt_compression",          // GltfMeshopt.cpp, morph/decode/MeshoptDecode.cpp
    "KHR_draco_mesh_compression",       // GltfMeshes.cpp, morph/decode/DracoDecode.cpp
    "KHR_texture_transform",            // GltfMaterials.cpp
    "KHR_materials_unlit",              // GltfMaterials.cpp
    "KHR_texture_basisu",               // GltfTextures.cpp
    "KHR_materials_emissive_strength",  // GltfMaterialExtensions.cpp
    "KHR_materials_ior",                // GltfMaterialExtensions.cpp
    "KHR_materials_specular",           // GltfMaterialExtensions.cpp
    "KHR_materials_clearcoat",          // GltfMaterialExtensions.cpp
    "KHR_materials_sheen",              // GltfMaterialExtensions.cpp
    "EXT_texture_webp",                 // GltfTextures.cpp, morph/decode/ImageDecode.cpp
    "KHR_lights_punctual",              // GltfLights.cpp
    "KHR_materials_variants",           // GltfVariants.cpp, morph/MaterialVariants.cpp
    "KHR_materials_iridescence",        // GltfMaterialExtensions.cpp
    "KHR_materials_transmission",       // GltfMaterialExtensions.cpp
    "KHR_materials_volume",             // GltfMaterialExtensions.cpp
    // VRM 0.x and 1.0: their expressions are read (VrmExpressions.cpp); the rest (humanoid,
    // first person, look-at, spring bones) only moves a rig at run time, so a file that
    // requires them is drawn correctly without it.
    "VRM",       // VrmExpressions.cpp
    "VRMC_vrm",  // VrmExpressions.cpp
};

void addUse(std::vector<ExtensionUse>& uses, const std::string& name, bool required) {
    auto it = std::find_if(uses.begin(), uses.end(),
                           [&name](const ExtensionUse& u) { return u.name == name; });
    if (it == uses.end()) {
        uses.push_back({name, required, isSupportedExtension(name)});
    } else {
        it->required = it->required || required;
    }
}

}  // namespace

bool isSupportedExtension(const std::string& name) {
    return std::any_of(kSupportedExtensions.begin(), kSupportedExtensions.end(),
                       [&name](const char* s) { return name == s; });
}

void readExtensionUses(GltfDocument& doc) {
    std::vector<ExtensionUse>& uses = doc.report.extensions;
    uses.clear();
    // extensionsUsed only informs (nothing is read differently for it), so a malformed list is
    // a warning rather than a refused file; extensionsRequired was validated (GltfValidate.cpp).
    const auto used = doc.json.find("extensionsUsed");
    if (used != doc.json.end() && !used->is_array()) {
        doc.warn("extensionsUsed is not an array; ignored");
    } else if (used != doc.json.end()) {
        for (size_t i = 0; i < used->size(); ++i) {
            if ((*used)[i].is_string()) {
                addUse(uses, (*used)[i].get<std::string>(), false);
            } else {
                doc.warn("extensionsUsed[" + std::to_string(i) + "] is not a string; ignored");
            }
        }
    }
    for (const Json& name : doc.array("extensionsRequired")) {
        if (name.is_string()) addUse(uses, name.get<std::string>(), true);
    }
}

}  // namespace morph
