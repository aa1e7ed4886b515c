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

Error corruptSlice() {
    return Error{ErrorCode::Decode, "BasisLZ slice data is corrupt"};
}

}  // namespace

Status decodeEtc1sSlice(const BasisLzGlobal& global, ByteSpan slice, uint32_t width,
                        uint32_t height, SliceKind kind, uint8_t* rgba) {
    const uint32_t blocksX = (width + 3) / 4, blocksY = (height + 3) / 4;
    const uint32_t endpointCount = uint32_t(global.endpoints.size());
    const uint32_t selectorCount = uint32_t(global.selectors.size());
    const uint32_t historyBase = selectorCount;  // history symbols follow the direct ones
    const uint32_t rleSymbol = selectorCount + global.selectorHistorySize;
    BitReader bits(slice.data, slice.size);
    SelectorHistory history(global.selectorHistorySize);

    // Per block column, for this row and the one above: its endpoint, and the prediction bits a
    // 2x2 group's first row left for its second.
    struct Column {
        uint16_t endpoint = 0;
        uint8_t predBits = 0;
    };
    std::vector<Column> rows[2] = {std::vector<Column>(blocksX), std::vector<Column>(blocksX)};
    uint32_t predRepeat = 0, prevPredSym = 0, prevEndpoint = 0, selectorRun = 0;
    const uint64_t totalBlocks = uint64_t(blocksX) * blocksY;
    for (uint32_t by = 0; by < blocksY; ++by) {
        std::vector<Column>& cur = rows[by & 1];
        std::vector<Column>& above = rows[(by & 1) ^ 1];
        uint32_t predBits = 0;
        for (uint32_t bx = 0; bx < blocksX; ++bx) {
            if ((bx & 1) == 0) {
                if ((by & 1) == 0) {
                    if (predRepeat) {
                        --predRepeat;
                        predBits = prevPredSym;
                    } else {
                        const int sym = global.endpointPredModel.decode(bits);
                        if (sym < 0) return corruptSlice();
                        if (sym == kEndpointPredRepeatSymbol) {
                            uint32_t count = 0;
                            if (!bits.readVlc(kEndpointPredCountVlcBits, count))
                                return corruptSlice();
                            predRepeat = count + kEndpointPredMinRepeat - 1;
                            predBits = prevPredSym;
                        } else {
                            predBits = prevPredSym = uint32_t(sym);
                        }
                    }
                    // The row below reads this group's last four bits (written into the other
                    // row's slot, which the next row is).
                    above[bx].predBits = uint8_t(predBits >> 4);
                } else {
                    predBits = cur[bx].predBits;
                }
            }
            uint32_t endpoint = 0;
            switch (predBits & 3) {
                case 0:  // left
                    if (bx == 0) return corruptSlice();
                    endpoint = prevEndpoint;
                    break;
                case 1:  // above
                    if (by == 0) return corruptSlice();
                    endpoint = above[bx].endpoint;
                    break;
                case 2:  // above left
                    if (bx == 0 || by == 0) return corruptSlice();
                    endpoint = above[bx - 1].endpoint;
                    break;
                default: {
                    const int delta = global.deltaEndpointModel.decode(bits);
                    if (delta < 0) return corruptSlice();
                    endpoint = uint32_t(delta) + prevEndpoint;
                    if (endpoint >= endpointCount) endpoint -= endpointCount;
                    break;
                }
            }
            if (endpoint >= endpointCount) return corruptSlice();
            predBits >>= 2;
            cur[bx].endpoint = uint16_t(endpoint);
            prevEndpoint = endpoint;

            uint32_t selectorSym = 0;
            if (selectorRun) {
                --selectorRun;
                selectorSym = historyBase;
            } else {
                const int sym = global.selectorModel.decode(bits);
                if (sym < 0) return corruptSlice();
                selectorSym = uint32_t(sym);
                if (selectorSym == rleSymbol) {
                    const int run = global.selectorHistoryRleModel.decode(bits);
                    if (run < 0) return corruptSlice();
                    if (run == kSelectorRleCountTotal - 1) {
                        uint32_t count = 0;
                        if (!bits.readVlc(kSelectorRleVlcBits, count)) return corruptSlice();
                        selectorRun = count + kSelectorRleCountThreshold;
                    } else {
                        selectorRun = uint32_t(run) + kSelectorRleCountThreshold;
                    }
                    if (selectorRun > totalBlocks) return corruptSlice();
                    selectorSym = historyBase;
                    --selectorRun;
                }
            }
            uint32_t selector = 0;
            if (selectorSym >= historyBase) {
                const size_t index = selectorSym - historyBase;
                if (index >= history.size()) return corruptSlice();
                selector = history[index];
                history.use(index);
            } else {
                selector = selectorSym;
                if (history.size()) history.add(selector);
            }
            if (selector >= selectorCount) return corruptSlice();
            writeBlock(global.endpoints[endpoint], global.selectors[selector], bx, by, width,
                       height, kind, rgba);
        }
        if (bits.overrun()) return corruptSlice();
    }
    return {};
}

}  // namespace morph::ktx2
