#pragma once
// A head or eye turn in the model's frame as yaw, pitch and roll, both ways: Live Link Face sends
// the angles, a VMC sender the bones' rotations (app/live/VmcDecoder.cpp). Header-only (glm).
//
// Yaw turns about the model's up axis (+Y), positive to the model's left (toward +X when it faces
// +Z, glTF's front); pitch about its side axis, positive up; roll about its forward axis (+Z):
//     turn = Ry(yaw) * Rx(-pitch) * Rz(roll)
#include <algorithm>
#include <array>
#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace app::live {

inline glm::quat modelTurn(float yaw, float pitch, float roll) {
    return glm::angleAxis(yaw, glm::vec3(0, 1, 0)) * glm::angleAxis(-pitch, glm::vec3(1, 0, 0)) *
           glm::angleAxis(roll, glm::vec3(0, 0, 1));
}

// The yaw, pitch and roll modelTurn makes `turn` from (pitch within +-90 degrees).
inline std::array<float, 3> yawPitchRoll(const glm::quat& turn) {
    const glm::mat3 m = glm::mat3_cast(glm::normalize(turn));
    // R = Ry(a) Rx(b) Rz(c): row 1 column 2 is -sin(b); glm indexes [column][row].
    const float b = std::asin(std::clamp(-m[2][1], -1.0f, 1.0f));
    const float a = std::atan2(m[2][0], m[2][2]);
    const float c = std::atan2(m[0][1], m[1][1]);
    return {a, -b, c};
}

}  // namespace app::live
