#pragma once
// Comparing two RGBA8 images with tolerances (after Magnum's CompareImage and Filament's
// renderdiff): how many pixels differ by more than a per-channel threshold, the largest
// difference, PSNR; and a diff image that shows where. GL-free: compare runs anywhere.
#include <cstdint>
#include <optional>
#include <string>

#include "morph/image/ImageFile.h"

namespace morph {

struct CompareTolerance {
    // A pixel "differs" when any channel differs by more than this (0..255). 5/255: rasterizers
    // and drivers legitimately disagree by a few levels at MSAA edges and in sRGB/tone-mapping
    // rounding, while a real shading or geometry change moves many pixels by far more.
    int maxChannelDiff = 5;
    // The images match while at most this share of pixels differs. 0.1%: a few silhouette
    // pixels may flip between rasterizers (65 of a 256x256 image), a moved mesh never stays
    // under it.
    double maxDifferingFraction = 0.001;
    // regress's per-shot "flipMean": when set, the shot's verdict is LDR-FLIP's mean
    // (morph/image/Flip.h) against it instead of the two above. compareImages ignores it.
    std::optional<double> maxFlipMean;
};

struct ImageDifference {
    bool sizeMismatch = false;
    uint64_t totalPixels = 0;
    uint64_t differingPixels = 0;  // any channel beyond maxChannelDiff
    int largestDifference = 0;     // over all pixels and channels, 0..255
    double psnr = 0;               // dB over all channels; infinity for identical images
    bool withinTolerance = false;

    double differingFraction() const {
        return totalPixels > 0 ? double(differingPixels) / double(totalPixels) : 0.0;
    }
};

ImageDifference compareImages(const RgbaImage& a, const RgbaImage& b,
                              const CompareTolerance& tolerance = {});

// One line: "412 of 65536 pixels (0.63%) differ by more than 5/255 (allowed 0.10%); largest
// difference 87/255; PSNR 38.21 dB: beyond tolerance", or for different sizes "sizes differ
// (256x256 vs 512x512): beyond tolerance".
std::string summaryLine(const ImageDifference& difference, const RgbaImage& a, const RgbaImage& b,
                        const CompareTolerance& tolerance = {});

// `a` as dimmed gray with what changed painted over it: pixels that differ within the tolerance
// in yellow, pixels beyond it in red whose brightness grows with the difference. Same size as
// `a` (an empty image when the sizes differ).
RgbaImage diffImage(const RgbaImage& a, const RgbaImage& b, const CompareTolerance& tolerance = {});

}  // namespace morph
