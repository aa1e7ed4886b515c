#pragma once
// A voice profile learned from one speaker's recording and its phonemes with their times
// (`voice-profile`: speak's aligner gives them): every window the analyzer hears as voice, inside
// a phoneme whose viseme is one the analyzer tells apart (aa E I O U, SS), adds its features to
// that class; each class's centroid is the mean on the analyzer's log-frequency plane. A class
// with fewer than kMinProfileWindows windows keeps the built-in place. GL-free.
#include <string>
#include <vector>

#include "app/speech/Speech.h"
#include "app/speech/Wav.h"
#include "app/voice/VoiceProfileFile.h"
#include "morph/Result.h"

namespace app::voice {

inline constexpr int kMinProfileWindows = 5;  // 50 ms of a class

struct LearnedProfile {
    VoiceProfile profile;               // what the analyzer would use
    std::vector<ProfileClass> classes;  // aa E I O U SS, in that order
};

// `phonemes` as espeak-ng mnemonics (speech::asEspeak for the recognizer's), `samples` at `rate`.
LearnedProfile learnProfile(const std::vector<float>& samples, int rate,
                            const std::vector<speech::Phoneme>& phonemes);

// A recording and what it says, learned as `voice-profile` learns it (and the viewer's File >
// Live, from the voice it heard): the transcript aligned by speak's aligner
// (speech::recognizeAudio), then learnProfile over the audio at its own rate. An error is the
// aligner's (a word the dictionary lacks is a usage error), without the file's name.
struct RecordingProfile {
    LearnedProfile learned;
    bool fromTranscript = true;  // false: the transcript did not fit; the phone loop's phonemes
    int learnedClasses() const;  // of the six
};
morph::Result<RecordingProfile> profileFromRecording(const speech::Audio& audio,
                                                     const std::string& transcript);

}  // namespace app::voice
