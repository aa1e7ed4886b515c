#pragma once
// BasisLZ, the supercompression of ETC1S data (KTX 2.0 section 3.12.2 and the Basis Universal
// ETC1S specification): the global data every image shares (an endpoint codebook, a selector
// codebook, the Huffman tables the slices are coded with, and one description per image), and
// the decode of one slice to RGBA8.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "morph/Result.h"
#include "morph/ktx2/Huffman.h"
#include "morph/ktx2/Ktx2Container.h"

namespace morph::ktx2 {

// An ETC1S endpoint: a 5-bit-per-channel base color and an intensity table index (0..7).
struct Etc1sEndpoint {
    std::array<uint8_t, 3> color5{};
    uint8_t inten = 0;
};

// A 4x4 block of 2-bit selectors: row y is byte y, texel x its bits 2x and 2x + 1. Selector s picks
// the intensity table's s-th modifier (the table is sorted: -large, -small, +small, +large).
using Etc1sSelector = std::array<uint8_t, 4>;

// imageDescs[i] (KTX 2.0 section 3.12.2): where image i's slices lie in its level's data.
struct BasisLzImageDesc {
    uint32_t imageFlags = 0;
    uint32_t rgbSliceByteOffset = 0;
    uint32_t rgbSliceByteLength = 0;
    uint32_t alphaSliceByteOffset = 0;
    uint32_t alphaSliceByteLength = 0;
};

struct BasisLzGlobal {
    std::vector<Etc1sEndpoint> endpoints;
    std::vector<Etc1sSelector> selectors;
    HuffmanTable endpointPredModel;
    HuffmanTable deltaEndpointModel;
    HuffmanTable selectorModel;
    HuffmanTable selectorHistoryRleModel;
    uint32_t selectorHistorySize = 0;
    std::vector<BasisLzImageDesc> images;
};

// Reads supercompressionGlobalData for `imageCount` images. Errors for lengths past the data and
// for codebooks or tables that do not decode.
Result<BasisLzGlobal> readBasisLzGlobal(ByteSpan data, uint64_t imageCount);

// Which slice a decode writes: RGB (alpha set to 255) or alpha (the decoded green channel, as the
// reference transcoder takes it from an ETC1S alpha slice).
enum class SliceKind { Rgb, Alpha };

// Decodes one ETC1S slice of a width x height image into `rgba` (width * height * 4 bytes).
Status decodeEtc1sSlice(const BasisLzGlobal& global, ByteSpan slice, uint32_t width,
                        uint32_t height, SliceKind kind, uint8_t* rgba);

}  // namespace morph::ktx2
