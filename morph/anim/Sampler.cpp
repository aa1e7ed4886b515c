#include "morph/anim/Sampler.h"

#include <algorithm>
#include <cmath>

namespace morph {

namespace {

// glTF 2.0 Appendix C, "Spherical Linear Interpolation": shortest path (flip the second
// quaternion when the dot product is negative), a normalized lerp when the two are nearly
// parallel (sin(theta0) would vanish). Quaternions are x, y, z, w as stored in the file.
void slerp(const float* a, const float* b, double u, float* out) {
    double q0[4], q1[4];
    double d = 0;
    for (int i = 0; i < 4; ++i) {
        q0[i] = a[i];
        q1[i] = b[i];
        d += q0[i] * q1[i];
    }
    if (d < 0) {
        for (double& c : q1) c = -c;
        d = -d;
    }
    double s0, s1;
    if (d > 0.9995) {
        s0 = 1.0 - u;
        s1 = u;
    } else {
        const double theta0 = std::acos(std::min(d, 1.0));
        const double theta = u * theta0;
        const double sinTheta = std::sin(theta);
        const double sinTheta0 = std::sin(theta0);
        s0 = std::cos(theta) - d * sinTheta / sinTheta0;
        s1 = sinTheta / sinTheta0;
    }
    double r[4], length2 = 0;
    for (int i = 0; i < 4; ++i) {
        r[i] = s0 * q0[i] + s1 * q1[i];
        length2 += r[i] * r[i];
    }
    const double inv = length2 > 0 ? 1.0 / std::sqrt(length2) : 1.0;
    for (int i = 0; i < 4; ++i) out[i] = static_cast<float>(r[i] * inv);
}

void normalizeQuat(float* q) {
    const double length2 =
        double(q[0]) * q[0] + double(q[1]) * q[1] + double(q[2]) * q[2] + double(q[3]) * q[3];
    if (!(length2 > 0) || !std::isfinite(length2)) return;  // leave a degenerate key as it is
    const double inv = 1.0 / std::sqrt(length2);
    for (int i = 0; i < 4; ++i) q[i] = static_cast<float>(q[i] * inv);
}

}  // namespace

size_t findKeyInterval(const std::vector<float>& input, float t) {
    if (input.size() < 2) return 0;
    // The first key greater than t; the interval starts one before it.
    const auto it = std::upper_bound(input.begin(), input.end(), t);
    const size_t after = static_cast<size_t>(it - input.begin());
    if (after == 0) return 0;
    return std::min(after - 1, input.size() - 2);
}

void sampleInto(const AnimationSampler& sampler, AnimationPath path, float t, float* out) {
    const size_t width = sampler.width;
    if (width == 0) return;
    const bool cubic = sampler.interpolation == Interpolation::CubicSpline;
    const bool rotation = path == AnimationPath::Rotation && width == 4;
    // glTF 2.0 Appendix C: CUBICSPLINE stores in-tangent, value, out-tangent per key.
    const size_t elementsPerKey = cubic ? 3 : 1;
    // Only keys with a full output are used, so a short output (which the importer rejects)
    // can never be read past.
    const size_t keys =
        std::min(sampler.input.size(), sampler.output.size() / (width * elementsPerKey));
    if (keys == 0) {
        std::fill(out, out + width, 0.0f);
        if (rotation) out[3] = 1.0f;  // identity, x y z w
        return;
    }
    const float* data = sampler.output.data();
    auto value = [&](size_t k) { return data + (k * elementsPerKey + (cubic ? 1 : 0)) * width; };
    auto inTangent = [&](size_t k) { return data + (k * 3) * width; };
    auto outTangent = [&](size_t k) { return data + (k * 3 + 2) * width; };

    // Before the first key hold the first value, after the last the last (a NaN t holds the
    // first too). One key: that value.
    const std::vector<float>& input = sampler.input;
    if (keys == 1 || !(t > input[0])) {
        std::copy(value(0), value(0) + width, out);
        return;
    }
    if (t >= input[keys - 1]) {
        std::copy(value(keys - 1), value(keys - 1) + width, out);
        return;
    }
    const size_t k = findKeyInterval(input, t);  // k + 1 < keys: t < input[keys - 1]
    const double t0 = input[k], t1 = input[k + 1];
    const double td = t1 - t0;
    // Equal key times (not strictly increasing, invalid) would divide by zero: hold key k.
    const double u = td > 0 ? std::clamp((double(t) - t0) / td, 0.0, 1.0) : 0.0;

    switch (sampler.interpolation) {
        case Interpolation::Step: std::copy(value(k), value(k) + width, out); return;
        case Interpolation::Linear:
            if (rotation) {
                slerp(value(k), value(k + 1), u, out);
                return;
            }
            for (size_t i = 0; i < width; ++i) {
                out[i] = static_cast<float>((1.0 - u) * value(k)[i] + u * value(k + 1)[i]);
            }
            return;
        case Interpolation::CubicSpline: {
            // glTF 2.0 Appendix C, cubic Hermite spline: tangents are per second, so they are
            // scaled by the key interval td = t_{k+1} - t_k.
            const double u2 = u * u, u3 = u2 * u;
            const double h00 = 2 * u3 - 3 * u2 + 1;
            const double h10 = u3 - 2 * u2 + u;
            const double h01 = -2 * u3 + 3 * u2;
            const double h11 = u3 - u2;
            const float* v0 = value(k);
            const float* b0 = outTangent(k);
            const float* v1 = value(k + 1);
            const float* a1 = inTangent(k + 1);
            for (size_t i = 0; i < width; ++i) {
                out[i] = static_cast<float>(h00 * v0[i] + h10 * td * b0[i] + h01 * v1[i] +
                                            h11 * td * a1[i]);
            }
            // The spline of four components leaves the unit sphere: renormalize (Appendix C).
            if (rotation) normalizeQuat(out);
            return;
        }
    }
}

std::vector<float> sample(const AnimationSampler& sampler, AnimationPath path, float t) {
    std::vector<float> out(sampler.width, 0.0f);
    sampleInto(sampler, path, t, out.data());
    return out;
}

}  // namespace morph
