// Textures, samplers and images (glTF 2.0 3.8): images decoded to RGBA8 (morph/decode/
// ImageDecode; KTX2 through morph/ktx2), and each texture's choice among the images it names, best
// first: EXT_texture_webp's `source`, then KHR_texture_basisu's KTX2 (ETC1S or UASTC transcoded),
// then `source` (the PNG/JPEG fallback of both extensions, for viewers without them).
// The first that decoded wins. An image that does not decode is a warning, never a failed load:
// the texture takes the next image that did (a warning names both), or it has no pixels and its
// materials use their factors.
#include <algorithm>

#include "morph/decode/ImageDecode.h"
#include "morph/gltf/GltfDocument.h"

namespace morph {
namespace {

const Json* textureExtension(const Json& texture, const char* name, const std::string& where) {
    const Json* ext = getObject(texture, "extensions", where);
    return ext ? getObject(*ext, name, where + ".extensions") : nullptr;
}

std::string imageName(int index) {
    return "images[" + std::to_string(index) + "]";
}

// The report's reason: readImage's phrase without the ": " or " " that joins it to the name.
std::string reasonOf(const std::string& phrase) {
    const size_t skip = phrase.rfind(": ", 0) == 0 ? 2 : phrase.rfind(' ', 0) == 0 ? 1 : 0;
    return phrase.substr(skip);
}

// Reads images[index] into `image`; returns why it has no pixels (a phrase that follows the
// image's name: " has no data", ": not a decodable image (...)"), or "" when it decoded or
// decoding is off. `budgetLeft`: what decoded images may still take. Every image shares the one
// budget, so many small files that each decode to a large picture cannot add up past it.
std::string readImage(GltfDocument& doc, const Json& json, size_t index, Image& image,
                      uint64_t& budgetLeft) {
    const std::string where = imageName(int(index));
    image.name = getString(json, "name", where);
    image.mimeType = getString(json, "mimeType", where);
    const std::string uri = getString(json, "uri", where);
    if (image.mimeType.empty() && uri.rfind("data:", 0) == 0)
        image.mimeType = uri.substr(5, uri.find_first_of(";,") - 5);
    if (!doc.options.decodeImages) return {};
    if (!doc.imageReadErrors[index].empty()) return doc.imageReadErrors[index];
    const std::vector<uint8_t>& bytes = doc.imageBytes[index];
    if (bytes.empty()) return " has no data";
    // A KTX2 (KHR_texture_basisu) or WebP is known by its identifier or its mimeType.
    auto decoded = decodeImage(bytes.data(), bytes.size(), budgetLeft, image.mimeType);
    if (!decoded) return ": " + decoded.error().message;
    image.width = decoded->width;
    image.height = decoded->height;
    image.rgba = std::move(decoded->rgba);
    budgetLeft -= std::min<uint64_t>(budgetLeft, image.rgba.size());
    return {};
}

// The images textures[index] names, best first (see the top of this file), without repeats.
Result<std::vector<int>> candidateImages(GltfDocument& doc, const Json& texture,
                                         const std::string& where, int imageCount) {
    std::vector<int> out;
    const auto add = [&out](int64_t image) {
        if (image >= 0 && std::find(out.begin(), out.end(), int(image)) == out.end())
            out.push_back(int(image));
    };
    // Indices validated (GltfValidate.cpp), but for basisu's, checked here.
    if (const Json* webp = textureExtension(texture, "EXT_texture_webp", where))
        add(getInt(*webp, "source", -1, where + ".extensions.EXT_texture_webp"));
    if (const Json* basisu = textureExtension(texture, "KHR_texture_basisu", where)) {
        const int64_t ktx2 =
            getInt(*basisu, "source", -1, where + ".extensions.KHR_texture_basisu");
        if (ktx2 < -1 || ktx2 >= imageCount) {
            return doc.error(ErrorCode::BadReference,
                             where + ".extensions.KHR_texture_basisu.source is not an image");
        }
        add(ktx2);
    }
    add(getInt(texture, "source", -1, where));
    return out;
}

}  // namespace

Status readTextures(GltfDocument& doc, Scene& scene) {
    const Json& images = doc.array("images");
    scene.images.resize(images.size());
    std::vector<std::string> failed(images.size());  // why each image has no pixels
    uint64_t imageBudget = doc.options.maxMemoryBytes;
    for (size_t i = 0; i < images.size(); ++i)
        failed[i] = readImage(doc, images[i], i, scene.images[i], imageBudget);

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
    std::vector<bool> named(images.size(), false);  // a texture's warning names the image
    for (size_t i = 0; i < textures.size(); ++i) {
        const std::string where = "textures[" + std::to_string(i) + "]";
        Texture& t = scene.textures[i];
        t.sampler = int(getInt(textures[i], "sampler", -1, where));  // validated
        Result<std::vector<int>> candidates =
            candidateImages(doc, textures[i], where, int(images.size()));
        if (!candidates) return candidates.error();
        if (candidates->empty()) continue;
        const int best = candidates->front();
        auto usable = std::find_if(candidates->begin(), candidates->end(),
                                   [&failed](int image) { return failed[size_t(image)].empty(); });
        t.image = usable == candidates->end() ? best : *usable;
        const std::string& why = failed[size_t(best)];
        if (usable == candidates->end()) {
            doc.textureIssue(
                {int(i), best, -1, reasonOf(why), {}},
                where + ": " + imageName(best) + why + "; its materials use their factors");
            named[size_t(best)] = true;
        } else if (t.image != best) {
            doc.textureIssue({int(i), best, t.image, reasonOf(why), {}},
                             where + ": " + imageName(best) + why + "; using the fallback " +
                                 imageName(t.image));
            named[size_t(best)] = true;
        }
    }
    // Images no texture's warning named: unused ones, a fallback behind a KTX2 or WebP that did.
    for (size_t i = 0; i < images.size(); ++i) {
        if (failed[i].empty() || named[i]) continue;
        doc.textureIssue({-1, int(i), -1, reasonOf(failed[i]), {}}, imageName(int(i)) + failed[i]);
    }
    return {};
}

}  // namespace morph
