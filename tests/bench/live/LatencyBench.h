#pragma once
// What the live latency benchmarks share (LiveLatencyBench: the trackers; VoiceLatencyBench: a
// live voice): a wake-up a receiving thread gives the drawing loop, and the percentiles of a run's
// latencies.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace bench_live {

// The drawing loop sleeps until a new sample arrives or `timeout` passes.
struct Wake {
    std::mutex mutex;
    std::condition_variable cv;
    bool woken = false;
    void notify() {
        std::lock_guard<std::mutex> lock(mutex);
        woken = true;
        cv.notify_one();
    }
    void wait(std::chrono::milliseconds timeout) {
        std::unique_lock<std::mutex> lock(mutex);
        cv.wait_for(lock, timeout, [this] { return woken; });
        woken = false;
    }
};

// The nearest-rank percentile `p` (0..1] of `ms`; 0 for none.
inline double percentile(std::vector<double> ms, double p) {
    if (ms.empty()) return 0;
    std::sort(ms.begin(), ms.end());
    const size_t rank = size_t(std::max(1.0, std::ceil(p * double(ms.size()))));
    return ms[std::min(rank, ms.size()) - 1];
}

}  // namespace bench_live
