#include "morph/image/ImageResize.h"

#include <algorithm>

namespace morph {

uint32_t downscaleFactor(int width, int height, uint32_t maxSize) {
    if (width <= 0 || height <= 0 || maxSize == 0) return 1;
    const uint64_t largest = uint64_t(std::max(width, height));
    // ceil(largest / f) <= maxSize  <=>  f >= ceil(largest / maxSize).
    return uint32_t(std::max<uint64_t>(1, (largest + maxSize - 1) / maxSize));
}

Image downscaleToFit(const Image& image, uint32_t maxSize) {
    const uint32_t f = downscaleFactor(image.width, image.height, maxSize);
    const size_t inW = size_t(std::max(image.width, 0));
    const size_t inH = size_t(std::max(image.height, 0));
    if (f == 1 || image.rgba.size() != inW * inH * 4) return image;
    Image out;
    out.name = image.name;
    out.mimeType = image.mimeType;
    const size_t outW = (inW + f - 1) / f;
    const size_t outH = (inH + f - 1) / f;
    out.width = int(outW);
    out.height = int(outH);
    out.rgba.resize(outW * outH * 4);
    for (size_t y = 0; y < outH; ++y) {
        const size_t y1 = std::min(inH, (y + 1) * f);
        for (size_t x = 0; x < outW; ++x) {
            const size_t x1 = std::min(inW, (x + 1) * f);
            uint64_t sum[4] = {0, 0, 0, 0};
            for (size_t sy = y * f; sy < y1; ++sy) {
                const uint8_t* row = image.rgba.data() + (sy * inW) * 4;
                for (size_t sx = x * f; sx < x1; ++sx) {
                    for (size_t c = 0; c < 4; ++c) sum[c] += row[sx * 4 + c];
                }
            }
            const uint64_t n = uint64_t(y1 - y * f) * (x1 - x * f);
            for (size_t c = 0; c < 4; ++c) {
                out.rgba[(y * outW + x) * 4 + c] = uint8_t((sum[c] + n / 2) / n);
            }
        }
    }
    return out;
}

}  // namespace morph
