#pragma once
// Diffuse image-based light as nine spherical-harmonic coefficients (Ramamoorthi and Hanrahan,
// "An Efficient Representation for Irradiance Environment Maps", 2001). The irradiance of a
// Lambert surface is smooth enough that the first three bands hold it to within a few percent
// for any environment, so the shader evaluates nine terms instead of sampling a convolved cube
// map, and the projection is exact (every texel weighted by its solid angle), with none of an
// importance sampler's noise.
#include <array>

#include <glm/glm.hpp>

#include "morph/image/HdrImage.h"

namespace renderer {

// Coefficients in the order of shBasis(); each is an RGB triple.
using IrradianceSh = std::array<glm::vec3, 9>;

// The real SH basis, bands 0..2, at unit direction d: Y00, Y1-1 (y), Y10 (z), Y11 (x),
// Y2-2 (xy), Y2-1 (yz), Y20 (3z^2 - 1), Y21 (xz), Y22 (x^2 - y^2). environment.glsl evaluates
// the same, in the same order.
std::array<float, 9> shBasis(const glm::vec3& d);

// Irradiance / PI of the equirectangular `environment` (StudioEnvironment.h's mapping): the
// radiance a white Lambert surface with normal n reflects, shIrradiance(coefficients, n).
IrradianceSh projectIrradiance(const morph::FloatImage& environment);

glm::vec3 shIrradiance(const IrradianceSh& coefficients, const glm::vec3& n);

}  // namespace renderer
