// A live voice's analysis (app/voice/) on code-built signals: vowel-like bursts (a 120 Hz
// harmonic series shaped by two formants) at falling loudness between pauses of 150 to 300 ms.
// The mouth opens in every burst, is shut in every pause, and opens with the loudness; vowels
// at the corners of the formant plane and a hiss are told apart; the ring drops the oldest
// samples past its capacity and the stream's clock moves past them.
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/voice/AudioRing.h"
#include "app/voice/VoiceAnalyzer.h"
#include "app/voice/VoiceMouth.h"
#include "app/voice/VoiceSession.h"
#include "fixtures/VoiceSignals.h"

namespace voice_analysis_test {

namespace {

using app::speech::Viseme;
using app::voice::VoiceFrame;

constexpr int kRate = 22050;  // espeak-ng's rate

// A vowel at (f1, f2): harmonics of 120 Hz (fixtures/VoiceSignals.h), its peak `amplitude`.
std::vector<float> vowel(float seconds, float f1, float f2, float amplitude) {
    fixtures::VowelShape shape;
    shape.amplitude = amplitude;
    shape.rate = kRate;
    return fixtures::syntheticVowel(seconds, f1, f2, shape);
}

// White noise, differentiated: most of its power high, as in /s/.
std::vector<float> hiss(float seconds, float amplitude) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> noise(-1.0f, 1.0f);
    std::vector<float> out(size_t(std::lround(seconds * kRate)));
    float last = 0;
    for (float& s : out) {
        const float v = noise(random);
        s = 0.5f * amplitude * (v - last);
        last = v;
    }
    return out;
}

void append(std::vector<float>& to, const std::vector<float>& more) {
    to.insert(to.end(), more.begin(), more.end());
}

// An ARKit face's mouth: what faceVisemes reads.
std::vector<std::string> arkitMouth() {
    return {"jawOpen",          "mouthClose",        "mouthFunnel",    "mouthPucker",
            "mouthPressLeft",   "mouthPressRight",   "mouthSmileLeft", "mouthSmileRight",
            "mouthStretchLeft", "mouthStretchRight", "mouthRollLower", "mouthShrugUpper",
            "tongueOut"};
}

struct Burst {
    float start, end, amplitude;
};

// The mouth's weights after each frame, and the frames, for `signal` fed in 10 ms blocks.
struct Analysis {
    std::vector<VoiceFrame> frames;
    std::vector<std::map<std::string, float>> weights;
};

Analysis analyse(const std::vector<float>& signal) {
    app::voice::VoiceAnalyzer analyzer(kRate);
    auto face = app::speech::faceVisemes(arkitMouth());
    EXPECT_TRUE(face) << face.error().message;
    app::voice::VoiceMouth mouth(*face);
    Analysis run;
    const size_t block = kRate / 100;
    for (size_t at = 0; at < signal.size(); at += block) {
        std::vector<VoiceFrame> frames;
        analyzer.push(signal.data() + at, std::min(block, signal.size() - at), frames);
        for (const VoiceFrame& f : frames) {
            mouth.apply(f);
            run.frames.push_back(f);
            run.weights.push_back(mouth.weights());
        }
    }
    return run;
}

float sumOf(const std::map<std::string, float>& weights) {
    float sum = 0;
    for (const auto& [name, w] : weights) sum += w;
    return sum;
}

TEST(VoiceAnalysisTest, MouthOpensInBurstsShutsInPausesAndFollowsLoudness) {
    // Loudest first: the running loud level starts from the first burst.
    const std::vector<Burst> bursts = {
        {0.3f, 0.7f, 0.5f}, {0.9f, 1.3f, 0.15f}, {1.45f, 1.85f, 0.3f}, {2.15f, 2.45f, 0.06f}};
    std::vector<float> signal;
    for (const Burst& b : bursts) {
        signal.resize(size_t(std::lround(b.start * kRate)), 0.0f);
        append(signal, vowel(b.end - b.start, 790, 1155, b.amplitude));
    }
    signal.resize(signal.size() + size_t(0.3 * kRate), 0.0f);
    const Analysis run = analyse(signal);
    ASSERT_GT(run.frames.size(), 250u);

    for (const Burst& b : bursts) {
        float most = 0;
        for (size_t i = 0; i < run.frames.size(); ++i) {
            const double t = run.frames[i].audioTime;
            if (t > b.start && t <= b.end) most = std::max(most, run.weights[i].at("jawOpen"));
        }
        EXPECT_GT(most, 0.2f) << "the burst at " << b.start << " s";
    }
    // Shut from 120 ms into each pause (every pause here is 150 ms or more) to its end.
    for (size_t k = 0; k < bursts.size(); ++k) {
        const float from = bursts[k].end + 0.12f;
        const float to = k + 1 < bursts.size() ? bursts[k + 1].start : bursts[k].end + 0.3f;
        for (size_t i = 0; i < run.frames.size(); ++i) {
            const double t = run.frames[i].audioTime;
            if (t >= from && t <= to) {
                EXPECT_EQ(sumOf(run.weights[i]), 0.0f) << "at " << t << " s";
            }
        }
    }
    // Louder bursts open wider: each burst's mean opening is in the order of its loudness.
    std::vector<float> mean(bursts.size());
    for (size_t k = 0; k < bursts.size(); ++k) {
        float sum = 0;
        int count = 0;
        for (size_t i = 0; i < run.frames.size(); ++i) {
            const double t = run.frames[i].audioTime;
            if (t > bursts[k].start + 0.05 && t <= bursts[k].end) {
                sum += run.weights[i].at("jawOpen");
                ++count;
            }
        }
        mean[k] = sum / float(count);
    }
    EXPECT_GT(mean[0], mean[2]);
    EXPECT_GT(mean[2], mean[1]);
    EXPECT_GT(mean[1], mean[3]);
}

TEST(VoiceAnalysisTest, CornerVowelsAndAHissAreToldApart) {
    const auto classOf = [](const std::vector<float>& sound) {
        std::vector<float> window(sound.begin() + 2000,
                                  sound.begin() + 2000 + long(app::voice::kWindowSeconds * kRate));
        return app::voice::nearestViseme(app::voice::spectralFeatures(window, kRate),
                                         app::voice::builtInProfile());
    };
    EXPECT_EQ(classOf(vowel(0.2f, 790, 1155, 0.5f)), Viseme::aa);
    EXPECT_EQ(classOf(vowel(0.2f, 290, 2540, 0.5f)), Viseme::I);
    EXPECT_EQ(classOf(vowel(0.2f, 335, 910, 0.5f)), Viseme::U);
    EXPECT_EQ(classOf(vowel(0.2f, 580, 880, 0.5f)), Viseme::O);
    EXPECT_EQ(classOf(vowel(0.2f, 570, 2085, 0.5f)), Viseme::E);
    EXPECT_EQ(classOf(hiss(0.2f, 0.3f)), Viseme::SS);
}

TEST(VoiceAnalysisTest, SilenceNeverOpensTheMouth) {
    std::vector<float> signal(size_t(kRate), 0.0f);
    append(signal, hiss(0.5f, 0.0005f));  // a quiet room's noise, under the floor's reach
    const Analysis run = analyse(signal);
    for (const auto& w : run.weights) EXPECT_EQ(sumOf(w), 0.0f);
}

TEST(VoiceAnalysisTest, RingDropsTheOldestAndTheClockMovesPastThem) {
    app::voice::AudioRing ring(100);
    std::vector<float> block(70, 0.25f);
    ring.push(block.data(), block.size(), app::voice::AudioClock::now());
    ring.push(block.data(), block.size(), app::voice::AudioClock::now());
    app::voice::AudioRing::Taken taken;
    ring.take(taken);
    EXPECT_EQ(taken.samples.size(), 100u);
    EXPECT_EQ(taken.dropped, 40u);
    EXPECT_EQ(ring.pushed(), 140u);
    ring.take(taken);
    EXPECT_TRUE(taken.samples.empty());
    EXPECT_EQ(taken.dropped, 0u);

    app::voice::VoiceAnalyzer analyzer(kRate);
    analyzer.skip(2 * kRate);
    std::vector<VoiceFrame> frames;
    std::vector<float> second(size_t(kRate), 0.0f);
    analyzer.push(second.data(), second.size(), frames);
    ASSERT_FALSE(frames.empty());
    EXPECT_NEAR(frames.back().audioTime, 3.0, 0.011);  // the last whole hop's end
}

TEST(VoiceAnalysisTest, ListenSpecsNameADeviceOrAFile) {
    using app::voice::parseAudioListenSpec;
    EXPECT_TRUE(parseAudioListenSpec("audio")->name.empty());
    EXPECT_FALSE(parseAudioListenSpec("audio")->file);
    EXPECT_EQ(parseAudioListenSpec("audio:USB Mic")->name, "USB Mic");
    EXPECT_FALSE(parseAudioListenSpec("audio:USB Mic")->file);
    EXPECT_TRUE(parseAudioListenSpec("audio:takes/a line.WAV")->file);
    EXPECT_FALSE(parseAudioListenSpec("audio:"));
    EXPECT_FALSE(app::voice::isAudioListenSpec("audiox"));
}

}  // namespace

}  // namespace voice_analysis_test
