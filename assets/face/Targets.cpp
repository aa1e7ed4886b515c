#include "Targets.h"

#include <cmath>

#include "DeterministicMath.h"
#include "InnerParts.h"
#include "Kernels.h"
#include "MeshMath.h"

namespace face {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kJawOpenAngle = 14.0f * kPi / 180.0f;
constexpr float kTongueJaw = 0.45f;  // how far tongueOut opens the jaw

enum class Shape {
    EyeBlink,
    EyeLookDown,
    EyeLookIn,
    EyeLookOut,
    EyeLookUp,
    EyeSquint,
    EyeWide,
    JawForward,
    JawLeft,
    JawRight,
    JawOpen,
    MouthClose,
    MouthFunnel,
    MouthPucker,
    MouthLeft,
    MouthRight,
    MouthSmile,
    MouthFrown,
    MouthDimple,
    MouthStretch,
    MouthRollLower,
    MouthRollUpper,
    MouthShrugLower,
    MouthShrugUpper,
    MouthPress,
    MouthLowerDown,
    MouthUpperUp,
    BrowDown,
    BrowInnerUp,
    BrowOuterUp,
    CheekPuff,
    CheekSquint,
    NoseSneer,
    TongueOut
};

struct TargetDef {
    std::string name;
    Shape shape;
    float side;  // +1 character's left (+X), -1 right, 0 both/centre
};

// A shape ARKit names once (`sided` false), or once per side: the stem, then "Left" or "Right".
struct ShapeName {
    const char* stem;
    Shape shape;
    bool sided;
};

TargetDef sidedTarget(const ShapeName& s, float side) {
    return {std::string(s.stem) + (side > 0.0f ? "Left" : "Right"), s.shape, side};
}

// ARKit's 52 in its own order: the eyes' seven shapes for the left eye, then for the right; then
// the rest, each sided shape's Left just before its Right.
std::vector<TargetDef> arkitTargets() {
    const ShapeName eyes[] = {
        {"eyeBlink", Shape::EyeBlink, true},   {"eyeLookDown", Shape::EyeLookDown, true},
        {"eyeLookIn", Shape::EyeLookIn, true}, {"eyeLookOut", Shape::EyeLookOut, true},
        {"eyeLookUp", Shape::EyeLookUp, true}, {"eyeSquint", Shape::EyeSquint, true},
        {"eyeWide", Shape::EyeWide, true},
    };
    const ShapeName rest[] = {
        {"jawForward", Shape::JawForward, false},
        {"jawLeft", Shape::JawLeft, false},
        {"jawRight", Shape::JawRight, false},
        {"jawOpen", Shape::JawOpen, false},
        {"mouthClose", Shape::MouthClose, false},
        {"mouthFunnel", Shape::MouthFunnel, false},
        {"mouthPucker", Shape::MouthPucker, false},
        {"mouthLeft", Shape::MouthLeft, false},
        {"mouthRight", Shape::MouthRight, false},
        {"mouthSmile", Shape::MouthSmile, true},
        {"mouthFrown", Shape::MouthFrown, true},
        {"mouthDimple", Shape::MouthDimple, true},
        {"mouthStretch", Shape::MouthStretch, true},
        {"mouthRollLower", Shape::MouthRollLower, false},
        {"mouthRollUpper", Shape::MouthRollUpper, false},
        {"mouthShrugLower", Shape::MouthShrugLower, false},
        {"mouthShrugUpper", Shape::MouthShrugUpper, false},
        {"mouthPress", Shape::MouthPress, true},
        {"mouthLowerDown", Shape::MouthLowerDown, true},
        {"mouthUpperUp", Shape::MouthUpperUp, true},
        {"browDown", Shape::BrowDown, true},
        {"browInnerUp", Shape::BrowInnerUp, false},
        {"browOuterUp", Shape::BrowOuterUp, true},
        {"cheekPuff", Shape::CheekPuff, false},
        {"cheekSquint", Shape::CheekSquint, true},
        {"noseSneer", Shape::NoseSneer, true},
        {"tongueOut", Shape::TongueOut, false},
    };
    std::vector<TargetDef> out;
    for (float side : {1.0f, -1.0f})
        for (const ShapeName& s : eyes) out.push_back(sidedTarget(s, side));
    for (const ShapeName& s : rest) {
        if (!s.sided) out.push_back({s.stem, s.shape, 0.0f});
        else
            for (float side : {1.0f, -1.0f}) out.push_back(sidedTarget(s, side));
    }
    return out;
}

const std::vector<TargetDef>& targets() {
    static const std::vector<TargetDef> list = arkitTargets();
    return list;
}

int eyeOf(float side) {
    return side > 0.0f ? 0 : 1;
}

// Rotation about the X axis through `pivot` (positive: the front goes down).
glm::vec3 pitch(glm::vec3 p, glm::vec3 pivot, float angle) {
    glm::vec3 d = p - pivot;
    float c = dcos(angle), s = dsin(angle);
    return pivot + glm::vec3(d.x, d.y * c - d.z * s, d.y * s + d.z * c);
}

// Rotation about the Y axis through `pivot` (positive: the front goes to +X).
glm::vec3 yaw(glm::vec3 p, glm::vec3 pivot, float angle) {
    glm::vec3 d = p - pivot;
    float c = dcos(angle), s = dsin(angle);
    return pivot + glm::vec3(d.x * c + d.z * s, d.y, -d.x * s + d.z * c);
}

// How much a vertex follows the jaw: 1 on the chin and lower lip, 0 on the upper lip and
// above, the two sides of the mouth slit told apart by topology rather than position.
float jawWeight(const Part& part, size_t v, const HeadLayout& L) {
    glm::vec3 p = part.positions[v];
    const VertexTag& tag = part.tags[v];
    switch (part.material) {
        case MaterialId::Skin: {
            // g: a smooth split of the face at the mouth; near the slit the two lips follow
            // their side instead, fully at the centre and not at all at the corners, so the
            // mouth opens as an ellipse.
            float g = smoothstep(L.mouthY + 0.008f, L.mouthY - 0.022f, p.y);
            float near = 1.0f - smoothstep(0.010f, 0.024f, std::fabs(p.y - L.mouthY));
            float r = clamp01(std::fabs(p.x) / L.mouthCornerX);
            float open = std::sqrt(1.0f - r * r) * near;
            float w = g + open * (tag.belowMouth ? 1.0f - g : -g);
            return w * smoothstep(-0.155f, -0.112f, p.y) * smoothstep(-0.035f, 0.015f, p.z);
        }
        case MaterialId::MouthInside: {
            float cy = cavityCenter(L).y;
            return smoothstep(cy + 0.004f, cy - 0.010f, p.y);
        }
        case MaterialId::Teeth: return tag.lowerTeeth ? 1.0f : 0.0f;
        case MaterialId::Tongue: return 1.0f;
        default: return 0.0f;
    }
}

glm::vec3 jawOpenDelta(const Part& part, size_t v, const HeadLayout& L) {
    float w = jawWeight(part, v, L);
    if (w == 0.0f) return glm::vec3(0.0f);
    glm::vec3 p = part.positions[v];
    return (pitch(p, jawHinge(), kJawOpenAngle) - p) * w;
}

// What the jaw's shapes move on every part: the jaw opened (tongueOut's a little), pushed forward
// or to a side, each vertex as far as it follows the jaw. Zero for the other shapes.
glm::vec3 jawDelta(Shape shape, const Part& part, size_t v, const HeadLayout& L) {
    switch (shape) {
        case Shape::JawOpen: return jawOpenDelta(part, v, L);
        case Shape::TongueOut: return kTongueJaw * jawOpenDelta(part, v, L);
        case Shape::JawForward: return jawWeight(part, v, L) * glm::vec3(0, 0, 0.007f);
        case Shape::JawLeft: return jawWeight(part, v, L) * glm::vec3(0.008f, 0, 0);
        case Shape::JawRight: return jawWeight(part, v, L) * glm::vec3(-0.008f, 0, 0);
        default: return glm::vec3(0.0f);
    }
}

// Deltas of the skin that are plain fields (everything but the lids, which rebuild the surface).
glm::vec3 skinDelta(const TargetDef& t, const Part& part, size_t v, const HeadLayout& L) {
    glm::vec3 p = part.positions[v];
    const VertexTag& tag = part.tags[v];
    const float s = t.side == 0.0f ? 1.0f : t.side;
    const float x = p.x * s, y = p.y, ax = std::fabs(p.x);
    const float M = L.mouthY, E = L.eyeY, cx = L.mouthCornerX;
    const bool upper = !tag.belowMouth;
    auto mirrored = [&](float k, glm::vec3 d) { return k * glm::vec3(d.x * s, d.y, d.z); };
    // Face fields are placed by (x, y): keep them off the back of the head.
    bool jaw = t.shape == Shape::JawOpen || t.shape == Shape::JawForward ||
               t.shape == Shape::TongueOut || t.shape == Shape::JawLeft ||
               t.shape == Shape::JawRight;
    if (p.z < 0.0f && !jaw) return glm::vec3(0.0f);
    switch (t.shape) {
        case Shape::EyeSquint:
            return mirrored(bump(x, y, 0.036f, E - 0.020f, 0.020f, 0.012f), {0, 0.0018f, 0.0008f});
        case Shape::EyeWide:
            return mirrored(bump(x, y, 0.030f, E + 0.022f, 0.024f, 0.012f), {0, 0.0015f, 0});
        case Shape::JawOpen:
        case Shape::TongueOut:
        case Shape::JawForward:
        case Shape::JawLeft:
        case Shape::JawRight: return jawDelta(t.shape, part, v, L);
        case Shape::MouthClose: {
            // Undoes jawOpen on the lips only, so jawOpen + mouthClose opens the jaw lips sealed.
            if (upper)
                return bump(x, y, 0.0f, M + 0.004f, cx + 0.006f, 0.010f) *
                       glm::vec3(0, -0.0015f, 0);
            float k = bump(x, y, 0.0f, M - 0.006f, cx + 0.008f, 0.020f);
            if (k == 0.0f) return glm::vec3(0.0f);
            return -k * jawOpenDelta(part, v, L);
        }
        case Shape::MouthFunnel: {
            float k = bump(x, y, 0.0f, M, cx + 0.012f, 0.022f);
            float open = bump(x, y, 0.0f, M, cx, 0.012f);
            return k * glm::vec3(-0.28f * p.x, 0, 0.007f) +
                   open * glm::vec3(0, upper ? 0.0035f : -0.0045f, 0);
        }
        case Shape::MouthPucker: {
            float k = bump(x, y, 0.0f, M, cx + 0.012f, 0.022f);
            float lips = bump(x, y, 0.0f, M, cx + 0.002f, 0.010f);
            return k * glm::vec3(-0.38f * p.x, 0, 0.008f) +
                   lips * glm::vec3(0, upper ? -0.0008f : 0.0010f, 0.002f);
        }
        case Shape::MouthLeft:
            return bump(p.x, y, 0.0f, M - 0.002f, 0.048f, 0.030f) * glm::vec3(0.008f, 0, -0.001f);
        case Shape::MouthRight:
            return bump(p.x, y, 0.0f, M - 0.002f, 0.048f, 0.030f) * glm::vec3(-0.008f, 0, -0.001f);
        case Shape::MouthSmile:
            return mirrored(bump(x, y, cx, M + 0.002f, 0.030f, 0.026f),
                            {0.004f, 0.0065f, -0.0025f}) +
                   mirrored(bump(x, y, 0.038f, M + 0.028f, 0.022f, 0.020f),
                            {0.0005f, 0.0025f, 0.0025f}) +
                   mirrored(bump(x, y, 0.0f, M, cx, 0.008f) * smoothstep(-0.01f, 0.02f, x),
                            {0, upper ? 0.0012f : 0.0004f, 0});
        case Shape::MouthFrown:
            return mirrored(bump(x, y, cx, M - 0.003f, 0.026f, 0.028f),
                            {0.001f, -0.0060f, -0.0010f}) +
                   mirrored(bump(x, y, cx + 0.006f, M - 0.022f, 0.014f, 0.014f),
                            {0, -0.002f, 0.0015f});
        case Shape::MouthDimple:
            return mirrored(bump(x, y, cx, M, 0.020f, 0.020f), {0.003f, 0.0008f, -0.0040f});
        case Shape::MouthStretch:
            return mirrored(bump(x, y, cx, M - 0.004f, 0.030f, 0.030f),
                            {0.0065f, -0.0025f, -0.0025f});
        case Shape::MouthRollLower:
            if (upper) return glm::vec3(0.0f);
            return bump(x, y, 0.0f, M - 0.004f, cx + 0.002f, 0.011f) *
                   glm::vec3(0, 0.0025f, -0.005f);
        case Shape::MouthRollUpper:
            if (!upper) return glm::vec3(0.0f);
            return bump(x, y, 0.0f, M + 0.004f, cx + 0.002f, 0.011f) *
                   glm::vec3(0, -0.0025f, -0.005f);
        case Shape::MouthShrugLower:
            if (upper) return glm::vec3(0.0f);
            return bump(x, y, 0.0f, M - 0.016f, 0.032f, 0.026f) * glm::vec3(0, 0.0045f, 0.003f);
        case Shape::MouthShrugUpper:
            if (!upper) return glm::vec3(0.0f);
            return bump(x, y, 0.0f, M + 0.005f, 0.030f, 0.014f) * glm::vec3(0, 0.0035f, 0.002f);
        case Shape::MouthPress: {
            float k = bump(x, y, 0.4f * cx, M, 1.3f * cx, 0.011f) * smoothstep(-0.012f, 0.012f, x);
            return mirrored(k, {0, upper ? -0.0018f : 0.0024f, -0.0012f});
        }
        case Shape::MouthLowerDown:
            if (upper) return glm::vec3(0.0f);
            return mirrored(bump(x, y, 0.010f, M - 0.004f, 0.026f, 0.016f), {0, -0.0060f, 0.0010f});
        case Shape::MouthUpperUp:
            if (!upper) return glm::vec3(0.0f);
            return mirrored(bump(x, y, 0.010f, M + 0.006f, 0.026f, 0.018f), {0, 0.0055f, 0.0010f});
        case Shape::BrowDown:
            return mirrored(bump(x, y, 0.020f, E + 0.022f, 0.026f, 0.018f),
                            {-0.0035f, -0.0065f, 0.0020f});
        case Shape::BrowInnerUp:
            return bump(ax, y, 0.012f, E + 0.023f, 0.020f, 0.018f) * glm::vec3(0, 0.0060f, 0.0005f);
        case Shape::BrowOuterUp:
            return mirrored(bump(x, y, 0.040f, E + 0.021f, 0.020f, 0.017f), {0, 0.0055f, 0});
        case Shape::CheekPuff: {
            float k = bump(ax, y, 0.038f, M + 0.010f, 0.024f, 0.028f);
            return k * glm::vec3(p.x > 0 ? 0.0055f : -0.0055f, 0, 0.0040f);
        }
        case Shape::CheekSquint:
            return mirrored(bump(x, y, 0.040f, E - 0.022f, 0.022f, 0.015f), {0, 0.0035f, 0.0015f});
        case Shape::NoseSneer:
            return mirrored(bump(x, y, 0.012f, -0.024f, 0.014f, 0.016f),
                            {0.0005f, 0.0035f, 0.0008f}) +
                   mirrored(bump(x, y, 0.017f, M + 0.012f, 0.014f, 0.010f), {0, 0.0020f, 0});
        default: return glm::vec3(0.0f);
    }
}

// How far a shape closes its eye's lids, upper and lower (1 shut, below 0 wider open); the surface
// is rebuilt with these, so lids slide over the eyeballs. Zero for the shapes that leave them.
struct LidClosure {
    float upper = 0.0f;
    float lower = 0.0f;
};

LidClosure lidClosure(Shape shape) {
    switch (shape) {
        case Shape::EyeBlink: return {1.0f, 1.0f};
        case Shape::EyeWide: return {-0.50f, -0.20f};
        case Shape::EyeSquint: return {0.30f, 0.70f};
        case Shape::EyeLookUp: return {-0.20f, -0.10f};
        case Shape::EyeLookDown: return {0.35f, -0.10f};
        case Shape::CheekSquint: return {0.0f, 0.30f};
        default: return {};
    }
}

HeadParams lidParams(const TargetDef& t) {
    HeadParams p;
    const LidClosure lids = lidClosure(t.shape);
    const int e = eyeOf(t.side);
    p.upperClose[e] = lids.upper;
    p.lowerClose[e] = lids.lower;
    return p;
}

bool hasLids(const HeadParams& p) {
    for (int e = 0; e < 2; ++e)
        if (p.upperClose[e] != 0.0f || p.lowerClose[e] != 0.0f) return true;
    return false;
}

glm::vec3 eyeDelta(const TargetDef& t, const Part& part, size_t v, const HeadLayout& L) {
    int e = eyeOf(t.side);
    if (t.side == 0.0f || part.tags[v].eye != e) return glm::vec3(0.0f);
    glm::vec3 p = part.positions[v], c = L.eyeCenter[e];
    const float look = 20.0f * kPi / 180.0f;
    switch (t.shape) {
        // "In" turns the gaze towards the nose: -X for the left eye, +X for the right.
        case Shape::EyeLookIn: return yaw(p, c, -t.side * look) - p;
        case Shape::EyeLookOut: return yaw(p, c, t.side * look) - p;
        case Shape::EyeLookUp: return pitch(p, c, -0.8f * look) - p;
        case Shape::EyeLookDown: return pitch(p, c, 0.8f * look) - p;
        default: return glm::vec3(0.0f);
    }
}

glm::vec3 mouthDelta(const TargetDef& t, const Part& part, size_t v, const HeadLayout& L) {
    // tongueOut: the jaw drops a little to let the tongue out over the lower lip.
    const glm::vec3 d = jawDelta(t.shape, part, v, L);
    if (t.shape != Shape::TongueOut || part.material != MaterialId::Tongue) return d;
    glm::vec3 p = part.positions[v];
    float c = tongueCenter(L).z;
    float k = smoothstep(c - 0.024f, c + 0.024f, p.z);
    return d + k * glm::vec3(0.12f * p.x, 0.003f, 0.024f);
}

}  // namespace

const std::vector<std::string>& arkitTargetNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const TargetDef& t : targets()) n.push_back(t.name);
        return n;
    }();
    return names;
}

void buildTargets(FaceModel& model, const HeadSurface& head) {
    const HeadLayout& L = head.layout();
    model.targetNames = arkitTargetNames();
    for (Part& part : model.parts) {
        part.positionDeltas.clear();
        part.normalDeltas.clear();
        for (const TargetDef& t : targets()) {
            std::vector<glm::vec3> moved = part.positions;
            HeadParams lids = lidParams(t);
            if (part.material == MaterialId::Skin && hasLids(lids)) moved = head.positions(lids);
            for (size_t v = 0; v < moved.size(); ++v) {
                glm::vec3 d(0.0f);
                switch (part.material) {
                    case MaterialId::Skin: d = skinDelta(t, part, v, L); break;
                    case MaterialId::EyeWhite:
                    case MaterialId::Iris:
                    case MaterialId::Pupil: d = eyeDelta(t, part, v, L); break;
                    default: d = mouthDelta(t, part, v, L); break;
                }
                moved[v] += d;
            }
            std::vector<glm::vec3> normals = smoothNormals(part, moved);
            std::vector<glm::vec3> dp(moved.size()), dn(moved.size());
            for (size_t v = 0; v < moved.size(); ++v) {
                dp[v] = moved[v] - part.positions[v];
                dn[v] = normals[v] - part.normals[v];
            }
            part.positionDeltas.push_back(std::move(dp));
            part.normalDeltas.push_back(std::move(dn));
        }
    }
}

}  // namespace face
