#pragma once
// The VMC protocol's face part, decoded from OSC datagrams with liblo: `/VMC/Ext/Blend/Val`
// (string name, float value) sets a name's pending value, `/VMC/Ext/Blend/Apply` makes the
// pending values one complete sample. `/VMC/Ext/Bone/Pos` of the Head, LeftEye and RightEye
// bones gives the sample's head and eye rotations (as yaw, pitch and roll in the model's frame,
// app/live/HeadTurn.h: the bones' local rotations taken as turns from the rest pose, as in VRM's
// normalized humanoid), each kept until the sender moves it. Every other address is counted and
// ignored (root, the other bones, status).
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "app/live/LiveSample.h"
#include "morph/Result.h"

namespace app::live {

// Bounds a hostile sender cannot push past: a name's length and the names remembered.
constexpr size_t kMaxVmcNameBytes = 256;
constexpr size_t kMaxVmcNames = 1024;

class VmcDecoder {
public:
    // One datagram: an OSC message or bundle (nested bundles too). Returns the samples the
    // datagram completed (one per Apply, usually zero or one), or an error for a malformed,
    // truncated or oversized datagram, in which case none of its messages takes effect.
    morph::Result<std::vector<LiveSample>> decode(const uint8_t* data, size_t size);

    // Messages whose address is neither Val nor Apply.
    uint64_t ignoredMessages() const { return mIgnored; }

private:
    // A name keeps its value until a later Val changes it, so every sample is the whole face.
    std::map<std::string, float> mValues;
    // The names in the order they first arrived, so a sample lists them as the sender does.
    std::vector<std::string> mOrder;
    uint64_t mIgnored = 0;
    std::optional<glm::quat> mBones[3];  // Head, LeftEye, RightEye, in glTF's axes

    std::optional<std::array<float, 9>> headEyes() const;
};

}  // namespace app::live
