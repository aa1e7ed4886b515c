#pragma once
// A voice profile learned from one speaker's recording and its phonemes with their times
// (`voice-profile`: speak's aligner gives them): every window the analyzer hears as voice, inside
// a phoneme whose viseme is one the analyzer tells apart (aa E I O U, SS), adds its features to
// that class; each class's centroid is the mean on the analyzer's log-frequency plane. A class
// with fewer than kMinProfileWindows windows keeps the built-in place. GL-free.
#include <vector>

#include "app/speech/Speech.h"
#include "app/voice/VoiceProfileFile.h"

namespace app::voice {

inline constexpr int kMinProfileWindows = 5;  // 50 ms of a class

struct LearnedProfile {
    VoiceProfile profile;               // what the analyzer would use
    std::vector<ProfileClass> classes;  // aa E I O U SS, in that order
};

// `phonemes` as espeak-ng mnemonics (speech::asEspeak for the recognizer's), `samples` at `rate`.
LearnedProfile learnProfile(const std::vector<float>& samples, int rate,
                            const std::vector<speech::Phoneme>& phonemes);

}  // namespace app::voice
