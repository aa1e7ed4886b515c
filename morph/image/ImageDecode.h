#pragma once
// PNG/JPEG (and the other formats stb_image reads) decoded to RGBA8 with Debian's libstb.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "morph/Result.h"

namespace morph {

struct DecodedImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> rgba;
};

// Errors (no file name) for unknown formats, corrupt data, or width * height * 4 > maxBytes.
Result<DecodedImage> decodeImage(const uint8_t* data, size_t size, uint64_t maxBytes);

}  // namespace morph
