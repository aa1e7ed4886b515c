#include "renderer/light/SheenAlbedo.h"

#include <algorithm>
#include <cmath>

namespace renderer {
namespace {

constexpr float kSheenPi = 3.14159265358979f;

// lambdaSheenNumericHelper of the Sample Renderer: Estevez and Kulla's fit of the Charlie
// distribution's Lambda.
float lambdaSheenFit(float x, float alphaG) {
    const float t = (1.0f - alphaG) * (1.0f - alphaG);
    const auto mix = [t](float a, float b) { return a + (b - a) * t; };
    const float a = mix(21.5473f, 25.3245f), b = mix(3.82987f, 3.32435f);
    const float c = mix(0.19823f, 0.16801f), d = mix(-1.97760f, -1.27393f);
    const float e = mix(-4.32054f, -4.85967f);
    return a / (1.0f + b * std::pow(x, c)) + d * x + e;
}

float lambdaSheen(float cosTheta, float alphaG) {
    if (std::abs(cosTheta) < 0.5f) return std::exp(lambdaSheenFit(cosTheta, alphaG));
    return std::exp(2.0f * lambdaSheenFit(0.5f, alphaG) - lambdaSheenFit(1.0f - cosTheta, alphaG));
}

}  // namespace

float charlieDistribution(float sheenRoughness, float nDotH) {
    const float r = std::max(sheenRoughness, 0.000001f);
    const float invR = 1.0f / (r * r);
    const float sin2h = std::max(1.0f - nDotH * nDotH, 0.0f);
    return (2.0f + invR) * std::pow(sin2h, invR * 0.5f) / (2.0f * kSheenPi);
}

float sheenVisibility(float nDotL, float nDotV, float sheenRoughness) {
    const float r = std::max(sheenRoughness, 0.000001f);
    const float alphaG = r * r;
    const float v = 1.0f / ((1.0f + lambdaSheen(nDotV, alphaG) + lambdaSheen(nDotL, alphaG)) *
                            (4.0f * nDotV * nDotL));
    return std::clamp(v, 0.0f, 1.0f);
}

float sheenAlbedo(float nDotV, float sheenRoughness) {
    // Midpoint rule in (cos theta_l, phi): dw = d(cos theta) d(phi), so no Jacobian; the lobe
    // is symmetric about the plane of n and v, so phi covers half the circle, twice. 48 x 24
    // points: the whole table costs about 1.2 million evaluations, once per process.
    const int thetas = 48, phis = 24;
    const float sinV = std::sqrt(std::max(0.0f, 1.0f - nDotV * nDotV));
    const float vx = sinV, vz = nDotV;
    double sum = 0;
    for (int i = 0; i < thetas; ++i) {
        const float cosL = (float(i) + 0.5f) / float(thetas);
        const float sinL = std::sqrt(1.0f - cosL * cosL);
        for (int j = 0; j < phis; ++j) {
            const float phi = kSheenPi * (float(j) + 0.5f) / float(phis);
            const float lx = sinL * std::cos(phi), ly = sinL * std::sin(phi), lz = cosL;
            float hx = lx + vx, hy = ly, hz = lz + vz;
            const float len = std::sqrt(hx * hx + hy * hy + hz * hz);
            if (len <= 0.0f) continue;
            hz /= len;
            const float f = charlieDistribution(sheenRoughness, hz) *
                            sheenVisibility(cosL, nDotV, sheenRoughness);
            sum += double(f * cosL);
        }
    }
    return float(sum * (1.0 / thetas) * (2.0 * kSheenPi / phis));
}

const std::vector<float>& sheenAlbedoTable() {
    static const std::vector<float> table = [] {
        std::vector<float> out(size_t(kSheenAlbedoSize) * kSheenAlbedoSize);
        for (int r = 0; r < kSheenAlbedoSize; ++r) {
            for (int c = 0; c < kSheenAlbedoSize; ++c) {
                // V_Sheen's fit is no exact visibility: at grazing views of a smooth sheen the
                // integral passes 1 (1.46 at most, at nDotV 1/64). An albedo cannot, and the
                // Sample Renderer's 8-bit table cannot hold it either: clamped.
                out[size_t(r) * kSheenAlbedoSize + size_t(c)] =
                    std::min(1.0f, sheenAlbedo((float(c) + 0.5f) / kSheenAlbedoSize,
                                               (float(r) + 0.5f) / kSheenAlbedoSize));
            }
        }
        return out;
    }();
    return table;
}

}  // namespace renderer
