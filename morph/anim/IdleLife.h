#pragma once
// Idle life, GL-free: what a face does between lines so it does not stare (the viewer's --alive).
// Blinks (both eyes together, every 2 to 6 s, 100 to 300 ms each, sometimes a double blink),
// the gaze's saccades and slow drift, and a slow breath, all from a seed: the same seed gives the
// same face at the same time, whatever the frame rate.
//
// A plan says what the face offers and what drives each part, found through the name table
// (morph/names, either ARKit spelling: eyeBlinkLeft, EyeBlink_L): the blink on ARKit's
// eyeBlinkLeft/Right, else VRM's blinkLeft/blinkRight or its one blink; the gaze on ARKit's
// eight eyeLook targets, and on the eye nodes (the VRM humanoid's, else nodes named like eye_L
// or LeftEye); the breath on a target named like "breath" or "inhale", and a small pitch of the
// chest, spine, neck or head node. A part the face has nothing for is left out, and said so.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "morph/Scene.h"
#include "morph/anim/PoseLayers.h"
#include "morph/anim/TargetWeights.h"

namespace morph {

// A node idle life turns, and its rotation at rest in the model's frame (to turn it about the
// model's axes, whatever its own).
struct IdleNode {
    int node = -1;
    glm::quat world{1.0f, 0.0f, 0.0f, 0.0f};
};

struct IdleLifePlan {
    using Targets = std::vector<TargetWeights::Key>;  // {mesh, target}, on every mesh that has it
    Targets blinkLeft, blinkRight;
    Targets blinkBoth;  // one target closing both eyes (VRM's blink), when there are no sides
    // ARKit's eye-look targets in kIdleEyeLookNames' order.
    std::array<Targets, 8> eyeLook;
    Targets breath;
    IdleNode leftEye, rightEye, breathNode;
    bool facesMinusZ = false;  // a VRM 0.x model: its side and forward axes point the other way
    // What drives each part, by the model's names ("eyeBlinkLeft+eyeBlinkRight"); "" for none.
    std::string blinkBy, lookBy, breathBy;

    bool blinks() const { return !blinkLeft.empty() || !blinkRight.empty() || !blinkBoth.empty(); }
    bool saccades() const;
    bool breathes() const { return !breath.empty() || breathNode.node >= 0; }
};

// eyeLookInLeft, eyeLookOutLeft, eyeLookUpLeft, eyeLookDownLeft, then the same Right.
extern const std::array<const char*, 8> kIdleEyeLookNames;

IdleLifePlan planIdleLife(const Scene& scene);
// One line of what the plan drives and what it leaves out: "blinks with
// eyeBlinkLeft+eyeBlinkRight; no eye-look targets or eye bones, so no saccades; breath with Chest".
std::string describeIdleLife(const IdleLifePlan& plan);

// The moments idle life plays, from its seed, up to kIdleHorizonSeconds (then it repeats).
struct IdleBlink {
    double start = 0;     // seconds
    float duration = 0;   // 0.1 to 0.3 s: closing, held shut a moment, opening
    bool second = false;  // the second blink of a double blink, just after the first
};
struct IdleSaccade {
    double start = 0;  // the eyes jump (in kIdleSaccadeSeconds) to a new fixation here
    float yaw = 0;     // the fixation, as a fraction of a full look: + the face's left
    float pitch = 0;   // + up
};
struct IdleSchedule {
    std::vector<IdleBlink> blinks;      // in time order; a group (one or a double) every 2 to 6 s
    std::vector<IdleSaccade> saccades;  // in time order, the first at 0 looking ahead
    float breathSeconds = 4;            // one breath
    std::array<float, 2> driftPhase{};  // the gaze's slow drift, per axis
};
inline constexpr double kIdleHorizonSeconds = 3600;
inline constexpr float kIdleSaccadeSeconds = 0.05f;
IdleSchedule makeIdleSchedule(uint32_t seed);

// The schedule's values at `t` seconds: the blink's closure (0 open, 1 shut), the gaze (as
// fractions of a full look) and the breath (0 out, 1 in).
struct IdleValues {
    float blink = 0;
    float yaw = 0, pitch = 0;
    float breath = 0;
};
IdleValues idleValuesAt(const IdleSchedule& schedule, double t);

// The plan's weights and node rotations at `t`: each target the plan drives with a weight above
// zero (a target at rest is left to the layers under it), each node it turns.
struct IdleFrame {
    TargetWeights weights;
    NodeRotations rotations;
};
IdleFrame idleFrameAt(const IdleLifePlan& plan, const IdleSchedule& schedule, double t);

}  // namespace morph
