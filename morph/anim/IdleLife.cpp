#include "morph/anim/IdleLife.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "morph/names/FaceNames.h"
#include "morph/names/NameParts.h"

namespace morph {

const std::array<const char*, 8> kIdleEyeLookNames = {
    "eyeLookInLeft",  "eyeLookOutLeft",  "eyeLookUpLeft",  "eyeLookDownLeft",
    "eyeLookInRight", "eyeLookOutRight", "eyeLookUpRight", "eyeLookDownRight"};

namespace {

constexpr float kPi = 3.14159265358979f;
// A full eye-look target is the eyes turned this far, as live input reads a tracker's eye angles
// (app/live/LiveHead.h).
constexpr float kEyeLookFullRadians = 0.5f;
constexpr float kBreathRadians = 0.012f;     // the breathing node's pitch at a full breath
constexpr float kBreathTargetWeight = 0.6f;  // a breath target's weight at a full breath
constexpr double kDoubleBlinkChance = 0.15;  // of a blink group being a double blink
constexpr float kFixationYaw = 0.25f;        // how far a fixation looks, as a full look's part
constexpr float kFixationPitch = 0.12f;
constexpr std::array<float, 2> kDriftAmount = {0.03f, 0.02f};
constexpr std::array<float, 2> kDriftSeconds = {7.3f, 11.1f};

// A uniform value from the generator's bits alone: std's distributions differ between standard
// libraries, and a seed must give the same face everywhere.
class Random {
public:
    explicit Random(uint32_t seed) : mBits(seed) {}
    double uniform(double from, double to) {
        return from + (to - from) * (double(mBits()) / 4294967296.0);
    }

private:
    std::mt19937 mBits;
};

float smoothStep(float x) {
    x = std::clamp(x, 0.0f, 1.0f);
    return x * x * (3.0f - 2.0f * x);
}

glm::quat restRotation(const Node& node) {
    if (node.hasMatrix) return glm::normalize(glm::quat_cast(glm::mat3(node.matrix)));
    return node.rotation;
}

IdleNode idleNode(const Scene& scene, int node) {
    IdleNode out;
    if (node < 0 || size_t(node) >= scene.nodes.size()) return out;
    out.node = node;
    // Parents before children is not promised: walk the chain up, at most once per node.
    out.world = restRotation(scene.nodes[size_t(node)]);
    int parent = scene.nodes[size_t(node)].parent;
    for (size_t depth = 0;
         parent >= 0 && size_t(parent) < scene.nodes.size() && depth < scene.nodes.size();
         ++depth) {
        out.world = restRotation(scene.nodes[size_t(parent)]) * out.world;
        parent = scene.nodes[size_t(parent)].parent;
    }
    return out;
}

// A node's name as nameKey reads it, without an exporter's namespace ("mixamorig:LeftEye").
NameKey nodeKey(const Node& node) {
    return nameKey(stripNamespace(node.name));
}

// An eye node of `side`: named eye with that side (eye_L, Eye.R, EyeLeft), LeftEye/RightEye, or
// VRoid's J_Adj_L_FaceEye.
int findEyeNode(const Scene& scene, NameSide side) {
    const bool left = side == NameSide::Left;
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        const NameKey key = nodeKey(scene.nodes[n]);
        const std::string& name = scene.nodes[n].name;
        if ((key.core == "eye" && key.side == side) ||
            (key.side == NameSide::None && key.core == (left ? "lefteye" : "righteye")) ||
            (name.find(left ? "_L_FaceEye" : "_R_FaceEye") != std::string::npos))
            return int(n);
    }
    return -1;
}

// The first node (of no side) whose name ends with `word` ("Chest", "J_Bip_C_Chest", "Spine1"
// does not: a numbered spine is a lower one).
int findNodeEndingWith(const Scene& scene, const std::string& word) {
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        const NameKey key = nodeKey(scene.nodes[n]);
        if (key.side == NameSide::None && key.core.size() >= word.size() &&
            key.core.compare(key.core.size() - word.size(), word.size(), word) == 0)
            return int(n);
    }
    return -1;
}

// Chest or spine by name, then the VRM humanoid's head, then neck or head by name.
int findBreathNode(const Scene& scene) {
    for (const char* word : {"chest", "spine"}) {
        if (int n = findNodeEndingWith(scene, word); n >= 0) return n;
    }
    if (scene.humanoid.head >= 0 && size_t(scene.humanoid.head) < scene.nodes.size())
        return scene.humanoid.head;
    for (const char* word : {"neck", "head"}) {
        if (int n = findNodeEndingWith(scene, word); n >= 0) return n;
    }
    return -1;
}

void note(std::string& by, const std::string& name) {
    if (by.find(name) == std::string::npos) by += (by.empty() ? "" : "+") + name;
}

// The targets of every mesh, by what the name table says each is.
void planTargets(const Scene& scene, IdleLifePlan& plan) {
    IdleLifePlan::Targets vrmLeft, vrmRight;
    std::string vrmBy;
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        const std::vector<std::string>& names = scene.meshes[m].targetNames;
        for (size_t t = 0; t < names.size(); ++t) {
            const std::string arkit = canonicalName(NameSet::Arkit, names[t]).value_or("");
            const std::string vrm = canonicalName(NameSet::Vrm, names[t]).value_or("");
            const std::string core = nameKey(stripNamespace(names[t])).core;
            if (arkit == "eyeBlinkLeft" || arkit == "eyeBlinkRight") {
                (arkit == "eyeBlinkLeft" ? plan.blinkLeft : plan.blinkRight).push_back({m, t});
                note(plan.blinkBy, names[t]);
            } else if (vrm == "blinkLeft" || vrm == "blinkRight" || vrm == "blink") {
                (vrm == "blink"       ? plan.blinkBoth
                 : vrm == "blinkLeft" ? vrmLeft
                                      : vrmRight)
                    .push_back({m, t});
                note(vrmBy, names[t]);
            } else if (core.find("breath") != std::string::npos ||
                       core.find("inhale") != std::string::npos) {
                plan.breath.push_back({m, t});
                note(plan.breathBy, names[t]);
            }
            for (size_t i = 0; i < kIdleEyeLookNames.size(); ++i) {
                if (arkit == kIdleEyeLookNames[i]) plan.eyeLook[i].push_back({m, t});
            }
        }
    }
    if (!plan.blinkLeft.empty() || !plan.blinkRight.empty()) {  // ARKit's pair wins over VRM's
        plan.blinkBoth.clear();
        return;
    }
    plan.blinkLeft = std::move(vrmLeft);
    plan.blinkRight = std::move(vrmRight);
    plan.blinkBy = vrmBy;
}

std::string lookDescription(const IdleLifePlan& plan, const Scene& scene) {
    std::string by;
    const size_t looks = size_t(std::count_if(plan.eyeLook.begin(), plan.eyeLook.end(),
                                              [](const auto& t) { return !t.empty(); }));
    if (looks > 0) by = std::to_string(looks) + " of ARKit's 8 eye-look targets";
    std::string nodes;
    for (const IdleNode& eye : {plan.leftEye, plan.rightEye}) {
        if (eye.node >= 0) note(nodes, scene.nodes[size_t(eye.node)].name);
    }
    if (!nodes.empty()) by += (by.empty() ? "the eye nodes " : " and the eye nodes ") + nodes;
    return by;
}

// The blink's closure `u` of the way through it: shut in 35%, held to 50%, open by the end.
float blinkShape(float u) {
    if (u < 0.35f) return smoothStep(u / 0.35f);
    if (u < 0.5f) return 1.0f;
    return 1.0f - smoothStep((u - 0.5f) / 0.5f);
}

// A turn about the model's up axis (yaw) and side axis (pitch, + up), seen in `node`'s frame.
glm::quat nodeTurn(const IdleLifePlan& plan, const IdleNode& node, float yaw, float pitch) {
    glm::quat turn =
        glm::angleAxis(yaw, glm::vec3(0, 1, 0)) * glm::angleAxis(pitch, glm::vec3(-1, 0, 0));
    if (plan.facesMinusZ) {
        const glm::quat half = glm::angleAxis(kPi, glm::vec3(0, 1, 0));
        turn = half * turn * glm::conjugate(half);
    }
    return glm::normalize(glm::inverse(node.world) * turn * node.world);
}

void setAll(TargetWeights& weights, const IdleLifePlan::Targets& targets, float value) {
    if (!(value > 0.0f)) return;  // at rest: the layers under it show
    for (const auto& [mesh, target] : targets) weights.set(mesh, target, std::min(value, 1.0f));
}

}  // namespace

bool IdleLifePlan::saccades() const {
    return leftEye.node >= 0 || rightEye.node >= 0 ||
           std::any_of(eyeLook.begin(), eyeLook.end(), [](const Targets& t) { return !t.empty(); });
}

IdleLifePlan planIdleLife(const Scene& scene) {
    IdleLifePlan plan;
    planTargets(scene, plan);
    plan.facesMinusZ = scene.humanoid.facesMinusZ;
    const auto eye = [&scene](int humanoid, NameSide side) {
        const bool valid = humanoid >= 0 && size_t(humanoid) < scene.nodes.size();
        return idleNode(scene, valid ? humanoid : findEyeNode(scene, side));
    };
    plan.leftEye = eye(scene.humanoid.leftEye, NameSide::Left);
    plan.rightEye = eye(scene.humanoid.rightEye, NameSide::Right);
    plan.breathNode = idleNode(scene, findBreathNode(scene));
    plan.lookBy = lookDescription(plan, scene);
    if (plan.breathNode.node >= 0)
        note(plan.breathBy, scene.nodes[size_t(plan.breathNode.node)].name);
    return plan;
}

std::string describeIdleLife(const IdleLifePlan& plan) {
    std::string text =
        plan.blinks() ? "blinks with " + plan.blinkBy : "no eye-blink targets, so no blinks";
    text += plan.saccades() ? "; saccades with " + plan.lookBy
                            : "; no eye-look targets or eye bones, so no saccades";
    text += plan.breathes() ? "; breath with " + plan.breathBy
                            : "; no breath target or chest, spine, neck or head bone, so no breath";
    return text;
}

IdleSchedule makeIdleSchedule(uint32_t seed) {
    Random random(seed);
    IdleSchedule s;
    s.breathSeconds = float(random.uniform(3.6, 4.8));
    for (float& phase : s.driftPhase) phase = float(random.uniform(0, 2 * kPi));
    for (double t = random.uniform(1.0, 4.0); t < kIdleHorizonSeconds;
         t += random.uniform(2.0, 6.0)) {
        const float first = float(random.uniform(0.1, 0.3));
        s.blinks.push_back({t, first, false});
        if (random.uniform(0, 1) < kDoubleBlinkChance) {
            const double gap = random.uniform(0.08, 0.2);
            s.blinks.push_back({t + first + gap, float(random.uniform(0.1, 0.3)), true});
        }
    }
    s.saccades.push_back({0.0, 0.0f, 0.0f});
    for (double t = random.uniform(0.4, 2.5); t < kIdleHorizonSeconds;
         t += random.uniform(0.4, 2.5)) {
        // Now and then back near the middle, as a resting gaze returns.
        const float reach = random.uniform(0, 1) < 0.3 ? 0.25f : 1.0f;
        const float yaw = float(random.uniform(-kFixationYaw, kFixationYaw)) * reach;
        const float pitch = float(random.uniform(-kFixationPitch, kFixationPitch)) * reach;
        s.saccades.push_back({t, yaw, pitch});
    }
    return s;
}

IdleValues idleValuesAt(const IdleSchedule& s, double t) {
    t = std::isfinite(t) && t > 0 ? std::fmod(t, kIdleHorizonSeconds) : 0.0;
    IdleValues v;
    const auto blink = std::upper_bound(s.blinks.begin(), s.blinks.end(), t,
                                        [](double at, const IdleBlink& b) { return at < b.start; });
    if (blink != s.blinks.begin()) {
        const IdleBlink& b = *(blink - 1);
        const double u = (t - b.start) / double(b.duration);
        if (u <= 1.0) v.blink = blinkShape(float(u));
    }
    const auto next =
        std::upper_bound(s.saccades.begin(), s.saccades.end(), t,
                         [](double at, const IdleSaccade& c) { return at < c.start; });
    if (next != s.saccades.begin()) {
        const IdleSaccade& to = *(next - 1);
        const IdleSaccade& from = next - 1 == s.saccades.begin() ? to : *(next - 2);
        const float k = smoothStep(float(t - to.start) / kIdleSaccadeSeconds);
        v.yaw = from.yaw + (to.yaw - from.yaw) * k;
        v.pitch = from.pitch + (to.pitch - from.pitch) * k;
    }
    v.yaw += kDriftAmount[0] * std::sin(2 * kPi * float(t) / kDriftSeconds[0] + s.driftPhase[0]);
    v.pitch += kDriftAmount[1] * std::sin(2 * kPi * float(t) / kDriftSeconds[1] + s.driftPhase[1]);
    v.breath = 0.5f - 0.5f * std::cos(2 * kPi * float(t) / s.breathSeconds);
    return v;
}

IdleFrame idleFrameAt(const IdleLifePlan& plan, const IdleSchedule& schedule, double t) {
    const IdleValues v = idleValuesAt(schedule, t);
    IdleFrame frame;
    setAll(frame.weights, plan.blinkLeft, v.blink);
    setAll(frame.weights, plan.blinkRight, v.blink);
    setAll(frame.weights, plan.blinkBoth, v.blink);
    const float in = std::max(-v.yaw, 0.0f), out = std::max(v.yaw, 0.0f);
    const float up = std::max(v.pitch, 0.0f), down = std::max(-v.pitch, 0.0f);
    // The left eye looks out (to the face's left) as the right looks in.
    const std::array<float, 8> looks = {in, out, up, down, out, in, up, down};
    for (size_t i = 0; i < looks.size(); ++i) setAll(frame.weights, plan.eyeLook[i], looks[i]);
    setAll(frame.weights, plan.breath, v.breath * kBreathTargetWeight);
    for (const IdleNode& eye : {plan.leftEye, plan.rightEye}) {
        if (eye.node < 0) continue;
        frame.rotations.emplace_back(
            size_t(eye.node),
            nodeTurn(plan, eye, v.yaw * kEyeLookFullRadians, v.pitch * kEyeLookFullRadians));
    }
    if (plan.breathNode.node >= 0) {
        frame.rotations.emplace_back(size_t(plan.breathNode.node),
                                     nodeTurn(plan, plan.breathNode, 0, v.breath * kBreathRadians));
    }
    return frame;
}

}  // namespace morph
