// glTF 2.0 / GLB import: the only file that sees tinygltf. The steps, in order:
//   GLB container (Glb.cpp) -> JSON -> pre-validation (GltfValidate.cpp) -> tinygltf loads the
//   buffers and hands over image bytes (every file read goes through the callbacks below) ->
//   EXT_meshopt_compression views -> readers (GltfMeshes/Nodes/Materials/Animations.cpp).
// nlohmann/json first: Debian's tiny_gltf.h includes it under "visibility hidden", which would
// give this file's json a different visibility from the other readers'.
#include "GltfDocument.h"

#define TINYGLTF_IMPLEMENTATION
#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#include <tiny_gltf.h>

#include <cctype>
#include <filesystem>
#include <fstream>

#include "Glb.h"
#include "GltfImport.h"

namespace morph {
namespace {

namespace fs = std::filesystem;

// URIs we give buffers that have no uri (the GLB BIN chunk, meshopt fallback buffers) so that
// tinygltf reads them through our callbacks; the suffix carries the byte count it must return.
const std::string kBinSentinel = "__morphview_glb_bin__.";
const std::string kFallbackSentinel = "__morphview_fallback__.";

struct FileAccess {
    fs::path baseDir;  // absolute, normalized
    bool allowAnyUri = false;
    const uint8_t* bin = nullptr;
    size_t binSize = 0;
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

    // Reads a file the model refers to; false with `err` when it is outside the folder, missing,
    // or larger than the memory budget.
    bool read(const std::string& path, std::vector<uint8_t>& out, std::string& err) const {
        if (!inside(path)) {
            err = "outside the model's folder";
            return false;
        }
        std::error_code ec;
        const auto size = fs::file_size(path, ec);
        if (ec) {
            err = "cannot read (" + ec.message() + ")";
            return false;
        }
        if (size > maxBytes) {
            err = std::to_string(size) + " bytes is past the memory limit";
            return false;
        }
        std::ifstream in(path, std::ios::binary);
        out.resize(size_t(size));
        if (!in || !in.read(reinterpret_cast<char*>(out.data()), std::streamsize(size))) {
            err = "read failed";
            return false;
        }
        return true;
    }
};

bool sentinelSize(const std::string& path, const std::string& sentinel, size_t& size) {
    const size_t at = path.rfind(sentinel);
    if (at == std::string::npos || (at != 0 && path[at - 1] != '/')) return false;
    const std::string digits = path.substr(at + sentinel.size());
    if (digits.empty() || digits.size() > 19 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
    size = size_t(std::stoull(digits));
    return true;
}

bool fileExists(const std::string& path, void* user) {
    const auto* access = static_cast<const FileAccess*>(user);
    size_t size = 0;
    if (sentinelSize(path, kBinSentinel, size) || sentinelSize(path, kFallbackSentinel, size)) return true;
    std::error_code ec;
    return access->inside(path) && fs::is_regular_file(path, ec);
}

std::string expandFilePath(const std::string& path, void*) { return path; }  // no ~ or $VAR expansion

bool readWholeFile(std::vector<unsigned char>* out, std::string* err, const std::string& path, void* user) {
    const auto* access = static_cast<const FileAccess*>(user);
    size_t size = 0;
    if (sentinelSize(path, kBinSentinel, size)) {
        // The validator checked byteLength <= BIN chunk size (the chunk may carry up to 3 bytes of padding).
        if (size > access->binSize) return false;
        out->assign(access->bin, access->bin + size);
        return true;
    }
    if (sentinelSize(path, kFallbackSentinel, size)) {
        out->assign(1, 0);  // placeholder; the views' bytes come from EXT_meshopt_compression
        return true;
    }
    std::string problem;
    if (!access->read(path, *out, problem)) {
        if (err) *err = problem;
        return false;
    }
    return true;
}

bool writeWholeFile(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err) *err = "writing is not supported";
    return false;
}

// tinygltf hands over the encoded bytes of buffer-view and data: URI images; they are decoded
// later with stb (GltfMaterials.cpp), so a bad image is a warning, not a failed load.
bool keepImageBytes(tinygltf::Image*, const int index, std::string*, std::string*, int, int,
                    const unsigned char* bytes, int size, void* user) {
    auto* images = static_cast<std::vector<std::vector<uint8_t>>*>(user);
    if (index < 0) return true;
    if (size_t(index) >= images->size()) images->resize(size_t(index) + 1);
    if (bytes && size > 0) (*images)[size_t(index)].assign(bytes, bytes + size);
    return true;
}

// Copying, dumping and tinygltf's parsing of JSON recurse per nesting level; a hostile file of
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

std::string firstLine(const std::string& text) {
    std::string line = text.substr(0, text.find('\n'));
    return line.empty() ? "tinygltf failed without a message" : line;
}

Status loadBuffers(GltfDocument& doc, const ValidationFacts& facts, const GlbView* glb, const std::string& baseDir) {
    // tinygltf loads the bytes: buffers (files, data: URIs, the BIN chunk) and images. It sees
    // only those parts of the document: the rest is read from the validated JSON by our readers,
    // and tinygltf 2.7 rejects valid files there (Draco indices accessors have no bufferView).
    Json patched = Json::object();
    for (const char* key : {"asset", "buffers", "bufferViews", "images"}) {
        if (doc.json.contains(key)) patched[key] = doc.json[key];
    }
    // Give uri-less buffers a sentinel uri: tinygltf 2.7 would otherwise copy the whole BIN chunk
    // into every one of them, or fail on meshopt fallback buffers that have no bytes at all.
    Json& buffers = patched["buffers"];
    // tinygltf 2.7 accepts data: URIs of a few media types only (the validator checked they are
    // base64); give every one a type it takes, ours come from the original JSON.
    auto retype = [](Json& object, const char* mediaType) {
        std::string uri = object.value("uri", std::string());
        if (uri.rfind("data:", 0) != 0) return;
        object["uri"] = std::string("data:") + mediaType + ";base64," + uri.substr(uri.find(',') + 1);
    };
    for (Json& image : patched["images"]) retype(image, "image/png");
    if (patched["images"].empty()) patched.erase("images");
    if (buffers.is_null()) buffers = Json::array();
    // The GLB BIN chunk is read in place (glTF 2.0 4.4.3.3: a uri-less buffer is the BIN chunk):
    // tinygltf gets a one-byte placeholder instead of a copy of a chunk that may be hundreds of
    // megabytes. The validator checked byteLength <= the chunk's size. Not when an image lives in
    // a bufferView: tinygltf hands those bytes over from its own copy of the buffer.
    bool imageInView = false;
    for (const Json& image : doc.array("images")) imageInView = imageInView || image.contains("bufferView");
    std::vector<bool> inBin(buffers.is_array() ? buffers.size() : 0, false);
    for (size_t i = 0; buffers.is_array() && i < buffers.size(); ++i) {
        retype(buffers[i], "application/octet-stream");
        if (buffers[i].contains("uri")) continue;
        if (glb && glb->bin && !imageInView && !facts.fallbackBuffers[i]) {
            inBin[i] = true;
            buffers[i]["uri"] = kFallbackSentinel + "1";
            buffers[i]["byteLength"] = 1;
        } else if (facts.fallbackBuffers[i]) {
            buffers[i]["uri"] = kFallbackSentinel + "1";
            buffers[i]["byteLength"] = 1;
        } else {
            buffers[i]["uri"] = kBinSentinel + std::to_string(buffers[i]["byteLength"].get<int64_t>());
        }
    }
    FileAccess access;
    access.baseDir = fs::absolute(baseDir.empty() ? fs::path(".") : fs::path(baseDir)).lexically_normal();
    access.allowAnyUri = doc.options.allowAnyUri;
    access.bin = glb ? glb->bin : nullptr;
    access.binSize = glb ? glb->binSize : 0;
    access.maxBytes = doc.options.maxMemoryBytes;

    tinygltf::TinyGLTF loader;
    loader.SetFsCallbacks(tinygltf::FsCallbacks{&fileExists, &expandFilePath, &readWholeFile, &writeWholeFile, &access});
    doc.imageBytes.assign(doc.array("images").size(), {});
    loader.SetImageLoader(&keepImageBytes, &doc.imageBytes);
    tinygltf::Model model;
    std::string err, warn;
    const std::string text = patched.dump();
    if (text.size() > 0xFFFFFFFFu) return doc.error("JSON is larger than 4 GiB");
    if (!loader.LoadASCIIFromString(&model, &err, &warn, text.c_str(), unsigned(text.size()), access.baseDir.string())) {
        return doc.error(firstLine(err));
    }
    doc.buffers.resize(model.buffers.size());
    std::vector<ByteSpan>& bufferBytes = doc.bufferBytes;
    bufferBytes.assign(model.buffers.size(), ByteSpan{});
    for (size_t i = 0; i < model.buffers.size(); ++i) {
        if (i < inBin.size() && inBin[i]) {
            const int64_t length = doc.json["buffers"][i].value("byteLength", int64_t(0));
            bufferBytes[i] = ByteSpan{glb->bin, std::min(size_t(std::max<int64_t>(length, 0)), glb->binSize)};
            continue;
        }
        if (!facts.fallbackBuffers[i]) doc.buffers[i] = std::move(model.buffers[i].data);
        bufferBytes[i] = ByteSpan{doc.buffers[i].data(), doc.buffers[i].size()};
    }
    const Json& views = doc.array("bufferViews");
    doc.views.assign(views.size(), ByteSpan{});
    for (size_t v = 0; v < views.size(); ++v) {
        const size_t b = size_t(views[v]["buffer"].get<int64_t>());
        const uint64_t offset = uint64_t(getInt(views[v], "byteOffset", 0, "bufferViews"));
        const uint64_t length = uint64_t(getInt(views[v], "byteLength", 0, "bufferViews"));
        if (b < bufferBytes.size() && offset + length <= bufferBytes[b].size) {
            doc.views[v] = ByteSpan{bufferBytes[b].data + offset, size_t(length)};
        }
    }
    // External images (TINYGLTF_NO_EXTERNAL_IMAGE keeps tinygltf away from them): read through
    // the same folder and size checks as buffers; a missing image is a warning.
    const Json& images = doc.array("images");
    for (size_t i = 0; i < images.size(); ++i) {
        const std::string uri = getString(images[i], "uri", "images[" + std::to_string(i) + "]");
        if (uri.empty() || uri.rfind("data:", 0) == 0 || !doc.options.decodeImages) continue;
        std::vector<uint8_t> bytes;
        std::string problem;
        const fs::path path = access.baseDir / fs::u8path(tinygltf::dlib::urldecode(uri));
        if (access.read(path.string(), bytes, problem)) {
            doc.imageBytes[i] = std::move(bytes);
        } else {
            doc.warn("images[" + std::to_string(i) + "].uri \"" + uri + "\": " + problem);
        }
    }
    return {};
}

Result<Scene> importDocument(const std::vector<uint8_t>& bytes, const std::string& name, const std::string& baseDir,
                             const ImportOptions& options) {
    GltfDocument doc;
    doc.name = name;
    doc.options = options;
    if (bytes.empty()) return doc.error("empty file");
    GlbView glb;
    // A .glb name, or bytes that cannot start JSON, mean a GLB: report its header problem
    // ("bad magic") rather than a JSON syntax error.
    size_t first = 0;
    while (first < bytes.size() && std::isspace(bytes[first])) ++first;
    const bool jsonStart = first < bytes.size() && (bytes[first] == '{' || bytes[first] == '[');
    const bool glbName = name.size() >= 4 && fs::path(name).extension() == ".glb";
    const bool isGlb = looksLikeGlb(bytes.data(), bytes.size()) || glbName || !jsonStart;
    const char* jsonBegin = reinterpret_cast<const char*>(bytes.data());
    size_t jsonSize = bytes.size();
    if (isGlb) {
        auto parsed = parseGlb(bytes.data(), bytes.size());
        if (!parsed) return doc.error(parsed.error().message);
        glb = *parsed;
        jsonBegin = reinterpret_cast<const char*>(glb.json);
        jsonSize = glb.jsonSize;
    }
    if (nestsTooDeep(jsonBegin, jsonSize)) {
        return doc.error("JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    }
    try {
        doc.json = Json::parse(jsonBegin, jsonBegin + jsonSize);
    } catch (const Json::exception& e) {
        return doc.error(std::string(isGlb ? "GLB JSON chunk" : "invalid JSON") + ": " + e.what());
    }
    ValidationFacts facts;
    if (Status s = validateDocument(doc, isGlb, glb.binSize, facts); !s) return s.error();
    if (Status s = loadBuffers(doc, facts, isGlb ? &glb : nullptr, baseDir); !s) return s.error();
    if (Status s = decodeMeshoptViews(doc); !s) return s.error();

    Scene scene;
    scene.path = name;
    if (Status s = readMeshes(doc, scene); !s) return s.error();
    if (Status s = readMaterials(doc, scene); !s) return s.error();
    if (Status s = readNodes(doc, scene); !s) return s.error();
    if (Status s = checkSkins(doc, scene); !s) return s.error();
    if (Status s = readAnimations(doc, scene); !s) return s.error();
    computeTargetStats(scene);
    scene.warnings = std::move(doc.warnings);
    return scene;
}

// Messages echo strings from the file (URIs, names, types): a newline or other control character
// in one would break the one-line contract (or forge a line in a log), so they are written as \xNN.
std::string oneLine(const std::string& message) {
    std::string out;
    for (const char c : message) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u != 0x7f) {
            out += c;
            continue;
        }
        const char* hex = "0123456789abcdef";
        out += {'\\', 'x', hex[u >> 4], hex[u & 15]};
    }
    return out;
}

}  // namespace

Result<Scene> importGltfMemory(const std::vector<uint8_t>& bytes, const std::string& name, const std::string& baseDir,
                               const ImportOptions& options) {
    // Nothing may escape the boundary: JSON fields of the wrong type deep in a reader, and
    // allocation failures the budget did not foresee, become one-line errors.
    Result<Scene> scene = Error{};
    try {
        scene = importDocument(bytes, name, baseDir, options);
    } catch (const GltfFieldError& e) {
        scene = Error{name + ": " + e.what()};
    } catch (const std::bad_alloc&) {
        scene = Error{name + ": out of memory"};
    } catch (const std::exception& e) {
        scene = Error{name + ": " + e.what()};
    }
    if (!scene) return Error{oneLine(scene.error().message)};
    for (std::string& warning : scene->warnings) warning = oneLine(warning);
    return scene;
}

Result<Scene> importGltf(const std::string& path, const ImportOptions& options) {
    const fs::path p = fs::u8path(path);
    const std::string& name = path;  // messages name the file as the caller gave it
    std::error_code ec;
    const auto size = fs::file_size(p, ec);
    if (ec) return Error{path + ": cannot read (" + ec.message() + ")"};
    if (size > options.maxMemoryBytes) return Error{path + ": " + std::to_string(size) + " bytes is past the memory limit"};
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    std::ifstream in(p, std::ios::binary);
    if (!in || (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(size)))) {
        return Error{path + ": cannot read"};
    }
    return importGltfMemory(bytes, name, p.parent_path().string(), options);
}

}  // namespace morph
