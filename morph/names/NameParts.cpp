#include "morph/names/NameParts.h"

#include <algorithm>
#include <cctype>

namespace morph {

SideMarker findSideMarker(std::string_view name) {
    // Suffixes first: "_L" is the whole side marker, while a "left" inside could be part of a word.
    const size_t n = name.size();
    if (n > 2 && (name[n - 2] == '_' || name[n - 2] == '.')) {
        const char c = name.back();
        if (c == 'L' || c == 'l') return {NameSide::Left, n - 1, 1};
        if (c == 'R' || c == 'r') return {NameSide::Right, n - 1, 1};
    }
    // The last "left" or "right": "eyeLookInLeft", "Left_Eye_Blink".
    const std::string low = toLowerAscii(name);
    const size_t l = low.rfind("left");
    const size_t r = low.rfind("right");
    const bool useLeft = l != std::string::npos && (r == std::string::npos || l > r);
    if (useLeft) return {NameSide::Left, l, 4};
    if (r != std::string::npos) return {NameSide::Right, r, 5};
    return {};
}

std::string_view stripNamespace(std::string_view name) {
    const size_t cut = name.find_last_of(".:|");
    if (cut == std::string_view::npos || cut + 2 >= name.size()) return name;
    return name.substr(cut + 1);
}

std::string toLowerAscii(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    return out;
}

namespace {

bool isSeparator(char c) {
    return c == '_' || c == '-' || c == '.' || c == ' ';
}

}  // namespace

std::string NameKey::text() const {
    switch (side) {
        case NameSide::Left: return core + "left";
        case NameSide::Right: return core + "right";
        case NameSide::None: break;
    }
    return core;
}

NameKey nameKey(std::string_view name) {
    NameKey key;
    std::string_view stem = name;
    const SideMarker marker = findSideMarker(name);
    // Only a side at the end: ARKit, VRM and Blender put it last, and a "left" inside a name
    // ("leftEye_Blink") says something this cannot place.
    if (marker.side != NameSide::None && marker.at + marker.length == name.size()) {
        key.side = marker.side;
        stem = name.substr(0, marker.at);
        while (!stem.empty() && isSeparator(stem.back())) stem.remove_suffix(1);
    }
    for (char c : toLowerAscii(stripNamespace(stem))) {
        if (!isSeparator(c)) key.core += c;
    }
    return key;
}

}  // namespace morph
