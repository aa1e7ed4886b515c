#pragma once
// The GLB container (glTF 2.0 4.4): a 12-byte header, a JSON chunk, an optional BIN chunk.
// Parsed here, before any JSON parser sees the bytes, so every length is checked once.
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

inline constexpr uint32_t kGlbMagic = 0x46546C67;      // "glTF"
inline constexpr uint32_t kGlbChunkJson = 0x4E4F534A;  // "JSON"
inline constexpr uint32_t kGlbChunkBin = 0x004E4942;   // "BIN\0"

// Views into the bytes given to parseGlb (they must outlive it).
struct GlbView {
    const uint8_t* json = nullptr;
    size_t jsonSize = 0;
    const uint8_t* bin = nullptr;  // nullptr: no BIN chunk
    size_t binSize = 0;
    bool hasBin() const { return bin != nullptr; }
};

// True when the bytes start with the GLB magic (the file is meant to be a GLB).
bool looksLikeGlb(const uint8_t* data, size_t size);

// Errors are the problem only, without the file name ("truncated: header says 900 bytes, ...").
Result<GlbView> parseGlb(const uint8_t* data, size_t size);

// A GLB from a JSON text and an optional BIN payload (both padded to 4 bytes as 4.4.3 asks:
// JSON with spaces, BIN with zeros; no BIN chunk when there is none). Nothing is checked, so
// hostile fixtures can say anything. GltfBuilder, File > Export and the fixtures write with it.
std::vector<uint8_t> writeGlb(const std::string& json, const uint8_t* bin, size_t binSize);
inline std::vector<uint8_t> writeGlb(const std::string& json, const std::vector<uint8_t>& bin) {
    return writeGlb(json, bin.empty() ? nullptr : bin.data(), bin.size());
}

}  // namespace morph
