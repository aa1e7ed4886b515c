#pragma once
// The bit stream of BasisLZ (KTX 2.0 section 10.1 and the Basis Universal ETC1S specification,
// "bitwise decoder"): bits are read least significant first, byte after byte. Reading past the end
// gives zero bits and marks the stream overrun, which every decoder turns into an error once the
// read is over (a slice or a table whose bits ran out is corrupt, never a crash).
#include <cstddef>
#include <cstdint>

namespace morph::ktx2 {

class BitReader {
public:
    BitReader(const uint8_t* data, size_t size) : mData(data), mSize(size) {}

    // The next `count` (0..32) bits without consuming them.
    uint32_t peek(unsigned count) {
        refill();
        return count == 0 ? 0 : uint32_t(mBuffer & ((uint64_t(1) << count) - 1));
    }
    void skip(unsigned count) {
        refill();
        mBuffer >>= count;
        mBufferBits -= count < mBufferBits ? count : mBufferBits;
        mConsumed += count;
    }
    uint32_t read(unsigned count) {
        const uint32_t value = peek(count);
        skip(count);
        return value;
    }
    // Basis Universal's decode_vlc: groups of `chunkBits` bits, each followed by a "more" bit.
    // Returns false (and overruns) past 32 bits of value.
    bool readVlc(unsigned chunkBits, uint32_t& value) {
        value = 0;
        for (unsigned shift = 0;; shift += chunkBits) {
            if (shift >= 32) {
                mConsumed = uint64_t(mSize) * 8 + 1;
                return false;
            }
            const uint32_t chunk = read(chunkBits + 1);
            value |= (chunk & ((1u << chunkBits) - 1)) << shift;
            if (!(chunk >> chunkBits)) return true;
        }
    }
    // More bits were read than the stream has.
    bool overrun() const { return mConsumed > uint64_t(mSize) * 8; }

private:
    void refill() {
        while (mBufferBits <= 56) {
            const uint64_t byte = mPos < mSize ? mData[mPos] : 0;
            ++mPos;
            mBuffer |= byte << mBufferBits;
            mBufferBits += 8;
        }
    }

    const uint8_t* mData;
    size_t mSize;
    size_t mPos = 0;
    uint64_t mBuffer = 0;
    unsigned mBufferBits = 0;
    uint64_t mConsumed = 0;
};

}  // namespace morph::ktx2
