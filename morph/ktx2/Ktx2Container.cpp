#include "morph/ktx2/Ktx2Container.h"

#include <cstring>
#include <string>

#include "morph/ByteOrder.h"

namespace morph::ktx2 {
namespace {

constexpr uint8_t kIdentifier[12] = {0xAB, 'K',  'T',  'X',  ' ',  '2',
                                     '0',  0xBB, '\r', '\n', 0x1A, '\n'};
constexpr size_t kFileHeaderSize = 80;  // identifier, 9 UInt32 fields, the index (4 + 2 x UInt64)
constexpr size_t kLevelEntrySize = 24;  // byteOffset, byteLength, uncompressedByteLength
constexpr uint32_t kMaxLevels = 32;     // a 2^32 x 2^32 image has 33; no 32-bit size needs more
constexpr size_t kDfdBasicBlockSize = 24;  // the basic block's header, before its samples
constexpr size_t kDfdSampleSize = 16;

// offset + length <= size, without the sum overflowing.
bool fits(uint64_t offset, uint64_t length, uint64_t size) {
    return offset <= size && length <= size - offset;
}

Error outOfBounds(const std::string& what, uint64_t offset, uint64_t length, size_t size) {
    return Error{ErrorCode::OutOfBounds, "KTX2 " + what + " (offset " + std::to_string(offset) +
                                             ", length " + std::to_string(length) +
                                             ") is past the end of the file (" +
                                             std::to_string(size) + " bytes)"};
}

// The DFD's basic descriptor block (Khronos Data Format 1.3, section 5): its color model and each
// sample's channel id.
Status readDfd(const uint8_t* data, size_t size, Ktx2Container& out) {
    const uint32_t offset = readU32(data + 48), length = readU32(data + 52);
    if (!fits(offset, length, size))
        return outOfBounds("data format descriptor", offset, length, size);
    if (length < 4 + kDfdBasicBlockSize)
        return Error{ErrorCode::Container, "KTX2 data format descriptor is too short"};
    const uint8_t* block = data + offset + 4;
    const uint32_t blockSize = readU32(block + 4) >> 16;
    if (blockSize < kDfdBasicBlockSize || blockSize > length - 4)
        return Error{ErrorCode::Container, "KTX2 data format descriptor's block size is wrong"};
    out.colorModel = block[8];
    for (size_t s = kDfdBasicBlockSize; s + kDfdSampleSize <= blockSize; s += kDfdSampleSize)
        out.channelIds.push_back(uint8_t(block[s + 3] & 0x0F));
    return {};
}

}  // namespace

bool looksLikeKtx2(const uint8_t* data, size_t size) {
    return data && size >= sizeof(kIdentifier) &&
           std::memcmp(data, kIdentifier, sizeof(kIdentifier)) == 0;
}

Result<Ktx2Container> readKtx2Container(const uint8_t* data, size_t size) {
    if (!looksLikeKtx2(data, size))
        return Error{ErrorCode::Container, "not a KTX2 file (bad identifier)"};
    if (size < kFileHeaderSize) {
        return Error{ErrorCode::Container, "truncated KTX2 file (" + std::to_string(size) +
                                               " bytes; the header alone is 80)"};
    }
    Ktx2Container c;
    c.file = data;
    c.vkFormat = readU32(data + 12);
    c.typeSize = readU32(data + 16);
    c.width = readU32(data + 20);
    c.height = readU32(data + 24);
    c.depth = readU32(data + 28);
    c.layerCount = readU32(data + 32);
    c.faceCount = readU32(data + 36);
    const uint32_t levelCount = readU32(data + 40);
    const uint32_t scheme = readU32(data + 44);
    if (c.width == 0) return Error{ErrorCode::BadValue, "KTX2 image has a width of 0"};
    if (c.height == 0) return Error{ErrorCode::Unsupported, "KTX2 1D textures are not supported"};
    if (c.depth != 0) return Error{ErrorCode::Unsupported, "KTX2 3D textures are not supported"};
    if (c.faceCount != 1 && c.faceCount != 6) {
        return Error{ErrorCode::BadValue,
                     "KTX2 faceCount " + std::to_string(c.faceCount) + " (must be 1 or 6)"};
    }
    if (levelCount > kMaxLevels) {
        return Error{ErrorCode::BadValue,
                     "KTX2 levelCount " + std::to_string(levelCount) + " is past 32"};
    }
    if (scheme > uint32_t(Supercompression::Zlib)) {
        return Error{ErrorCode::Unsupported,
                     "KTX2 supercompression scheme " + std::to_string(scheme) + " is unknown"};
    }
    c.scheme = Supercompression(scheme);
    if (c.scheme == Supercompression::Zlib)
        return Error{ErrorCode::Unsupported, "KTX2 ZLIB supercompression is not supported"};

    if (Status s = readDfd(data, size, c); !s) return s.error();
    const uint32_t kvdOffset = readU32(data + 56), kvdLength = readU32(data + 60);
    if (!fits(kvdOffset, kvdLength, size))
        return outOfBounds("key/value data", kvdOffset, kvdLength, size);
    const uint64_t sgdOffset = readU64(data + 64), sgdLength = readU64(data + 72);
    if (!fits(sgdOffset, sgdLength, size))
        return outOfBounds("supercompression global data", sgdOffset, sgdLength, size);
    c.globalData = {data + sgdOffset, size_t(sgdLength)};

    // levelCount 0 asks the reader to make the mips; the file still holds the base level.
    const uint32_t levels = levelCount ? levelCount : 1;
    if (!fits(kFileHeaderSize, uint64_t(levels) * kLevelEntrySize, size)) {
        return Error{ErrorCode::Container, "truncated KTX2 file (its level index of " +
                                               std::to_string(levels) + " levels is past the end)"};
    }
    c.levels.resize(levels);
    for (uint32_t i = 0; i < levels; ++i) {
        const uint8_t* entry = data + kFileHeaderSize + size_t(i) * kLevelEntrySize;
        Ktx2Level& level = c.levels[i];
        level.byteOffset = readU64(entry);
        level.byteLength = readU64(entry + 8);
        level.uncompressedByteLength = readU64(entry + 16);
        if (!fits(level.byteOffset, level.byteLength, size)) {
            return outOfBounds("level " + std::to_string(i), level.byteOffset, level.byteLength,
                               size);
        }
    }
    return c;
}

}  // namespace morph::ktx2
