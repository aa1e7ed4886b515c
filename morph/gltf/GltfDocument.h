#pragma once
// Internal to the importer: the parsed glTF JSON plus the bytes it loaded (buffers, images),
// and the small helpers the Gltf*.cpp readers share. Not part of the public API.
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/gltf/Accessor.h"
#include "morph/gltf/GltfImport.h"

namespace morph {

using Json = nlohmann::json;

// Thrown inside the importer only (a JSON field of the wrong type deep in a reader); importGltf
// turns it into an Error with the same code, so nothing escapes the boundary.
struct GltfFieldError : std::runtime_error {
    GltfFieldError(ErrorCode code, const std::string& problem)
        : std::runtime_error(problem), code(code) {}
    ErrorCode code;
};

struct GltfDocument {
    std::string name;  // prefixes every message
    Json json;
    ImportOptions options;
    std::vector<std::vector<uint8_t>>
        buffers;  // loaded bytes of buffers[i] (empty: the GLB BIN chunk)
    std::vector<ByteSpan>
        bufferBytes;  // bytes of buffers[i]: the loaded ones, or the BIN chunk in place
    std::vector<std::vector<uint8_t>> decodedViews;  // EXT_meshopt_compression output per view
    std::vector<ByteSpan> views;                     // bytes of bufferViews[i] (empty when absent)
    std::vector<std::vector<uint8_t>> imageBytes;    // encoded bytes of images[i] (uri / data: URI)
    // Why images[i] has no bytes, when the loader could not read them (a missing file, a URI
    // outside the folder): reported with the textures that use the image (GltfTextures.cpp).
    std::vector<std::string> imageReadErrors;
    std::vector<std::string> warnings;  // every warning line, in order
    ImportReport report;                // the same lines by kind (and the extensions used)

    Error error(ErrorCode code, const std::string& problem) const {
        return Error{code, name + ": " + problem};
    }
    // A warning of no particular kind.
    void warn(const std::string& problem) { report.warnings.push_back(line(problem)); }
    // Data changed so it can be used (weights normalized, names replaced by indices).
    void repair(const std::string& problem) { report.repairs.push_back(line(problem)); }
    // A texture (or image) that did not decode; `problem` is its whole line.
    void textureIssue(TextureIssue issue, const std::string& problem) {
        issue.message = line(problem);
        report.textures.push_back(std::move(issue));
    }

    const Json& array(const char* key) const;  // json[key], or an empty array

private:
    const std::string& line(const std::string& problem) {
        warnings.push_back(name + ": " + problem);
        return warnings.back();
    }
};

// Field access that names the field in its error ("meshes[2].primitives[0].mode is not an
// integer").
int64_t getInt(const Json& object, const char* key, int64_t fallback, const std::string& where);
double getNumber(const Json& object, const char* key, double fallback, const std::string& where);
bool getBool(const Json& object, const char* key, bool fallback, const std::string& where);
std::string getString(const Json& object, const char* key, const std::string& where);
// A fixed-size array of numbers (e.g. "translation" of 3); absent: `fallback` is left unchanged.
void getNumbers(const Json& object, const char* key, float* out, size_t size,
                const std::string& where);
const Json* getObject(const Json& object, const char* key, const std::string& where);
// owner.extensions[name] when it is an object; absent gives nullptr, and so does a wrong type,
// with a warning ("WHERE.extensions.NAME is not an object; ignored"): for the extensions whose
// bad data is repaired or ignored, never an error.
const Json* extensionObject(GltfDocument& doc, const Json& owner, const char* name,
                            const std::string& where);
// info.extensions.KHR_texture_transform, when given, into `out` (out.present set); a field of
// the wrong type throws GltfFieldError naming it. `where` names `info`.
void readTextureTransform(const Json& info, const std::string& where,
                          TextureTransform& out);  // nullptr if absent
const Json* getArray(const Json& object, const char* key,
                     const std::string& where);  // nullptr if absent

// A string field that names one of glTF's enums ("LINEAR", "OPAQUE", ...), as the value `names`
// pairs with it; absent, `fallback`. Any other text is an error with `names` listed:
// `WHERE.KEY "TEXT" is not A, B or C` (the document's name not yet in front).
template <typename E>
Result<E> getEnum(const Json& object, const char* key, const char* fallback,
                  std::initializer_list<std::pair<const char*, E>> names, const std::string& where);
// The error getEnum gives for `text`, its allowed `names` listed.
Error notOneOf(const char* key, const std::string& text, const std::vector<const char*>& names,
               const std::string& where);

template <typename E>
Result<E> getEnum(const Json& object, const char* key, const char* fallback,
                  std::initializer_list<std::pair<const char*, E>> names,
                  const std::string& where) {
    const std::string text = object.contains(key) ? getString(object, key, where) : fallback;
    std::vector<const char*> allowed;
    for (const auto& [name, value] : names) {
        if (text == name) return value;
        allowed.push_back(name);
    }
    return notOneOf(key, text, allowed, where);
}

// Plain description of accessors[index] over the document's views (for Accessor.h).
Result<AccessorDesc> describeAccessor(const GltfDocument& doc, int64_t index);
// Decoded floats of accessors[index]; `types` lists the allowed "VEC3"-style types ("" = any).
// `keepNonFinite`: NaN and infinities are read as they are (AccessorDesc::keepNonFinite).
Result<std::vector<float>> readAccessorFloats(const GltfDocument& doc, int64_t index,
                                              std::initializer_list<const char*> types,
                                              uint32_t* components = nullptr,
                                              bool keepNonFinite = false);
// The same for a sparse accessor without a bufferView: only its substituted entries (Accessor.h).
Result<SparseValues> readSparseAccessor(const GltfDocument& doc, int64_t index,
                                        std::initializer_list<const char*> types,
                                        bool keepNonFinite = false);
Result<std::vector<uint32_t>> readAccessorUints(const GltfDocument& doc, int64_t index,
                                                std::initializer_list<const char*> types);
uint64_t accessorCount(const GltfDocument& doc, int64_t index);

// Every element of the top-level array `key` into `out`, resized to match, by
// read(element's JSON, its index, the output element); the first error stops it.
template <typename T, typename Read>
Status readEach(const GltfDocument& doc, const char* key, std::vector<T>& out, Read read) {
    const Json& items = doc.array(key);
    out.resize(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        if (Status s = read(items[i], i, out[i]); !s) return s;
    }
    return {};
}

// Extensions (GltfExtensions.cpp): whether the importer implements `name`, and the file's
// extensionsUsed and extensionsRequired as doc.report.extensions.
bool isSupportedExtension(const std::string& name);
void readExtensionUses(GltfDocument& doc);

// Pre-validation (GltfValidate.cpp): everything the loader and readers trust, before they run.
struct ValidationFacts {
    std::vector<bool> fallbackBuffers;  // EXT_meshopt_compression fallback (no data of its own)
};
Status validateDocument(const GltfDocument& doc, bool isGlb, size_t binSize,
                        ValidationFacts& facts);

// The readers, in import order.
Status decodeMeshoptViews(GltfDocument& doc);        // GltfMeshopt.cpp
Status readMeshes(GltfDocument& doc, Scene& scene);  // GltfMeshes.cpp
// primitive.targets[i] as `out` (GltfTargets.cpp; `where` names it in messages). `place` says
// which mesh, primitive and target it is, for ImportReport::nonFiniteTargets.
Status readTarget(GltfDocument& doc, const Json& target, const std::string& where,
                  uint64_t vertexCount, MorphTarget& out, const NonFiniteTarget& place);
Status readCameras(GltfDocument& doc, Scene& scene);  // GltfCameras.cpp (before the nodes)
Status readLights(GltfDocument& doc, Scene& scene);   // GltfLights.cpp (before the nodes)
// nodes[i].extensions.KHR_lights_punctual.light (GltfLights.cpp; readNodes calls it).
Status readNodeLights(GltfDocument& doc, Scene& scene);
Status readNodes(GltfDocument& doc, Scene& scene);      // GltfNodes.cpp (nodes, scenes, skins)
Status readTextures(GltfDocument& doc, Scene& scene);   // GltfTextures.cpp (+ images, samplers)
Status readMaterials(GltfDocument& doc, Scene& scene);  // GltfMaterials.cpp
// KHR_materials_variants (GltfVariants.cpp; after the meshes and materials): warnings only.
void readMaterialVariants(GltfDocument& doc, Scene& scene);
// A material's KHR_materials_emissive_strength, _ior, _specular, _clearcoat and _sheen: repairs and
// warnings, never an error (GltfMaterialExtensions.cpp; readMaterials calls it).
void readMaterialExtensions(GltfDocument& doc, const Json& material, const std::string& where,
                            Material& m);
Status readAnimations(GltfDocument& doc, Scene& scene);  // GltfAnimations.cpp
Status checkSkins(GltfDocument& doc, Scene& scene);      // GltfSkins.cpp (after meshes and nodes)

}  // namespace morph
