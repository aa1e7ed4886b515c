#include "morph/anim/ClipSelection.h"

namespace morph {

namespace {

std::string trimmed(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

std::optional<size_t> animationIndex(const Scene& scene, const std::string& key) {
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        if (scene.animations[i].name == key) return i;
    }
    // Unnamed clips are common (SimpleMorph's only clip has no name): allow the index. Nine
    // digits at most, so the number always fits.
    if (key.empty() || key.size() > 9 || key.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const size_t index = std::stoul(key);
    if (index < scene.animations.size()) return index;
    return std::nullopt;
}

ClipSelection selectAnimations(const Scene& scene, const std::string& key) {
    ClipSelection out;
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        if (scene.animations[i].name == key) {
            out.clips.push_back(i);
            return out;
        }
    }
    if (key == "all") {
        for (size_t i = 0; i < scene.animations.size(); ++i) out.clips.push_back(i);
        return out;
    }
    if (std::optional<size_t> index = animationIndex(scene, key)) {
        out.clips.push_back(*index);
        return out;
    }
    if (key.find(',') == std::string::npos) {
        out.unknown = key;
        return out;
    }
    std::vector<std::string> items;
    for (size_t start = 0;;) {
        const size_t comma = key.find(',', start);
        items.push_back(key.substr(start, comma == std::string::npos ? comma : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return selectAnimations(scene, items);
}

ClipSelection selectAnimations(const Scene& scene, const std::vector<std::string>& keys) {
    ClipSelection out;
    for (const std::string& key : keys) {
        // "blink, 2": the spaces after the commas are not part of the names; an empty item (an
        // unnamed clip's name) is a slip of the keyboard in a list, not a clip.
        std::optional<size_t> index;
        if (!trimmed(key).empty()) {
            index = animationIndex(scene, key);
            if (!index) index = animationIndex(scene, trimmed(key));
        }
        if (!index) {
            out.clips.clear();
            out.unknown = key;
            return out;
        }
        out.clips.push_back(*index);
    }
    return out;
}

}  // namespace morph
