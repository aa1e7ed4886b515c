#include "morph/image/ImageResize.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <thread>

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

namespace {

// sRGB's transfer function both ways: 8-bit code to linear light, and linear light in 1/65535
// steps back to the nearest 8-bit code (fine enough that rounding matches the exact function but
// at a handful of codes where the two candidates are a hair apart).
struct SrgbTables {
    std::array<float, 256> toLinear{};
    std::vector<uint8_t> toCode;

    SrgbTables() : toCode(65536) {
        for (int i = 0; i < 256; ++i) {
            const double c = i / 255.0;
            toLinear[size_t(i)] =
                float(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
        }
        for (size_t i = 0; i < toCode.size(); ++i) {
            const double l = double(i) / 65535.0;
            const double c = l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055;
            toCode[i] = uint8_t(std::lround(std::clamp(c, 0.0, 1.0) * 255.0));
        }
    }
};

const SrgbTables& srgbTables() {
    static const SrgbTables tables;
    return tables;
}

// One level from the one above: `out` is (inW / 2) x (inH / 2), at least 1 x 1.
void halve(const Image& in, Image& out, const SrgbTables* srgb) {
    const size_t inW = size_t(in.width), inH = size_t(in.height);
    const size_t outW = std::max<size_t>(1, inW / 2), outH = std::max<size_t>(1, inH / 2);
    out.width = int(outW);
    out.height = int(outH);
    out.rgba.resize(outW * outH * 4);
    for (size_t y = 0; y < outH; ++y) {
        const uint8_t* row0 = in.rgba.data() + std::min(2 * y, inH - 1) * inW * 4;
        const uint8_t* row1 = in.rgba.data() + std::min(2 * y + 1, inH - 1) * inW * 4;
        uint8_t* dst = out.rgba.data() + y * outW * 4;
        for (size_t x = 0; x < outW; ++x, dst += 4) {
            const size_t a = std::min(2 * x, inW - 1) * 4, b = std::min(2 * x + 1, inW - 1) * 4;
            for (size_t c = 0; c < 4; ++c) {
                if (srgb != nullptr && c < 3) {
                    const auto& lin = srgb->toLinear;
                    const float sum =
                        lin[row0[a + c]] + lin[row0[b + c]] + lin[row1[a + c]] + lin[row1[b + c]];
                    dst[c] = srgb->toCode[size_t(sum * (65535.0f / 4.0f) + 0.5f)];
                } else {
                    const unsigned sum = row0[a + c] + row0[b + c] + row1[a + c] + row1[b + c];
                    dst[c] = uint8_t((sum + 2) / 4);
                }
            }
        }
    }
}

}  // namespace

std::vector<Image> mipLevels(const Image& image, bool srgb) {
    std::vector<Image> levels;
    if (image.width <= 0 || image.height <= 0 ||
        image.rgba.size() != size_t(image.width) * size_t(image.height) * 4) {
        return levels;
    }
    size_t count = 0;
    for (int w = image.width, h = image.height; w > 1 || h > 1; ++count) {
        w = std::max(1, w / 2);
        h = std::max(1, h / 2);
    }
    levels.resize(count);
    const SrgbTables* tables = srgb ? &srgbTables() : nullptr;
    for (size_t i = 0; i < count; ++i) halve(i == 0 ? image : levels[i - 1], levels[i], tables);
    return levels;
}

std::vector<std::vector<Image>> mipLevelsOfAll(const std::vector<MipRequest>& requests,
                                               unsigned threads) {
    std::vector<std::vector<Image>> out(requests.size());
    std::atomic<size_t> next{0};
    const auto work = [&] {
        for (size_t i = next++; i < requests.size(); i = next++) {
            if (requests[i].image != nullptr)
                out[i] = mipLevels(*requests[i].image, requests[i].srgb);
        }
    };
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    const size_t helpers = std::min<size_t>(threads, requests.size()) - (requests.empty() ? 0 : 1);
    std::vector<std::thread> pool;
    for (size_t t = 0; t < helpers; ++t) pool.emplace_back(work);
    work();  // this thread is one of them
    for (std::thread& thread : pool) thread.join();
    return out;
}

}  // namespace morph
