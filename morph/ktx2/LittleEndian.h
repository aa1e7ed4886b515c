#pragma once
// KTX2's integers are little-endian (KTX 2.0 section 3.1), read byte by byte so any alignment and
// any host work.
#include <cstdint>

namespace morph::ktx2 {

inline uint32_t readU32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
inline uint64_t readU64(const uint8_t* p) {
    return uint64_t(readU32(p)) | uint64_t(readU32(p + 4)) << 32;
}

}  // namespace morph::ktx2
