#pragma once
// High-dynamic-range images: Radiance RGBE (.hdr) files, which stb_image reads and writes, as
// linear float RGB. The viewer's and capture's `--environment FILE.hdr` come through here.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace morph {

// Linear RGB, three floats a pixel, rows top-down (an equirectangular panorama: row 0 looks
// straight up).
struct FloatImage {
    int width = 0;
    int height = 0;
    std::vector<float> rgb;  // width * height * 3

    bool valid() const {
        return width > 0 && height > 0 && rgb.size() == size_t(width) * size_t(height) * 3;
    }
};

// Decodes Radiance RGBE bytes. Errors (no file name): not a Radiance image, corrupt data,
// or width * height * 12 > maxBytes (checked from the header before anything is allocated).
Result<FloatImage> decodeHdr(const uint8_t* data, size_t size, uint64_t maxBytes);

// Reads and decodes `path`; errors name it: "<path>: not a Radiance .hdr image (...)".
Result<FloatImage> readHdrFile(const std::string& path, uint64_t maxBytes);

// Writes `image` as Radiance RGBE (run-length encoded by stb), atomically.
Status writeHdrFile(const std::string& path, const FloatImage& image);

}  // namespace morph
