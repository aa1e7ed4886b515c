#pragma once
// One complete sample of live face input: the shape names a tracker sent, each with its value,
// as the source spelled them (mapping them to a model's targets is the names' job).
#include <chrono>
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
    std::string source;                                 // sourceKindKey
    std::vector<std::pair<std::string, float>> values;  // in the order the source sent them
    // When the receiver completed it (calibration smooths on these times, not the frame's).
    std::chrono::steady_clock::time_point received{};
};

// The largest datagram a decoder accepts: the most one UDP datagram carries over IPv4.
constexpr size_t kMaxDatagramBytes = 65507;

}  // namespace app::live
