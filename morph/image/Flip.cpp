#include "morph/image/Flip.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>

namespace morph {

namespace {

constexpr float kFlipPi = 3.14159265358979f;
// The paper's parameters (section 4): the colour error's exponent q_c and the knee of its remap
// (the share p_c of the largest error that maps to p_t); the feature detectors' width w in
// degrees and their exponent q_f.
constexpr float kQc = 0.7f;
constexpr float kPc = 0.4f;
constexpr float kPt = 0.95f;
constexpr float kGw = 0.082f;
constexpr float kQf = 0.5f;

using Plane = std::vector<float>;
using Kernel = std::vector<float>;

struct Vec3 {
    float x = 0, y = 0, z = 0;
};

using Matrix = std::array<std::array<float, 3>, 3>;

// Linear sRGB (D65) to CIE XYZ as exact fractions, and its inverse, as the reference has them.
constexpr Matrix kRgbToXyz = {
    {{10135552.0f / 24577794.0f, 8788810.0f / 24577794.0f, 4435075.0f / 24577794.0f},
     {2613072.0f / 12288897.0f, 8788810.0f / 12288897.0f, 887015.0f / 12288897.0f},
     {1425312.0f / 73733382.0f, 8788810.0f / 73733382.0f, 70074185.0f / 73733382.0f}}};
constexpr Matrix kXyzToRgb = {{{3.241003275f, -1.537398934f, -0.498615861f},
                               {-0.969224334f, 1.875930071f, 0.041554224f},
                               {0.055639423f, -0.204011202f, 1.057148933f}}};

Vec3 multiply(const Matrix& m, Vec3 v) {
    return {m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z,
            m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
            m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z};
}

// The reference white (D65) is linear white's XYZ; YCxCz and L*a*b* are relative to it.
const Vec3 kWhite = multiply(kRgbToXyz, {1, 1, 1});
const Vec3 kInverseWhite = {1.0f / kWhite.x, 1.0f / kWhite.y, 1.0f / kWhite.z};

float srgbToLinear(float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

// YCxCz (Johnson and Fairchild): L*a*b* without the cube root, linear in XYZ, so that spatial
// filtering in it is meaningful.
Vec3 xyzToYcc(Vec3 xyz) {
    const Vec3 n = {xyz.x * kInverseWhite.x, xyz.y * kInverseWhite.y, xyz.z * kInverseWhite.z};
    return {116.0f * n.y - 16.0f, 500.0f * (n.x - n.y), 200.0f * (n.y - n.z)};
}

Vec3 yccToXyz(Vec3 ycc) {
    const float y = (ycc.x + 16.0f) / 116.0f;
    return {(y + ycc.y / 500.0f) * kWhite.x, y * kWhite.y, (y - ycc.z / 200.0f) * kWhite.z};
}

// The cube root of a positive float by Newton's method from a first guess made on its bits
// (exponent / 3): glibc's cbrtf was a fifth of FLIP's time. Three steps reach float precision.
float cubeRoot(float v) {
    uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    bits = bits / 3 + 0x2a5137a0u;
    float r = 0;
    std::memcpy(&r, &bits, sizeof r);
    for (int i = 0; i < 3; ++i) r = (2.0f * r + v / (r * r)) * (1.0f / 3.0f);
    return r;
}

Vec3 xyzToLab(Vec3 xyz) {
    constexpr float kDelta = 6.0f / 29.0f;
    auto f = [](float t) {
        return t > kDelta * kDelta * kDelta ? cubeRoot(t)
                                            : t / (3.0f * kDelta * kDelta) + 4.0f / 29.0f;
    };
    const float fx = f(xyz.x * kInverseWhite.x);
    const float fy = f(xyz.y * kInverseWhite.y);
    const float fz = f(xyz.z * kInverseWhite.z);
    return {116.0f * fy - 16.0f, 500.0f * (fx - fy), 200.0f * (fy - fz)};
}

// L*a*b* with the Hunt effect: chroma scaled by lightness (dark colours look less saturated).
Vec3 huntLab(Vec3 linearRgb) {
    const Vec3 lab = xyzToLab(multiply(kRgbToXyz, linearRgb));
    return {lab.x, 0.01f * lab.x * lab.y, 0.01f * lab.x * lab.z};
}

// HyAB: city-block distance in lightness, Euclidean in chroma.
float hyab(Vec3 a, Vec3 b) {
    const float da = a.y - b.y;
    const float db = a.z - b.z;
    return std::fabs(a.x - b.x) + std::sqrt(da * da + db * db);
}

// The contrast sensitivity functions as Gaussians in the spatial domain (the paper's eq. 1 and
// table 1): a * sqrt(pi / b) * exp(-pi^2 x^2 / b), x in degrees. Lightness and red-green are
// one Gaussian each; blue-yellow is a sum of two, filtered as two separable passes whose 1D
// kernels are square roots of each term, normalized so that the 2D sum is 1.
struct CsfKernels {
    Kernel y, cx, cz1, cz2;
};

CsfKernels csfKernels(float ppd) {
    constexpr float kB[] = {0.0047f, 0.0053f, 0.04f, 0.025f};  // Y, Cx, Cz (both terms)
    const float largestB = *std::max_element(std::begin(kB), std::end(kB));
    // Three standard deviations of the widest Gaussian.
    const int radius =
        int(std::ceil(3.0f * std::sqrt(largestB / (2.0f * kFlipPi * kFlipPi)) * ppd));
    auto gaussian = [&](float a, float b, bool root, int i) {
        const float x = float(i - radius) / ppd;
        const float peak = a * std::sqrt(kFlipPi / b);
        return (root ? std::sqrt(peak) : peak) * std::exp(-kFlipPi * kFlipPi * x * x / b);
    };
    CsfKernels k;
    for (int i = 0; i <= 2 * radius; ++i) {
        k.y.push_back(gaussian(1.0f, kB[0], false, i));
        k.cx.push_back(gaussian(1.0f, kB[1], false, i));
        k.cz1.push_back(gaussian(34.1f, kB[2], true, i));
        k.cz2.push_back(gaussian(13.5f, kB[3], true, i));
    }
    auto sum = [](const Kernel& kernel) {
        return std::accumulate(kernel.begin(), kernel.end(), 0.0f);
    };
    auto scale = [](Kernel& kernel, float factor) {
        for (float& w : kernel) w *= factor;
    };
    scale(k.y, 1.0f / sum(k.y));
    scale(k.cx, 1.0f / sum(k.cx));
    const float czNorm = 1.0f / std::hypot(sum(k.cz1), sum(k.cz2));
    scale(k.cz1, czNorm);
    scale(k.cz2, czNorm);
    return k;
}

// The edge and point detectors (section 4.2): a Gaussian's first and second derivatives with
// sigma = w / 2 degrees, each split into the Gaussian along one axis and the derivative along
// the other. The Gaussian sums to 1; each derivative's positive and negative weights sum to 1
// and -1, so a full step gives 1 whatever the viewing distance.
struct FeatureKernels {
    Kernel g, dg, ddg;
};

FeatureKernels featureKernels(float ppd) {
    const float sigma = 0.5f * kGw * ppd;
    const int radius = int(std::ceil(3.0f * sigma));
    FeatureKernels k;
    float gSum = 0, dgPositive = 0, dgNegative = 0, ddgPositive = 0, ddgNegative = 0;
    for (int i = -radius; i <= radius; ++i) {
        const float x = float(i);
        const float g = std::exp(-x * x / (2.0f * sigma * sigma));
        const float dg = -x * g;
        const float ddg = (x * x / (sigma * sigma) - 1.0f) * g;
        gSum += g;
        (dg > 0 ? dgPositive : dgNegative) += std::fabs(dg);
        (ddg > 0 ? ddgPositive : ddgNegative) += std::fabs(ddg);
        k.g.push_back(g);
        k.dg.push_back(dg);
        k.ddg.push_back(ddg);
    }
    for (size_t i = 0; i < k.g.size(); ++i) {
        k.g[i] /= gSum;
        k.dg[i] /= k.dg[i] > 0 ? dgPositive : dgNegative;
        k.ddg[i] /= k.ddg[i] > 0 ? ddgPositive : ddgNegative;
    }
    return k;
}

// out[x] = sum over taps t of kernel[t] * sources[t][x], for x in 0..n. Eight outputs at a time
// accumulate in registers: -O2 vectorizes a loop of a known count, not one of the image's width.
void weightedSum(const std::vector<const float*>& sources, const Kernel& kernel, float* out,
                 int n) {
    constexpr int kBlock = 8;
    int x = 0;
    for (; x + kBlock <= n; x += kBlock) {
        float sum[kBlock] = {};
        for (size_t t = 0; t < kernel.size(); ++t) {
            const float w = kernel[t];
            const float* in = sources[t] + x;
            for (int i = 0; i < kBlock; ++i) sum[i] += w * in[i];
        }
        for (int i = 0; i < kBlock; ++i) out[x + i] = sum[i];
    }
    for (; x < n; ++x) {
        float sum = 0;
        for (size_t t = 0; t < kernel.size(); ++t) sum += kernel[t] * sources[t][x];
        out[x] = sum;
    }
}

// Correlation along rows with the edges clamped (the padded row holds the clamped border).
Plane filterRows(const Plane& source, int width, int height, const Kernel& kernel) {
    const int radius = int(kernel.size() / 2);
    Plane result(source.size());
    std::vector<float> padded(size_t(width + 2 * radius));
    std::vector<const float*> sources(kernel.size());
    for (size_t t = 0; t < kernel.size(); ++t) sources[t] = padded.data() + t;
    for (int y = 0; y < height; ++y) {
        const float* row = source.data() + size_t(y) * size_t(width);
        for (int x = -radius; x < width + radius; ++x)
            padded[size_t(x + radius)] = row[std::clamp(x, 0, width - 1)];
        weightedSum(sources, kernel, result.data() + size_t(y) * size_t(width), width);
    }
    return result;
}

Plane filterColumns(const Plane& source, int width, int height, const Kernel& kernel) {
    const int radius = int(kernel.size() / 2);
    Plane result(source.size());
    std::vector<const float*> sources(kernel.size());
    for (int y = 0; y < height; ++y) {
        for (size_t t = 0; t < kernel.size(); ++t) {
            const int sourceY = std::clamp(y + int(t) - radius, 0, height - 1);
            sources[t] = source.data() + size_t(sourceY) * size_t(width);
        }
        weightedSum(sources, kernel, result.data() + size_t(y) * size_t(width), width);
    }
    return result;
}

Plane filter2d(const Plane& source, int width, int height, const Kernel& rows,
               const Kernel& columns) {
    return filterColumns(filterRows(source, width, height, rows), width, height, columns);
}

// An image in YCxCz, one plane per channel.
struct Opponent {
    Plane y, cx, cz;
};

Opponent toOpponent(const RgbaImage& image) {
    std::array<float, 256> linear{};
    for (int i = 0; i < 256; ++i) linear[size_t(i)] = srgbToLinear(float(i) / 255.0f);
    const size_t count = size_t(image.width) * size_t(image.height);
    Opponent o{Plane(count), Plane(count), Plane(count)};
    for (size_t i = 0; i < count; ++i) {
        const uint8_t* p = &image.pixels[4 * i];
        const Vec3 ycc = xyzToYcc(multiply(kRgbToXyz, {linear[p[0]], linear[p[1]], linear[p[2]]}));
        o.y[i] = ycc.x;
        o.cx[i] = ycc.y;
        o.cz[i] = ycc.z;
    }
    return o;
}

// The image as the eye resolves it at this distance, back in linear RGB clamped to the
// displayable range, as Hunt-adjusted L*a*b*.
std::vector<Vec3> filteredHuntLab(const Opponent& o, int width, int height, const CsfKernels& k) {
    const Plane y = filter2d(o.y, width, height, k.y, k.y);
    const Plane cx = filter2d(o.cx, width, height, k.cx, k.cx);
    const Plane cz1 = filter2d(o.cz, width, height, k.cz1, k.cz1);
    const Plane cz2 = filter2d(o.cz, width, height, k.cz2, k.cz2);
    std::vector<Vec3> lab(y.size());
    for (size_t i = 0; i < y.size(); ++i) {
        Vec3 rgb = multiply(kXyzToRgb, yccToXyz({y[i], cx[i], cz1[i] + cz2[i]}));
        rgb = {std::clamp(rgb.x, 0.0f, 1.0f), std::clamp(rgb.y, 0.0f, 1.0f),
               std::clamp(rgb.z, 0.0f, 1.0f)};
        lab[i] = huntLab(rgb);
    }
    return lab;
}

// The colour difference (section 4.1) in 0..1: HyAB^q_c, remapped so that errors up to p_c of
// the largest possible one (pure green against pure blue) cover 0..p_t and the rest p_t..1.
Plane colourDifference(const Opponent& a, const Opponent& b, int width, int height, float ppd) {
    const CsfKernels kernels = csfKernels(ppd);
    const std::vector<Vec3> labA = filteredHuntLab(a, width, height, kernels);
    const std::vector<Vec3> labB = filteredHuntLab(b, width, height, kernels);
    const float cmax = std::pow(hyab(huntLab({0, 1, 0}), huntLab({0, 0, 1})), kQc);
    const float knee = kPc * cmax;
    Plane difference(labA.size());
    for (size_t i = 0; i < labA.size(); ++i) {
        const float e = std::pow(hyab(labA[i], labB[i]), kQc);
        difference[i] = e < knee ? e * kPt / knee : kPt + (e - knee) / (cmax - knee) * (1 - kPt);
    }
    return difference;
}

// Edge and point strength of an image's lightness (Y normalized to 0..1) at each pixel.
struct Features {
    Plane edge, point;
};

Features features(const Plane& ycc, int width, int height, const FeatureKernels& k) {
    Plane gray(ycc.size());
    for (size_t i = 0; i < ycc.size(); ++i) gray[i] = (ycc[i] + 16.0f) / 116.0f;
    const Plane smoothRows = filterRows(gray, width, height, k.g);
    const Plane dx = filterColumns(filterRows(gray, width, height, k.dg), width, height, k.g);
    const Plane ddx = filterColumns(filterRows(gray, width, height, k.ddg), width, height, k.g);
    const Plane dy = filterColumns(smoothRows, width, height, k.dg);
    const Plane ddy = filterColumns(smoothRows, width, height, k.ddg);
    Features f{Plane(gray.size()), Plane(gray.size())};
    for (size_t i = 0; i < gray.size(); ++i) {
        f.edge[i] = std::sqrt(dx[i] * dx[i] + dy[i] * dy[i]);
        f.point[i] = std::sqrt(ddx[i] * ddx[i] + ddy[i] * ddy[i]);
    }
    return f;
}

void pool(FlipResult& result) {
    double sum = 0;
    for (float e : result.errorMap) sum += e;
    result.mean = result.errorMap.empty() ? 0.0 : sum / double(result.errorMap.size());
    std::vector<float> sorted = result.errorMap;
    std::sort(sorted.begin(), sorted.end());
    result.max = sorted.empty() ? 0.0 : sorted.back();
    double running = 0;
    for (float e : sorted) {
        running += e;
        if (running > 0.5 * sum) {
            result.weightedMedian = e;
            break;
        }
    }
}

}  // namespace

FlipResult computeFlip(const RgbaImage& reference, const RgbaImage& test, float pixelsPerDegree) {
    FlipResult result;
    if (!reference.valid() || !test.valid() || reference.width != test.width ||
        reference.height != test.height)
        return result;
    const int w = reference.width;
    const int h = reference.height;
    const Opponent a = toOpponent(reference);
    const Opponent b = toOpponent(test);
    Plane colour = colourDifference(a, b, w, h, pixelsPerDegree);
    const FeatureKernels kernels = featureKernels(pixelsPerDegree);
    const Features fa = features(a.y, w, h, kernels);
    const Features fb = features(b.y, w, h, kernels);
    const float inverseSqrt2 = 1.0f / std::sqrt(2.0f);
    for (size_t i = 0; i < colour.size(); ++i) {
        const float edge = std::fabs(fa.edge[i] - fb.edge[i]);
        const float point = std::fabs(fa.point[i] - fb.point[i]);
        const float feature = std::pow(inverseSqrt2 * std::max(edge, point), kQf);
        // The paper's eq. 7: a feature difference sharpens the colour error towards 1.
        colour[i] = std::pow(colour[i], 1.0f - feature);
    }
    result.width = w;
    result.height = h;
    result.errorMap = std::move(colour);
    pool(result);
    return result;
}

RgbaImage flipHeatMap(const FlipResult& result) {
    // Magma (matplotlib's perceptually uniform map, public domain) at indices 0, 16, ..., 240
    // and 255, interpolated linearly in between.
    static constexpr uint8_t kMagma[17][3] = {
        {0, 0, 4},       {10, 8, 34},    {29, 17, 71},   {54, 16, 107},   {81, 18, 124},
        {106, 28, 129},  {131, 38, 129}, {156, 46, 127}, {183, 55, 121},  {208, 65, 111},
        {231, 82, 99},   {245, 107, 92}, {252, 137, 97}, {254, 167, 114}, {254, 196, 136},
        {253, 226, 163}, {252, 253, 191}};
    RgbaImage image;
    if (!result.valid()) return image;
    image.width = result.width;
    image.height = result.height;
    image.pixels.resize(result.errorMap.size() * 4);
    for (size_t i = 0; i < result.errorMap.size(); ++i) {
        // The reference indexes its 256-entry map by the rounded error * 255.
        const int index = int(std::clamp(result.errorMap[i], 0.0f, 1.0f) * 255.0f + 0.5f);
        const int segment = std::min(index / 16, 15);
        const int start = segment * 16;
        const int length = segment == 15 ? 15 : 16;
        const float t = float(index - start) / float(length);
        for (int c = 0; c < 3; ++c) {
            const float from = kMagma[segment][c];
            const float to = kMagma[segment + 1][c];
            image.pixels[4 * i + size_t(c)] = uint8_t(std::lround(from + t * (to - from)));
        }
        image.pixels[4 * i + 3] = 255;
    }
    return image;
}

}  // namespace morph
