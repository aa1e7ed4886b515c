// One ETC1S slice (Basis Universal ETC1S specification, "Slice decoding"): per 4x4 block an
// endpoint index (predicted from the left, upper or upper-left block, two bits a block and four
// blocks a symbol, or a Huffman-coded delta) and a selector index (direct, from a move-to-front
// history of recent selectors, or a run of the last one), then the block's texels.
#include <algorithm>

#include "morph/ktx2/BasisLz.h"

namespace morph::ktx2 {
namespace {

// ETC1 intensity modifier tables (ETC1: Khronos Data Format 1.3, section 21.1, table 75), each
// sorted from the most negative modifier, the order of ETC1S selectors.
constexpr int kIntenTables[8][4] = {{-8, -2, 2, 8},       {-17, -5, 5, 17},    {-29, -9, 9, 29},
                                    {-42, -13, 13, 42},   {-60, -18, 18, 60},  {-80, -24, 24, 80},
                                    {-106, -33, 33, 106}, {-183, -47, 47, 183}};

constexpr int kEndpointPredRepeatSymbol = 256;  // ENDPOINT_PRED_REPEAT_LAST_SYMBOL
constexpr unsigned kEndpointPredCountVlcBits = 4;
constexpr uint32_t kEndpointPredMinRepeat = 3;
constexpr uint32_t kSelectorRleCountThreshold = 3;  // SELECTOR_HISTORY_BUF_RLE_COUNT_THRESH
constexpr int kSelectorRleCountTotal = 64;          // 1 << SELECTOR_HISTORY_BUF_RLE_COUNT_BITS
constexpr unsigned kSelectorRleVlcBits = 7;

// The recent selectors (approx_move_to_front): new ones are written from the middle on, and a used
// one moves halfway to the front.
class SelectorHistory {
public:
    explicit SelectorHistory(uint32_t size) : mValues(size, 0), mRover(size / 2) {}
    size_t size() const { return mValues.size(); }
    uint32_t operator[](size_t i) const { return mValues[i]; }
    void add(uint32_t value) {
        mValues[mRover++] = value;
        if (mRover == mValues.size()) mRover = mValues.size() / 2;
    }
    void use(size_t index) {
        if (index) std::swap(mValues[index / 2], mValues[index]);
    }

private:
    std::vector<uint32_t> mValues;
    size_t mRover;
};

uint8_t clamp255(int v) {
    return uint8_t(v < 0 ? 0 : v > 255 ? 255 : v);
}

void writeBlock(const Etc1sEndpoint& endpoint, const Etc1sSelector& selector, uint32_t blockX,
                uint32_t blockY, uint32_t width, uint32_t height, SliceKind kind, uint8_t* rgba) {
    uint8_t colors[4][3];
    for (int s = 0; s < 4; ++s) {
        for (int c = 0; c < 3; ++c) {
            const int base = (endpoint.color5[c] << 3) | (endpoint.color5[c] >> 2);
            colors[s][c] = clamp255(base + kIntenTables[endpoint.inten][s]);
        }
    }
    const uint32_t x0 = blockX * 4, y0 = blockY * 4;
    const uint32_t xEnd = std::min(width, x0 + 4), yEnd = std::min(height, y0 + 4);
    for (uint32_t y = y0; y < yEnd; ++y) {
        uint8_t* row = rgba + (size_t(y) * width) * 4;
        for (uint32_t x = x0; x < xEnd; ++x) {
            const uint8_t* color = colors[(selector[y - y0] >> ((x - x0) * 2)) & 3];
            uint8_t* px = row + size_t(x) * 4;
            if (kind == SliceKind::Rgb) {
                px[0] = color[0];
                px[1] = color[1];
                px[2] = color[2];
                px[3] = 255;
            } else {
                px[3] = color[1];
            }
        }
    }
}

// Endpoint indices: a 2-bit prediction a block (left, above, above left, or a Huffman-coded delta
// from the previous index), four blocks' predictions (a 2x2 group) a symbol, and a symbol that
// repeats the last one a counted number of times.
class EndpointReader {
public:
    EndpointReader(const BasisLzGlobal& global, BitReader& bits, uint32_t blocksX)
        : mGlobal(global),
          mBits(bits),
          mRows{std::vector<Column>(blocksX), std::vector<Column>(blocksX)} {}

    // Block (bx, by)'s endpoint index; false on corrupt data. Blocks come in raster order.
    bool next(uint32_t bx, uint32_t by, uint32_t& endpoint) {
        std::vector<Column>& cur = mRows[by & 1];
        std::vector<Column>& above = mRows[(by & 1) ^ 1];
        if ((bx & 1) == 0) {
            if ((by & 1) == 0) {
                if (!readGroup()) return false;
                // The group's second row reads its last four bits from the slot of the row
                // above it, which this row's successor will see as `cur`.
                above[bx].predBits = uint8_t(mPredBits >> 4);
            } else {
                mPredBits = cur[bx].predBits;
            }
        }
        const uint32_t count = uint32_t(mGlobal.endpoints.size());
        const uint32_t pred = mPredBits & 3;
        mPredBits >>= 2;
        if (pred == 0) {  // left
            if (bx == 0) return false;
            endpoint = mPrevEndpoint;
        } else if (pred == 1) {  // above
            if (by == 0) return false;
            endpoint = above[bx].endpoint;
        } else if (pred == 2) {  // above left
            if (bx == 0 || by == 0) return false;
            endpoint = above[bx - 1].endpoint;
        } else {
            const int delta = mGlobal.deltaEndpointModel.decode(mBits);
            if (delta < 0) return false;
            endpoint = uint32_t(delta) + mPrevEndpoint;
            if (endpoint >= count) endpoint -= count;
        }
        if (endpoint >= count) return false;
        cur[bx].endpoint = uint16_t(endpoint);
        mPrevEndpoint = endpoint;
        return true;
    }

private:
    // Per block column, for this row and the one above: its endpoint, and the prediction bits a
    // 2x2 group's first row leaves for its second.
    struct Column {
        uint16_t endpoint = 0;
        uint8_t predBits = 0;
    };

    bool readGroup() {
        if (mRepeat) {
            --mRepeat;
            mPredBits = mPrevSymbol;
            return true;
        }
        const int sym = mGlobal.endpointPredModel.decode(mBits);
        if (sym < 0) return false;
        if (sym != kEndpointPredRepeatSymbol) {
            mPredBits = mPrevSymbol = uint32_t(sym);
            return true;
        }
        uint32_t count = 0;
        if (!mBits.readVlc(kEndpointPredCountVlcBits, count)) return false;
        mRepeat = count + kEndpointPredMinRepeat - 1;
        mPredBits = mPrevSymbol;
        return true;
    }

    const BasisLzGlobal& mGlobal;
    BitReader& mBits;
    std::vector<Column> mRows[2];
    uint32_t mPredBits = 0, mRepeat = 0, mPrevSymbol = 0, mPrevEndpoint = 0;
};

// Selector indices: a direct index, an index into the history of recent selectors, or a run of
// the history's first entry.
class SelectorReader {
public:
    SelectorReader(const BasisLzGlobal& global, BitReader& bits, uint64_t totalBlocks)
        : mGlobal(global),
          mBits(bits),
          mHistory(global.selectorHistorySize),
          mTotalBlocks(totalBlocks) {}

    bool next(uint32_t& selector) {
        const uint32_t historyBase = uint32_t(mGlobal.selectors.size());
        const uint32_t rleSymbol = historyBase + mGlobal.selectorHistorySize;
        uint32_t sym = historyBase;
        if (mRun) {
            --mRun;
        } else {
            const int decoded = mGlobal.selectorModel.decode(mBits);
            if (decoded < 0) return false;
            sym = uint32_t(decoded);
            if (sym == rleSymbol) {
                if (!readRun()) return false;
                sym = historyBase;
            }
        }
        if (sym < historyBase) {
            selector = sym;
            if (mHistory.size()) mHistory.add(selector);
            return true;
        }
        const size_t index = sym - historyBase;
        if (index >= mHistory.size()) return false;
        selector = mHistory[index];
        mHistory.use(index);
        return selector < historyBase;
    }

private:
    bool readRun() {
        const int run = mGlobal.selectorHistoryRleModel.decode(mBits);
        if (run < 0) return false;
        if (run == kSelectorRleCountTotal - 1) {
            uint32_t count = 0;
            if (!mBits.readVlc(kSelectorRleVlcBits, count)) return false;
            mRun = count + kSelectorRleCountThreshold;
        } else {
            mRun = uint32_t(run) + kSelectorRleCountThreshold;
        }
        if (mRun > mTotalBlocks) return false;
        --mRun;  // this block is the run's first
        return true;
    }

    const BasisLzGlobal& mGlobal;
    BitReader& mBits;
    SelectorHistory mHistory;
    uint64_t mTotalBlocks;
    uint32_t mRun = 0;
};

}  // namespace

Status decodeEtc1sSlice(const BasisLzGlobal& global, ByteSpan slice, uint32_t width,
                        uint32_t height, SliceKind kind, uint8_t* rgba) {
    const uint32_t blocksX = (width + 3) / 4, blocksY = (height + 3) / 4;
    BitReader bits(slice.data, slice.size);
    EndpointReader endpoints(global, bits, blocksX);
    SelectorReader selectors(global, bits, uint64_t(blocksX) * blocksY);
    const Error corrupt{ErrorCode::Decode, "BasisLZ slice data is corrupt"};
    for (uint32_t by = 0; by < blocksY; ++by) {
        for (uint32_t bx = 0; bx < blocksX; ++bx) {
            uint32_t endpoint = 0, selector = 0;
            if (!endpoints.next(bx, by, endpoint) || !selectors.next(selector)) return corrupt;
            writeBlock(global.endpoints[endpoint], global.selectors[selector], bx, by, width,
                       height, kind, rgba);
        }
        if (bits.overrun()) return corrupt;
    }
    return {};
}

}  // namespace morph::ktx2
