#pragma once
// What the live latency benchmarks share (LiveLatencyBench: the trackers; VoiceLatencyBench: a
// live voice): a wake-up a receiving thread gives the drawing loop, the first failure of their
// setup, and the percentiles of a run's latencies and their table.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <initializer_list>
#include <mutex>
#include <vector>

#include "morph/Result.h"

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

// Whether any of `results` failed; the first failure's message is printed on stderr.
template <typename... Results>
bool anyFailed(const Results&... results) {
    const morph::Error* first = nullptr;
    auto note = [&first](const auto& result) {
        if (!first && !result.ok()) first = &result.error();
    };
    (note(results), ...);
    if (first) std::fprintf(stderr, "%s\n", first->message.c_str());
    return first != nullptr;
}

// One row of a latency table: what was timed, from what to what, and its times in ms.
struct LatencyRow {
    const char* label;
    const std::vector<double>* ms;
};

// The table of `rows` in Markdown: each row's count (headed `counted`), its median, its `tail`
// percentile (0.9 is p90) and its maximum.
inline void printLatencyTable(const char* counted, double tail,
                              std::initializer_list<LatencyRow> rows) {
    std::printf("| path | %s | median ms | p%d ms | max ms |\n|---|---|---|---|---|\n", counted,
                int(std::lround(tail * 100)));
    for (const LatencyRow& row : rows) {
        const std::vector<double>& ms = *row.ms;
        std::printf("| %s | %zu | %.2f | %.2f | %.2f |\n", row.label, ms.size(),
                    percentile(ms, 0.5), percentile(ms, tail), percentile(ms, 1.0));
    }
}

}  // namespace bench_live
