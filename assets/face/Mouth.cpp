// The inside of the mouth, seen through the lips when they part: a dark cavity that faces
// inwards, two rows of teeth on a dental arch, and a tongue resting on the floor.
#include <cmath>

#include "DeterministicMath.h"
#include "InnerParts.h"

namespace face {
namespace {

constexpr float kPi = 3.14159265358979f;

// An ellipsoid with the same sweep as the head (poles on Y, azimuth 0 facing +Z).
void addEllipsoid(Part& part, glm::vec3 center, glm::vec3 radii, int rings, int segments,
                  bool inward, bool belowMouth) {
    uint32_t base = part.vertexCount();
    int stride = segments + 1;
    for (int j = 0; j <= rings; ++j) {
        float th = kPi * static_cast<float>(j) / rings;
        for (int i = 0; i <= segments; ++i) {
            float ph = 2.0f * kPi * static_cast<float>(i) / segments - kPi;
            glm::vec3 d(dsin(th) * dsin(ph), dcos(th), dsin(th) * dcos(ph));
            part.positions.push_back(center + d * radii);
            part.uvs.push_back({static_cast<float>(i) / segments, static_cast<float>(j) / rings});
            uint32_t self = part.vertexCount() - 1;
            uint32_t weld = self;
            if (j == 0) weld = base;                           // crown pole
            else if (j == rings) weld = base + j * stride;     // bottom pole
            else if (i == segments) weld = base + j * stride;  // UV seam
            part.weld.push_back(weld);
            VertexTag tag;
            tag.belowMouth = belowMouth;
            part.tags.push_back(tag);
        }
    }
    for (int j = 0; j < rings; ++j) {
        for (int i = 0; i < segments; ++i) {
            uint32_t v00 = base + j * stride + i, v10 = v00 + 1;
            uint32_t v01 = v00 + stride, v11 = v01 + 1;
            if (inward) {
                if (j < rings - 1) part.indices.insert(part.indices.end(), {v00, v11, v01});
                if (j > 0) part.indices.insert(part.indices.end(), {v00, v10, v11});
            } else {
                if (j > 0) part.indices.insert(part.indices.end(), {v00, v11, v10});
                if (j < rings - 1) part.indices.insert(part.indices.end(), {v00, v01, v11});
            }
        }
    }
}

// One row of teeth: a band of rectangular cross-section swept along a half-ellipse arch.
void addTeethRow(Part& part, float top, float bottom, float halfWidth, float depth, float zc,
                 bool lower) {
    const int steps = 48;
    const float thick = 0.0032f;
    const float span = 1.2f;
    // Cross-section corners in loop order (top-front, bottom-front, bottom-back, top-back):
    // consecutive corners bound one face, and the loop's orientation makes each face point out.
    auto corner = [&](int c, float b) {
        bool back = c >= 2;
        float y = (c == 0 || c == 3) ? top : bottom;
        float a = halfWidth - (back ? thick : 0.0f), d = depth - (back ? thick : 0.0f);
        // Shallow grooves between teeth on the front face.
        float groove = back ? 0.0f : 0.00035f * dpow(std::fabs(dcos(b * 4.2f * kPi / span)), 8.0f);
        return glm::vec3(a * dsin(b), y, zc + d * dcos(b) - groove);
    };
    for (int c = 0; c < 4; ++c) {
        uint32_t first = part.vertexCount();
        for (int k = 0; k <= steps; ++k) {
            float b = -span + 2.0f * span * static_cast<float>(k) / steps;
            for (int side = 0; side < 2; ++side) {
                part.positions.push_back(corner((c + side) % 4, b));
                part.uvs.push_back({static_cast<float>(k) / steps, static_cast<float>(side)});
                part.weld.push_back(part.vertexCount() - 1);
                VertexTag tag;
                tag.lowerTeeth = lower;
                tag.belowMouth = lower;
                part.tags.push_back(tag);
            }
        }
        for (int k = 0; k < steps; ++k) {
            uint32_t a0 = first + 2 * k, b0 = a0 + 1, a1 = a0 + 2, b1 = a0 + 3;
            part.indices.insert(part.indices.end(), {a0, b0, b1, a0, b1, a1});
        }
    }
}

}  // namespace

glm::vec3 jawHinge() {
    return {0.0f, -0.004f, 0.0f};
}

glm::vec3 cavityCenter(const HeadLayout& layout) {
    return {0.0f, layout.mouthY - 0.004f, 0.052f};
}

glm::vec3 tongueCenter(const HeadLayout& layout) {
    return {0.0f, layout.mouthY - 0.0115f, 0.050f};
}

std::vector<Part> makeMouthParts(const HeadLayout& layout) {
    std::vector<Part> parts(3);
    parts[0].name = "inside";
    parts[0].material = MaterialId::MouthInside;
    addEllipsoid(parts[0], cavityCenter(layout), {0.030f, 0.021f, 0.030f}, 24, 40, true, false);
    addEyeSockets(parts[0], layout);

    parts[1].name = "teeth";
    parts[1].material = MaterialId::Teeth;
    float m = layout.mouthY;
    addTeethRow(parts[1], m + 0.0045f, m - 0.0035f, 0.0215f, 0.0205f, 0.0565f, false);
    addTeethRow(parts[1], m - 0.0030f, m - 0.0105f, 0.0200f, 0.0190f, 0.0555f, true);

    parts[2].name = "tongue";
    parts[2].material = MaterialId::Tongue;
    addEllipsoid(parts[2], tongueCenter(layout), {0.0165f, 0.0062f, 0.0215f}, 16, 32, false, true);
    return parts;
}

}  // namespace face
