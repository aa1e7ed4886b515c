#pragma once
// Where a line is voiced, from its signal's energy alone, and what the recognizer's side does
// with it: the audio it hears with the long pauses shortened (and the map of its times back onto
// the line's), and its phones held to the voiced stretches, so a phone heard in a pause is
// silence whatever the recognizer says. GL-free and pure.
//
// Voice activity: 10 ms frames, each frame's RMS against two levels of the line, its loud level
// (the 95th percentile of the frames' RMS) and its floor (the 2nd: a recording's noise between
// words, or the closure of a stop in one without pauses; digital silence is 0). A
// frame sounds when its RMS is over kVoiceUnderLoud times the loud level and kVoiceOverFloor
// times the floor (that threshold never over kVoiceCeiling times the loud level, so a noisy take
// is not all silence). A silence shorter than kMinPause inside the line is part of the voice
// around it (a stop's closure, a breath between words); a sound shorter than kMinVoice between
// silences is not voice (a click).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "app/speech/Speech.h"

namespace app::speech {

inline constexpr float kVoiceUnderLoud = 0.01f;  // -40 dB: a stop's release and aspiration stay in
inline constexpr float kVoiceOverFloor = 2.0f;   // +6 dB over a recording's noise
inline constexpr float kVoiceCeiling = 0.25f;    // -12 dB
// Under the 150 ms a listener hears as a pause (which the mouth must close in), with room for
// the frames' edges; over most stops' closures.
inline constexpr float kMinPause = 0.12f;
inline constexpr float kMinVoice = 0.03f;

// A voiced stretch, seconds [start, end).
struct VoicedSpan {
    float start = 0;
    float end = 0;
};

// The voiced stretches of `samples` in time order, on the 10 ms grid; none for a silent line.
std::vector<VoicedSpan> voicedSpans(const std::vector<int16_t>& samples, int sampleRate);

// The RMS a frame sounds over, from the loud level and the floor (the rule above).
float voiceThreshold(float loud, float floor);

// Voice activity as the audio arrives (`--listen audio`), where no percentile of the whole line
// is known yet: the same threshold over running estimates of the loud level (the loudest frame,
// falling back with a half-life of kLoudHalfLife, never under kMinLoud, so a quiet room is not
// all voice) and of the floor (the quietest frame, rising by kFloorRisePerSecond). Without
// look-ahead a short silence cannot be told from a pause, so instead of kMinPause the voice is
// held kHangover past its last sounding frame (a stop's closure shuts the mouth anyway, through
// the loudness), and a sound starts the voice at once.
inline constexpr float kLoudHalfLife = 3.0f;        // seconds
inline constexpr float kMinLoud = 0.01f;            // -40 dBFS
inline constexpr float kFloorRisePerSecond = 1.3f;  // about +2.3 dB a second
inline constexpr float kHangover = 0.04f;           // seconds

class StreamingVoiceActivity {
public:
    // One frame of `frameSeconds`, its RMS (-1..1 samples); true while the voice is on.
    bool push(float rms, float frameSeconds);
    float loud() const { return mLoud; }
    float floor() const { return mFloor; }

private:
    float mLoud = kMinLoud;
    float mFloor = 1e-4f;  // -80 dBFS until the input says otherwise
    float mHeld = -1;      // seconds since the last sounding frame; < 0: none yet
};

// Audio with its long pauses shortened: `pieces` are the stretches kept, each as (its start in
// this audio, its start in the line), seconds, in order.
struct ShortenedAudio {
    std::vector<int16_t> samples;
    std::vector<std::pair<float, float>> pieces;

    // A time in this audio as the line's time.
    float toLine(float t) const;
};

// `samples` with every silence between `spans` longer than `pause` cut to `pause` (its middle
// taken out), the silence before the first span cut to `leadIn` and the one after the last to
// half of `pause`. Without spans, the audio as it is.
ShortenedAudio shortenPauses(const std::vector<int16_t>& samples, int sampleRate,
                             const std::vector<VoicedSpan>& spans, float pause, float leadIn);

// Phones (in time order, not overlapping; `silence` their name for silence) held to the voice:
// each to the span it overlaps most, cut to it; one over no span, or a silence, is left out (the
// caller fills the gaps with silence). The first phone of a span starts where the span starts
// and the last ends where it ends: the signal's edges are sharper than the recognizer's.
std::vector<Phoneme> holdToVoice(const std::vector<Phoneme>& phones,
                                 const std::vector<VoicedSpan>& spans, const std::string& silence);

}  // namespace app::speech
