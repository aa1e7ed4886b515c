// KHR_materials_variants on the imported scene: which material a primitive draws in a variant,
// and the variant a command line or shot file names. The import is morph/gltf/GltfVariants.cpp.
#include <cstdlib>

#include "morph/Scene.h"

namespace morph {

int materialFor(const Primitive& primitive, int variant) {
    if (variant < 0 || size_t(variant) >= primitive.variantMaterials.size()) {
        return primitive.material;
    }
    const int mapped = primitive.variantMaterials[size_t(variant)];
    return mapped >= 0 ? mapped : primitive.material;
}

Result<int> findVariant(const Scene& scene, const std::string& text) {
    const std::vector<MaterialVariant>& variants = scene.variants;
    for (size_t i = 0; i < variants.size(); ++i) {
        if (variants[i].displayName == text) return int(i);
    }
    for (size_t i = 0; i < variants.size(); ++i) {
        if (!text.empty() && variants[i].name == text) return int(i);
    }
    if (text.empty() || text == "default") return -1;
    if (text.find_first_not_of("0123456789") == std::string::npos && text.size() < 10) {
        const long index = std::strtol(text.c_str(), nullptr, 10);
        if (size_t(index) < variants.size()) return int(index);
    }
    std::string list;
    for (size_t i = 0; i < variants.size(); ++i) {
        list += (i ? ", \"" : "\"") + variants[i].displayName + "\"";
    }
    return Error{ErrorCode::Usage,
                 "--variant " + text + ": " + scene.path +
                     (variants.empty()
                          ? std::string(" has no material variants")
                          : " has no such variant; its variants: " + list + " (or an index 0 to " +
                                std::to_string(variants.size() - 1) + ")")};
}

}  // namespace morph
