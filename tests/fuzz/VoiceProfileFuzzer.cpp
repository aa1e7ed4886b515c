// libFuzzer entry for a voice profile (--voice-profile, app/voice/VoiceProfileFile.cpp): any
// bytes give a profile or one clean error line naming the file, never a crash. A profile read
// keeps the five vowels with finite, positive formants and a sibilance share 0 to 1, and is
// written and read back to the same profile.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/voice/VoiceProfileFile.h"

namespace {

using app::speech::Viseme;

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "VoiceProfileFuzzer: %s\n", what);
    std::abort();
}

// The built-in profile's shape (VoiceAnalyzer.cpp is not linked here).
app::voice::VoiceProfile base() {
    return {{{Viseme::aa, 790, 1155},
             {Viseme::E, 570, 2085},
             {Viseme::I, 290, 2540},
             {Viseme::O, 580, 880},
             {Viseme::U, 335, 910}},
            0.5f};
}

void check(const app::voice::VoiceProfile& profile) {
    if (profile.vowels.size() != 5) fail("a profile without its five vowels");
    for (const app::voice::VowelCentroid& c : profile.vowels) {
        if (!(std::isfinite(c.f1) && c.f1 > 0 && std::isfinite(c.f2) && c.f2 > 0))
            fail("a formant that is not finite and positive");
    }
    if (!(profile.sibilance >= 0 && profile.sibilance <= 1)) fail("a sibilance share past 0-1");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto profile = app::voice::parseVoiceProfile(text, "voice.json", base());
    if (!profile.ok()) {
        const std::string& message = profile.error().message;
        if (message.rfind("voice.json: ", 0) != 0 || message.find('\n') != std::string::npos)
            fail("an error that is not one line naming the file");
        return 0;
    }
    check(*profile);
    std::vector<app::voice::ProfileClass> classes;
    for (const app::voice::VowelCentroid& c : profile->vowels)
        classes.push_back({c.viseme, c.f1, c.f2, 0, 1, true});
    const std::string written = app::voice::voiceProfileText(classes, profile->sibilance, "x.wav");
    const auto again = app::voice::parseVoiceProfile(written, "voice.json", base());
    if (!again.ok()) fail("a profile written that does not read back");
    for (size_t i = 0; i < 5; ++i) {
        if (again->vowels[i].f1 != profile->vowels[i].f1 ||
            again->vowels[i].f2 != profile->vowels[i].f2)
            fail("a profile that reads back different");
    }
    if (again->sibilance != profile->sibilance) fail("a sibilance that reads back different");
    return 0;
}
