// Voice activity from a signal's energy (app/speech/VoiceActivity.h) on code-built signals: tone
// bursts with gaps of known lengths, a click, a noise floor; the long pauses shortened and their
// times mapped back; phones held to the voiced stretches.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/speech/VoiceActivity.h"

namespace voice_activity_test {

namespace {

using app::speech::Phoneme;
using app::speech::VoicedSpan;

constexpr int kRate = 16000;

// A signal built piece by piece: a 220 Hz tone at `amplitude`, or silence, for `seconds`.
struct Signal {
    std::vector<int16_t> samples;

    Signal& tone(float seconds, float amplitude = 8000.0f) {
        const size_t n = size_t(std::lround(seconds * kRate));
        for (size_t i = 0; i < n; ++i) {
            const double t = double(samples.size()) / kRate;
            samples.push_back(int16_t(std::lround(amplitude * std::sin(2.0 * M_PI * 220.0 * t))));
        }
        return *this;
    }
    Signal& silence(float seconds) {
        samples.resize(samples.size() + size_t(std::lround(seconds * kRate)), 0);
        return *this;
    }
};

void expectSpans(const std::vector<VoicedSpan>& spans,
                 const std::vector<std::pair<float, float>>& expected) {
    ASSERT_EQ(spans.size(), expected.size());
    for (size_t i = 0; i < spans.size(); ++i) {
        EXPECT_NEAR(spans[i].start, expected[i].first, 0.0101f) << i;
        EXPECT_NEAR(spans[i].end, expected[i].second, 0.0101f) << i;
    }
}

TEST(VoiceActivity, PausesSplitTheVoiceAndShortGapsDoNot) {
    // 80 ms inside a word (a stop's closure) stays voice; 200 ms is a pause; the silence at the
    // line's ends is silence however short.
    Signal s;
    s.silence(0.05f).tone(0.4f).silence(0.08f).tone(0.3f).silence(0.2f).tone(0.5f).silence(0.3f);
    expectSpans(app::speech::voicedSpans(s.samples, kRate), {{0.05f, 0.83f}, {1.03f, 1.53f}});
}

TEST(VoiceActivity, AClickIsNotVoiceButAQuietSyllableIs) {
    // 20 ms at full level between pauses is a click; a syllable 28 dB under the line's voice
    // (over the -40 dB threshold) is voice.
    Signal s;
    s.tone(0.5f)
        .silence(0.3f)
        .tone(0.02f)
        .silence(0.3f)
        .tone(0.2f, 300.0f)
        .silence(0.3f)
        .tone(0.5f);
    expectSpans(app::speech::voicedSpans(s.samples, kRate),
                {{0.0f, 0.5f}, {1.12f, 1.32f}, {1.62f, 2.12f}});
}

TEST(VoiceActivity, ANoiseFloorIsSilence) {
    // Speech over noise 28 dB under it: the noise between the words is a pause.
    Signal s;
    s.tone(0.5f).silence(0.4f).tone(0.5f);
    uint32_t state = 1;
    for (int16_t& v : s.samples) {
        state = state * 1664525u + 1013904223u;
        v = int16_t(std::clamp(int(v) + int(state >> 16) % 801 - 400, -32768, 32767));
    }
    expectSpans(app::speech::voicedSpans(s.samples, kRate), {{0.0f, 0.5f}, {0.9f, 1.4f}});
    EXPECT_TRUE(app::speech::voicedSpans(std::vector<int16_t>(16000, 0), kRate).empty());
}

TEST(VoiceActivity, LongPausesAreShortenedAndTimesMapBack) {
    Signal s;
    s.silence(1.0f).tone(0.5f).silence(0.2f).tone(0.5f).silence(2.0f).tone(0.5f).silence(1.0f);
    const auto spans = app::speech::voicedSpans(s.samples, kRate);
    ASSERT_EQ(spans.size(), 3u);
    const app::speech::ShortenedAudio heard =
        app::speech::shortenPauses(s.samples, kRate, spans, 0.3f, 0.1f);
    // 0.1 lead-in + 0.5 + 0.2 (kept whole) + 0.5 + 0.3 + 0.5 + 0.15 after.
    EXPECT_NEAR(double(heard.samples.size()) / kRate, 2.25, 0.011);
    EXPECT_NEAR(heard.toLine(0.1f), spans[0].start, 1e-3f);
    EXPECT_NEAR(heard.toLine(0.85f), spans[1].start + 0.05f, 1e-3f);
    // The third burst starts 0.15 s after the first half of the shortened pause.
    EXPECT_NEAR(heard.toLine(1.6f), spans[2].start, 1e-3f);
    EXPECT_NEAR(heard.toLine(2.0f), spans[2].start + 0.4f, 1e-3f);
    // The same samples where they were kept.
    const size_t line = size_t(std::lround(spans[2].start * kRate)) + 100;
    EXPECT_EQ(heard.samples[size_t(std::lround(1.6 * kRate)) + 100], s.samples[line]);
}

TEST(VoiceActivity, PhonesAreHeldToTheVoice) {
    const std::vector<VoicedSpan> spans = {{0.1f, 0.6f}, {0.9f, 1.4f}};
    const std::vector<Phoneme> phones = {
        {0.15f, 0.3f, "hh"},   {0.3f, 0.7f, "ah"},  // the vowel runs on into the pause
        {0.7f, 0.85f, "ay"},                        // heard in the pause alone
        {0.85f, 0.95f, "sil"}, {0.95f, 1.2f, "m"}, {1.2f, 1.3f, "ow"},
    };
    const std::vector<Phoneme> held = app::speech::holdToVoice(phones, spans, "sil");
    ASSERT_EQ(held.size(), 4u);
    EXPECT_EQ(held[0].phoneme, "hh");
    EXPECT_FLOAT_EQ(held[0].start, 0.1f);  // the span's first phone starts with it
    EXPECT_EQ(held[1].phoneme, "ah");
    EXPECT_FLOAT_EQ(held[1].end, 0.6f);  // cut where the voice ends
    EXPECT_EQ(held[2].phoneme, "m");
    EXPECT_FLOAT_EQ(held[2].start, 0.9f);
    EXPECT_EQ(held[3].phoneme, "ow");
    EXPECT_FLOAT_EQ(held[3].end, 1.4f);  // and the last ends with it
}

}  // namespace

}  // namespace voice_activity_test
