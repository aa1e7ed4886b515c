// Voice profiles (app/voice/ProfileLearning, VoiceProfileFile, `morphview voice-profile`): a
// profile learned from code-built vowels of a higher voice (every formant 1.3 times the adult
// averages, as in a child's) classifies those vowels better than the built-in one; the reader's
// errors are one line naming the file; and the command learns the vowels of a line espeak-ng
// says, aligned to its transcript.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/speech/Speech.h"
#include "app/speech/Visemes.h"
#include "app/voice/ProfileLearning.h"
#include "app/voice/VoiceAnalyzer.h"
#include "app/voice/VoiceProfileFile.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "fixtures/VoiceSignals.h"

namespace voice_profile_test {

namespace {

using app::speech::Phoneme;
using app::speech::Viseme;
using app::voice::VoiceFrame;

constexpr int kRate = 22050;
constexpr float kShift = 1.3f;

// A vowel at (f1, f2) at 220 Hz, a child's pitch, with wider formants (fixtures/VoiceSignals.h).
std::vector<float> vowel(float seconds, float f1, float f2) {
    fixtures::VowelShape shape;
    shape.pitch = 220;
    shape.width1 = 120;
    shape.width2 = 180;
    shape.rate = kRate;
    return fixtures::syntheticVowel(seconds, f1, f2, shape);
}

const char* mnemonic(Viseme v) {
    switch (v) {
        case Viseme::aa: return "A:";
        case Viseme::E: return "E";
        case Viseme::I: return "i:";
        case Viseme::O: return "O:";
        default: return "u:";
    }
}

// The five vowels of the built-in profile, each formant times kShift, 300 ms each between
// 200 ms pauses, and their phonemes.
struct Shifted {
    std::vector<float> samples;
    std::vector<Phoneme> phonemes;
};
Shifted shiftedVowels() {
    Shifted out;
    for (const app::voice::VowelCentroid& c : app::voice::builtInProfile().vowels) {
        const float start = float(out.samples.size()) / kRate;
        out.phonemes.push_back({start, start + 0.2f, "_"});
        out.samples.insert(out.samples.end(), size_t(0.2f * kRate), 0.0f);
        const std::vector<float> v = vowel(0.3f, c.f1 * kShift, c.f2 * kShift);
        out.samples.insert(out.samples.end(), v.begin(), v.end());
        out.phonemes.push_back({start + 0.2f, start + 0.5f, mnemonic(c.viseme)});
    }
    return out;
}

// The share of voiced windows inside a vowel that `profile` classes as that vowel.
double accuracy(const Shifted& line, const app::voice::VoiceProfile& profile) {
    app::voice::VoiceAnalyzer analyzer(kRate, profile);
    std::vector<VoiceFrame> frames;
    analyzer.push(line.samples.data(), line.samples.size(), frames);
    int right = 0, all = 0;
    for (const VoiceFrame& frame : frames) {
        const double t = frame.audioTime - app::voice::kWindowSeconds;  // the whole window in
        for (const Phoneme& p : line.phonemes) {
            if (p.phoneme == "_" || !frame.voiced || t < p.start || frame.audioTime > p.end)
                continue;
            ++all;
            right += frame.viseme == app::speech::visemesOf(p.phoneme)[0];
        }
    }
    return all > 0 ? double(right) / all : 0;
}

app::voice::VoiceProfile parse(const std::string& text) {
    auto profile = app::voice::parseVoiceProfile(text, "p.json", app::voice::builtInProfile());
    EXPECT_TRUE(profile.ok()) << profile.error().message;
    return profile.ok() ? *profile : app::voice::VoiceProfile{};
}

std::string parseError(const std::string& text) {
    auto profile = app::voice::parseVoiceProfile(text, "p.json", app::voice::builtInProfile());
    return profile.ok() ? "parsed" : profile.error().message;
}

}  // namespace

TEST(VoiceProfile, ALearnedProfileClassifiesAHigherVoiceBetter) {
    const Shifted line = shiftedVowels();
    const app::voice::LearnedProfile learned =
        app::voice::learnProfile(line.samples, kRate, line.phonemes);
    ASSERT_EQ(learned.classes.size(), 6u);
    for (int c = 0; c < 5; ++c) {
        EXPECT_TRUE(learned.classes[size_t(c)].learned) << c;
        EXPECT_GE(learned.classes[size_t(c)].windows, 20) << c;
    }
    EXPECT_FALSE(learned.classes[5].learned);  // no hiss in the line: SS keeps its place
    const double builtIn = accuracy(line, app::voice::builtInProfile());
    const double own = accuracy(line, learned.profile);
    EXPECT_GT(own, builtIn + 0.2) << own << " vs " << builtIn;
    EXPECT_GT(own, 0.85) << own;

    // Written and read back, the same profile.
    const std::string text =
        app::voice::voiceProfileText(learned.classes, learned.profile.sibilance, "line.wav");
    const app::voice::VoiceProfile read = parse(text);
    ASSERT_EQ(read.vowels.size(), 5u);
    for (size_t i = 0; i < 5; ++i) {
        EXPECT_NEAR(read.vowels[i].f1, learned.profile.vowels[i].f1, 0.01f);
        EXPECT_NEAR(read.vowels[i].f2, learned.profile.vowels[i].f2, 0.01f);
    }
}

TEST(VoiceProfile, AClassLeftOutKeepsItsBuiltInPlace) {
    const app::voice::VoiceProfile profile =
        parse(R"({"version": 1, "sibilance": 0.3, "classes": {"I": {"f1": 400, "f2": 3000}}})");
    EXPECT_FLOAT_EQ(profile.sibilance, 0.3f);
    for (const app::voice::VowelCentroid& c : profile.vowels) {
        if (c.viseme == Viseme::I) {
            EXPECT_EQ(c.f1, 400.0f);
            EXPECT_EQ(c.f2, 3000.0f);
        } else if (c.viseme == Viseme::aa) {
            EXPECT_EQ(c.f1, 790.0f);
        }
    }
}

TEST(VoiceProfile, ReaderErrorsAreOneLineNamingTheFile) {
    EXPECT_EQ(parseError("{"), "p.json: not valid JSON");
    EXPECT_EQ(parseError("[1]"), "p.json: not a JSON object");
    EXPECT_EQ(parseError(R"({"classes": {}})"), "p.json: \"version\" is not 1");
    EXPECT_EQ(parseError(R"({"version": 2, "classes": {}})"), "p.json: \"version\" is not 1");
    EXPECT_EQ(parseError(R"({"version": 1})"), "p.json: \"classes\" is not an object");
    EXPECT_EQ(parseError(R"({"version": 1, "classes": {"ee": {}}})"),
              "p.json: unknown class 'ee' (aa, E, I, O, U or SS)");
    EXPECT_EQ(parseError(R"({"version": 1, "classes": {"aa": 3}})"),
              "p.json: classes.aa is not an object");
    EXPECT_EQ(parseError(R"({"version": 1, "classes": {"aa": {"f1": 700}}})"),
              "p.json: classes.aa has no f2");
    EXPECT_EQ(parseError(R"({"version": 1, "classes": {"aa": {"f1": -1, "f2": 1000}}})"),
              "p.json: classes.aa.f1 is not a frequency from 50 to 8000 Hz");
    EXPECT_EQ(parseError(R"({"version": 1, "classes": {"SS": {"hiss": 2}}})"),
              "p.json: classes.SS.hiss is not a number 0 to 1");
    EXPECT_EQ(parseError(R"({"version": 1, "sibilance": "x", "classes": {}})"),
              "p.json: \"sibilance\" is not a number 0 to 1");
    auto missing =
        app::voice::readVoiceProfile("/nonexistent/p.json", app::voice::builtInProfile());
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "/nonexistent/p.json: cannot be read");
}

TEST(VoiceProfile, TheCommandLearnsTheVowelsOfASpokenLine) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string text = "Father sees the blue sea and the red sun.";
    auto line = app::speech::speakText(text);
    ASSERT_TRUE(line.ok());
    const std::vector<uint8_t> wav = app::speech::encodeWav(line->samples, line->sampleRate);
    std::ofstream(dir + "/in.wav", std::ios::binary)
        .write(reinterpret_cast<const char*>(wav.data()), std::streamsize(wav.size()));
    const fixtures::RunOutcome run = fixtures::runMorphview(
        {"voice-profile", dir + "/in.wav", "--text", text, "--out", dir + "/p.json"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    std::ifstream in(dir + "/p.json");
    const nlohmann::json json = nlohmann::json::parse(in);
    EXPECT_EQ(json["version"], 1);
    EXPECT_EQ(json["source"], dir + "/in.wav");
    for (const char* name : {"aa", "E", "I", "U", "SS"}) {
        ASSERT_TRUE(json["classes"].contains(name)) << name;
        EXPECT_TRUE(json["classes"][name]["learned"].get<bool>()) << name << "\n" << run.err;
    }
    EXPECT_TRUE(app::voice::readVoiceProfile(dir + "/p.json", app::voice::builtInProfile()).ok());

    const fixtures::RunOutcome bad = fixtures::runMorphview(
        {"voice-profile", dir + "/p.json", "--text", text, "--out", dir + "/q.json"});
    EXPECT_EQ(bad.exitCode, 3);
    EXPECT_EQ(bad.err.find('\n'), bad.err.size() - 1) << bad.err;
    EXPECT_EQ(bad.err.rfind(dir + "/p.json: ", 0), 0u) << bad.err;
    EXPECT_EQ(fixtures::runMorphview({"voice-profile", dir + "/in.wav"}).exitCode, 2);
}

}  // namespace voice_profile_test
