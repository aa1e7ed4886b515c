#pragma once
// Encoded images decoded to RGBA8: WebP (EXT_texture_webp) with Debian's libwebp, PNG/JPEG (and
// the other formats stb_image reads) with Debian's libstb.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

struct DecodedImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> rgba;
};

// Whether the bytes start like a WebP file: "RIFF", a 32-bit size, "WEBP".
bool looksLikeWebp(const uint8_t* data, size_t size);

// Errors (no file name) for unknown formats, corrupt data, or width * height * 4 > maxBytes.
// WebP is chosen by its magic bytes or by `mimeType` "image/webp" (so a declared WebP that is
// not one says so); anything else goes to stb.
Result<DecodedImage> decodeImage(const uint8_t* data, size_t size, uint64_t maxBytes,
                                 const std::string& mimeType = {});

}  // namespace morph
