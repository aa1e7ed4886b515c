#include "SkinTexture.h"

#include <cmath>

#include <stb_image_write.h>

#include "DeterministicMath.h"
#include "Kernels.h"

namespace face {
namespace {

struct Color {
    float r, g, b;
};

Color mix(Color a, Color b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

// Colours in sRGB (0..1), as glTF base colour textures are (glTF 2.0 3.9.2).
const Color kSkin{0.87f, 0.67f, 0.56f};
const Color kBlush{0.86f, 0.55f, 0.50f};
const Color kLips{0.74f, 0.40f, 0.39f};
const Color kHair{0.23f, 0.15f, 0.11f};
const Color kBrow{0.26f, 0.17f, 0.12f};
const Color kShadow{0.55f, 0.36f, 0.32f};

Color skinAt(const glm::vec3& p, float phi, const HeadLayout& L) {
    float x = p.x, y = p.y, ax = std::fabs(x);
    const float E = L.eyeY, M = L.mouthY;
    Color c = kSkin;
    bool face = p.z > 0.02f;
    if (face) {
        c = mix(c, kBlush, 0.45f * bump(ax, y, 0.042f, M + 0.030f, 0.022f, 0.020f));
        c = mix(c, kBlush, 0.25f * bump(x, y, 0.0f, -0.026f, 0.010f, 0.010f));  // nose tip
        // Lips: a crisp vermilion border from the same shapes the relief uses.
        float lips = bump(x, y, 0.0f, M + 0.0042f, L.mouthCornerX + 0.002f, 0.0066f) +
                     0.6f * bump(ax, y, 0.0062f, M + 0.0072f, 0.0068f, 0.0036f) +
                     bump(x, y, 0.0f, M - 0.0058f, L.mouthCornerX - 0.001f, 0.0080f);
        c = mix(c, kLips, smoothstep(0.10f, 0.30f, lips));
        // Nostrils and the socket shadows.
        c = mix(c, kShadow, 0.85f * bump(ax, y, 0.0060f, -0.0385f, 0.0042f, 0.0026f));
        c = mix(c, kShadow, 0.18f * bump(ax, y, 0.032f, E + 0.004f, 0.018f, 0.012f));
        // Eyebrows: an arch over each eye, thick by the nose and thinning outwards.
        float u = clamp01((ax - 0.011f) / 0.042f);
        float centre = E + 0.0175f + 0.0060f * dsin(3.14159265f * dpow(u, 0.8f));
        float half = 0.0042f * (1.0f - 0.55f * u);
        float brow = smoothstep(half, 0.55f * half, std::fabs(y - centre)) *
                     smoothstep(0.009f, 0.014f, ax) * smoothstep(0.056f, 0.049f, ax);
        c = mix(c, kBrow, 0.92f * brow);
    }
    c = mix(c, kHair, hairCover(p, phi, L, 0.002f, 0.005f));
    return c;
}

void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<uint8_t>*>(context);
    const auto* bytes = static_cast<const uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
}

}  // namespace

std::vector<uint8_t> paintSkin(const HeadSurface& head, int size) {
    std::vector<uint8_t> rgb(static_cast<size_t>(size) * size * 3);
    for (int py = 0; py < size; ++py) {
        float t = head.rowParam((static_cast<float>(py) + 0.5f) / size);
        for (int px = 0; px < size; ++px) {
            float phi = head.columnPhi((static_cast<float>(px) + 0.5f) / size);
            Color c = skinAt(head.basePoint(t, phi), phi, head.layout());
            uint8_t* out = &rgb[(static_cast<size_t>(py) * size + px) * 3];
            out[0] = static_cast<uint8_t>(clamp01(c.r) * 255.0f + 0.5f);
            out[1] = static_cast<uint8_t>(clamp01(c.g) * 255.0f + 0.5f);
            out[2] = static_cast<uint8_t>(clamp01(c.b) * 255.0f + 0.5f);
        }
    }
    return rgb;
}

std::vector<uint8_t> encodePng(const std::vector<uint8_t>& rgb, int width, int height) {
    std::vector<uint8_t> png;
    stbi_write_png_to_func(appendBytes, &png, width, height, 3, rgb.data(), width * 3);
    return png;
}

}  // namespace face
