#pragma once
// Smooth falloffs with compact support: every feature and every target is exactly zero outside
// its region, so targets stay sparse and untouched vertices keep bit-identical positions.
#include <cmath>

#include <glm/glm.hpp>

namespace face {

inline float clamp01(float x) {
    return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
}

inline float smoothstep(float e0, float e1, float x) {
    float t = clamp01((x - e0) / (e1 - e0));
    return t * t * (3.0f - 2.0f * t);
}

// (1 - r^2)^3 for r < 1, else 0: C2 at the rim, 1 at the centre.
inline float kernel(float r) {
    if (r >= 1.0f) return 0.0f;
    float a = 1.0f - r * r;
    return a * a * a;
}

// Elliptic distance of (x, y) from a centre, in units of the radii.
inline float ellipse(float x, float y, float cx, float cy, float rx, float ry) {
    float dx = (x - cx) / rx;
    float dy = (y - cy) / ry;
    return std::sqrt(dx * dx + dy * dy);
}

inline float bump(float x, float y, float cx, float cy, float rx, float ry) {
    return kernel(ellipse(x, y, cx, cy, rx, ry));
}

// Polynomial smooth maximum (blend width k).
inline float smoothMax(float a, float b, float k) {
    float h = std::fmax(k - std::fabs(a - b), 0.0f) / k;
    return std::fmax(a, b) + h * h * k * 0.25f;
}

}  // namespace face
