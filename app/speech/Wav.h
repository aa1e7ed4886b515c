#pragma once
// A WAV file's audio as mono float samples at its own rate, and the resampling to the rate the
// recognizer wants. GL-free; `morphview speak --audio` reads its input through it.
//
// Read: RIFF/WAVE with every length checked; PCM 8/16/24/32-bit integer and 32/64-bit float,
// WAVE_FORMAT_EXTENSIBLE too; any number of channels (mixed down to mono); chunks in any order,
// odd-sized ones padded, unknown ones skipped. A data chunk whose size overstates the file (a
// recorder that crashed) gives the whole samples that are there, as players do; a header cut
// short is an error. Limits: a rate of 4 kHz to 384 kHz, at most kMaxWavSeconds of audio.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "morph/Result.h"

namespace app::speech {

inline constexpr double kMaxWavSeconds = 600.0;  // ten minutes: a line, not an audiobook
inline constexpr int kMinWavRate = 4000;
inline constexpr int kMaxWavRate = 384000;

struct Audio {
    int sampleRate = 0;
    std::vector<float> samples;  // mono, -1..1

    float duration() const {
        return sampleRate > 0 ? float(samples.size()) / float(sampleRate) : 0;
    }
};

// The audio in `bytes`; errors say the problem without a file name ("not a RIFF/WAVE file",
// "compressed audio (mu-law) ...").
morph::Result<Audio> readWav(const uint8_t* bytes, size_t size);

// The file at `path`; errors are one line naming the file.
morph::Result<Audio> readWavFile(const std::string& path);

// `audio` at `rate` (libsamplerate's best sinc converter: a proper low-pass before decimating).
// The same audio when it is at that rate already.
morph::Result<Audio> resample(const Audio& audio, int rate);

// The samples as 16-bit PCM, clipped.
std::vector<int16_t> toPcm16(const std::vector<float>& samples);

}  // namespace app::speech
