#include "renderer/light/StudioEnvironment.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace renderer {

namespace {

constexpr float kPi = 3.14159265358979f;

// A round softbox: full radiance within `radius` of `centre` (radians), fading to nothing over
// `soft` around that edge, as a diffuser's rim does.
struct Softbox {
    glm::vec3 centre;
    float radius;
    float soft;
    glm::vec3 radiance;
};

// Placed as the old three-light rig was (key from the upper right front, a cooler, weaker fill
// from the left, a rim from behind above), plus a broad top light, so the default look keeps
// the rig's modelling. Sized so that a white Lambert surface facing the key reads about 0.9
// after PBR Neutral: the key covers ~0.3 sr at radiance 8.
const Softbox kSoftboxes[] = {
    {{0.55f, 0.55f, 0.65f}, 0.30f, 0.10f, glm::vec3(1.0f, 0.97f, 0.92f) * 8.0f},   // key
    {{-0.80f, 0.15f, 0.55f}, 0.40f, 0.15f, glm::vec3(0.88f, 0.93f, 1.0f) * 1.4f},  // fill
    {{-0.30f, 0.55f, -0.75f}, 0.25f, 0.10f, glm::vec3(1.0f) * 5.0f},               // rim
    {{0.0f, 1.0f, 0.0f}, 0.45f, 0.20f, glm::vec3(1.0f) * 1.2f},                    // top
};

// The room: a cool, dim ceiling, a neutral horizon, a darker warm floor (glTF +Y up).
const glm::vec3 kCeiling = glm::vec3(0.62f, 0.66f, 0.74f) * 0.40f;
const glm::vec3 kHorizon = glm::vec3(0.26f);
const glm::vec3 kFloor = glm::vec3(0.30f, 0.27f, 0.24f) * 0.40f;

float smoothstep(float edge0, float edge1, float x) {
    const float t = std::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

}  // namespace

glm::vec3 equirectDirection(float u, float v) {
    const float phi = (u - 0.5f) * 2.0f * kPi;
    const float theta = v * kPi;
    return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

EquirectGrid::EquirectGrid(int width, int height) {
    // The same expressions as equirectDirection, so a texel's direction is bit for bit the same.
    mSinPhi.resize(size_t(width));
    mCosPhi.resize(size_t(width));
    for (int x = 0; x < width; ++x) {
        const float phi = ((float(x) + 0.5f) / float(width) - 0.5f) * 2.0f * kPi;
        mSinPhi[size_t(x)] = std::sin(phi);
        mCosPhi[size_t(x)] = std::cos(phi);
    }
    mSinTheta.resize(size_t(height));
    mCosTheta.resize(size_t(height));
    for (int y = 0; y < height; ++y) {
        const float theta = (float(y) + 0.5f) / float(height) * kPi;
        mSinTheta[size_t(y)] = std::sin(theta);
        mCosTheta[size_t(y)] = std::cos(theta);
    }
}

glm::vec2 equirectUv(const glm::vec3& d) {
    const float u = 0.5f + std::atan2(d.z, d.x) / (2.0f * kPi);
    const float v = std::acos(std::clamp(d.y, -1.0f, 1.0f)) / kPi;
    return {u, v};
}

glm::vec3 studioRadiance(const glm::vec3& d) {
    // Each softbox's axis and the cosine of its outer edge, once: most directions fall outside
    // every box and need no acos (a box adds exactly nothing there).
    struct Edge {
        glm::vec3 axis;
        float cosOuter;
    };
    static const std::array<Edge, std::size(kSoftboxes)> kEdges = [] {
        std::array<Edge, std::size(kSoftboxes)> edges{};
        for (size_t i = 0; i < edges.size(); ++i) {
            edges[i] = {glm::normalize(kSoftboxes[i].centre),
                        std::cos(kSoftboxes[i].radius + kSoftboxes[i].soft)};
        }
        return edges;
    }();
    const float y = std::clamp(d.y, -1.0f, 1.0f);
    glm::vec3 out = y >= 0.0f ? glm::mix(kHorizon, kCeiling, smoothstep(0.0f, 0.7f, y))
                              : glm::mix(kHorizon, kFloor, smoothstep(0.0f, 0.25f, -y));
    for (size_t i = 0; i < kEdges.size(); ++i) {
        const float cosine = std::clamp(glm::dot(d, kEdges[i].axis), -1.0f, 1.0f);
        if (cosine < kEdges[i].cosOuter) continue;
        const Softbox& box = kSoftboxes[i];
        out += box.radiance *
               (1.0f - smoothstep(box.radius - box.soft, box.radius + box.soft, std::acos(cosine)));
    }
    return out;
}

morph::FloatImage studioEnvironment(int width) {
    width = std::max(8, width & ~1);
    morph::FloatImage image;
    image.width = width;
    image.height = width / 2;
    image.rgb.resize(size_t(image.width) * size_t(image.height) * 3);
    const EquirectGrid grid(image.width, image.height);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const glm::vec3 radiance = studioRadiance(grid.direction(x, y));
            float* out = &image.rgb[(size_t(y) * size_t(image.width) + size_t(x)) * 3];
            out[0] = radiance.r;
            out[1] = radiance.g;
            out[2] = radiance.b;
        }
    }
    return image;
}

}  // namespace renderer
