#pragma once
// The samples between an audio device and the analysis: the device's thread pushes blocks as
// they arrive (SDL2's capture callback, or a file played as a microphone), the viewer's loop
// takes what arrived once a frame. A fixed capacity: when the reader falls that far behind, the
// oldest unread samples are dropped and counted, so memory stays flat however long it runs.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace app::voice {

using AudioClock = std::chrono::steady_clock;

class AudioRing {
public:
    explicit AudioRing(size_t capacity) : mData(capacity) {}

    // The device's side: `count` samples that arrived at `arrived`.
    void push(const float* samples, size_t count, AudioClock::time_point arrived);

    // The reader's side: every sample not taken yet, in order, after `dropped` lost ones.
    struct Taken {
        std::vector<float> samples;
        uint64_t dropped = 0;
        std::optional<AudioClock::time_point> arrived;  // the newest block's arrival
    };
    void take(Taken& out);

    uint64_t pushed() const;  // every sample pushed so far

private:
    mutable std::mutex mMutex;
    std::vector<float> mData;
    size_t mHead = 0;  // the oldest unread sample
    size_t mSize = 0;
    uint64_t mPushed = 0;
    uint64_t mDropped = 0;  // since the last take
    std::optional<AudioClock::time_point> mArrived;
};

}  // namespace app::voice
