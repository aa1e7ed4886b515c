#pragma once
// BasisLZ's Huffman codes (Basis Universal ETC1S specification, "Huffman tables"): canonical codes
// of up to 16 bits, as in Deflate, whose code lengths are themselves sent with a 21-symbol code
// and zero-run / repeat symbols. read() parses one table from the stream; decode() reads one
// symbol.
#include <cstdint>
#include <vector>

#include "morph/ktx2/BitReader.h"

namespace morph::ktx2 {

class HuffmanTable {
public:
    // Builds the decoder from each symbol's code length (0: unused). False when the lengths are
    // over-subscribed (no prefix code has them).
    bool build(const std::vector<uint8_t>& codeSizes);
    // Reads a table as Basis Universal writes it (read_huffman_table). False on corrupt data.
    bool read(BitReader& bits);
    // One symbol, or -1 for a bit pattern that is no code (corrupt data).
    int decode(BitReader& bits) const {
        const uint32_t entry = mFast[bits.peek(kFastBits)];
        if (entry) {
            bits.skip(entry >> 16);
            return int(entry & 0xFFFF);
        }
        return decodeSlow(bits);
    }
    size_t symbolCount() const { return mSymbolCount; }

private:
    static constexpr unsigned kFastBits = 10;
    static constexpr unsigned kMaxCodeSize = 16;
    int decodeSlow(BitReader& bits) const;

    size_t mSymbolCount = 0;
    uint16_t mCount[kMaxCodeSize + 1] = {};  // codes of each length
    std::vector<uint16_t> mSorted;           // symbols by (length, symbol): canonical order
    // Indexed by the next kFastBits bits: (length << 16) | symbol for codes that short; 0
    // otherwise.
    std::vector<uint32_t> mFast;
};

}  // namespace morph::ktx2
