// libFuzzer entry for the WAV reader (app/speech/Wav): any bytes give mono samples in -1..1 at a
// rate within the limits, or one clean error line, never a crash, a read out of bounds or a
// leak. What it reads is resampled to the recognizer's 16 kHz (its first second, so an input
// stays quick) and written as 16-bit PCM, as `speak --audio` does.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "app/speech/Wav.h"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "WavFuzzer: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto audio = app::speech::readWav(data, size);
    if (!audio.ok()) {
        const std::string& message = audio.error().message;
        if (message.empty() || message.find('\n') != std::string::npos) fail("a bad error line");
        return 0;
    }
    if (audio->samples.empty()) fail("audio without samples");
    if (audio->sampleRate < app::speech::kMinWavRate ||
        audio->sampleRate > app::speech::kMaxWavRate)
        fail("a rate outside the limits");
    for (float s : audio->samples) {
        if (!(s >= -1.0f && s <= 1.0f)) fail("a sample outside -1..1");
    }
    if (audio->samples.size() > size_t(audio->sampleRate)) audio->samples.resize(audio->sampleRate);
    auto at16k = app::speech::resample(*audio, 16000);
    if (!at16k.ok()) fail("resampling failed");
    const size_t expected = audio->samples.size() * 16000 / size_t(audio->sampleRate);
    if (at16k->samples.size() + 2 < expected || at16k->samples.size() > expected + 2)
        fail("resampling gave the wrong length");
    if (app::speech::toPcm16(at16k->samples).size() != at16k->samples.size())
        fail("16-bit PCM of another length");
    return 0;
}
