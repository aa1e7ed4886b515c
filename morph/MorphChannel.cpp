#include "morph/MorphChannel.h"

#include <array>

namespace morph {

namespace {
constexpr std::array<std::string_view, kMorphChannelCount> kNames = {
    "POSITION", "NORMAL", "TANGENT", "TEXCOORD_0", "TEXCOORD_1", "COLOR_0"};
}

std::string_view channelName(MorphChannel c) {
    return kNames[index(c)];
}

std::optional<MorphChannel> channelFromName(std::string_view gltfAttribute) {
    for (size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i] == gltfAttribute) return static_cast<MorphChannel>(i);
    }
    return std::nullopt;
}

}  // namespace morph
