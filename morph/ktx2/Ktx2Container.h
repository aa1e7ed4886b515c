#pragma once
// The KTX 2.0 container (KTX 2.0 specification, section 3): the 80-byte header, the level index,
// the data format descriptor's first block, and where the key/value data and the
// supercompression global data lie. Every offset and length is checked against the file's size
// before anything reads through it; the levels' bytes stay in the caller's buffer.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "morph/Result.h"

namespace morph::ktx2 {

// supercompressionScheme (KTX 2.0 section 3.4).
enum class Supercompression : uint32_t { None = 0, BasisLZ = 1, Zstandard = 2, Zlib = 3 };

// The DFD color models of Basis Universal data (Khronos Data Format 1.3, section 5.6).
constexpr uint8_t kColorModelEtc1s = 163;
constexpr uint8_t kColorModelUastc = 166;
// An ETC1S sample's channel id that says the second slice is alpha (KHR_DF_CHANNEL_ETC1S_AAA).
constexpr uint8_t kChannelEtc1sAlpha = 15;

struct ByteSpan {
    const uint8_t* data = nullptr;
    size_t size = 0;
};

struct Ktx2Level {
    uint64_t byteOffset = 0;
    uint64_t byteLength = 0;
    uint64_t uncompressedByteLength = 0;
};

struct Ktx2Container {
    uint32_t vkFormat = 0;
    uint32_t typeSize = 0;
    uint32_t width = 0;
    uint32_t height = 0;
    uint32_t depth = 0;
    uint32_t layerCount = 0;  // 0: not an array
    uint32_t faceCount = 1;
    Supercompression scheme = Supercompression::None;
    std::vector<Ktx2Level> levels;    // at least one; [0] is the base image
    uint8_t colorModel = 0;           // from the DFD's basic block
    std::vector<uint8_t> channelIds;  // each sample's channel id (low 4 bits of channelType)
    ByteSpan globalData;              // supercompressionGlobalData (BasisLZ's codebooks and tables)
    const uint8_t* file = nullptr;

    ByteSpan levelBytes(size_t level) const {
        return {file + levels[level].byteOffset, size_t(levels[level].byteLength)};
    }
    // Images in one level: layers x faces (x depth slices, which 2D files do not have).
    uint64_t imagesPerLevel() const { return uint64_t(layerCount ? layerCount : 1) * faceCount; }
};

// Whether the bytes start with the KTX 2.0 identifier «KTX 20»\r\n\x1A\n.
bool looksLikeKtx2(const uint8_t* data, size_t size);

// Errors (one line, no file name): truncated file, bad identifier, offsets or lengths past the
// end of the file, 1D/3D textures, counts the format does not allow.
Result<Ktx2Container> readKtx2Container(const uint8_t* data, size_t size);

}  // namespace morph::ktx2
