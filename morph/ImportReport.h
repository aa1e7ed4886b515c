#pragma once
// What the file said besides its content, kept on the Scene for the viewer's File report and
// `info --json`: the extensions it uses, the textures that did not decode (and why), what the
// importer normalized or repaired to use the data, and every other warning. Every line here is
// also in Scene::warnings (one line each, prefixed with the file), in import order; the report
// sorts them by kind.
#include <cstddef>
#include <string>
#include <vector>

namespace morph {

// One entry of extensionsUsed / extensionsRequired (glTF 2.0 3.12).
struct ExtensionUse {
    std::string name;
    bool required = false;   // listed in extensionsRequired
    bool supported = false;  // the importer implements it (an unsupported optional one is ignored)
};

// An image a texture prefers that did not decode. With `fallback` >= 0 the texture uses that
// image instead (EXT_texture_webp's rule: `source` is the PNG/JPEG fallback); with -1 the texture
// has no pixels and its materials use their factors. `texture` -1: an image no texture uses.
struct TextureIssue {
    int texture = -1;
    int image = -1;
    int fallback = -1;
    std::string reason;   // why `image` did not decode ("not a decodable WebP image (...)")
    std::string message;  // the whole warning line, as in Scene::warnings
};

// A morph target channel whose data held NaN or infinite values, read under
// ImportOptions::keepNonFiniteTargets: those values are zeroed in the Scene.
struct NonFiniteTarget {
    size_t mesh = 0;
    size_t primitive = 0;
    size_t target = 0;
    std::string channel;  // the attribute, "POSITION", "NORMAL", ...
    size_t values = 0;    // how many components were not finite
};

struct ImportReport {
    std::vector<ExtensionUse> extensions;  // extensionsUsed, then required ones missing there
    std::vector<TextureIssue> textures;
    std::vector<std::string> repairs;   // data changed so it can be used (weights normalized, ...)
    std::vector<std::string> warnings;  // every other warning line
    // Only under ImportOptions::keepNonFiniteTargets (the default import refuses such a file).
    std::vector<NonFiniteTarget> nonFiniteTargets;

    // What deserves a look: every texture issue, repair and warning, and every extension the
    // file uses that is not supported (the viewer's badge shows this number).
    size_t attentionCount() const {
        size_t n = textures.size() + repairs.size() + warnings.size();
        for (const ExtensionUse& e : extensions) n += e.supported ? 0 : 1;
        return n;
    }
};

}  // namespace morph
