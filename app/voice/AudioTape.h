#pragma once
// The audio a live voice heard while something records it (File > Live's Record to clip, the
// seconds a voice profile learns from), GL-free: what each poll of the session took, appended in
// order, a stretch the ring dropped as that much silence, so the tape is exactly as long as the
// stretch of the stream it spans and keys timed on the stream's clock (a frame's audioTime) line
// up with its samples.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/voice/AudioRing.h"
#include "morph/Result.h"

namespace app::voice {

class AudioTape {
public:
    // A tape from sample `start` of the stream (VoiceSession::samplesHeard as it begins),
    // holding at most `limit` samples (a recording's cap: the tape is in memory).
    AudioTape(int sampleRate, uint64_t start, size_t limit = SIZE_MAX)
        : mRate(sampleRate), mStart(start), mLimit(limit) {}

    // What one poll took (VoiceSession::taken): its dropped samples as silence, then its own;
    // what would pass the limit is left off.
    void add(const AudioRing::Taken& taken);
    bool full() const { return mSamples.size() >= mLimit; }

    int sampleRate() const { return mRate; }
    const std::vector<float>& samples() const { return mSamples; }
    double seconds() const { return mRate > 0 ? double(mSamples.size()) / double(mRate) : 0; }
    // A moment of the stream (seconds into it, as a frame's audioTime) in seconds from the tape's
    // first sample.
    double secondsAt(double audioTime) const {
        return mRate > 0 ? audioTime - double(mStart) / double(mRate) : 0;
    }

    // The tape as a 16-bit PCM WAV at its rate, written atomically; errors name the file.
    morph::Status writeWav(const std::string& path) const;

private:
    int mRate;
    uint64_t mStart;
    size_t mLimit;
    std::vector<float> mSamples;
};

}  // namespace app::voice
