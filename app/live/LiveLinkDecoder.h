#pragma once
// Live Link Face (Unreal's iPhone app): one UDP datagram per frame, hand-decoded with every
// length checked, as its senders lay it out (there is no official specification):
//   uint32 little-endian version (6); '$' and a 36-character device id;
//   int32 big-endian name length and the subject name;
//   big-endian int32 frame number, float32 subframe, int32 fps, int32 denominator;
//   uint8 count (61); 61 big-endian float32: the 52 ARKit shapes in liveLinkShapeNames' order,
//   then head yaw, pitch, roll, left eye yaw, pitch, roll, right eye yaw, pitch, roll.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/live/LiveSample.h"
#include "morph/Result.h"

namespace app::live {

constexpr uint32_t kLiveLinkVersion = 6;
constexpr size_t kLiveLinkDeviceIdBytes = 36;
constexpr size_t kLiveLinkShapes = 52;
constexpr size_t kLiveLinkValues = 61;
constexpr size_t kMaxLiveLinkNameBytes = 256;

struct LiveLinkFrame {
    std::string deviceId;
    std::string subject;
    int32_t frame = 0;
    float subframe = 0;
    int32_t fps = 0;
    int32_t denominator = 0;
    LiveSample sample;                 // the 52 ARKit shapes, source "livelink"
    std::array<float, 9> rotations{};  // head yaw, pitch, roll; left eye; right eye
};

// The 52 ARKit names in the datagram's order (not alphabetical: the sender's own).
const std::vector<std::string>& liveLinkShapeNames();

// One datagram; an error names what is wrong (truncated, oversized, wrong version or count,
// a value that is not finite).
morph::Result<LiveLinkFrame> decodeLiveLink(const uint8_t* data, size_t size);

}  // namespace app::live
