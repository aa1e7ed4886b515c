#pragma once
// Encoded images decoded to RGBA8: WebP (EXT_texture_webp) with Debian's libwebp, KTX2
// (KHR_texture_basisu: ETC1S, UASTC, 8-bit RGB/RGBA) with morph/ktx2, JPEG with Debian's
// libjpeg-turbo, PNG (and the other formats stb_image reads) with Debian's libstb.
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

// Whether the bytes start like a JPEG file: an SOI marker and the next marker's 0xFF.
bool looksLikeJpeg(const uint8_t* data, size_t size);

// Whether the bytes start like a WebP file: "RIFF", a 32-bit size, "WEBP".
bool looksLikeWebp(const uint8_t* data, size_t size);

// Errors (no file name) for unknown formats, corrupt data, or width * height * 4 > maxBytes.
// WebP and KTX2 are chosen by their magic bytes or by `mimeType` "image/webp" / "image/ktx2" (so
// a declared WebP or KTX2 that is not one says so); JPEG by its magic bytes; anything else goes to
// stb. A KTX2 image is
// its base level (layer 0, face 0); its mips are not read.
Result<DecodedImage> decodeImage(const uint8_t* data, size_t size, uint64_t maxBytes,
                                 const std::string& mimeType = {});

}  // namespace morph
