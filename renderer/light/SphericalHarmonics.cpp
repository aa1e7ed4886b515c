#include "renderer/light/SphericalHarmonics.h"

#include <cmath>

#include "renderer/light/StudioEnvironment.h"

namespace renderer {

namespace {

constexpr double kPiD = 3.14159265358979323846;

}  // namespace

std::array<float, 9> shBasis(const glm::vec3& d) {
    return {0.282095f,
            0.488603f * d.y,
            0.488603f * d.z,
            0.488603f * d.x,
            1.092548f * d.x * d.y,
            1.092548f * d.y * d.z,
            0.315392f * (3.0f * d.z * d.z - 1.0f),
            1.092548f * d.x * d.z,
            0.546274f * (d.x * d.x - d.y * d.y)};
}

IrradianceSh projectIrradiance(const morph::FloatImage& environment) {
    std::array<glm::dvec3, 9> sum{};
    if (!environment.valid()) return {};
    const int w = environment.width;
    const int h = environment.height;
    const double dPhi = 2.0 * kPiD / w;
    const EquirectGrid grid(w, h);
    for (int y = 0; y < h; ++y) {
        // The solid angle of a texel in this row: the band between its two polar angles,
        // divided among the row's texels (exact, so a constant environment integrates to 4 PI).
        const double theta0 = kPiD * y / h;
        const double theta1 = kPiD * (y + 1) / h;
        const double solidAngle = (std::cos(theta0) - std::cos(theta1)) * dPhi;
        for (int x = 0; x < w; ++x) {
            const glm::vec3 d = grid.direction(x, y);
            const float* p = &environment.rgb[(size_t(y) * size_t(w) + size_t(x)) * 3];
            const glm::dvec3 radiance(p[0], p[1], p[2]);
            const std::array<float, 9> basis = shBasis(d);
            for (size_t i = 0; i < 9; ++i) sum[i] += radiance * (double(basis[i]) * solidAngle);
        }
    }
    // Convolution with the clamped cosine, per band (A0 = PI, A1 = 2 PI / 3, A2 = PI / 4), then
    // divided by PI: the result times a diffuse colour is outgoing radiance.
    const double band[3] = {1.0, 2.0 / 3.0, 1.0 / 4.0};
    IrradianceSh out;
    for (size_t i = 0; i < 9; ++i) {
        const int l = i == 0 ? 0 : (i < 4 ? 1 : 2);
        out[i] = glm::vec3(sum[i] * band[l]);
    }
    return out;
}

glm::vec3 shIrradiance(const IrradianceSh& coefficients, const glm::vec3& n) {
    const std::array<float, 9> basis = shBasis(n);
    glm::vec3 out(0.0f);
    for (size_t i = 0; i < 9; ++i) out += coefficients[i] * basis[i];
    return out;
}

}  // namespace renderer
