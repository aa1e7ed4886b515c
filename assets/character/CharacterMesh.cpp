// The character's surface: tubes swept along bone chains (torso, arms, legs, feet) and spheres
// (head, eyes), each vertex weighted to one or two joints, plus the morph targets.
#include <algorithm>
#include <cmath>

#include "Character.h"
#include "face/DeterministicMath.h"

namespace character {
namespace {

using face::dcos;
using face::dsin;
constexpr float kPi = 3.14159265358979f;
constexpr int kAround = 14;  // vertices around a tube or sphere ring

const glm::vec4 kSkin(0.93f, 0.72f, 0.58f, 1.0f);
const glm::vec4 kShirt(0.20f, 0.42f, 0.78f, 1.0f);
const glm::vec4 kPants(0.22f, 0.22f, 0.26f, 1.0f);
const glm::vec4 kShoes(0.45f, 0.18f, 0.12f, 1.0f);

glm::vec3 bind(const char* name) {
    return joints()[size_t(jointIndex(name))].bindPosition;
}

void addVertex(Part& part, glm::vec3 p, glm::vec3 n, glm::vec4 color, int j0, int j1, float w1) {
    part.positions.push_back(p);
    part.normals.push_back(n);
    part.colors.push_back(color);
    part.joints.push_back(glm::u8vec4(uint8_t(j0), uint8_t(j1 < 0 ? 0 : j1), 0, 0));
    part.weights.push_back(glm::vec4(1.0f - w1, j1 < 0 ? 0.0f : w1, 0.0f, 0.0f));
}

// Two unit vectors perpendicular to `axis` (a coordinate axis here), right-handed.
void frame(const glm::vec3& axis, glm::vec3& u, glm::vec3& v) {
    const glm::vec3 helper = std::fabs(axis.z) > 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 0, 1);
    u = glm::normalize(glm::cross(helper, axis));
    v = glm::cross(axis, u);
}

struct Chain {
    std::vector<glm::vec3> points;  // joint positions, then the tip
    std::vector<int> bones;         // per segment, the joint driving it
    std::vector<float> radii;       // per point
    glm::vec4 color;
    glm::vec2 squash{1.0f, 1.0f};  // cross-section scale along the frame's u and v
};

// A tube along `chain`, 4 rings per segment, capped at both ends. A ring at a joint is weighted
// half and half to the two bones meeting there, blending to one bone over a quarter segment.
void addTube(Part& part, const Chain& chain) {
    const uint32_t first = uint32_t(part.positions.size());
    const size_t segments = chain.bones.size();
    constexpr int kRings = 4;
    int rings = 0;
    for (size_t s = 0; s < segments; ++s) {
        const glm::vec3 a = chain.points[s], b = chain.points[s + 1];
        const glm::vec3 axis = glm::normalize(b - a);
        glm::vec3 u, v;
        frame(axis, u, v);
        for (int r = 0; r < kRings + (s + 1 == segments ? 1 : 0); ++r) {
            const float t = float(r) / kRings;
            const glm::vec3 center = a + (b - a) * t;
            const float radius = chain.radii[s] + (chain.radii[s + 1] - chain.radii[s]) * t;
            int j0 = chain.bones[s], j1 = -1;
            float w1 = 0.0f;
            if (t < 0.25f && s > 0) {
                j1 = chain.bones[s - 1];
                w1 = 0.5f - 2.0f * t;
            } else if (t > 0.75f && s + 1 < segments) {
                j1 = chain.bones[s + 1];
                w1 = 2.0f * (t - 0.75f);
            }
            if (j1 == j0) {  // a bone driving both segments: one joint, not the same one twice
                j1 = -1;
                w1 = 0.0f;
            }
            for (int k = 0; k < kAround; ++k) {
                const float angle = 2.0f * kPi * float(k) / kAround;
                const glm::vec3 dir =
                    u * (dcos(angle) * chain.squash.x) + v * (dsin(angle) * chain.squash.y);
                const glm::vec3 normal = glm::normalize(u * (dcos(angle) / chain.squash.x) +
                                                        v * (dsin(angle) / chain.squash.y));
                addVertex(part, center + dir * radius, normal, chain.color, j0, j1, w1);
            }
            ++rings;
        }
    }
    for (int r = 0; r + 1 < rings; ++r) {
        for (int k = 0; k < kAround; ++k) {
            const uint32_t a = first + uint32_t(r * kAround + k);
            const uint32_t b = first + uint32_t(r * kAround + (k + 1) % kAround);
            part.indices.insert(part.indices.end(),
                                {a, b, a + kAround, b, b + kAround, a + kAround});
        }
    }
    // Caps: a centre vertex per end, weighted like its ring.
    const glm::vec3 startAxis = glm::normalize(chain.points[1] - chain.points[0]);
    const glm::vec3 endAxis = glm::normalize(chain.points[segments] - chain.points[segments - 1]);
    const uint32_t lastRing = first + uint32_t((rings - 1) * kAround);
    addVertex(part, chain.points[0] - startAxis * chain.radii[0] * 0.5f, -startAxis, chain.color,
              chain.bones[0], -1, 0);
    const uint32_t startCap = uint32_t(part.positions.size()) - 1;
    addVertex(part, chain.points[segments] + endAxis * chain.radii[segments] * 0.5f, endAxis,
              chain.color, chain.bones[segments - 1], -1, 0);
    const uint32_t endCap = uint32_t(part.positions.size()) - 1;
    for (int k = 0; k < kAround; ++k) {
        const uint32_t a = uint32_t(k), b = uint32_t((k + 1) % kAround);
        part.indices.insert(part.indices.end(), {startCap, first + b, first + a});
        part.indices.insert(part.indices.end(), {endCap, lastRing + a, lastRing + b});
    }
}

void addSphere(Part& part, glm::vec3 center, glm::vec3 radii, glm::vec4 color, int joint,
               int around = kAround, int stacks = 10) {
    const uint32_t first = uint32_t(part.positions.size());
    for (int s = 0; s <= stacks; ++s) {
        const float polar = kPi * float(s) / float(stacks);  // 0 at the top
        for (int k = 0; k < around; ++k) {
            const float angle = 2.0f * kPi * float(k) / float(around);
            // Seam-free rings except at the poles (duplicated pole vertices keep it simple).
            const glm::vec3 unit(dsin(polar) * dsin(angle), dcos(polar), dsin(polar) * dcos(angle));
            addVertex(part, center + unit * radii, glm::normalize(unit / radii), color, joint, -1,
                      0);
        }
    }
    const uint32_t ring = uint32_t(around);
    for (int s = 0; s < stacks; ++s) {
        for (int k = 0; k < around; ++k) {
            const uint32_t a = first + uint32_t(s * around + k);
            const uint32_t b = first + uint32_t(s * around + (k + 1) % around);
            part.indices.insert(part.indices.end(), {a, a + ring, b, b, a + ring, b + ring});
        }
    }
}

// (1 - (d / r)^2)^2 inside r, 0 outside: a compact bump, exactly zero away from it.
float bump(const glm::vec3& p, const glm::vec3& center, float r) {
    const glm::vec3 d = p - center;
    const float q = glm::dot(d, d) / (r * r);
    return q < 1.0f ? (1.0f - q) * (1.0f - q) : 0.0f;
}

const glm::vec3 kHeadCenter(0.0f, 1.76f, 0.0f);
const glm::vec3 kHeadRadii(0.13f, 0.15f, 0.13f);

// The mouth: a compact bump stretched sideways on the lower front of the head.
float mouth(const glm::vec3& p) {
    const glm::vec3 d = p - (kHeadCenter + glm::vec3(0.0f, -0.065f, 0.12f));
    const float q = (d.x / 0.06f) * (d.x / 0.06f) + (d.y / 0.035f) * (d.y / 0.035f) +
                    (d.z / 0.08f) * (d.z / 0.08f);
    return q < 1.0f ? (1.0f - q) * (1.0f - q) : 0.0f;
}

const glm::vec4 kMouth(0.30f, 0.05f, 0.06f, 1.0f);

// Targets: "squash" (a cartoon squash of the head: 12% wider, 15% lower, about its centre),
// "breathe" (the chest swells by up to 3 cm), "mouthOpen" (the mouth dents in and darkens:
// POSITION and COLOR_0 deltas, so a colour channel is morphed under the skin too).
void addTargets(Part& part, bool eyes) {
    const int head = jointIndex("head");
    part.targets.assign(targetNames().size(),
                        std::vector<glm::vec3>(part.positions.size(), glm::vec3(0.0f)));
    part.colorTargets.assign(targetNames().size(),
                             std::vector<glm::vec4>(part.positions.size(), glm::vec4(0.0f)));
    for (size_t v = 0; v < part.positions.size(); ++v) {
        const glm::vec3 p = part.positions[v];
        const bool onHead = part.joints[v].x == head && part.weights[v].x == 1.0f;
        if (onHead) {
            const glm::vec3 d = p - kHeadCenter;
            part.targets[0][v] = glm::vec3(d.x * 0.12f, d.y * -0.15f, d.z * 0.12f);
            if (!eyes) {
                const float m = mouth(p);
                part.targets[2][v] = glm::vec3(0.0f, -0.01f, -0.035f) * m;
                part.colorTargets[2][v] = (kMouth - part.colors[v]) * std::min(1.0f, 2.0f * m);
            }
        }
        const float chest = bump(p, glm::vec3(0.0f, 1.32f, 0.05f), 0.2f);
        if (!eyes && chest > 0.0f && !onHead) {
            const glm::vec3 out =
                glm::normalize(glm::vec3(p.x, 0.0f, p.z - 0.0f) + glm::vec3(0, 0, 1e-3f));
            part.targets[1][v] = out * (0.03f * chest);
        }
    }
}

}  // namespace

const std::vector<std::string>& targetNames() {
    static const std::vector<std::string> names = {"squash", "breathe", "mouthOpen"};
    return names;
}

Part buildBody() {
    Part part;
    const int hips = jointIndex("hips"), spine = jointIndex("spine"), chest = jointIndex("chest");
    const int neck = jointIndex("neck");
    // The shoulder line (y 1.46) keeps the torso wide up to where the arms start.
    Chain torso{{bind("hips") + glm::vec3(0, -0.04f, 0), bind("spine"), bind("chest"),
                 glm::vec3(0, 1.46f, 0), bind("neck"), bind("head")},
                {hips, spine, chest, chest, neck},
                {0.15f, 0.14f, 0.17f, 0.16f, 0.06f, 0.055f},
                kShirt,
                {1.0f, 0.62f}};
    addTube(part, torso);
    for (const char* side : {"L", "R"}) {
        const std::string s(side);
        const float sign = s == "L" ? 1.0f : -1.0f;
        const int upperArm = jointIndex("upperArm." + s), lowerArm = jointIndex("lowerArm." + s);
        const int hand = jointIndex("hand." + s);
        Chain arm{{bind(("upperArm." + s).c_str()) - glm::vec3(sign * 0.1f, 0, 0),
                   bind(("lowerArm." + s).c_str()), bind(("hand." + s).c_str()),
                   bind(("hand." + s).c_str()) + glm::vec3(sign * 0.11f, 0, 0)},
                  {upperArm, lowerArm, hand},
                  {0.055f, 0.045f, 0.038f, 0.03f},
                  kSkin};
        addTube(part, arm);
        const int upperLeg = jointIndex("upperLeg." + s), lowerLeg = jointIndex("lowerLeg." + s);
        const int foot = jointIndex("foot." + s);
        Chain leg{
            {bind(("upperLeg." + s).c_str()), bind(("lowerLeg." + s).c_str()),
             bind(("foot." + s).c_str()), bind(("foot." + s).c_str()) + glm::vec3(0, -0.04f, 0)},
            {upperLeg, lowerLeg, foot},
            {0.075f, 0.06f, 0.05f, 0.05f},
            kPants};
        addTube(part, leg);
        Chain shoe{{bind(("foot." + s).c_str()) + glm::vec3(0, -0.045f, -0.05f),
                    bind(("foot." + s).c_str()) + glm::vec3(0, -0.045f, 0.15f)},
                   {foot},
                   {0.05f, 0.045f},
                   kShoes,
                   {1.0f, 0.7f}};
        addTube(part, shoe);
    }
    addSphere(part, kHeadCenter, kHeadRadii, kSkin, jointIndex("head"), 28, 18);
    addTargets(part, false);
    return part;
}

Part buildEyes() {
    Part part;
    for (float x : {-0.045f, 0.045f}) {
        addSphere(part, kHeadCenter + glm::vec3(x, 0.025f, 0.115f), glm::vec3(0.022f),
                  glm::vec4(1.0f), jointIndex("head"));
    }
    addTargets(part, true);
    return part;
}

}  // namespace character
