#pragma once
// A voice profile's file (`voice-profile --out`, read by `--voice-profile`): the centroids a
// VoiceAnalyzer classifies against, learned from one speaker. JSON:
//   {"version": 1, "source": "me.wav", "sibilance": 0.42,
//    "classes": {"aa": {"f1": 812, "f2": 1240, "windows": 31, "learned": true}, ...,
//                "SS": {"hiss": 0.71, "windows": 12, "learned": true}}}
// f1 and f2 in Hz (each the geometric mean of the windows': the centroid on the analyzer's
// log-frequency plane), "hiss" the mean share of power over 3.5 kHz, "sibilance" the share over
// which a window is SS. A class the file leaves out keeps the base profile's place; "windows",
// "learned" and "source" are for people and are not read. Reading is GL-free and needs only
// nlohmann-json, so the fuzzer links this file alone.
#include <string>
#include <string_view>
#include <vector>

#include "app/voice/VoiceAnalyzer.h"
#include "morph/Result.h"

namespace app::voice {

inline constexpr int kVoiceProfileVersion = 1;

// The classes a profile places, in the file's order.
inline constexpr speech::Viseme kProfileClasses[] = {speech::Viseme::aa, speech::Viseme::E,
                                                     speech::Viseme::I,  speech::Viseme::O,
                                                     speech::Viseme::U,  speech::Viseme::SS};

// One class as the file lists it.
struct ProfileClass {
    speech::Viseme viseme = speech::Viseme::aa;  // aa E I O U, or SS
    float f1 = 0;                                // Hz, vowels
    float f2 = 0;
    float hiss = 0;  // SS
    int windows = 0;
    bool learned = false;
};

// "aa", "E", "I", "O", "U", "SS".
const char* profileClassName(speech::Viseme viseme);

// `base` with the file's centroids in place of its own. Errors are one line "<file>: <problem>".
morph::Result<VoiceProfile> parseVoiceProfile(std::string_view text, const std::string& file,
                                              const VoiceProfile& base);
morph::Result<VoiceProfile> readVoiceProfile(const std::string& path, const VoiceProfile& base);

// The file's text (ends with a newline).
std::string voiceProfileText(const std::vector<ProfileClass>& classes, float sibilance,
                             const std::string& source);

}  // namespace app::voice
