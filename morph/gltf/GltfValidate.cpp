// Pre-validation of the glTF JSON, before any buffer is loaded: the loader and the readers index
// buffers with the numbers they read (e.g. an image's bufferView range) and allocate what
// byteLength says, so every index, range and declared size they would trust is checked here first.
#include <cctype>
#include <cstring>

#include "morph/gltf/GltfDocument.h"
#include "morph/gltf/Uri.h"

namespace morph {
namespace {

// Counts this close to 2^31 overflow 32-bit index math downstream; no real model comes near.
constexpr int64_t kMaxCount = int64_t(1) << 30;

std::string at(const char* array, size_t i) {
    return std::string(array) + "[" + std::to_string(i) + "]";
}

class Validator {
public:
    Validator(const GltfDocument& doc, bool isGlb, size_t binSize, ValidationFacts& facts)
        : mDoc(doc), mJson(doc.json), mIsGlb(isGlb), mBinSize(binSize), mFacts(facts) {}

    void run() {
        checkAsset();
        for (const char* key :
             {"buffers", "bufferViews", "accessors", "meshes", "nodes", "materials", "textures",
              "samplers", "images", "skins", "animations", "scenes", "cameras"}) {
            const Json* a = getArray(mJson, key, "glTF");
            if (!a) continue;
            for (size_t i = 0; i < a->size(); ++i) {
                if (!(*a)[i].is_object()) fail(ErrorCode::Schema, at(key, i) + " is not an object");
            }
        }
        checkBuffers();
        checkBufferViews();
        checkAccessors();
        checkMeshes();
        checkNodes();
        checkImagesAndTextures();
        checkAnimations();
    }

private:
    [[noreturn]] void fail(ErrorCode code, const std::string& problem) const {
        throw GltfFieldError(code, problem);
    }

    size_t size(const char* key) const { return mDoc.array(key).size(); }

    void index(const Json& object, const char* key, const char* array,
               const std::string& where) const {
        if (!object.contains(key)) return;
        const int64_t i = getInt(object, key, -1, where);
        if (i < 0 || size_t(i) >= size(array)) {
            fail(ErrorCode::BadReference, where + "." + key + " = " + std::to_string(i) +
                                              " is not in " + array + " (" +
                                              std::to_string(size(array)) + ")");
        }
    }

    void charge(uint64_t bytes, const std::string& what) {
        mBudget += bytes;
        if (bytes > mDoc.options.maxMemoryBytes || mBudget > mDoc.options.maxMemoryBytes) {
            fail(ErrorCode::Limit, what + " would take the declared data past the memory limit (" +
                                       std::to_string(mDoc.options.maxMemoryBytes) + " bytes)");
        }
    }

    void checkAsset() const {
        const Json* asset = getObject(mJson, "asset", "glTF");
        if (!asset) fail(ErrorCode::Schema, "not a glTF 2.0 file: no \"asset\"");
        const std::string version = getString(*asset, "version", "asset");
        if (version.empty())
            fail(ErrorCode::Schema, "not a glTF 2.0 file: asset.version is missing");
        if (version.rfind("2.", 0) != 0 && version != "2")
            fail(ErrorCode::Unsupported, "asset.version \"" + version + "\" is not 2.x");
        if (const Json* required = getArray(mJson, "extensionsRequired", "glTF")) {
            for (size_t i = 0; i < required->size(); ++i) {
                if (!(*required)[i].is_string())
                    fail(ErrorCode::Schema, at("extensionsRequired", i) + " is not a string");
                // glTF 2.0 3.12: a loader MUST refuse a file that requires an extension it does
                // not implement (GltfExtensions.cpp lists the ones we do).
                const std::string name = (*required)[i].get<std::string>();
                if (!isSupportedExtension(name))
                    fail(ErrorCode::Unsupported,
                         "required extension " + name + " is not supported");
            }
        }
    }

    // A data: URI must be base64 (glTF 2.0 3.2: "data URIs ... MUST use base64"); returns the
    // decoded size.
    uint64_t checkDataUri(const std::string& uri, const std::string& where) const {
        const size_t comma = uri.find(',');
        if (comma == std::string::npos || comma < 7 || uri.compare(comma - 7, 7, ";base64") != 0) {
            fail(ErrorCode::BadValue, where + ".uri is a data: URI that is not base64");
        }
        size_t chars = 0, padding = 0;
        for (size_t i = comma + 1; i < uri.size(); ++i) {
            const unsigned char c = uint8_t(uri[i]);
            if (c == '=' && i + 3 > uri.size()) {
                ++padding;
            } else if (std::isalnum(c) || c == '+' || c == '/') {
                if (padding)
                    fail(ErrorCode::Decode, where + ".uri has base64 data after its padding");
                ++chars;
            } else {
                fail(ErrorCode::Decode,
                     where + ".uri has a character that is not base64 at " + std::to_string(i));
            }
        }
        return uint64_t(chars) * 3 / 4;
    }

    void checkUri(const Json& object, const std::string& where) const {
        const std::string uri = getString(object, "uri", where);
        if (uri.rfind("data:", 0) == 0) {
            checkDataUri(uri, where);
            return;
        }
        if (uri.empty() || mDoc.options.allowAnyUri) return;
        if (uriLeavesFolder(uri))
            fail(ErrorCode::UriDenied,
                 where + ".uri \"" + uri + "\" is outside the model's folder");
    }

    void checkBuffers() {
        const Json& buffers = mDoc.array("buffers");
        mFacts.fallbackBuffers.assign(buffers.size(), false);
        for (size_t i = 0; i < buffers.size(); ++i) {
            const Json& b = buffers[i];
            const std::string where = at("buffers", i);
            const int64_t length = getInt(b, "byteLength", -1, where);
            if (length < 1) fail(ErrorCode::BadValue, where + ".byteLength is missing or < 1");
            const Json* ext = getObject(b, "extensions", where);
            const Json* meshopt =
                ext ? getObject(*ext, "EXT_meshopt_compression", where + ".extensions") : nullptr;
            const bool fallback = meshopt && getBool(*meshopt, "fallback", false,
                                                     where + ".extensions.EXT_meshopt_compression");
            checkUri(b, where);
            const std::string uri = getString(b, "uri", where);
            if (uri.rfind("data:", 0) == 0 && checkDataUri(uri, where) != uint64_t(length)) {
                fail(ErrorCode::Inconsistent,
                     where + ".uri holds " + std::to_string(checkDataUri(uri, where)) +
                         " bytes, byteLength says " + std::to_string(length));
            }
            if (fallback && !b.contains("uri")) {
                // The decompressed views live here; it has no bytes of its own (charged per view).
                mFacts.fallbackBuffers[i] = true;
                continue;
            }
            if (!b.contains("uri")) {
                // glTF 2.0 4.4.3.3: only buffers[0] of a GLB may refer to the BIN chunk.
                if (!mIsGlb || i != 0) fail(ErrorCode::Schema, where + " has no uri");
                if (uint64_t(length) > mBinSize) {
                    fail(ErrorCode::OutOfBounds, where + ".byteLength " + std::to_string(length) +
                                                     " is larger than the GLB BIN chunk (" +
                                                     std::to_string(mBinSize) + " bytes)");
                }
            }
            charge(uint64_t(length), where);
        }
    }

    void checkBufferViews() {
        const Json& views = mDoc.array("bufferViews");
        const Json& buffers = mDoc.array("buffers");
        for (size_t i = 0; i < views.size(); ++i) {
            const Json& v = views[i];
            const std::string where = at("bufferViews", i);
            if (!v.contains("buffer")) fail(ErrorCode::Schema, where + ".buffer is missing");
            index(v, "buffer", "buffers", where);
            const int64_t buffer = getInt(v, "buffer", 0, where);
            const int64_t offset = getInt(v, "byteOffset", 0, where);
            const int64_t length = getInt(v, "byteLength", -1, where);
            const int64_t bufferLength =
                getInt(buffers[size_t(buffer)], "byteLength", 0, "buffers");
            if (offset < 0 || length < 1)
                fail(ErrorCode::BadValue, where + " has a negative byteOffset or a byteLength < 1");
            if (offset > bufferLength || length > bufferLength - offset) {
                fail(ErrorCode::OutOfBounds,
                     where + " (byteOffset " + std::to_string(offset) + ", byteLength " +
                         std::to_string(length) + ") is past the end of buffers[" +
                         std::to_string(buffer) + "] (" + std::to_string(bufferLength) + " bytes)");
            }
            const int64_t stride = getInt(v, "byteStride", 0, where);
            if (v.contains("byteStride") && (stride < 4 || stride > 252)) {
                fail(ErrorCode::BadValue,
                     where + ".byteStride " + std::to_string(stride) + " is not in 4..252");
            }
            const Json* ext = getObject(v, "extensions", where);
            const Json* m =
                ext ? getObject(*ext, "EXT_meshopt_compression", where + ".extensions") : nullptr;
            if (!m) continue;
            const std::string mw = where + ".extensions.EXT_meshopt_compression";
            if (!m->contains("buffer")) fail(ErrorCode::Schema, mw + ".buffer is missing");
            index(*m, "buffer", "buffers", mw);
            const int64_t mb = getInt(*m, "buffer", 0, mw);
            const int64_t mo = getInt(*m, "byteOffset", 0, mw),
                          ml = getInt(*m, "byteLength", -1, mw);
            const int64_t mbLength = getInt(buffers[size_t(mb)], "byteLength", 0, "buffers");
            if (mo < 0 || ml < 0 || mo > mbLength || ml > mbLength - mo)
                fail(ErrorCode::OutOfBounds, mw + " range is past the end of its buffer");
            if (mFacts.fallbackBuffers[size_t(mb)])
                fail(ErrorCode::Inconsistent, mw + ".buffer is a fallback buffer with no data");
            const int64_t count = getInt(*m, "count", -1, mw),
                          mstride = getInt(*m, "byteStride", -1, mw);
            if (count < 0 || count > kMaxCount || mstride < 1 || mstride > 256)
                fail(ErrorCode::BadValue, mw + " count or byteStride is invalid");
            if (count * mstride > length) {
                fail(ErrorCode::Inconsistent, mw + " decodes to " +
                                                  std::to_string(count * mstride) +
                                                  " bytes, the view has " + std::to_string(length));
            }
            charge(uint64_t(length), mw);
        }
    }

    void checkAccessors() {
        const Json& accessors = mDoc.array("accessors");
        for (size_t i = 0; i < accessors.size(); ++i) {
            const Json& a = accessors[i];
            const std::string where = at("accessors", i);
            index(a, "bufferView", "bufferViews", where);
            const int64_t count = getInt(a, "count", -1, where);
            if (count < 0 || count > kMaxCount)
                fail(count < 0 ? ErrorCode::BadValue : ErrorCode::Limit,
                     where + ".count " + std::to_string(count) + " is out of range");
            uint32_t columns = 0, rows = 0;
            if (!accessorShape(getString(a, "type", where), columns, rows))
                fail(ErrorCode::BadValue, where + ".type is not a glTF type");
            // Decoded accessors are floats; charge them before anything is allocated.
            charge(uint64_t(count) * columns * rows * 4, where);
            if (const Json* sparse = getObject(a, "sparse", where)) {
                const Json* ind = getObject(*sparse, "indices", where + ".sparse");
                const Json* val = getObject(*sparse, "values", where + ".sparse");
                if (!ind || !val)
                    fail(ErrorCode::Schema, where + ".sparse needs indices and values");
                if (!ind->contains("bufferView") || !val->contains("bufferView"))
                    fail(ErrorCode::Schema, where + ".sparse needs bufferViews");
                index(*ind, "bufferView", "bufferViews", where + ".sparse.indices");
                index(*val, "bufferView", "bufferViews", where + ".sparse.values");
            }
        }
    }

    void checkMeshes() const {
        const Json& meshes = mDoc.array("meshes");
        for (size_t m = 0; m < meshes.size(); ++m) {
            const Json* prims = getArray(meshes[m], "primitives", at("meshes", m));
            if (!prims || prims->empty())
                fail(ErrorCode::Schema, at("meshes", m) + ".primitives is missing or empty");
            for (size_t p = 0; p < prims->size(); ++p) {
                const std::string where = at("meshes", m) + at(".primitives", p);
                const Json& prim = (*prims)[p];
                if (!prim.is_object()) fail(ErrorCode::Schema, where + " is not an object");
                index(prim, "indices", "accessors", where);
                index(prim, "material", "materials", where);
                const Json* attributes = getObject(prim, "attributes", where);
                if (!attributes) fail(ErrorCode::Schema, where + ".attributes is missing");
                for (auto it = attributes->begin(); it != attributes->end(); ++it) {
                    index(*attributes, it.key().c_str(), "accessors", where + ".attributes");
                }
                if (const Json* targets = getArray(prim, "targets", where)) {
                    for (size_t t = 0; t < targets->size(); ++t) {
                        const Json& target = (*targets)[t];
                        if (!target.is_object())
                            fail(ErrorCode::Schema,
                                 where + at(".targets", t) + " is not an object");
                        for (auto it = target.begin(); it != target.end(); ++it) {
                            index(target, it.key().c_str(), "accessors", where + at(".targets", t));
                        }
                    }
                }
            }
        }
    }

    void checkNodes() const {
        const Json& nodes = mDoc.array("nodes");
        for (size_t n = 0; n < nodes.size(); ++n) {
            const std::string where = at("nodes", n);
            index(nodes[n], "mesh", "meshes", where);
            index(nodes[n], "skin", "skins", where);
            index(nodes[n], "camera", "cameras", where);
            if (const Json* children = getArray(nodes[n], "children", where)) {
                for (size_t c = 0; c < children->size(); ++c) {
                    const Json& child = (*children)[c];
                    if (!child.is_number_integer() || child.get<int64_t>() < 0 ||
                        size_t(child.get<int64_t>()) >= nodes.size()) {
                        fail(ErrorCode::BadReference,
                             where + at(".children", c) + " is not a node index");
                    }
                }
            }
        }
        const Json& skins = mDoc.array("skins");
        for (size_t s = 0; s < skins.size(); ++s) {
            index(skins[s], "inverseBindMatrices", "accessors", at("skins", s));
            index(skins[s], "skeleton", "nodes", at("skins", s));
        }
        index(mJson, "scene", "scenes", "glTF");
    }

    void checkImagesAndTextures() {
        const Json& images = mDoc.array("images");
        const Json& views = mDoc.array("bufferViews");
        for (size_t i = 0; i < images.size(); ++i) {
            const std::string where = at("images", i);
            checkUri(images[i], where);
            index(images[i], "bufferView", "bufferViews", where);
            if (images[i].contains("bufferView")) {
                const int64_t v = getInt(images[i], "bufferView", -1, where);
                const int64_t b = getInt(views[size_t(v)], "buffer", 0, "bufferViews");
                if (mFacts.fallbackBuffers[size_t(b)])
                    fail(ErrorCode::Inconsistent,
                         where + ".bufferView is in a fallback buffer with no data");
            }
        }
        const Json& textures = mDoc.array("textures");
        for (size_t t = 0; t < textures.size(); ++t) {
            const std::string where = at("textures", t);
            index(textures[t], "source", "images", where);
            index(textures[t], "sampler", "samplers", where);
            const Json* ext = getObject(textures[t], "extensions", where);
            const Json* webp =
                ext ? getObject(*ext, "EXT_texture_webp", where + ".extensions") : nullptr;
            if (webp) index(*webp, "source", "images", where + ".extensions.EXT_texture_webp");
        }
    }

    void checkAnimations() const {
        const Json& animations = mDoc.array("animations");
        for (size_t a = 0; a < animations.size(); ++a) {
            const std::string where = at("animations", a);
            if (const Json* samplers = getArray(animations[a], "samplers", where)) {
                for (size_t s = 0; s < samplers->size(); ++s) {
                    const Json& sampler = (*samplers)[s];
                    if (!sampler.is_object())
                        fail(ErrorCode::Schema, where + at(".samplers", s) + " is not an object");
                    index(sampler, "input", "accessors", where + at(".samplers", s));
                    index(sampler, "output", "accessors", where + at(".samplers", s));
                }
            }
        }
    }

    const GltfDocument& mDoc;
    const Json& mJson;
    bool mIsGlb;
    size_t mBinSize;
    ValidationFacts& mFacts;
    uint64_t mBudget = 0;
};

}  // namespace

Status validateDocument(const GltfDocument& doc, bool isGlb, size_t binSize,
                        ValidationFacts& facts) {
    if (!doc.json.is_object())
        return doc.error(ErrorCode::Schema, "not a glTF file: the JSON is not an object");
    try {
        Validator(doc, isGlb, binSize, facts).run();
    } catch (const GltfFieldError& e) {
        return doc.error(e.code, e.what());
    }
    return {};
}

}  // namespace morph
