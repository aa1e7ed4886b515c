#pragma once
// A live voice as analysis frames, GL-free and SDL-free: samples in as they arrive, one frame
// per 10 ms hop out, each over the last 25 ms, saying how loud the voice is, whether it is voice
// at all (app/speech/VoiceActivity's rule over running levels) and which viseme class its
// spectrum is nearest to.
//
// The class is chosen by a cheap spectral feature rather than a recognizer (which needs a whole
// utterance, hundreds of milliseconds behind the voice): the power spectrum of the Hann-windowed
// window (a radix-2 FFT), its strongest bin over 200-1000 Hz standing for the first formant and
// its strongest from 1.4 times that (at least 700 Hz) to 2800 Hz for the second, and the share
// of its power over 3.5 kHz (sibilance). A sibilant
// window is SS; a voiced one the vowel whose (F1, F2) is nearest on a log-frequency plane in the
// profile, by default adult voices' averages (men's and women's together, from the classic
// vowel-formant measurements). Formant tracking by LPC would be sharper for one voice; the
// peaks need no root finding, and a wrong class still opens the mouth as loud as the voice.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "app/speech/Visemes.h"
#include "app/speech/VoiceActivity.h"

namespace app::voice {

inline constexpr float kWindowSeconds = 0.025f;
inline constexpr float kHopSeconds = 0.010f;

// A vowel's place on the formant plane, Hz.
struct VowelCentroid {
    speech::Viseme viseme = speech::Viseme::aa;
    float f1 = 0;
    float f2 = 0;
};

struct VoiceProfile {
    std::vector<VowelCentroid> vowels;
    float sibilance = 0.5f;  // a window with more of its power over 3.5 kHz is SS
};

// aa E I O U at typical adult formants.
const VoiceProfile& builtInProfile();

// One window's features.
struct SpectralFeatures {
    float f1 = 0;         // Hz: the strongest bin over 200-1000 Hz
    float f2 = 0;         // Hz: the strongest from max(700, 1.4 f1) to 2800 Hz
    float sibilance = 0;  // the power over 3.5 kHz over the power over 80 Hz; 0 under 8 kHz
};
SpectralFeatures spectralFeatures(const std::vector<float>& window, int sampleRate);
speech::Viseme nearestViseme(const SpectralFeatures& features, const VoiceProfile& profile);

struct VoiceFrame {
    double audioTime = 0;  // seconds into the stream at the window's end (its newest sample)
    float rms = 0;
    float level = 0;  // rms over the running loud level, 0..1
    bool voiced = false;
    float openness = 0;  // speech::voicedOpening of the level while voiced, else 0
    speech::Viseme viseme = speech::Viseme::Sil;
    SpectralFeatures features;  // the window's, while voiced (what the class was chosen by)
};

class VoiceAnalyzer {
public:
    explicit VoiceAnalyzer(int sampleRate, VoiceProfile profile = builtInProfile());

    // Appends to `frames` one frame per hop the samples complete (the first once a whole
    // window has arrived).
    void push(const float* samples, size_t count, std::vector<VoiceFrame>& frames);
    // `count` samples were lost (a ring buffer's overflow): the stream's clock moves past them
    // and the next window starts afresh.
    void skip(uint64_t count);

    // The centroids the next frames are classified against.
    void setProfile(VoiceProfile profile) { mProfile = std::move(profile); }

    int sampleRate() const { return mRate; }
    uint64_t samplesSeen() const { return mSeen; }

private:
    VoiceFrame analyse();

    int mRate;
    size_t mWindow;
    size_t mHop;
    VoiceProfile mProfile;
    std::vector<float> mRing;  // the newest window of samples, mNext the oldest once full
    size_t mNext = 0;
    size_t mFilled = 0;
    size_t mSinceFrame = 0;  // samples since the last frame
    uint64_t mSeen = 0;      // samples of the stream so far, skipped ones too
    speech::StreamingVoiceActivity mActivity;
};

}  // namespace app::voice
