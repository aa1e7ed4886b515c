// The sculpted features of the face, as heights along the unsculpted normal. Each is a compact
// bump placed in head space (+Y up, +Z out of the face, character's left on +X), so the whole
// face is a sum of readable, separately tunable terms.
#include <cmath>

#include "DeterministicMath.h"
#include "HeadSurface.h"
#include "Kernels.h"

namespace face {
namespace {

constexpr float kHairThickness = 0.0035f;  // a short haircut standing off the scalp

float nose(float x, float y, float eyeY) {
    const float top = eyeY + 0.004f;  // nasion, between the eyes
    const float tip = -0.028f;        // tip of the nose
    float ax = std::fabs(x);
    float t = clamp01((top - y) / (top - tip));
    // The dorsum: a ridge rising from the nasion to the tip, widening towards the base.
    float height = (0.0025f + 0.0125f * dpow(t, 1.2f)) * smoothstep(top + 0.014f, top - 0.002f, y) *
                   smoothstep(tip - 0.014f, tip + 0.001f, y);
    float width = 0.0085f + 0.0075f * t;
    float r = ax / width;
    float ridge = r < 1.0f ? (1.0f - r * r) * (1.0f - r * r) : 0.0f;
    float h = height * ridge;
    h += 0.0050f * bump(x, y, 0.0f, tip + 0.0005f, 0.0100f, 0.0090f);      // the rounded tip
    h += 0.0065f * bump(ax, y, 0.0130f, tip - 0.0040f, 0.0085f, 0.0080f);  // the alae
    h -= 0.0025f * bump(ax, y, 0.0060f, tip - 0.0100f, 0.0050f, 0.0035f);  // nostrils
    return h;
}

float eyes(float x, float y, float eyeY) {
    float ax = std::fabs(x);
    float h = 0.0f;
    h -= 0.0125f * bump(ax, y, 0.031f, eyeY + 0.0005f, 0.022f, 0.0165f);  // the sockets
    h += 0.0060f * bump(ax, y, 0.030f, eyeY + 0.0205f, 0.027f, 0.0105f);  // brow ridge
    h += 0.0035f * bump(x, y, 0.0f, eyeY + 0.017f, 0.013f, 0.012f);       // glabella
    h += 0.0030f * bump(ax, y, 0.047f, eyeY + 0.010f, 0.012f, 0.012f);    // outer orbit rim
    h -= 0.0012f * bump(ax, y, 0.032f, eyeY + 0.0115f, 0.014f, 0.0030f);  // upper lid crease
    h += 0.0010f * bump(ax, y, 0.033f, eyeY - 0.0095f, 0.012f, 0.004f);   // lower lid roll
    return h;
}

float mouth(float x, float y, float mouthY, float cornerX) {
    float ax = std::fabs(x);
    float h = 0.0f;
    // Upper lip with a cupid's bow: two lobes either side of the philtrum.
    h += 0.0055f * bump(x, y, 0.0f, mouthY + 0.0048f, 0.027f, 0.0072f);
    h += 0.0012f * bump(ax, y, 0.0062f, mouthY + 0.0075f, 0.0065f, 0.0035f);
    h -= 0.0010f * bump(x, y, 0.0f, mouthY + 0.0165f, 0.0060f, 0.0080f);  // philtrum groove
    // Lower lip: fuller, then the fold under it and the chin.
    h += 0.0062f * bump(x, y, 0.0f, mouthY - 0.0062f, 0.0235f, 0.0075f);
    h -= 0.0030f * bump(x, y, 0.0f, mouthY - 0.0175f, 0.022f, 0.0055f);
    h += 0.0065f * bump(x, y, 0.0f, mouthY - 0.0345f, 0.019f, 0.016f);
    // The closed slit sits in a crease that ends in the corners.
    h -= 0.0026f * bump(x, y, 0.0f, mouthY, cornerX + 0.003f, 0.0035f);
    h -= 0.0018f * bump(ax, y, cornerX + 0.001f, mouthY + 0.0005f, 0.0055f, 0.005f);
    // The nasolabial folds: a soft groove from the alae past the mouth corners.
    h -= 0.0015f * bump(ax, y, 0.031f, mouthY + 0.012f, 0.008f, 0.022f);
    return h;
}

float cheeks(float x, float y, float eyeY, float mouthY) {
    float ax = std::fabs(x);
    float h = 0.0f;
    h += 0.0065f * bump(ax, y, 0.047f, eyeY - 0.021f, 0.026f, 0.017f);    // cheekbones
    h += 0.0040f * bump(ax, y, 0.036f, mouthY + 0.022f, 0.020f, 0.022f);  // fleshy cheeks
    h -= 0.0015f * bump(ax, y, 0.056f, mouthY + 0.008f, 0.018f, 0.028f);  // under the cheekbone
    h -= 0.0030f * bump(ax, y, 0.064f, eyeY + 0.024f, 0.012f, 0.018f);    // temples
    return h;
}

// A simple ear on the side of the head: a raised plate with a rim and a hollow.
float ear(const glm::vec3& p, float eyeY) {
    float side = smoothstep(0.050f, 0.064f, std::fabs(p.x));
    if (side <= 0.0f) return 0.0f;
    float z = p.z, y = p.y;
    const float cz = -0.006f, cy = eyeY - 0.010f;
    float r = ellipse(z, y, cz, cy, 0.0155f, 0.029f);
    float plate = smoothstep(1.0f, 0.78f, r);
    float h = 0.010f * plate;
    h += 0.0025f * kernel(std::fabs(r - 0.84f) / 0.11f);                    // helix rim
    h -= 0.0070f * bump(z, y, cz + 0.003f, cy - 0.002f, 0.0085f, 0.012f);   // concha
    h += 0.0020f * bump(z, y, cz + 0.0125f, cy - 0.004f, 0.0045f, 0.006f);  // tragus
    h -= 0.0020f * bump(z, y, cz - 0.002f, cy + 0.012f, 0.007f, 0.007f);    // upper hollow
    return h * side;
}

}  // namespace

float hairCover(const glm::vec3& base, float phi, const HeadLayout& layout, float below,
                float above) {
    // The hairline runs over the forehead, above the ears and down to the nape.
    float a = std::fabs(phi), ax = std::fabs(base.x);
    float hairline = 0.066f + 0.004f * (1.0f - clamp01(ax / 0.05f)) -
                     0.036f * smoothstep(0.75f, 1.35f, a) - 0.092f * smoothstep(1.85f, 2.6f, a);
    float earGap = 1.0f - bump(base.z, base.y, -0.006f, layout.eyeY - 0.008f, 0.024f, 0.036f) *
                              smoothstep(0.05f, 0.065f, ax);
    return smoothstep(hairline - below, hairline + above, base.y) * earGap;
}

glm::vec3 faceDisplacement(const glm::vec3& base, const glm::vec3& normal, float phi,
                           const HeadLayout& layout) {
    float x = base.x, y = base.y;
    float front = smoothstep(0.015f, 0.05f, base.z);
    glm::vec3 d(0.0f);
    if (front > 0.0f) {
        float f = nose(x, y, layout.eyeY) + eyes(x, y, layout.eyeY) +
                  mouth(x, y, layout.mouthY, layout.mouthCornerX) +
                  cheeks(x, y, layout.eyeY, layout.mouthY);
        f += 0.0030f * bump(x, y, 0.0f, 0.062f, 0.055f, 0.035f);  // forehead
        // Face features are placed by (x, y), so they push mostly along +Z: along the curved
        // normal, a deep socket would also slide sideways off its eyeball.
        glm::vec3 dir = glm::normalize(normal + glm::vec3(0.0f, 0.0f, 3.0f));
        d += dir * (front * f);
    }
    d += normal * ear(base, layout.eyeY);
    d += normal * (kHairThickness * hairCover(base, phi, layout, 0.002f, 0.008f));
    return d;
}

}  // namespace face
