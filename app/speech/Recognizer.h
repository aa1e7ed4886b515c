#pragma once
// Phonemes heard in 16 kHz speech, with their times, by PocketSphinx as Debian packages it
// (libpocketsphinx 0.8 "5prealpha", the US English model of pocketsphinx-en-us). GL-free;
// `morphview speak --audio` turns them into visemes through the same step as espeak-ng's.
//
// Without a transcript: the phone-loop search with the phonetic language model, its phone
// segments at 100 frames a second. With one: a grammar of the transcript's words in order, the
// words' segments, and each word's phones from the dictionary spread over its segment (a vowel
// gets twice a consonant's share). Either way the long pauses are shortened before decoding and
// the phones are held to the line's voiced stretches (VoiceActivity.h): a phone heard in a pause
// is silence. The decoder is made once per process (loading the model costs about a quarter of a
// second) and used under a lock.
#include <cstdint>
#include <string>
#include <vector>

#include "app/speech/Speech.h"
#include "app/speech/Wav.h"
#include "morph/Result.h"

namespace app::speech {

inline constexpr int kRecognizerRate = 16000;

struct Recognition {
    // ARPAbet in lower case ("hh", "ah", "ow"), "sil" for silence and noise; in time order,
    // covering the audio end to end.
    std::vector<Phoneme> phonemes;
    bool fromTranscript = false;  // false: the phone loop (no transcript, or it did not match)
};

// `samples` at kRecognizerRate. With a non-empty `transcript`, its words must all be in the
// dictionary (an error names the first that is not); when the grammar finds no path through the
// audio, the phone loop's answer comes back instead. Errors: the model missing, no audio.
morph::Result<Recognition> recognize(const std::vector<int16_t>& samples,
                                     const std::string& transcript = {});

// The audio path end to end: `audio` at its own rate, resampled to kRecognizerRate, recognized.
morph::Result<Recognition> recognizeAudio(const Audio& audio, const std::string& transcript = {});

// A WAV file as a line to show, for the viewer's dropped .wav: its audio as 16-bit PCM at its own
// rate and the phonemes heard in it (the phone loop) as espeak-ng mnemonics. Errors name the file.
morph::Result<SpokenLine> hearWavFile(const std::string& path);

// An ARPAbet phone ("aa", "AY", "sil") as espeak-ng's mnemonic ("A:", "aI", "_"), so that both
// paths meet in visemesOf (Visemes.h); "_" for anything it does not know.
std::string espeakOfArpabet(const std::string& arpabet);

// The phonemes with their names as espeak-ng mnemonics (espeakOfArpabet), times kept.
std::vector<Phoneme> asEspeak(const std::vector<Phoneme>& arpabet);

}  // namespace app::speech
