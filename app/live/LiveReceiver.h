#pragma once
// One live source: a UDP socket on a thread of its own, decoding each datagram as it arrives
// and keeping the newest complete sample in a mutex-guarded slot, so the frame that reads it
// never sees a half-written sample. Malformed datagrams are counted and dropped.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/live/LiveSample.h"
#include "app/live/VmcDecoder.h"
#include "morph/Result.h"

namespace app::live {

using LiveClock = std::chrono::steady_clock;

struct ReceiverCounts {
    uint64_t datagrams = 0;  // every datagram received
    uint64_t samples = 0;    // complete samples decoded
    uint64_t malformed = 0;  // datagrams dropped as malformed, truncated or oversized
    std::optional<LiveClock::time_point> lastSample;
    std::string lastError;  // the newest malformed datagram's message
};

class LiveReceiver {
public:
    LiveReceiver() = default;
    LiveReceiver(const LiveReceiver&) = delete;
    LiveReceiver& operator=(const LiveReceiver&) = delete;
    ~LiveReceiver() { stop(); }

    // Binds `address` (an IPv4 address: 127.0.0.1 keeps the port to this machine) and `port`
    // (0: any free port, read back with port()) and starts receiving. `onChange`, when given, is
    // called on the receiving thread after each sample that differs from the one before (the
    // viewer wakes its loop with it; a tracker resending a still face wakes nothing).
    morph::Status start(SourceKind kind, const std::string& address, uint16_t port,
                        std::function<void()> onChange = {});
    // Ends the thread and closes the socket; start may be called again.
    void stop();

    SourceKind kind() const { return mKind; }
    // The port bound (the one the system chose for 0).
    uint16_t port() const { return mPort; }

    // The newest complete sample, when one newer than `sequence` (and different from the sample
    // before it) has arrived since; `sequence` becomes its number. A caller keeps its own
    // sequence, starting at 0.
    bool takeNewer(uint64_t& sequence, LiveSample& sample) const;
    ReceiverCounts counts() const;

private:
    void run();
    void receive(const uint8_t* data, size_t size);

    SourceKind mKind = SourceKind::Vmc;
    uint16_t mPort = 0;
    int mSocket = -1;
    std::atomic<bool> mStopping{false};
    std::thread mThread;
    std::function<void()> mOnChange;
    VmcDecoder mVmc;  // the receiving thread's alone

    mutable std::mutex mMutex;  // guards everything below
    LiveSample mNewest;
    uint64_t mSequence = 0;
    ReceiverCounts mCounts;
};

}  // namespace app::live
