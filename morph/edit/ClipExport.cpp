#include "morph/edit/ClipExport.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <optional>

#include "morph/glb/Glb.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/Uri.h"
#include "morph/io/Files.h"
#include "morph/rig/RigLogic.h"

namespace morph {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Every merged buffer starts 16-byte aligned, so each accessor's offset keeps the alignment its
// component size needs (glTF 2.0 3.6.2.4) whatever buffer it came from.
constexpr size_t kMergeAlignment = 16;

struct UriBytes {
    std::vector<uint8_t> bytes;
    std::string mimeType;  // from a data: URI, else empty
};

// A buffer or image URI: "data:<mime>;base64,<payload>" or a path relative to the file's folder.
Result<UriBytes> loadUri(const std::string& uri, const fs::path& folder,
                         std::vector<std::string>& files) {
    if (uri.rfind("data:", 0) == 0) {
        const size_t comma = uri.find(',');
        Result<std::vector<uint8_t>> bytes = dataUriBytes(uri);
        if (!bytes) return bytes.error();
        size_t semicolon = uri.find(';');
        return UriBytes{std::move(*bytes), uri.substr(5, std::min(semicolon, comma) - 5)};
    }
    if (uri.find("://") != std::string::npos)
        return Error{ErrorCode::UriDenied, "URI '" + uri + "' is not a local file"};
    // The importer's default rule (ImportOptions::allowAnyUri): files stay inside the model's
    // folder, so an export cannot be made to copy an unrelated file into the GLB.
    const fs::path relative = fs::path(percentDecode(uri)).lexically_normal();
    if (relative.is_absolute() || relative.empty() || *relative.begin() == "..") {
        return Error{ErrorCode::UriDenied, "URI '" + uri + "' leaves the model's folder"};
    }
    fs::path file = folder / relative;
    files.push_back(file.string());
    Result<std::vector<uint8_t>> bytes = readFileBytes(file.string());
    if (!bytes) return Error{ErrorCode::Io, "cannot read '" + uri + "'"};
    return UriBytes{std::move(*bytes), ""};
}

// glTF 2.0 5.18 allows image/png and image/jpeg; KHR_texture_basisu and EXT_texture_webp add
// image/ktx2 and image/webp. A bufferView image must say which.
std::string sniffImageType(const std::vector<uint8_t>& b) {
    auto starts = [&](const char* magic, size_t n, size_t at = 0) {
        return b.size() >= at + n && std::memcmp(b.data() + at, magic, n) == 0;
    };
    if (starts("\x89PNG", 4)) return "image/png";
    if (starts("\xFF\xD8\xFF", 3)) return "image/jpeg";
    if (starts("RIFF", 4) && starts("WEBP", 4, 8)) return "image/webp";
    if (starts("\xABKTX 20\xBB", 8)) return "image/ktx2";
    return "";
}

size_t appendAligned(std::vector<uint8_t>& bin, const uint8_t* data, size_t size) {
    bin.resize((bin.size() + kMergeAlignment - 1) / kMergeAlignment * kMergeAlignment, 0);
    size_t offset = bin.size();
    bin.insert(bin.end(), data, data + size);
    return offset;
}

Json& arrayField(Json& json, const char* key) {
    if (!json.contains(key) || !json[key].is_array()) json[key] = Json::array();
    return json[key];
}

int64_t intField(const Json& json, const char* key, int64_t fallback) {
    auto it = json.find(key);
    return it != json.end() && it->is_number_integer() ? it->get<int64_t>() : fallback;
}

std::string stringField(const Json& json, const char* key) {
    auto it = json.find(key);
    return it != json.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Moves every buffer's bytes into one BIN, points the buffer views (and EXT_meshopt_compression's
// own buffer references) at it, and keeps data-less buffers after it.
Status mergeBuffers(SelfContainedGltf& gltf, const std::optional<std::vector<uint8_t>>& glbBin,
                    const fs::path& folder) {
    Json& buffers = arrayField(gltf.json, "buffers");
    const size_t count = buffers.size();
    std::vector<int64_t> newIndex(count, 0), base(count, 0);
    Json kept = Json::array({Json::object()});
    for (size_t i = 0; i < count; ++i) {
        const std::string where = "buffers[" + std::to_string(i) + "]";
        Json& buffer = buffers[i];
        if (!buffer.is_object()) return Error{ErrorCode::Schema, where + " is not an object"};
        const int64_t length = intField(buffer, "byteLength", -1);
        if (length < 0) return Error{ErrorCode::Schema, where + ".byteLength is missing"};
        std::vector<uint8_t> bytes;
        if (buffer.contains("uri") && buffer["uri"].is_string()) {
            Result<UriBytes> loaded = loadUri(buffer["uri"], folder, gltf.files);
            if (!loaded) return Error{loaded.error().code, where + ": " + loaded.error().message};
            bytes = std::move(loaded->bytes);
        } else if (i == 0 && glbBin) {
            bytes = *glbBin;  // glTF 2.0 4.4.3.3: buffers[0] without uri is the BIN chunk
        } else {
            // No bytes anywhere (an EXT_meshopt_compression fallback): keep it as it is.
            newIndex[i] = static_cast<int64_t>(kept.size());
            kept.push_back(buffer);
            continue;
        }
        if (bytes.size() < static_cast<uint64_t>(length)) {
            return Error{ErrorCode::Inconsistent, where + " has " + std::to_string(bytes.size()) +
                                                      " bytes, byteLength says " +
                                                      std::to_string(length)};
        }
        base[i] = static_cast<int64_t>(appendAligned(gltf.bin, bytes.data(), size_t(length)));
    }
    auto remap = [&](Json& ref, const std::string& where) -> Status {
        const int64_t b = intField(ref, "buffer", -1);
        if (b < 0 || size_t(b) >= count)
            return Error{ErrorCode::BadReference, where + ".buffer is out of range"};
        ref["buffer"] = newIndex[size_t(b)];
        if (newIndex[size_t(b)] == 0)
            ref["byteOffset"] = intField(ref, "byteOffset", 0) + base[size_t(b)];
        return {};
    };
    Json& views = arrayField(gltf.json, "bufferViews");
    for (size_t v = 0; v < views.size(); ++v) {
        const std::string where = "bufferViews[" + std::to_string(v) + "]";
        if (!views[v].is_object()) return Error{ErrorCode::Schema, where + " is not an object"};
        if (Status s = remap(views[v], where); !s) return s;
        Json* meshopt = nullptr;
        if (views[v].contains("extensions") && views[v]["extensions"].is_object() &&
            views[v]["extensions"].contains("EXT_meshopt_compression")) {
            meshopt = &views[v]["extensions"]["EXT_meshopt_compression"];
        }
        if (meshopt && meshopt->is_object()) {
            if (Status s = remap(*meshopt, where + ".extensions.EXT_meshopt_compression"); !s)
                return s;
        }
    }
    kept[0]["byteLength"] = gltf.bin.size();
    gltf.json["buffers"] = kept;
    return {};
}

Status embedImages(SelfContainedGltf& gltf, const fs::path& folder) {
    if (!gltf.json.contains("images") || !gltf.json["images"].is_array()) return {};
    Json& views = arrayField(gltf.json, "bufferViews");
    for (size_t i = 0; i < gltf.json["images"].size(); ++i) {
        Json& image = gltf.json["images"][i];
        if (!image.is_object() || !image.contains("uri") || !image["uri"].is_string()) continue;
        const std::string where = "images[" + std::to_string(i) + "]";
        Result<UriBytes> loaded = loadUri(image["uri"], folder, gltf.files);
        if (!loaded) return Error{loaded.error().code, where + ": " + loaded.error().message};
        std::string mime = sniffImageType(loaded->bytes);
        if (mime.empty()) mime = loaded->mimeType;
        if (mime.empty())
            return Error{ErrorCode::Unsupported, where + ": unknown image format, cannot embed it"};
        size_t offset = appendAligned(gltf.bin, loaded->bytes.data(), loaded->bytes.size());
        views.push_back(
            {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", loaded->bytes.size()}});
        image.erase("uri");
        image["bufferView"] = views.size() - 1;
        image["mimeType"] = mime;
    }
    gltf.json["buffers"][0]["byteLength"] = gltf.bin.size();
    return {};
}

// glTF has no standard field for target names; extras.targetNames is the convention every
// exporter follows, and the importer falls back to "0", "1", ... the same way.
std::vector<std::string> meshTargetNames(const Json& mesh) {
    size_t count = 0;
    if (mesh.contains("primitives") && mesh["primitives"].is_array() &&
        !mesh["primitives"].empty() && mesh["primitives"][0].is_object() &&
        mesh["primitives"][0].contains("targets") && mesh["primitives"][0]["targets"].is_array()) {
        count = mesh["primitives"][0]["targets"].size();
    }
    std::vector<std::string> names;
    if (mesh.contains("extras") && mesh["extras"].is_object() &&
        mesh["extras"].contains("targetNames") && mesh["extras"]["targetNames"].is_array() &&
        mesh["extras"]["targetNames"].size() == count) {
        for (const Json& name : mesh["extras"]["targetNames"]) {
            names.push_back(name.is_string() ? name.get<std::string>()
                                             : std::to_string(names.size()));
        }
        return names;
    }
    for (size_t i = 0; i < count; ++i) names.push_back(std::to_string(i));
    return names;
}

std::vector<float> meshDefaultWeights(const Json& mesh, size_t count) {
    std::vector<float> weights(count, 0.0f);
    if (mesh.contains("weights") && mesh["weights"].is_array()) {
        for (size_t i = 0; i < count && i < mesh["weights"].size(); ++i) {
            if (mesh["weights"][i].is_number()) weights[i] = mesh["weights"][i].get<float>();
        }
    }
    return weights;
}

size_t sharedNames(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    size_t n = 0;
    for (const std::string& name : a) n += std::find(b.begin(), b.end(), name) != b.end();
    return n;
}

int pickMesh(const Json& meshes, const UserClip& clip) {
    for (size_t m = 0; m < meshes.size(); ++m) {
        if (stringField(meshes[m], "name") == clip.mesh && !clip.mesh.empty() &&
            sharedNames(clip.targetNames, meshTargetNames(meshes[m])) > 0) {
            return int(m);
        }
    }
    for (size_t m = 0; m < meshes.size(); ++m) {
        if (sharedNames(clip.targetNames, meshTargetNames(meshes[m])) == clip.targetNames.size()) {
            return int(m);
        }
    }
    return -1;
}

int appendFloats(SelfContainedGltf& gltf, const std::vector<float>& values, bool minMax) {
    size_t offset = appendAligned(gltf.bin, reinterpret_cast<const uint8_t*>(values.data()),
                                  values.size() * sizeof(float));
    Json& views = arrayField(gltf.json, "bufferViews");
    views.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * 4}});
    Json accessor = {{"bufferView", views.size() - 1},
                     {"componentType", int(ComponentType::Float)},
                     {"count", values.size()},
                     {"type", "SCALAR"}};
    if (minMax && !values.empty()) {
        // glTF 2.0 3.11: an animation input accessor MUST have min and max.
        accessor["min"] = {*std::min_element(values.begin(), values.end())};
        accessor["max"] = {*std::max_element(values.begin(), values.end())};
    }
    Json& accessors = arrayField(gltf.json, "accessors");
    accessors.push_back(accessor);
    return int(accessors.size() - 1);
}

bool samePath(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec)) return true;
    return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec) && !ec;
}

}  // namespace

Result<SelfContainedGltf> readSelfContained(const std::string& path) {
    Result<std::vector<uint8_t>> bytes = readFileBytes(path);
    if (!bytes) return Error{ErrorCode::Io, path + ": cannot open"};
    SelfContainedGltf gltf;
    gltf.files.push_back(path);
    std::optional<std::vector<uint8_t>> glbBin;
    const uint8_t* text = bytes->data();
    size_t textSize = bytes->size();
    if (looksLikeGlb(bytes->data(), bytes->size())) {
        Result<GlbView> glb = parseGlb(bytes->data(), bytes->size());
        if (!glb) return Error{glb.error().code, path + ": " + glb.error().message};
        text = glb->json;
        textSize = glb->jsonSize;
        if (glb->hasBin()) glbBin.emplace(glb->bin, glb->bin + glb->binSize);
    }
    gltf.json = Json::parse(text, text + textSize, nullptr, /*allow_exceptions=*/false);
    if (gltf.json.is_discarded() || !gltf.json.is_object()) {
        return Error{gltf.json.is_discarded() ? ErrorCode::Json : ErrorCode::Schema,
                     path + ": not glTF JSON"};
    }
    const fs::path folder = fs::path(path).parent_path();
    if (Status s = mergeBuffers(gltf, glbBin, folder); !s)
        return Error{s.error().code, path + ": " + s.error().message};
    if (Status s = embedImages(gltf, folder); !s)
        return Error{s.error().code, path + ": " + s.error().message};
    return gltf;
}

Result<int> appendClip(SelfContainedGltf& gltf, const UserClip& clip, int mesh,
                       const Scene* rigOf) {
    if (clip.keys.empty()) return Error{ErrorCode::Usage, "clip '" + clip.name + "' has no keys"};
    const Json& meshes = arrayField(gltf.json, "meshes");
    if (mesh < 0) mesh = pickMesh(meshes, clip);
    if (mesh < 0 || size_t(mesh) >= meshes.size()) {
        return Error{ErrorCode::BadReference,
                     "no mesh has the targets of clip '" + clip.name + "'"};
    }
    const std::string where = "meshes[" + std::to_string(mesh) + "]";
    const std::vector<std::string> names = meshTargetNames(meshes[size_t(mesh)]);
    if (names.empty()) return Error{ErrorCode::Inconsistent, where + " has no morph targets"};
    if (sharedNames(clip.targetNames, names) == 0) {
        return Error{ErrorCode::BadReference,
                     "clip '" + clip.name + "' names none of " + where + "'s targets"};
    }
    Json channels = Json::array();
    const Json& nodes = arrayField(gltf.json, "nodes");
    for (size_t n = 0; n < nodes.size(); ++n) {
        if (intField(nodes[n], "mesh", -1) == mesh) {
            channels.push_back({{"sampler", 0}, {"target", {{"node", n}, {"path", "weights"}}}});
        }
    }
    if (channels.empty()) return Error{ErrorCode::Inconsistent, "no node uses " + where};

    UserClip remapped =
        remapTargets(clip, names, meshDefaultWeights(meshes[size_t(mesh)], names.size()));
    if (rigOf != nullptr && size_t(mesh) < rigOf->meshes.size()) {
        for (UserKey& key : remapped.keys)
            applyRigRules(rigOf->meshes[size_t(mesh)].rigRules, key.weights);
    }
    const AnimationSampler sampler = toSampler(remapped);
    const int input = appendFloats(gltf, sampler.input, true);
    const int output = appendFloats(gltf, sampler.output, false);
    gltf.json["buffers"][0]["byteLength"] = gltf.bin.size();
    Json animation = {
        {"samplers", Json::array({{{"input", input},
                                   {"output", output},
                                   {"interpolation", interpolationName(clip.interpolation)}}})},
        {"channels", channels}};
    if (!clip.name.empty()) animation["name"] = clip.name;
    Json& animations = arrayField(gltf.json, "animations");
    animations.push_back(animation);
    return int(animations.size() - 1);
}

Status exportClip(const std::string& sourcePath, const std::string& outputPath,
                  const UserClip& clip, int mesh, const Scene* rigOf) {
    if (samePath(sourcePath, outputPath)) {
        return Error{ErrorCode::Usage,
                     outputPath + ": is the source model; export writes a new file"};
    }
    Result<SelfContainedGltf> gltf = readSelfContained(sourcePath);
    if (!gltf) return gltf.error();
    for (const std::string& file : gltf->files) {
        if (samePath(file, outputPath)) {
            return Error{
                ErrorCode::Usage,
                outputPath + ": is a file the source model reads; export writes a new file"};
        }
    }
    Result<int> appended = appendClip(*gltf, clip, mesh, rigOf);
    if (!appended)
        return Error{appended.error().code, sourcePath + ": " + appended.error().message};
    std::vector<uint8_t> glb =
        writeGlb(gltf->json.dump(-1, ' ', false, Json::error_handler_t::replace), gltf->bin);
    return writeFileAtomic(outputPath, glb.data(), glb.size());
}

Result<std::vector<float>> readFloatAccessor(const SelfContainedGltf& gltf, int accessor) {
    const std::string where = "accessors[" + std::to_string(accessor) + "]";
    const Json& accessors = gltf.json.contains("accessors") ? gltf.json["accessors"] : Json();
    if (!accessors.is_array() || accessor < 0 || size_t(accessor) >= accessors.size()) {
        return Error{ErrorCode::BadReference, where + " does not exist"};
    }
    const Json& a = accessors[size_t(accessor)];
    const size_t components = componentCount(stringField(a, "type"));
    const int64_t count = intField(a, "count", -1);
    const int64_t view = intField(a, "bufferView", -1);
    const Json& views = gltf.json.contains("bufferViews") ? gltf.json["bufferViews"] : Json();
    if (intField(a, "componentType", 0) != int(ComponentType::Float) || components == 0 ||
        count < 0 || view < 0 || !views.is_array() || size_t(view) >= views.size()) {
        return Error{ErrorCode::BadValue, where + " is not a plain float accessor"};
    }
    const Json& v = views[size_t(view)];
    if (intField(v, "buffer", -1) != 0)
        return Error{ErrorCode::BadValue, where + " is not in the BIN chunk"};
    const size_t elementSize = components * 4;
    const size_t stride = size_t(intField(v, "byteStride", int64_t(elementSize)));
    const size_t start = size_t(intField(v, "byteOffset", 0) + intField(a, "byteOffset", 0));
    if (count > 0 && start + stride * size_t(count - 1) + elementSize > gltf.bin.size()) {
        return Error{ErrorCode::OutOfBounds, where + " runs past the binary chunk"};
    }
    std::vector<float> out(size_t(count) * components);
    for (size_t e = 0; e < size_t(count); ++e) {
        std::memcpy(out.data() + e * components, gltf.bin.data() + start + e * stride, elementSize);
    }
    return out;
}

}  // namespace morph
