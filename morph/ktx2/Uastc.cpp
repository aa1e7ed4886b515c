// UASTC blocks to RGBA8. The tables are the UASTC specification's: per mode its Huffman code, its
// endpoint range (an ASTC BISE range), component count, weight bits, planes, subsets and hint bits;
// the partition patterns of the 2- and 3-subset modes (the ASTC patterns UASTC shares with BC7).
#include "morph/ktx2/Uastc.h"

#include <array>
#include <cstddef>

namespace morph::ktx2 {
namespace {

struct UastcMode {
    uint8_t code, codeBits;  // the mode's code, read least significant bit first
    uint8_t endpointRange;   // ASTC BISE range index (see kRanges)
    uint8_t comps;           // 2: luminance + alpha, 3: RGB, 4: RGBA
    uint8_t weightBits, planes, subsets;
    uint8_t hintBits;  // BC1/ETC1/ETC2 hints for transcoders, skipped here
};
constexpr int kSolidMode = 8;  // a constant RGBA8 color (and ETC1 hints)
constexpr int kModeCount = 19;
constexpr UastcMode kModes[kModeCount] = {
    {0x01, 4, 19, 3, 4, 1, 1, 15}, {0x35, 6, 20, 3, 2, 1, 1, 15}, {0x1D, 5, 8, 3, 3, 1, 2, 15},
    {0x03, 5, 7, 3, 2, 1, 3, 15},  {0x13, 5, 12, 3, 2, 1, 2, 15}, {0x0B, 5, 20, 3, 3, 1, 1, 15},
    {0x1B, 5, 18, 3, 2, 2, 1, 15}, {0x07, 5, 12, 3, 2, 1, 2, 15}, {0x17, 5, 0, 4, 0, 0, 0, 0},
    {0x0F, 5, 8, 4, 2, 1, 2, 23},  {0x02, 3, 13, 4, 4, 1, 1, 17}, {0x00, 2, 13, 4, 2, 2, 1, 17},
    {0x06, 3, 19, 4, 3, 1, 1, 17}, {0x1F, 5, 20, 4, 1, 2, 1, 23}, {0x0D, 5, 20, 4, 2, 1, 1, 23},
    {0x05, 7, 20, 2, 4, 1, 1, 23}, {0x15, 6, 20, 2, 2, 1, 2, 23}, {0x25, 6, 20, 2, 2, 2, 1, 23},
    {0x09, 4, 11, 3, 5, 1, 1, 15}};
// The one 7-bit code no mode has (0x45): reserved.

// 2-subset patterns (modes 2, 4, 9, 16): bit i is texel i's subset.
constexpr uint16_t kPatterns2[30] = {0xCCCC, 0x8888, 0x1111, 0xECC8, 0x377F, 0xFEEC, 0x0137, 0x137F,
                                     0xC800, 0x0013, 0xFE80, 0x17FF, 0x0017, 0x00FF, 0xFFF0, 0x0FFF,
                                     0xFF71, 0x8EFF, 0x08CE, 0x008C, 0x7310, 0xCEFF, 0x7331, 0x088C,
                                     0xCEEF, 0x6666, 0xF00F, 0x5555, 0x0F0F, 0x36C9};
// Mode 7's 2-subset patterns (ASTC patterns that stand for 3-subset BC7 ones).
constexpr uint16_t kPatterns2Of3[19] = {0x00F0, 0x4444, 0x0133, 0xCC80, 0xF0FF, 0x2222, 0xFFC8,
                                        0xCCCE, 0x3C03, 0x00EE, 0x7700, 0x3003, 0x00CE, 0xFF80,
                                        0x6FFF, 0x1333, 0x11FF, 0x136C, 0x00EF};
// 3-subset patterns (mode 3): bits 2i, 2i + 1 are texel i's subset.
constexpr uint32_t kPatterns3[11] = {0xA5A50000, 0xAA005555, 0xAA000055, 0x0000AA55,
                                     0x25252525, 0x94949494, 0x58585858, 0x56560202,
                                     0x92929292, 0x55AA0055, 0xA05050A0};

// ASTC integer sequence ranges (Khronos Data Format 1.3, section 23.12, table 126) and the color
// unquantization constants of section 23.13: bit pattern B (letters a..f are the value's bits
// 0..5, most significant first) and multiplier C.
struct Range {
    uint8_t trits, quints, bits;
    const char* b;
    uint16_t c;
};
constexpr Range kRanges[21] = {
    {0, 0, 1, nullptr, 0},       {1, 0, 0, nullptr, 0},       {0, 0, 2, nullptr, 0},
    {0, 1, 0, nullptr, 0},       {1, 0, 1, "000000000", 204}, {0, 0, 3, nullptr, 0},
    {0, 1, 1, "000000000", 113}, {1, 0, 2, "b000b0bb0", 93},  {0, 0, 4, nullptr, 0},
    {0, 1, 2, "b0000bb00", 54},  {1, 0, 3, "cb000cbcb", 44},  {0, 0, 5, nullptr, 0},
    {0, 1, 3, "cb0000cbc", 26},  {1, 0, 4, "dcb000dcb", 22},  {0, 0, 6, nullptr, 0},
    {0, 1, 4, "dcb0000dc", 13},  {1, 0, 5, "edcb000ed", 11},  {0, 0, 7, nullptr, 0},
    {0, 1, 5, "edcb0000e", 6},   {1, 0, 6, "fedcb000f", 5},   {0, 0, 8, nullptr, 0}};

// The block as a 128-bit little-endian number, read from bit 0 up.
class BlockBits {
public:
    explicit BlockBits(const uint8_t* block) {
        for (int i = 7; i >= 0; --i) {
            mLo = (mLo << 8) | block[i];
            mHi = (mHi << 8) | block[8 + i];
        }
    }
    uint32_t read(unsigned count) {  // count <= 32; past bit 127 the bits are 0
        uint64_t v = 0;
        if (mPos < 64) {
            v = mLo >> mPos;
            if (mPos) v |= mHi << (64 - mPos);
        } else if (mPos < 128) {
            v = mHi >> (mPos - 64);
        }
        mPos += count;
        return uint32_t(v & ((uint64_t(1) << count) - 1));
    }
    void skip(unsigned count) { mPos += count; }

private:
    uint64_t mLo = 0, mHi = 0;
    unsigned mPos = 0;
};

// The mode of each value of a block's first 7 bits (-1: the reserved code).
const std::array<int8_t, 128>& modeTable() {
    static const std::array<int8_t, 128> table = [] {
        std::array<int8_t, 128> t{};
        for (unsigned bits7 = 0; bits7 < 128; ++bits7) {
            t[bits7] = -1;
            for (int m = 0; m < kModeCount; ++m)
                if ((bits7 & ((1u << kModes[m].codeBits) - 1)) == kModes[m].code)
                    t[bits7] = int8_t(m);
        }
        return t;
    }();
    return table;
}

int modeOf(const uint8_t* block) {
    return modeTable()[block[0] & 0x7F];
}

// Bit replication to 8 bits, or ASTC's unquantization of a trit/quint value and its low bits.
uint8_t unquantEndpoint(const Range& range, uint32_t tq, uint32_t bits) {
    if (!range.trits && !range.quints) {
        uint32_t v = 0;
        for (int shift = 8 - range.bits; shift > -int(range.bits); shift -= range.bits)
            v |= shift >= 0 ? bits << shift : bits >> -shift;
        return uint8_t(v & 0xFF);
    }
    const uint32_t a = (bits & 1) ? 0x1FF : 0;
    uint32_t b = 0;
    for (int i = 0; i < 9; ++i) {
        const char ch = range.b[i];
        b = (b << 1) | (ch == '0' ? 0u : (bits >> (ch - 'a')) & 1u);
    }
    const uint32_t t = ((tq * range.c + b) ^ a) & 0x1FF;
    return uint8_t((a & 0x80) | (t >> 2));
}

// unquantEndpoint for every range, trit/quint and low bits: [range][(tq << bits) | low bits].
const std::array<std::array<uint8_t, 256>, 21>& endpointTable() {
    static const std::array<std::array<uint8_t, 256>, 21> table = [] {
        std::array<std::array<uint8_t, 256>, 21> t{};
        for (size_t r = 0; r < t.size(); ++r) {
            const Range& range = kRanges[r];
            if ((range.trits || range.quints) && !range.b) continue;  // not an endpoint range
            const uint32_t levels = range.trits ? 3 : range.quints ? 5 : 1;
            for (uint32_t tq = 0; tq < levels; ++tq)
                for (uint32_t low = 0; low < (1u << range.bits); ++low)
                    t[r][(tq << range.bits) | low] = unquantEndpoint(range, tq, low);
        }
        return t;
    }();
    return table;
}

// UASTC's endpoint sequence: the trits (5 per 8 bits) or quints (3 per 7 bits) packed as base-3 or
// base-5 numbers first, then each value's low bits.
void readEndpoints(BlockBits& in, int rangeIndex, int count, uint8_t* out) {
    const Range& range = kRanges[rangeIndex];
    uint32_t tq[18] = {};
    if (range.trits || range.quints) {
        const int per = range.trits ? 5 : 3, radix = range.trits ? 3 : 5;
        static constexpr uint8_t kTritBits[6] = {0, 2, 4, 5, 7, 8};
        static constexpr uint8_t kQuintBits[4] = {0, 3, 5, 7};
        for (int i = 0; i < count; i += per) {
            const int n = count - i < per ? count - i : per;
            uint32_t packed = in.read(range.trits ? kTritBits[n] : kQuintBits[n]);
            for (int j = 0; j < n; ++j, packed /= radix) tq[i + j] = packed % radix;
        }
    }
    const std::array<uint8_t, 256>& unquant = endpointTable()[size_t(rangeIndex)];
    for (int i = 0; i < count; ++i) out[i] = unquant[(tq[i] << range.bits) | in.read(range.bits)];
}

// ASTC weight unquantization (section 23.16) for the bit-only ranges UASTC uses: to 0..64.
uint8_t unquantWeight(uint32_t w, unsigned bits) {
    uint32_t v = 0;
    for (int shift = 6 - int(bits); shift > -int(bits); shift -= int(bits))
        v |= shift >= 0 ? w << shift : w >> -shift;
    v &= 0x3F;
    return uint8_t(v > 32 ? v + 1 : v);
}

// unquantWeight for 1..5 bits: [bits][weight].
const std::array<std::array<uint8_t, 32>, 6>& weightTable() {
    static const std::array<std::array<uint8_t, 32>, 6> table = [] {
        std::array<std::array<uint8_t, 32>, 6> t{};
        for (unsigned bits = 1; bits <= 5; ++bits)
            for (uint32_t w = 0; w < (1u << bits); ++w) t[bits][w] = unquantWeight(w, bits);
        return t;
    }();
    return table;
}

// ASTC's LDR interpolation of 8-bit endpoints widened to 16 bits (l * 257), top byte kept.
uint8_t interpolate(uint32_t l, uint32_t h, uint32_t w) {
    l = (l << 8) | l;
    h = (h << 8) | h;
    return uint8_t(((l * (64 - w) + h * w + 32) >> 6) >> 8);
}

// Each texel's subset from the block's pattern index; false for an index past its table.
bool readSubsets(BlockBits& in, int modeIndex, const UastcMode& mode,
                 std::array<uint8_t, 16>& subsetOf) {
    if (mode.subsets == 1) return true;
    const uint32_t pattern = in.read(mode.subsets == 3 ? 4 : 5);
    if (mode.subsets == 3) {
        if (pattern >= 11) return false;
        for (int i = 0; i < 16; ++i) subsetOf[i] = uint8_t((kPatterns3[pattern] >> (2 * i)) & 3);
        return true;
    }
    const bool mode7 = modeIndex == 7;
    if (pattern >= (mode7 ? 19u : 30u)) return false;
    const uint16_t bits = mode7 ? kPatterns2Of3[pattern] : kPatterns2[pattern];
    for (int i = 0; i < 16; ++i) subsetOf[i] = uint8_t((bits >> i) & 1);
    return true;
}

// The endpoint values as RGBA pairs: l0 l1 a0 a1 for luminance-alpha, r0 r1 g0 g1 b0 b1 (a0 a1)
// otherwise; alpha 255 where the mode has none.
void endpointPairs(const UastcMode& mode, const uint8_t* values, uint8_t (&out)[3][2][4]) {
    for (int s = 0; s < mode.subsets; ++s) {
        const uint8_t* v = values + s * mode.comps * 2;
        for (int e = 0; e < 2; ++e) {
            if (mode.comps == 2) {
                out[s][e][0] = out[s][e][1] = out[s][e][2] = v[e];
                out[s][e][3] = v[2 + e];
            } else {
                for (int c = 0; c < 4; ++c) out[s][e][c] = c < mode.comps ? v[c * 2 + e] : 255;
            }
        }
    }
}

// The weights, texel by texel (both planes' for a dual-plane mode), unquantized to 0..64. Each
// subset's first texel (its anchor) has one bit less: the top bit, always 0.
void readWeights(BlockBits& in, const UastcMode& mode, const std::array<uint8_t, 16>& subsetOf,
                 uint8_t (&weights)[16][2]) {
    bool seen[3] = {};
    const std::array<uint8_t, 32>& unquant = weightTable()[mode.weightBits];
    for (int i = 0; i < 16; ++i) {
        const bool anchor = !seen[subsetOf[i]];
        seen[subsetOf[i]] = true;
        for (int p = 0; p < mode.planes; ++p)
            weights[i][p] = unquant[in.read(mode.weightBits - (anchor ? 1 : 0))];
    }
}

}  // namespace

int uastcBlockMode(const uint8_t* block) {
    return modeOf(block);
}

bool decodeUastcBlock(const uint8_t* block, uint8_t* rgba) {
    const int modeIndex = modeOf(block);
    if (modeIndex < 0) return false;
    const UastcMode& mode = kModes[modeIndex];
    BlockBits in(block);
    in.skip(mode.codeBits);
    if (modeIndex == kSolidMode) {
        uint8_t color[4];
        for (uint8_t& c : color) c = uint8_t(in.read(8));
        for (int i = 0; i < 16; ++i)
            for (int c = 0; c < 4; ++c) rgba[i * 4 + c] = color[c];
        return true;
    }
    in.skip(mode.hintBits);
    // The dual-plane modes' second plane: the component it weights (luminance-alpha: alpha).
    int ccs = -1;
    if (mode.planes == 2) ccs = mode.comps == 2 ? 3 : int(in.read(2));
    std::array<uint8_t, 16> subsetOf{};
    if (!readSubsets(in, modeIndex, mode, subsetOf)) return false;
    uint8_t values[18];
    readEndpoints(in, mode.endpointRange, mode.comps * 2 * mode.subsets, values);
    uint8_t endpoints[3][2][4];
    endpointPairs(mode, values, endpoints);
    uint8_t weights[16][2] = {};
    readWeights(in, mode, subsetOf, weights);
    for (int i = 0; i < 16; ++i) {
        const uint8_t(&e)[2][4] = endpoints[subsetOf[i]];
        for (int c = 0; c < 4; ++c)
            rgba[i * 4 + c] = interpolate(e[0][c], e[1][c], weights[i][c == ccs ? 1 : 0]);
    }
    return true;
}

}  // namespace morph::ktx2
