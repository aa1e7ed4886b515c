#pragma once
// RGBA8 images as files: what capture writes and compare reads. PNG is written with Debian's
// libpng (one filter and level, so the same pixels always give the same bytes) and read with
// libstb's stb_image, like every image morph/decode reads.
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

// Pixels as RGBA8, rows top-down (the order PNG and every image viewer use).
struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> pixels;  // width * height * 4

    bool valid() const {
        return width > 0 && height > 0 && pixels.size() == size_t(width) * size_t(height) * 4;
    }
};

// Reads PNG (or any format stb_image decodes) as RGBA8. Errors: "<path>: cannot read (...)",
// "<path>: not a decodable image (...)".
Result<RgbaImage> readImageFile(const std::string& path);

// PNG bytes of `image` (8-bit RGBA; the "up" filter at zlib level 1: fast and deterministic).
Result<std::vector<uint8_t>> encodePng(const RgbaImage& image);

// Encodes and writes atomically (morph::writeFileAtomic): a reader never sees half a file.
Status writePngFile(const std::string& path, const RgbaImage& image);

}  // namespace morph
