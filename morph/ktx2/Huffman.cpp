#include "morph/ktx2/Huffman.h"

namespace morph::ktx2 {
namespace {

// The order in which the code-length code's lengths are sent (g_huffman_sorted_codelength_codes).
constexpr uint8_t kCodeLengthOrder[21] = {17, 18, 19, 20, 0,  8, 7,  9, 6,  10, 5,
                                          11, 4,  12, 3,  13, 2, 14, 1, 15, 16};
constexpr unsigned kMaxSymbolsLog2 = 14;  // a table has at most 2^14 symbols
// Code-length symbols past 16: runs of zeros, repeats of the last length (20: a long repeat).
constexpr int kSmallZeroRun = 17, kBigZeroRun = 18, kSmallRepeat = 19;

uint32_t reverseBits(uint32_t code, unsigned length) {
    uint32_t out = 0;
    for (unsigned i = 0; i < length; ++i) out |= ((code >> i) & 1u) << (length - 1 - i);
    return out;
}

}  // namespace

bool HuffmanTable::build(const std::vector<uint8_t>& codeSizes) {
    mSymbolCount = codeSizes.size();
    for (uint16_t& c : mCount) c = 0;
    for (uint8_t size : codeSizes) {
        if (size > kMaxCodeSize) return false;
        ++mCount[size];
    }
    mCount[0] = 0;
    // Kraft: more codes of a length than the shorter ones leave room for is no prefix code.
    int64_t left = 1;
    unsigned used = 0;
    for (unsigned len = 1; len <= kMaxCodeSize; ++len) {
        left = left * 2 - mCount[len];
        if (left < 0) return false;
        used += mCount[len];
    }
    // A table no symbol uses is kept (an encoder may send one it never reads); decoding with it
    // fails.

    uint16_t offset[kMaxCodeSize + 2] = {};
    for (unsigned len = 1; len <= kMaxCodeSize; ++len) offset[len + 1] = offset[len] + mCount[len];
    mSorted.assign(used, 0);
    for (size_t sym = 0; sym < codeSizes.size(); ++sym)
        if (codeSizes[sym]) mSorted[offset[codeSizes[sym]]++] = uint16_t(sym);

    // Canonical codes (shorter first, then by symbol), read first bit first: the fast table is
    // indexed by the code's bits reversed, with every filling of the bits after it.
    mFast.assign(size_t(1) << kFastBits, 0);
    uint32_t code = 0;
    size_t index = 0;
    for (unsigned len = 1; len <= kMaxCodeSize; ++len) {
        for (unsigned i = 0; i < mCount[len]; ++i, ++code, ++index) {
            if (len > kFastBits) continue;
            const uint32_t reversed = reverseBits(code, len);
            for (uint32_t fill = reversed; fill < (1u << kFastBits); fill += 1u << len)
                mFast[fill] = (uint32_t(len) << 16) | mSorted[index];
        }
        code <<= 1;
    }
    return true;
}

int HuffmanTable::decodeSlow(BitReader& bits) const {
    // puff's canonical decode: one bit at a time, from the first (shortest) length on.
    const uint32_t peeked = bits.peek(kMaxCodeSize);
    int code = 0, first = 0, index = 0;
    for (unsigned len = 1; len <= kMaxCodeSize; ++len) {
        code |= int((peeked >> (len - 1)) & 1u);
        const int count = mCount[len];
        if (code - first < count) {
            bits.skip(len);
            return mSorted[size_t(index + code - first)];
        }
        index += count;
        first = (first + count) << 1;
        code <<= 1;
    }
    return -1;
}

bool HuffmanTable::read(BitReader& bits) {
    const uint32_t total = bits.read(kMaxSymbolsLog2);
    if (total == 0) return build({});
    const uint32_t lengthCodes = bits.read(5);
    if (lengthCodes < 1 || lengthCodes > 21) return false;
    std::vector<uint8_t> lengthSizes(21, 0);
    for (uint32_t i = 0; i < lengthCodes; ++i)
        lengthSizes[kCodeLengthOrder[i]] = uint8_t(bits.read(3));
    HuffmanTable lengths;
    if (!lengths.build(lengthSizes)) return false;

    std::vector<uint8_t> sizes(total, 0);
    for (uint32_t sym = 0; sym < total;) {
        const int len = lengths.decode(bits);
        if (len < 0 || bits.overrun()) return false;
        uint32_t run = 0;
        uint8_t value = 0;
        if (len <= 16) {
            sizes[sym++] = uint8_t(len);
            continue;
        } else if (len == kSmallZeroRun) {
            run = bits.read(3) + 3;
        } else if (len == kBigZeroRun) {
            run = bits.read(7) + 11;
        } else {
            if (sym == 0 || sizes[sym - 1] == 0) return false;  // a repeat of nothing
            value = sizes[sym - 1];
            run = len == kSmallRepeat ? bits.read(2) + 3 : bits.read(7) + 7;
        }
        if (run > total - sym) return false;
        for (uint32_t i = 0; i < run; ++i) sizes[sym++] = value;
    }
    return !bits.overrun() && build(sizes);
}

}  // namespace morph::ktx2
