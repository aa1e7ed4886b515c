#pragma once
// The environment the first run lights with, made by code so that no file is needed: a neutral
// studio, a few soft area lights (key, fill, rim, a top light) over a dim floor-to-ceiling
// gradient. `--environment studio` names it; `morphview environment --out FILE.hdr` writes it,
// so other renderers (tests/bench/khronos) can be lit with exactly the same light.
#include <vector>

#include <glm/glm.hpp>

#include "morph/image/HdrImage.h"

namespace renderer {

// The equirectangular mapping every environment here uses. glTF +Y is up. Column u runs
// around the horizon (u = 0.5 looks along +X, u = 0.75 along +Z, towards a default camera);
// row v from straight up (v = 0) to straight down (v = 1).
glm::vec3 equirectDirection(float u, float v);
glm::vec2 equirectUv(const glm::vec3& direction);

// equirectDirection at every texel centre of a width x height image, from one sine and cosine
// per row and per column instead of four per texel (the same values, bit for bit).
class EquirectGrid {
public:
    EquirectGrid(int width, int height);
    glm::vec3 direction(int x, int y) const {
        const float s = mSinTheta[size_t(y)];
        return {s * mCosPhi[size_t(x)], mCosTheta[size_t(y)], s * mSinPhi[size_t(x)]};
    }

private:
    std::vector<float> mSinPhi, mCosPhi, mSinTheta, mCosTheta;
};

// The studio's radiance along a unit direction (linear, the units of an .hdr file).
glm::vec3 studioRadiance(const glm::vec3& direction);

// The studio's pixels at kStudioWidth are named by kStudioVersion in the light's cache key
// (GpuEnvironment), instead of by their hash: raise it with any change to what studioRadiance
// gives (EnvironmentTest fails until then, and says the hash to record).
inline constexpr int kStudioVersion = 1;
inline constexpr int kStudioWidth = 1024;

// The studio as an equirectangular image, width x width / 2 (width even, at least 8).
morph::FloatImage studioEnvironment(int width = kStudioWidth);

}  // namespace renderer
