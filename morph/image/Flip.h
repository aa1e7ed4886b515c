#pragma once
// LDR-FLIP (Andersson et al., "FLIP: A Difference Evaluator for Alternating Images", HPG 2020):
// how visible the difference between two sRGB images is when a viewer flips between them, per
// pixel in 0..1. Unlike a per-channel threshold it weighs what the eye sees: a moved edge or a
// changed colour counts, anti-aliasing noise a pixel wide barely does. Written from the paper
// with the constants of NVIDIA's published reference (NVlabs/flip), whose means it matches (see
// tests/morph/FlipTest.cpp and docs/REGRESSION.md). GL-free.
#include <vector>

#include "morph/image/ImageFile.h"

namespace morph {

// The reference's default observer: 0.7 m from a 0.7 m wide display 3840 pixels across, in
// pixels per degree of visual angle (0.7 * 3840 / 0.7 * pi / 180 = 67.02).
inline constexpr float kFlipDefaultPixelsPerDegree =
    0.7f * (3840.0f / 0.7f) * (3.14159265358979f / 180.0f);

struct FlipResult {
    int width = 0;  // 0 when the images differ in size or are empty
    int height = 0;
    std::vector<float> errorMap;  // width * height, rows top-down, each 0..1
    double mean = 0;
    // The pooled value the reference's tool reports: errors sorted ascending, each weighted by
    // itself; the first whose running sum exceeds half of the total (0 for identical images).
    // It follows where the visible error is, where a plain median of a mostly equal pair is 0.
    double weightedMedian = 0;
    double max = 0;

    bool valid() const { return width > 0 && height > 0; }
};

// FLIP of `test` against `reference` (RGB as sRGB; alpha is ignored, as the reference reads
// PNG as RGB). The images must be the same size: otherwise the result is empty (!valid()).
FlipResult computeFlip(const RgbaImage& reference, const RgbaImage& test,
                       float pixelsPerDegree = kFlipDefaultPixelsPerDegree);

// The error map in the magma colour map (black for no error, through purple and orange to pale
// yellow for 1), as the reference's tool writes it. Same size as the map; opaque.
RgbaImage flipHeatMap(const FlipResult& result);

}  // namespace morph
