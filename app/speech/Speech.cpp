#include "app/speech/Speech.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include <espeak-ng/speak_lib.h>

namespace app::speech {
namespace {

// espeak-ng keeps one synthesizer per process, driven through a callback without a context
// pointer: the line being spoken lives here while espeak_Synth runs (under kMutex).
std::mutex kMutex;
SpokenLine* gLine = nullptr;

int collect(short* samples, int count, espeak_EVENT* events) {
    if (samples != nullptr && count > 0)
        gLine->samples.insert(gLine->samples.end(), samples, samples + count);
    for (espeak_EVENT* e = events; e != nullptr && e->type != espeakEVENT_LIST_TERMINATED; ++e) {
        if (e->type != espeakEVENT_PHONEME) continue;
        char name[9] = {};
        std::memcpy(name, e->id.string, 8);
        gLine->phonemes.push_back({float(e->audio_position) / 1000.0f, 0.0f, name});
    }
    return 0;
}

// espeak_Initialize once; the sample rate, or a negative value when it failed.
int initialize() {
    static const int rate =
        espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nullptr,
                          espeakINITIALIZE_PHONEME_EVENTS | espeakINITIALIZE_DONT_EXIT);
    return rate;
}

// Each phoneme ends where the next begins, the last at the audio's end; a pause before the first
// phoneme becomes one.
void closeSegments(SpokenLine& line) {
    const float duration = line.duration();
    if (line.phonemes.empty() || line.phonemes.front().start > 0.0f)
        line.phonemes.insert(line.phonemes.begin(), Phoneme{0.0f, 0.0f, "_"});
    for (size_t i = 0; i < line.phonemes.size(); ++i) {
        Phoneme& p = line.phonemes[i];
        p.start = std::min(p.start, duration);
        p.end = i + 1 < line.phonemes.size() ? std::min(line.phonemes[i + 1].start, duration)
                                             : duration;
    }
    line.phonemes.erase(std::remove_if(line.phonemes.begin(), line.phonemes.end(),
                                       [](const Phoneme& p) { return p.end <= p.start; }),
                        line.phonemes.end());
}

}  // namespace

morph::Result<SpokenLine> speakText(const std::string& text, const VoiceOptions& voice) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        return morph::Error{morph::ErrorCode::Usage, "--text: the line is empty"};
    std::lock_guard<std::mutex> lock(kMutex);
    const int rate = initialize();
    if (rate <= 0) {
        return morph::Error{morph::ErrorCode::Io,
                            "espeak-ng could not start (is espeak-ng-data installed?)"};
    }
    if (espeak_SetVoiceByName(voice.voice.c_str()) != EE_OK)
        return morph::Error{morph::ErrorCode::Usage,
                            "--voice: no espeak-ng voice '" + voice.voice + "'"};
    espeak_SetParameter(espeakRATE, std::clamp(voice.wordsPerMinute, 80, 450), 0);
    SpokenLine line;
    line.sampleRate = rate;
    gLine = &line;
    espeak_SetSynthCallback(collect);
    const espeak_ERROR said = espeak_Synth(text.c_str(), text.size() + 1, 0, POS_CHARACTER, 0,
                                           espeakCHARS_UTF8, nullptr, nullptr);
    espeak_Synchronize();
    gLine = nullptr;
    if (said != EE_OK || line.samples.empty())
        return morph::Error{morph::ErrorCode::Io, "espeak-ng could not speak the line"};
    closeSegments(line);
    return line;
}

std::vector<uint8_t> encodeWav(const std::vector<int16_t>& samples, int sampleRate) {
    std::vector<uint8_t> out;
    const auto u32 = [&out](uint32_t v) {
        for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
    };
    const auto u16 = [&out](uint16_t v) {
        out.push_back(uint8_t(v));
        out.push_back(uint8_t(v >> 8));
    };
    const uint32_t bytes = uint32_t(samples.size() * 2);
    out.insert(out.end(), {'R', 'I', 'F', 'F'});
    u32(36 + bytes);
    out.insert(out.end(), {'W', 'A', 'V', 'E', 'f', 'm', 't', ' '});
    u32(16);
    u16(1);  // PCM
    u16(1);  // mono
    u32(uint32_t(sampleRate));
    u32(uint32_t(sampleRate) * 2);
    u16(2);   // block align
    u16(16);  // bits per sample
    out.insert(out.end(), {'d', 'a', 't', 'a'});
    u32(bytes);
    for (int16_t s : samples) u16(uint16_t(s));
    return out;
}

}  // namespace app::speech
