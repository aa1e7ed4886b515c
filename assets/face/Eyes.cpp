// Eyeballs: spheres around the eye centres, split by the angle from the gaze axis (+Z) into
// pupil, iris and white so each gets its own material.
#include <cmath>

#include "DeterministicMath.h"
#include "InnerParts.h"

namespace face {
namespace {

constexpr int kSegments = 40;
constexpr float kPupilAngle = 0.20f;
constexpr float kIrisAngle = 0.52f;

// Rings of the sphere between polar angles a0 and a1 (from +Z), with a pole vertex where an
// end is at 0 or pi. The iris is pushed in a little so it reads as a flat disc under the cornea.
void addBand(Part& part, glm::vec3 center, glm::vec3 radii, float a0, float a1, int rings, int eye,
             bool inward = false) {
    auto point = [&](float a, float b) {
        float flatten = a < kIrisAngle && !inward ? 1.0f - 0.05f * (1.0f - a / kIrisAngle) : 1.0f;
        glm::vec3 d(dsin(a) * dcos(b), dsin(a) * dsin(b), dcos(a));
        return center + d * radii * flatten;
    };
    bool poleStart = a0 <= 0.0f, poleEnd = a1 >= kPi - 1e-4f;
    std::vector<std::vector<uint32_t>> ringIds;
    for (int r = 0; r <= rings; ++r) {
        float a = a0 + (a1 - a0) * static_cast<float>(r) / rings;
        std::vector<uint32_t> ids;
        bool pole = (r == 0 && poleStart) || (r == rings && poleEnd);
        int count = pole ? 1 : kSegments + 1;
        for (int s = 0; s < count; ++s) {
            float b = 2.0f * kPi * static_cast<float>(s) / kSegments;
            ids.push_back(part.vertexCount());
            part.positions.push_back(point(a, b));
            part.uvs.push_back({pole ? 0.5f : static_cast<float>(s) / kSegments, a / kPi});
            part.weld.push_back(s == kSegments ? ids[0] : ids.back());
            VertexTag tag;
            tag.eye = static_cast<int8_t>(eye);
            part.tags.push_back(tag);
        }
        ringIds.push_back(ids);
    }
    auto id = [&](int r, int s) {
        const auto& ring = ringIds[r];
        return ring.size() == 1 ? ring[0] : ring[s];
    };
    for (int r = 0; r < rings; ++r) {
        for (int s = 0; s < kSegments; ++s) {
            uint32_t a = id(r, s), b = id(r, s + 1), c = id(r + 1, s), d = id(r + 1, s + 1);
            // Polar angle grows away from the gaze, azimuth counter-clockwise seen from +Z:
            // (a, d, b) winds counter-clockwise seen from outside.
            if (inward) {
                if (a != b) part.indices.insert(part.indices.end(), {a, b, d});
                if (c != d) part.indices.insert(part.indices.end(), {a, d, c});
            } else {
                if (a != b) part.indices.insert(part.indices.end(), {a, d, b});
                if (c != d) part.indices.insert(part.indices.end(), {a, c, d});
            }
        }
    }
}

}  // namespace

std::vector<Part> makeEyeParts(const HeadLayout& layout) {
    std::vector<Part> parts(3);
    parts[0].name = "eyeWhite";
    parts[0].material = MaterialId::EyeWhite;
    parts[1].name = "iris";
    parts[1].material = MaterialId::Iris;
    parts[2].name = "pupil";
    parts[2].material = MaterialId::Pupil;
    for (int e = 0; e < 2; ++e) {
        glm::vec3 c = layout.eyeCenter[e];
        glm::vec3 r(layout.eyeRadius);
        addBand(parts[0], c, r, kIrisAngle, kPi, 24, e);
        addBand(parts[1], c, r, kPupilAngle, kIrisAngle, 6, e);
        addBand(parts[2], c, r, 0.0f, kPupilAngle, 3, e);
    }
    return parts;
}

void addEyeSockets(Part& inside, const HeadLayout& layout) {
    // A cup behind each eyeball, inside the skin: what a glance past the eyeball into the lid
    // corners meets, instead of the inside of the head. Only behind the eye centre, so it
    // never hides the eyeball from the front.
    for (int e = 0; e < 2; ++e)
        addBand(inside, layout.eyeCenter[e], glm::vec3(0.0165f, 0.013f, 0.018f), 0.5f * kPi, kPi,
                12, e, true);
}

}  // namespace face
