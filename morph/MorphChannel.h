#pragma once
// The morphed channels and their fixed order. The packing, the shaders (through injected
// #defines) and the CLI all take the order from here.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace morph {

enum class MorphChannel : uint8_t { Position, Normal, Tangent, TexCoord0, TexCoord1, Color0 };
inline constexpr size_t kMorphChannelCount = 6;

constexpr size_t index(MorphChannel c) {
    return static_cast<size_t>(c);
}

// The glTF attribute name: "POSITION", "NORMAL", "TANGENT", "TEXCOORD_0", "TEXCOORD_1", "COLOR_0".
std::string_view channelName(MorphChannel c);
std::optional<MorphChannel> channelFromName(std::string_view gltfAttribute);

}  // namespace morph
