// glTF 2.0 / GLB import. The steps, in order:
//   GLB container (morph/glb/Glb.cpp) -> JSON -> pre-validation (GltfValidate.cpp) -> extensions
//   used (GltfExtensions.cpp) -> buffers (the BIN chunk in place, data: URIs, files in the model's
//   folder) -> EXT_meshopt_compression views (GltfMeshopt.cpp) -> image bytes -> readers
//   (GltfMeshes/Textures/Materials/Nodes/Animations.cpp, VrmExpressions.cpp).
#include "morph/gltf/GltfImport.h"

#include <cctype>
#include <filesystem>
#include <fstream>

#include "morph/ErrorText.h"
#include "morph/glb/Glb.h"
#include "morph/gltf/GltfDocument.h"
#include "morph/gltf/Uri.h"
#include "morph/gltf/VrmExpressions.h"
#include "morph/rig/RigLogic.h"

namespace morph {
namespace {

namespace fs = std::filesystem;

struct FileAccess {
    fs::path baseDir;  // absolute, normalized
    bool allowAnyUri = false;
    uint64_t maxBytes = 0;

    bool inside(const fs::path& path) const {
        if (allowAnyUri) return true;
        const fs::path p = fs::absolute(path).lexically_normal();
        auto b = baseDir.begin(), pi = p.begin();
        for (; b != baseDir.end(); ++b, ++pi) {
            if (b->empty()) continue;  // trailing separator of the folder
            if (pi == p.end() || *pi != *b) return false;
        }
        return true;
    }

    // Reads a file the model refers to; an error (the problem alone, for the caller to prefix)
    // when it is outside the folder, missing, or larger than the memory budget.
    Status read(const std::string& path, std::vector<uint8_t>& out) const {
        if (!inside(path)) return Error{ErrorCode::UriDenied, "outside the model's folder"};
        std::error_code ec;
        const auto size = fs::file_size(path, ec);
        if (ec) return Error{ErrorCode::Io, "cannot read (" + ec.message() + ")"};
        if (size > maxBytes) {
            return Error{ErrorCode::Limit,
                         std::to_string(size) + " bytes is past the memory limit"};
        }
        std::ifstream in(path, std::ios::binary);
        out.resize(size_t(size));
        if (!in || !in.read(reinterpret_cast<char*>(out.data()), std::streamsize(size))) {
            return Error{ErrorCode::Io, "read failed"};
        }
        return {};
    }
};

// Copying, dumping and parsing JSON recurse per nesting level; a hostile file of
// 100,000 nested arrays would overflow the stack. Real glTF nests about 10 deep.
constexpr int kMaxJsonDepth = 256;

bool nestsTooDeep(const char* text, size_t size) {
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < size; ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxJsonDepth) return true;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return false;
}

// The bytes of every buffer: a uri-less one is the GLB BIN chunk (glTF 2.0 4.4.3.3), read in
// place; the others are decoded data: URIs or files in the model's folder, read through the same
// folder and size checks the validator applied to their URIs. A meshopt fallback buffer has no
// bytes of its own (its views are decoded later).
Status loadBuffers(GltfDocument& doc, const ValidationFacts& facts, const GlbView* glb,
                   const FileAccess& access) {
    const Json& buffers = doc.array("buffers");
    doc.buffers.assign(buffers.size(), {});
    doc.bufferBytes.assign(buffers.size(), ByteSpan{});
    for (size_t i = 0; i < buffers.size(); ++i) {
        if (facts.fallbackBuffers[i]) continue;
        const std::string where = "buffers[" + std::to_string(i) + "]";
        const int64_t length = getInt(buffers[i], "byteLength", 0, where);
        if (!buffers[i].contains("uri")) {
            // The validator checked: a GLB, buffers[0], byteLength <= the chunk's size.
            if (glb && glb->bin) {
                doc.bufferBytes[i] = ByteSpan{
                    glb->bin, std::min(size_t(std::max<int64_t>(length, 0)), glb->binSize)};
            }
            continue;
        }
        const std::string uri = getString(buffers[i], "uri", where);
        std::vector<uint8_t>& bytes = doc.buffers[i];
        if (uri.rfind("data:", 0) == 0) {
            Result<std::vector<uint8_t>> decoded = dataUriBytes(uri);  // validated: base64
            if (!decoded)
                return doc.error(decoded.error().code, where + ".uri: " + decoded.error().message);
            bytes = std::move(*decoded);
        } else {
            const std::string file = percentDecode(uri);
            const Status read = access.read((access.baseDir / fs::u8path(file)).string(), bytes);
            if (!read) {
                return doc.error(read.error().code,
                                 where + ".uri \"" + file + "\": " + read.error().message);
            }
            // A file longer than byteLength is used as it is (the views stay inside byteLength).
            if (bytes.size() < uint64_t(length)) {
                return doc.error(ErrorCode::Inconsistent, where + ".uri \"" + file + "\" has " +
                                                              std::to_string(bytes.size()) +
                                                              " bytes, byteLength says " +
                                                              std::to_string(length));
            }
        }
        doc.bufferBytes[i] = ByteSpan{bytes.data(), bytes.size()};
    }
    const Json& views = doc.array("bufferViews");
    doc.views.assign(views.size(), ByteSpan{});
    for (size_t v = 0; v < views.size(); ++v) {
        const size_t b = size_t(views[v]["buffer"].get<int64_t>());
        const uint64_t offset = uint64_t(getInt(views[v], "byteOffset", 0, "bufferViews"));
        const uint64_t length = uint64_t(getInt(views[v], "byteLength", 0, "bufferViews"));
        if (b < doc.bufferBytes.size() && offset + length <= doc.bufferBytes[b].size) {
            doc.views[v] = ByteSpan{doc.bufferBytes[b].data + offset, size_t(length)};
        }
    }
    return {};
}

// The encoded bytes of every image (decoded later in GltfMaterials.cpp, so a bad or missing
// image is a warning, not a failed load): a buffer view's bytes (after meshopt decoding), a data:
// URI, or a file in the model's folder. A file that cannot be read is noted in
// doc.imageReadErrors and reported with the textures that use it.
void loadImageBytes(GltfDocument& doc, const FileAccess& access) {
    const Json& images = doc.array("images");
    doc.imageBytes.assign(images.size(), {});
    doc.imageReadErrors.assign(images.size(), {});
    if (!doc.options.decodeImages) return;
    for (size_t i = 0; i < images.size(); ++i) {
        const std::string where = "images[" + std::to_string(i) + "]";
        if (images[i].contains("bufferView")) {
            const size_t v = size_t(getInt(images[i], "bufferView", -1, where));
            if (v < doc.views.size() && doc.views[v].data) {
                doc.imageBytes[i].assign(doc.views[v].data, doc.views[v].data + doc.views[v].size);
            }
            continue;
        }
        const std::string uri = getString(images[i], "uri", where);
        if (uri.empty()) continue;
        if (uri.rfind("data:", 0) == 0) {
            // Validated as base64; an image that still fails is a warning when it is decoded.
            Result<std::vector<uint8_t>> decoded = dataUriBytes(uri);
            if (decoded) doc.imageBytes[i] = std::move(*decoded);
            continue;
        }
        std::vector<uint8_t> bytes;
        const fs::path path = access.baseDir / fs::u8path(percentDecode(uri));
        if (const Status read = access.read(path.string(), bytes); read) {
            doc.imageBytes[i] = std::move(bytes);
        } else {
            doc.imageReadErrors[i] = ".uri \"" + uri + "\": " + read.error().message;
        }
    }
}

// The root extras.rigLogic kept as text, and every mesh's rig rules attached: the names' and the
// file's (a faulty one a warning, the names' rules kept).
void readRigLogic(GltfDocument& doc, Scene& scene) {
    // extras may be any JSON value (glTF 2.0 3.12.2); only an object carries rigLogic.
    if (auto extras = doc.json.find("extras"); extras != doc.json.end() && extras->is_object()) {
        if (auto rig = extras->find("rigLogic"); rig != extras->end()) scene.rigLogic = rig->dump();
    }
    std::vector<std::string> warnings;
    (void)attachRigLogic(scene, {}, "", warnings);  // without a sidecar it cannot fail
    for (const std::string& w : warnings) doc.warn(w);
}

Result<Scene> importDocument(const std::vector<uint8_t>& bytes, const std::string& name,
                             const std::string& baseDir, const ImportOptions& options) {
    GltfDocument doc;
    doc.name = name;
    doc.options = options;
    if (bytes.empty()) return doc.error(ErrorCode::Container, "empty file");
    GlbView glb;
    // A .glb name, or bytes that cannot start JSON, mean a GLB: report its header problem
    // ("bad magic") rather than a JSON syntax error.
    size_t first = 0;
    while (first < bytes.size() && std::isspace(bytes[first])) ++first;
    const bool jsonStart = first < bytes.size() && (bytes[first] == '{' || bytes[first] == '[');
    // VRM files are GLB under another extension (VRM 0.x specification, "File extension").
    const fs::path extension = fs::path(name).extension();
    const bool glbName = extension == ".glb" || extension == ".vrm";
    const bool isGlb = looksLikeGlb(bytes.data(), bytes.size()) || glbName || !jsonStart;
    const char* jsonBegin = reinterpret_cast<const char*>(bytes.data());
    size_t jsonSize = bytes.size();
    if (isGlb) {
        auto parsed = parseGlb(bytes.data(), bytes.size());
        if (!parsed) return doc.error(parsed.error().code, parsed.error().message);
        glb = *parsed;
        jsonBegin = reinterpret_cast<const char*>(glb.json);
        jsonSize = glb.jsonSize;
    }
    if (nestsTooDeep(jsonBegin, jsonSize)) {
        return doc.error(ErrorCode::Limit,
                         "JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    }
    try {
        doc.json = Json::parse(jsonBegin, jsonBegin + jsonSize);
    } catch (const Json::exception& e) {
        return doc.error(ErrorCode::Json,
                         std::string(isGlb ? "GLB JSON chunk" : "invalid JSON") + ": " + e.what());
    }
    const auto progress = [&](float fraction, const char* stage) {
        if (doc.options.progress) doc.options.progress(fraction, stage);
    };
    progress(0.1f, "validating");
    ValidationFacts facts;
    if (Status s = validateDocument(doc, isGlb, glb.binSize, facts); !s) return s.error();
    readExtensionUses(doc);
    FileAccess access;
    access.baseDir =
        fs::absolute(baseDir.empty() ? fs::path(".") : fs::path(baseDir)).lexically_normal();
    access.allowAnyUri = doc.options.allowAnyUri;
    access.maxBytes = doc.options.maxMemoryBytes;
    progress(0.15f, "reading buffers");
    if (Status s = loadBuffers(doc, facts, isGlb ? &glb : nullptr, access); !s) return s.error();
    progress(0.3f, "decompressing");
    if (Status s = decodeMeshoptViews(doc); !s) return s.error();
    loadImageBytes(doc, access);

    Scene scene;
    scene.path = name;
    progress(0.4f, "reading meshes and targets");
    if (Status s = readMeshes(doc, scene); !s) return s.error();
    progress(0.6f, "decoding textures");
    if (Status s = readTextures(doc, scene); !s) return s.error();
    if (Status s = readMaterials(doc, scene); !s) return s.error();
    readMaterialVariants(doc, scene);  // warnings only: variants never fail a load
    progress(0.9f, "reading nodes, skins and animations");
    if (Status s = readCameras(doc, scene); !s) return s.error();
    if (Status s = readLights(doc, scene); !s) return s.error();
    if (Status s = readNodes(doc, scene); !s) return s.error();
    if (Status s = checkSkins(doc, scene); !s) return s.error();
    if (Status s = readAnimations(doc, scene); !s) return s.error();
    readVrmExpressions(doc, scene);  // warnings only: VRM data never fails a load
    readVrmHumanoid(doc, scene);
    readRigLogic(doc, scene);
    computeTargetStats(scene);
    scene.warnings = std::move(doc.warnings);
    scene.report = std::move(doc.report);
    return scene;
}

}  // namespace

Result<Scene> importGltfMemory(const std::vector<uint8_t>& bytes, const std::string& name,
                               const std::string& baseDir, const ImportOptions& options) {
    // Nothing may escape the boundary: JSON fields of the wrong type deep in a reader, and
    // allocation failures the budget did not foresee, become one-line errors.
    Result<Scene> scene = Error{ErrorCode::BadValue, ""};
    try {
        scene = importDocument(bytes, name, baseDir, options);
    } catch (const GltfFieldError& e) {
        scene = Error{e.code, name + ": " + e.what()};
    } catch (const std::bad_alloc&) {
        scene = Error{ErrorCode::Limit, name + ": out of memory"};
    } catch (const Json::exception& e) {
        // The text parsed (parse errors are caught where it is parsed): a value a reader trusted
        // has another JSON type.
        scene = Error{ErrorCode::Schema, name + ": " + e.what()};
    } catch (const std::length_error& e) {
        scene = Error{ErrorCode::Limit, name + ": " + e.what()};
    } catch (const std::exception& e) {
        scene = Error{ErrorCode::BadValue, name + ": " + e.what()};
    }
    if (!scene) return Error{scene.error().code, oneLine(scene.error().message)};
    for (std::string& warning : scene->warnings) warning = oneLine(warning);
    ImportReport& report = scene->report;
    for (std::string& line : report.repairs) line = oneLine(line);
    for (std::string& line : report.warnings) line = oneLine(line);
    for (TextureIssue& issue : report.textures) {
        issue.reason = oneLine(issue.reason);
        issue.message = oneLine(issue.message);
    }
    for (ExtensionUse& use : report.extensions) use.name = oneLine(use.name);
    return scene;
}

Result<Scene> importGltf(const std::string& path, const ImportOptions& options) {
    const fs::path p = fs::u8path(path);
    const std::string& name = path;  // messages name the file as the caller gave it
    std::error_code ec;
    const auto size = fs::file_size(p, ec);
    if (ec) return Error{ErrorCode::Io, path + ": cannot read (" + ec.message() + ")"};
    if (size > options.maxMemoryBytes)
        return Error{ErrorCode::Limit,
                     path + ": " + std::to_string(size) + " bytes is past the memory limit"};
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    std::ifstream in(p, std::ios::binary);
    if (!in ||
        (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(size)))) {
        return Error{ErrorCode::Io, path + ": cannot read"};
    }
    return importGltfMemory(bytes, name, p.parent_path().string(), options);
}

}  // namespace morph
