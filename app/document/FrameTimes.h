#pragma once
// `morphview --frame-times FILE.json`: the viewer's own frame times, the UI included, for the
// benchmark's "viewer" row (tests/bench/viewer_frames.py). A frame's time is the wall time from
// the start of the frame before it to its own start, counted only between frames drawn back to
// back: a frame drawn after the window waited for an event (Redraw.h) measures the wait, not
// the work, and is left out.
#include <optional>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace app {

class FrameTimes {
public:
    // Off, nothing is kept (add and addLiveAge): a viewer not asked for --frame-times may run for
    // hours, a frame at a time (at 60 Hz live input, 7.8 MB in 30 minutes when it kept them).
    void setKept(bool kept) { mKept = kept; }
    void add(double ms) {
        if (mKept) mMs.push_back(ms);
    }
    size_t count() const { return mMs.size(); }
    // Frames that drew the 3D view, against those that copied its last picture in (only the UI
    // changed): counted over every frame, waited for or not.
    void addViewDraw() { ++mViewDraws; }
    size_t viewDraws() const { return mViewDraws; }
    // With live input: per frame drawn (waited for or not, as viewDraws counts), the age of the
    // newest live sample when it was drawn, in ms; nullopt before the first sample arrived.
    void addLiveAge(std::optional<double> ms) {
        if (mKept) mLiveAgeMs.push_back(ms);
    }
    double medianMs() const;  // 0 when empty
    double p95Ms() const;     // the nearest-rank 95th percentile; 0 when empty

    // {"frames": N, "medianMs": M, "p95Ms": P, "fps": 1000 / M, "viewDraws": V, "ms": [...]},
    // and "liveAgeMs": [...] (null before the first sample) when the frames had live input.
    std::string json() const;
    morph::Status write(const std::string& path) const;  // atomically

private:
    bool mKept = true;
    std::vector<double> mMs;
    size_t mViewDraws = 0;
    std::vector<std::optional<double>> mLiveAgeMs;
};

}  // namespace app
