#include "app/speech/VoiceActivity.h"

#include <algorithm>
#include <cmath>

namespace app::speech {
namespace {

// A run of frames all sounding or all silent, [first, after).
struct FrameRun {
    size_t first, after;
    bool on;
};

std::vector<FrameRun> frameRuns(const std::vector<bool>& on) {
    std::vector<FrameRun> runs;
    for (size_t i = 0; i < on.size(); ++i) {
        if (runs.empty() || runs.back().on != on[i]) runs.push_back({i, i, on[i]});
        runs.back().after = i + 1;
    }
    return runs;
}

// Runs of `value` shorter than `frames` turned into the other value; with `keepEnds`, not the
// ones at the line's start or end.
void flipShortRuns(std::vector<bool>& on, bool value, size_t frames, bool keepEnds) {
    for (const FrameRun& r : frameRuns(on)) {
        const bool atEnd = r.first == 0 || r.after == on.size();
        if (r.on != value || r.after - r.first >= frames || (keepEnds && atEnd)) continue;
        std::fill(on.begin() + long(r.first), on.begin() + long(r.after), !value);
    }
}

}  // namespace

std::vector<VoicedSpan> voicedSpans(const std::vector<int16_t>& samples, int sampleRate) {
    const size_t hop = size_t(std::max(1, sampleRate / 100));
    const float frame = float(hop) / float(sampleRate);
    std::vector<float> rms;
    for (size_t at = 0; at < samples.size(); at += hop) {
        const size_t end = std::min(samples.size(), at + hop);
        double sum = 0;
        for (size_t i = at; i < end; ++i) sum += double(samples[i]) * double(samples[i]);
        rms.push_back(float(std::sqrt(sum / double(end - at))));
    }
    if (rms.empty()) return {};
    std::vector<float> sorted = rms;
    std::sort(sorted.begin(), sorted.end());
    const float loud = sorted[sorted.size() * 95 / 100];
    const float floor = sorted[sorted.size() / 50];
    if (loud <= 0.0f) return {};
    const float threshold = voiceThreshold(loud, floor);
    std::vector<bool> on(rms.size());
    for (size_t i = 0; i < rms.size(); ++i) on[i] = rms[i] > threshold;
    // Short silences join the voice first, so a word's stops never split it into clicks.
    flipShortRuns(on, false, size_t(std::lround(kMinPause / frame)), true);
    flipShortRuns(on, true, size_t(std::lround(kMinVoice / frame)), false);
    std::vector<VoicedSpan> spans;
    for (const FrameRun& r : frameRuns(on)) {
        if (r.on) spans.push_back({float(r.first) * frame, float(r.after) * frame});
    }
    return spans;
}

float voiceThreshold(float loud, float floor) {
    return std::min(std::max(loud * kVoiceUnderLoud, floor * kVoiceOverFloor),
                    loud * kVoiceCeiling);
}

bool StreamingVoiceActivity::push(float rms, float frameSeconds) {
    mLoud = std::max({rms, kMinLoud, mLoud * std::exp2(-frameSeconds / kLoudHalfLife)});
    mFloor = std::max(1e-6f, std::min(rms, mFloor * std::pow(kFloorRisePerSecond, frameSeconds)));
    if (rms > voiceThreshold(mLoud, mFloor)) {
        mHeld = 0;
    } else if (mHeld >= 0) {
        mHeld += frameSeconds;
        if (mHeld > kHangover + 1e-4f) mHeld = -1;
    }
    return mHeld >= 0;
}

float ShortenedAudio::toLine(float t) const {
    auto it = std::upper_bound(pieces.begin(), pieces.end(), t,
                               [](float time, const auto& piece) { return time < piece.first; });
    if (it == pieces.begin()) return t;
    --it;
    return it->second + (t - it->first);
}

ShortenedAudio shortenPauses(const std::vector<int16_t>& samples, int sampleRate,
                             const std::vector<VoicedSpan>& spans, float pause, float leadIn) {
    ShortenedAudio out;
    const float rate = float(sampleRate);
    const auto index = [&](float t) {
        return std::min(samples.size(), size_t(std::lround(std::max(0.0f, t) * rate)));
    };
    const auto keep = [&](float from, float to) {
        const size_t a = index(from), b = index(to);
        if (b <= a) return;
        out.pieces.push_back({float(out.samples.size()) / rate, float(a) / rate});
        out.samples.insert(out.samples.end(), samples.begin() + long(a), samples.begin() + long(b));
    };
    if (spans.empty()) {
        keep(0.0f, float(samples.size()) / rate);
        return out;
    }
    float t = std::max(0.0f, spans.front().start - leadIn);
    for (const VoicedSpan& s : spans) {
        if (s.start - t > pause) {
            keep(t, t + 0.5f * pause);
            t = s.start - 0.5f * pause;
        }
        keep(t, s.end);
        t = s.end;
    }
    keep(t, t + 0.5f * pause);
    return out;
}

std::vector<Phoneme> holdToVoice(const std::vector<Phoneme>& phones,
                                 const std::vector<VoicedSpan>& spans, const std::string& silence) {
    std::vector<Phoneme> out;
    std::vector<size_t> spanOf;
    for (const Phoneme& p : phones) {
        if (p.phoneme == silence) continue;
        size_t best = spans.size();
        float most = 0;
        for (size_t i = 0; i < spans.size(); ++i) {
            const float overlap = std::min(p.end, spans[i].end) - std::max(p.start, spans[i].start);
            if (overlap > most) best = i, most = overlap;
        }
        if (best == spans.size()) continue;
        out.push_back(
            {std::max(p.start, spans[best].start), std::min(p.end, spans[best].end), p.phoneme});
        spanOf.push_back(best);
    }
    for (size_t i = 0; i < out.size(); ++i) {
        if (i == 0 || spanOf[i - 1] != spanOf[i]) out[i].start = spans[spanOf[i]].start;
        if (i + 1 == out.size() || spanOf[i + 1] != spanOf[i]) out[i].end = spans[spanOf[i]].end;
    }
    return out;
}

}  // namespace app::speech
