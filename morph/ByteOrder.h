#pragma once
// Integers read from a file's or a datagram's bytes in the order the format fixes, one byte at a
// time, so any alignment and any host order work. Little-endian: GLB (glTF 2.0 4.4.1), KTX2
// (KTX 2.0 section 3.1), WAV's RIFF chunks, Live Link Face's header; big-endian: OSC's sizes and
// Live Link Face's values.
#include <cstdint>

namespace morph {

inline uint16_t readU16(const uint8_t* p) {
    return uint16_t(p[0] | p[1] << 8);
}
inline uint32_t readU32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
inline uint64_t readU64(const uint8_t* p) {
    return uint64_t(readU32(p)) | uint64_t(readU32(p + 4)) << 32;
}
inline uint32_t readU32BigEndian(const uint8_t* p) {
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}

}  // namespace morph
