#pragma once
// A live voice for one face (`--listen audio[:DEVICE|:FILE.wav]`), GL-free and SDL-free: the
// ring the device pushes into, the analysis (VoiceAnalyzer.h), the face's weights (VoiceMouth.h)
// and the --record-stream lines. The viewer polls it once a frame; every 10 ms hop of audio that
// arrived is analysed in order, so the weights and the recording follow the stream's own clock,
// not the frames'. Each hop that changed a weight is a line {"t": its audioTime, "source":
// "audio", "audioTime": seconds into the audio at the window's end, "weights": {...}}.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/live/LiveRecording.h"
#include "app/speech/Visemes.h"
#include "app/voice/AudioRing.h"
#include "app/voice/VoiceAnalyzer.h"
#include "app/voice/VoiceMouth.h"
#include "morph/Result.h"

namespace app::voice {

inline constexpr double kRingSeconds = 2.0;  // how far the reader may fall behind

// `--listen audio`: the default capture device; `audio:NAME`: a capture device by its SDL2
// name; `audio:FILE.wav` (the name ends in .wav, any case): the file as a microphone.
struct AudioListenSpec {
    bool file = false;
    std::string name;  // the device ("" the default) or the file's path
};
bool isAudioListenSpec(const std::string& text);  // "audio" or "audio:..."
morph::Result<AudioListenSpec> parseAudioListenSpec(const std::string& text);

class VoiceSession {
public:
    // The face's visemes from its target names (speech::faceVisemes: an error when it has none)
    // and the recording, created when `recordPath` is not empty; the voice classified against
    // `profile` (a speaker's, VoiceProfileFile.h, or adult averages).
    static morph::Result<std::unique_ptr<VoiceSession>> start(
        const std::vector<std::string>& targetNames, int sampleRate, const std::string& recordPath,
        const VoiceProfile& profile = builtInProfile());

    AudioRing& ring() { return mRing; }
    // Another face: its visemes, the mouth shut; the stream and the recording carry on.
    morph::Status useFace(const std::vector<std::string>& targetNames);

    // Analyses what arrived. True when a weight changed.
    bool poll();
    // Classifies against `profile` from the next hop on (a profile learned while listening).
    void useProfile(const VoiceProfile& profile) { mAnalyzer.setProfile(profile); }
    // What the last poll took from the ring (an AudioTape's input), and the stream's samples so
    // far, dropped ones too, at the session's rate.
    const AudioRing::Taken& taken() const { return mTaken; }
    uint64_t samplesHeard() const { return mAnalyzer.samplesSeen(); }
    int sampleRate() const { return mAnalyzer.sampleRate(); }

    const std::map<std::string, float>& weights() const { return mMouth->weights(); }
    bool shut() const { return mMouth->shut(); }
    double audioTime() const { return mAudioTime; }  // the newest frame's
    // When the newest block analysed arrived (the latency's start); nullopt before the first.
    std::optional<AudioClock::time_point> arrived() const { return mArrived; }
    uint64_t dropped() const { return mDropped; }
    const std::string& recordError() const { return mRecordError; }  // the first, if any

private:
    VoiceSession(int sampleRate, const VoiceProfile& profile);

    AudioRing mRing;
    VoiceAnalyzer mAnalyzer;
    std::unique_ptr<VoiceMouth> mMouth;
    AudioRing::Taken mTaken;
    std::vector<VoiceFrame> mFrames;
    double mAudioTime = 0;
    std::optional<AudioClock::time_point> mArrived;
    uint64_t mDropped = 0;
    std::optional<live::StreamRecorder> mRecorder;
    std::string mRecordError;
};

}  // namespace app::voice
