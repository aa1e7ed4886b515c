#pragma once
// sin, cos and pow from plain arithmetic. libm's results may differ in the last bit between
// library versions, and the compiler folds calls with constant arguments at build time with a
// different (correctly rounded) implementation, so the same source could write different bytes
// at -O0 and -O2. +, -, *, /, sqrt, floor, frexp and ldexp are exact or IEEE-rounded
// everywhere, so these are too (with -ffp-contract=off, set in assets/CMakeLists.txt).
#include <cmath>

namespace face {

inline constexpr double kPiD = 3.14159265358979323846;
inline constexpr float kPi = 3.14159265358979f;  // the float the generators' angles use

inline double dsinD(double x) {
    double k = std::floor(x / (2.0 * kPiD) + 0.5);
    double r = x - k * (2.0 * kPiD);  // [-pi, pi]
    if (r > 0.5 * kPiD) r = kPiD - r;
    else if (r < -0.5 * kPiD)
        r = -kPiD - r;  // [-pi/2, pi/2], where Taylor to r^15 is exact in float
    double r2 = r * r;
    double p = 1.0 / 1307674368000.0;
    p = -1.0 / 6227020800.0 + r2 * p;
    p = 1.0 / 39916800.0 + r2 * p;
    p = -1.0 / 362880.0 + r2 * p;
    p = 1.0 / 5040.0 + r2 * p;
    p = -1.0 / 120.0 + r2 * p;
    p = 1.0 / 6.0 + r2 * p;
    p = -1.0 + r2 * p;
    return -r * p;
}

inline float dsin(float x) {
    return static_cast<float>(dsinD(x));
}
inline float dcos(float x) {
    return static_cast<float>(dsinD(static_cast<double>(x) + 0.5 * kPiD));
}

inline double dlog(double x) {
    int e = 0;
    double m = std::frexp(x, &e);  // x = m * 2^e, m in [0.5, 1)
    if (m < 0.70710678118654752) {
        m *= 2.0;
        e -= 1;
    }
    double s = (m - 1.0) / (m + 1.0);  // |s| < 0.172
    double s2 = s * s;
    double p = 1.0 / 15.0;
    for (int k = 13; k >= 1; k -= 2) p = 1.0 / k + s2 * p;
    return 2.0 * s * p + e * 0.69314718055994530942;
}

inline double dexp(double x) {
    const double ln2 = 0.69314718055994530942;
    double k = std::floor(x / ln2 + 0.5);
    double r = x - k * ln2;  // |r| <= 0.35
    double p = 1.0;
    for (int n = 14; n >= 1; --n) p = 1.0 + r * p / n;
    return std::ldexp(p, static_cast<int>(k));
}

// a^b for a >= 0 (0 for a <= 0).
inline float dpow(float a, float b) {
    if (a <= 0.0f) return 0.0f;
    return static_cast<float>(dexp(static_cast<double>(b) * dlog(a)));
}

}  // namespace face
