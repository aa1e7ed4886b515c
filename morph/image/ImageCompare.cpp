#include "morph/image/ImageCompare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace morph {

namespace {

int pixelDifference(const uint8_t* a, const uint8_t* b) {
    int largest = 0;
    for (int c = 0; c < 4; ++c) largest = std::max(largest, std::abs(int(a[c]) - int(b[c])));
    return largest;
}

std::string sizeText(const RgbaImage& image) {
    return std::to_string(image.width) + "x" + std::to_string(image.height);
}

}  // namespace

ImageDifference compareImages(const RgbaImage& a, const RgbaImage& b,
                              const CompareTolerance& tolerance) {
    ImageDifference out;
    if (a.width != b.width || a.height != b.height || !a.valid() || !b.valid()) {
        out.sizeMismatch = true;
        return out;
    }
    out.totalPixels = uint64_t(a.width) * uint64_t(a.height);
    double squared = 0;
    for (uint64_t p = 0; p < out.totalPixels; ++p) {
        const uint8_t* pa = &a.pixels[p * 4];
        const uint8_t* pb = &b.pixels[p * 4];
        int largest = 0;
        for (int c = 0; c < 4; ++c) {
            const int d = std::abs(int(pa[c]) - int(pb[c]));
            squared += double(d) * double(d);
            largest = std::max(largest, d);
        }
        out.largestDifference = std::max(out.largestDifference, largest);
        if (largest > tolerance.maxChannelDiff) ++out.differingPixels;
    }
    const double mse = squared / (double(out.totalPixels) * 4.0);
    out.psnr =
        mse > 0 ? 10.0 * std::log10(255.0 * 255.0 / mse) : std::numeric_limits<double>::infinity();
    out.withinTolerance = out.differingFraction() <= tolerance.maxDifferingFraction;
    return out;
}

std::string summaryLine(const ImageDifference& d, const RgbaImage& a, const RgbaImage& b,
                        const CompareTolerance& tolerance) {
    if (d.sizeMismatch) {
        return "sizes differ (" + sizeText(a) + " vs " + sizeText(b) + "): beyond tolerance";
    }
    char psnr[32];
    if (std::isinf(d.psnr)) {
        std::snprintf(psnr, sizeof psnr, "inf");
    } else {
        std::snprintf(psnr, sizeof psnr, "%.2f dB", d.psnr);
    }
    char line[256];
    std::snprintf(line, sizeof line,
                  "%llu of %llu pixels (%.2f%%) differ by more than %d/255 (allowed %.2f%%); "
                  "largest difference %d/255; PSNR %s: %s",
                  static_cast<unsigned long long>(d.differingPixels),
                  static_cast<unsigned long long>(d.totalPixels), 100.0 * d.differingFraction(),
                  tolerance.maxChannelDiff, 100.0 * tolerance.maxDifferingFraction,
                  d.largestDifference, psnr,
                  d.withinTolerance ? "within tolerance" : "beyond tolerance");
    return line;
}

RgbaImage diffImage(const RgbaImage& a, const RgbaImage& b, const CompareTolerance& tolerance) {
    RgbaImage out;
    if (a.width != b.width || a.height != b.height || !a.valid() || !b.valid()) return out;
    out.width = a.width;
    out.height = a.height;
    out.pixels.resize(a.pixels.size());
    const size_t count = size_t(a.width) * size_t(a.height);
    for (size_t p = 0; p < count; ++p) {
        const uint8_t* pa = &a.pixels[p * 4];
        uint8_t* o = &out.pixels[p * 4];
        const int d = pixelDifference(pa, &b.pixels[p * 4]);
        // Rec. 709 luma, dimmed to 40% so the markings stand out on any image.
        const int gray = int(0.4 * (0.2126 * pa[0] + 0.7152 * pa[1] + 0.0722 * pa[2]) + 0.5);
        if (d == 0) {
            o[0] = o[1] = o[2] = uint8_t(gray);
        } else if (d <= tolerance.maxChannelDiff) {
            o[0] = 200, o[1] = 180, o[2] = 0;
        } else {
            // 128..255 over differences tolerance..tolerance+64 and beyond: small misses stay
            // visible.
            const int span = std::min(d - tolerance.maxChannelDiff, 64);
            o[0] = uint8_t(128 + span * 127 / 64), o[1] = 0, o[2] = 0;
        }
        o[3] = 255;
    }
    return out;
}

}  // namespace morph
