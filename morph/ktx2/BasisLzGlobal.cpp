// BasisLZ's global data (KTX 2.0 section 3.12.2): the header, the image descriptions, then the
// endpoint codebook, the selector codebook and the slices' Huffman tables, each a bit stream of the
// Basis Universal ETC1S specification ("Endpoint codebooks", "Selector codebooks", "Tables").
#include <string>

#include "morph/ByteOrder.h"
#include "morph/ktx2/BasisLz.h"

namespace morph::ktx2 {
namespace {

constexpr size_t kGlobalHeaderSize = 20;  // endpointCount, selectorCount, four byte lengths
constexpr size_t kImageDescSize = 20;     // five UInt32
// The color deltas' model depends on the previous value (COLOR5_PAL0_PREV_HI, _PAL1_PREV_HI).
constexpr uint8_t kColor5Model0Max = 9, kColor5Model1Max = 21;

Error corrupt(const std::string& what) {
    return Error{ErrorCode::Decode, "BasisLZ " + what + " is corrupt"};
}

// Endpoints: intensity and color deltas from the previous endpoint, each Huffman coded.
Status readEndpoints(ByteSpan data, uint32_t count, std::vector<Etc1sEndpoint>& out) {
    BitReader bits(data.data, data.size);
    HuffmanTable colorModels[3], intenModel;
    for (HuffmanTable& model : colorModels)
        if (!model.read(bits)) return corrupt("endpoint codebook's Huffman tables");
    if (!intenModel.read(bits)) return corrupt("endpoint codebook's Huffman tables");
    const bool grayscale = bits.read(1) != 0;
    out.resize(count);
    std::array<uint8_t, 3> prevColor{16, 16, 16};
    uint8_t prevInten = 0;
    for (Etc1sEndpoint& endpoint : out) {
        const int intenDelta = intenModel.decode(bits);
        if (intenDelta < 0) return corrupt("endpoint codebook");
        endpoint.inten = prevInten = uint8_t((intenDelta + prevInten) & 7);
        for (int c = 0; c < (grayscale ? 1 : 3); ++c) {
            const HuffmanTable& model = prevColor[c] <= kColor5Model0Max   ? colorModels[0]
                                        : prevColor[c] <= kColor5Model1Max ? colorModels[1]
                                                                           : colorModels[2];
            const int delta = model.decode(bits);
            if (delta < 0) return corrupt("endpoint codebook");
            endpoint.color5[c] = prevColor[c] = uint8_t((prevColor[c] + delta) & 31);
        }
        if (grayscale) endpoint.color5[1] = endpoint.color5[2] = endpoint.color5[0];
    }
    if (bits.overrun()) return corrupt("endpoint codebook (truncated)");
    return {};
}

// Selectors: raw bytes, or each row's byte XORed with the previous selector's, Huffman coded.
Status readSelectors(ByteSpan data, uint32_t count, std::vector<Etc1sSelector>& out) {
    BitReader bits(data.data, data.size);
    // The global and hybrid selector codebooks of early .basis files are not allowed in KTX2.
    if (bits.read(1))
        return Error{ErrorCode::Unsupported, "BasisLZ global selector codebooks are not supported"};
    if (bits.read(1))
        return Error{ErrorCode::Unsupported, "BasisLZ hybrid selector codebooks are not supported"};
    out.resize(count);
    if (bits.read(1)) {  // raw
        for (Etc1sSelector& selector : out)
            for (uint8_t& row : selector) row = uint8_t(bits.read(8));
    } else {
        HuffmanTable deltaModel;
        if (!deltaModel.read(bits)) return corrupt("selector codebook's Huffman table");
        Etc1sSelector prev{};
        for (uint32_t i = 0; i < count; ++i) {
            for (size_t row = 0; row < 4; ++row) {
                if (i == 0) {
                    prev[row] = uint8_t(bits.read(8));
                    continue;
                }
                const int sym = deltaModel.decode(bits);
                if (sym < 0 || sym > 255) return corrupt("selector codebook");
                prev[row] = uint8_t(sym ^ prev[row]);
            }
            out[i] = prev;
        }
    }
    if (bits.overrun()) return corrupt("selector codebook (truncated)");
    return {};
}

Status readTables(ByteSpan data, BasisLzGlobal& out) {
    BitReader bits(data.data, data.size);
    if (!out.endpointPredModel.read(bits) || !out.deltaEndpointModel.read(bits) ||
        !out.selectorModel.read(bits) || !out.selectorHistoryRleModel.read(bits)) {
        return corrupt("slice Huffman tables");
    }
    out.selectorHistorySize = bits.read(13);
    if (bits.overrun()) return corrupt("slice Huffman tables (truncated)");
    return {};
}

}  // namespace

Result<BasisLzGlobal> readBasisLzGlobal(ByteSpan data, uint64_t imageCount) {
    if (data.size < kGlobalHeaderSize)
        return Error{ErrorCode::Container, "KTX2 BasisLZ global data is missing or truncated"};
    const uint8_t* p = data.data;
    const uint32_t endpointCount = readU16(p), selectorCount = readU16(p + 2);
    const uint64_t endpointsLength = readU32(p + 4), selectorsLength = readU32(p + 8),
                   tablesLength = readU32(p + 12), extendedLength = readU32(p + 16);
    if (endpointCount == 0 || selectorCount == 0)
        return Error{ErrorCode::BadValue, "BasisLZ codebooks are empty"};
    // imageCount <= 2^32 * 6 * 32, so this product stays far inside 64 bits.
    const uint64_t descsLength = imageCount * kImageDescSize;
    const uint64_t total = kGlobalHeaderSize + descsLength + endpointsLength + selectorsLength +
                           tablesLength + extendedLength;
    if (total > data.size) {
        return Error{ErrorCode::OutOfBounds, "KTX2 BasisLZ global data (" + std::to_string(total) +
                                                 " bytes by its lengths) is past its " +
                                                 std::to_string(data.size) + " bytes"};
    }
    BasisLzGlobal out;
    out.images.resize(size_t(imageCount));
    for (size_t i = 0; i < out.images.size(); ++i) {
        const uint8_t* d = p + kGlobalHeaderSize + i * kImageDescSize;
        out.images[i] = {readU32(d), readU32(d + 4), readU32(d + 8), readU32(d + 12),
                         readU32(d + 16)};
    }
    const uint8_t* endpoints = p + kGlobalHeaderSize + descsLength;
    const uint8_t* selectors = endpoints + endpointsLength;
    const uint8_t* tables = selectors + selectorsLength;
    if (Status s =
            readEndpoints({endpoints, size_t(endpointsLength)}, endpointCount, out.endpoints);
        !s)
        return s.error();
    if (Status s =
            readSelectors({selectors, size_t(selectorsLength)}, selectorCount, out.selectors);
        !s)
        return s.error();
    if (Status s = readTables({tables, size_t(tablesLength)}, out); !s) return s.error();
    return out;
}

}  // namespace morph::ktx2
