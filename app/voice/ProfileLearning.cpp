#include "app/voice/ProfileLearning.h"

#include <algorithm>
#include <cmath>

#include "app/speech/Recognizer.h"
#include "app/speech/Visemes.h"

namespace app::voice {

namespace {

using speech::Viseme;

struct Sums {
    double logF1 = 0, logF2 = 0, hiss = 0;
    int windows = 0;
};

// The class of the phoneme at `t` seconds, or Sil: a diphthong's two halves are not one place.
Viseme classAt(const std::vector<speech::Phoneme>& phonemes, double t) {
    auto after = std::upper_bound(
        phonemes.begin(), phonemes.end(), t,
        [](double time, const speech::Phoneme& p) { return time < double(p.start); });
    if (after == phonemes.begin()) return Viseme::Sil;
    const speech::Phoneme& p = *(after - 1);
    if (t >= double(p.end)) return Viseme::Sil;
    const std::vector<Viseme> visemes = speech::visemesOf(p.phoneme);
    if (visemes.size() != 1) return Viseme::Sil;
    for (Viseme v : kProfileClasses) {
        if (visemes[0] == v) return v;
    }
    return Viseme::Sil;
}

// Halfway between the hiss of the vowels and of SS, when both were heard; else `base`.
float sibilanceBetween(const Sums (&sums)[6], float base) {
    double vowelHiss = 0;
    int vowelWindows = 0;
    for (int c = 0; c < 5; ++c) {
        vowelHiss += sums[c].hiss;
        vowelWindows += sums[c].windows;
    }
    if (vowelWindows < kMinProfileWindows || sums[5].windows < kMinProfileWindows) return base;
    const double between = 0.5 * (vowelHiss / vowelWindows + sums[5].hiss / sums[5].windows);
    return float(std::clamp(between, 0.1, 0.9));
}

}  // namespace

LearnedProfile learnProfile(const std::vector<float>& samples, int rate,
                            const std::vector<speech::Phoneme>& phonemes) {
    VoiceAnalyzer analyzer(rate);
    std::vector<VoiceFrame> frames;
    analyzer.push(samples.data(), samples.size(), frames);
    Sums sums[6];
    for (const VoiceFrame& frame : frames) {
        if (!frame.voiced) continue;
        const Viseme v = classAt(phonemes, frame.audioTime - 0.5 * double(kWindowSeconds));
        const auto c =
            std::find(std::begin(kProfileClasses), std::end(kProfileClasses), v) - kProfileClasses;
        if (c >= 6) continue;
        sums[c].logF1 += std::log2(std::max(1.0f, frame.features.f1));
        sums[c].logF2 += std::log2(std::max(1.0f, frame.features.f2));
        sums[c].hiss += frame.features.sibilance;
        ++sums[c].windows;
    }
    LearnedProfile learned;
    learned.profile = builtInProfile();
    for (int c = 0; c < 6; ++c) {
        ProfileClass out;
        out.viseme = kProfileClasses[c];
        out.windows = sums[c].windows;
        out.learned = sums[c].windows >= kMinProfileWindows;
        for (VowelCentroid& centroid : learned.profile.vowels) {
            if (centroid.viseme != out.viseme) continue;
            if (out.learned) {
                centroid.f1 = float(std::exp2(sums[c].logF1 / sums[c].windows));
                centroid.f2 = float(std::exp2(sums[c].logF2 / sums[c].windows));
            }
            out.f1 = centroid.f1;
            out.f2 = centroid.f2;
        }
        if (c == 5) out.hiss = out.learned ? float(sums[c].hiss / sums[c].windows) : 0.0f;
        learned.classes.push_back(out);
    }
    learned.profile.sibilance = sibilanceBetween(sums, learned.profile.sibilance);
    return learned;
}

int RecordingProfile::learnedClasses() const {
    return int(std::count_if(learned.classes.begin(), learned.classes.end(),
                             [](const ProfileClass& c) { return c.learned; }));
}

morph::Result<RecordingProfile> profileFromRecording(const speech::Audio& audio,
                                                     const std::string& transcript) {
    auto heard = speech::recognizeAudio(audio, transcript);
    if (!heard) return heard.error();
    RecordingProfile out;
    out.fromTranscript = heard->fromTranscript;
    out.learned = learnProfile(audio.samples, audio.sampleRate, speech::asEspeak(heard->phonemes));
    return out;
}

}  // namespace app::voice
