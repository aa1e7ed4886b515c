#pragma once
// A line of text spoken by espeak-ng (Debian's libespeak-ng): its audio, 16-bit mono PCM, and the
// phonemes espeak-ng says it spoke, with their times. GL-free; `morphview speak --text` turns it
// into visemes (Visemes.h).
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace app::speech {

// One phoneme in espeak-ng's English mnemonics ("h", "@", "oU", "_:" for a pause), seconds.
struct Phoneme {
    float start = 0;
    float end = 0;
    std::string phoneme;
};

struct SpokenLine {
    int sampleRate = 0;
    std::vector<int16_t> samples;
    std::vector<Phoneme> phonemes;  // in time order, covering the audio end to end

    float duration() const {
        return sampleRate > 0 ? float(samples.size()) / float(sampleRate) : 0;
    }
};

struct VoiceOptions {
    std::string voice = "en";  // an espeak-ng voice name ("en", "en-us", "en+f3", ...)
    int wordsPerMinute = 160;  // espeak-ng's rate, 80 to 450
};

// Speaks `text` (UTF-8). Errors: espeak-ng cannot start (its data missing), an unknown voice, an
// empty line.
morph::Result<SpokenLine> speakText(const std::string& text, const VoiceOptions& voice = {});

// The audio as a WAV file: a plain RIFF header, 16-bit PCM, mono.
std::vector<uint8_t> encodeWav(const std::vector<int16_t>& samples, int sampleRate);

}  // namespace app::speech
