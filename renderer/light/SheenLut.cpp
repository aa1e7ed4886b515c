#include "renderer/light/SheenLut.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "renderer/light/SheenAlbedo.h"

namespace renderer {
namespace {

constexpr float kLutPi = 3.14159265358979f;
constexpr int kLutSamples = 512;  // ibl_sampler.js's sampleLut: u_sampleCount 512

// hammersley2d of ibl_filtering.frag: (i / n, radical inverse of i in base 2).
float radicalInverse(uint32_t bits) {
    bits = (bits << 16u) | (bits >> 16u);
    bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
    bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
    bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
    bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
    return float(bits) * 2.3283064365386963e-10f;
}

// ibl_filtering.frag's D_Charlie: its argument is alpha itself (the exponent is 1 / alpha),
// where brdf.glsl's takes the perceptual roughness and squares it.
float charlieOfAlpha(float alpha, float nDotH) {
    const float a = std::max(alpha, 0.000001f);
    const float sin2h = 1.0f - nDotH * nDotH;
    return (2.0f + 1.0f / a) * std::pow(sin2h, 0.5f / a) / (2.0f * kLutPi);
}

float visibilityAshikhmin(float nDotL, float nDotV) {
    return std::clamp(1.0f / (4.0f * (nDotL + nDotV - nDotL * nDotV)), 0.0f, 1.0f);
}

}  // namespace

float sheenLut(float nDotV, float sheenRoughness) {
    // The frame of generateTBN around n = +Z is the identity, so the half vectors are used as
    // drawn.
    const float alpha = sheenRoughness * sheenRoughness;
    const float vx = std::sqrt(std::max(0.0f, 1.0f - nDotV * nDotV)), vz = nDotV;
    double sum = 0;
    for (int i = 0; i < kLutSamples; ++i) {
        const float xiX = float(i) / float(kLutSamples);
        const float xiY = radicalInverse(uint32_t(i));
        const float sinTheta = std::pow(xiY, alpha / (2.0f * alpha + 1.0f));
        const float cosTheta = std::sqrt(std::max(0.0f, 1.0f - sinTheta * sinTheta));
        const float phi = 2.0f * kLutPi * xiX;
        float hx = sinTheta * std::cos(phi), hy = sinTheta * std::sin(phi), hz = cosTheta;
        const float hLength = std::sqrt(hx * hx + hy * hy + hz * hz);
        hx /= hLength, hy /= hLength, hz /= hLength;
        const float vDotH = vx * hx + vz * hz;
        // l = reflect(-v, h), normalized as the shader does.
        float lx = 2.0f * vDotH * hx - vx, ly = 2.0f * vDotH * hy, lz = 2.0f * vDotH * hz - vz;
        const float lLength = std::sqrt(lx * lx + ly * ly + lz * lz);
        const float nDotL = std::clamp(lz / lLength, 0.0f, 1.0f);
        if (nDotL <= 0.0f) continue;
        const float nDotH = std::clamp(hz, 0.0f, 1.0f);
        sum += double(visibilityAshikhmin(nDotL, nDotV) * charlieOfAlpha(sheenRoughness, nDotH) *
                      nDotL * std::clamp(vDotH, 0.0f, 1.0f));
    }
    return float(4.0 * 2.0 * double(kLutPi) * sum / kLutSamples);
}

const std::vector<float>& sheenLutTable() {
    static const std::vector<float> table = [] {
        std::vector<float> out(size_t(kSheenAlbedoSize) * kSheenAlbedoSize);
        for (int r = 0; r < kSheenAlbedoSize; ++r) {
            for (int c = 0; c < kSheenAlbedoSize; ++c) {
                out[size_t(r) * kSheenAlbedoSize + size_t(c)] = sheenLut(
                    (float(c) + 0.5f) / kSheenAlbedoSize, (float(r) + 0.5f) / kSheenAlbedoSize);
            }
        }
        return out;
    }();
    return table;
}

}  // namespace renderer
