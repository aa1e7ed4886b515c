#pragma once
// One complete sample of live face input: the shape names a tracker sent, each with its value,
// as the source spelled them (mapping them to a model's targets is the names' job).
#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace app::live {

enum class SourceKind { Vmc, LiveLink };

// "vmc", "livelink": the recording's `source`.
inline const char* sourceKindKey(SourceKind kind) {
    return kind == SourceKind::Vmc ? "vmc" : "livelink";
}

struct LiveSample {
    bool sameAs(const LiveSample& o) const {
        return values == o.values && rotations == o.rotations;
    }
    std::string source;                                 // sourceKindKey
    std::vector<std::pair<std::string, float>> values;  // in the order the source sent them
    // Live Link Face's head yaw, pitch, roll and each eye's (radians; app/live/LiveHead.h).
    std::optional<std::array<float, 9>> rotations;
    // When the receiver completed it (calibration smooths on these times, not the frame's).
    std::chrono::steady_clock::time_point received{};
};

// The largest datagram a decoder accepts: the most one UDP datagram carries over IPv4.
constexpr size_t kMaxDatagramBytes = 65507;

}  // namespace app::live
