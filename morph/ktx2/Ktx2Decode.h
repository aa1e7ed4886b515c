#pragma once
// A KTX 2.0 file's base image as RGBA8 (KHR_texture_basisu's images): Basis Universal ETC1S
// (BasisLZ) and UASTC (raw or Zstandard-supercompressed) transcoded here, and the plain 8-bit
// vkFormats R8G8B8A8 and R8G8B8 (UNORM or SRGB; the bytes are kept, sRGB stays encoded, as for
// PNG). Level 0 of layer 0, face 0 only: the renderer makes its own mipmaps.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "morph/Result.h"

namespace morph::ktx2 {

struct Ktx2Image {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint8_t> rgba;  // width * height * 4, top row first (KTX2 orientation "rd")
};

// Errors are one line without the file's name: truncated file, bad identifier, unsupported
// vkFormat, color model or supercompression, width * height * 4 > maxBytes, corrupt data. Nothing
// is allocated from a size in the file before it is checked against the file's size and maxBytes.
Result<Ktx2Image> decodeKtx2(const uint8_t* data, size_t size, uint64_t maxBytes);

}  // namespace morph::ktx2
