// What File > Live's recordings of a live voice stand on (app/voice/): the tape of what the
// session took, as long as the stretch of the stream it spans (a stretch the ring dropped is
// silence), its times on the stream's clock, its WAV; and a profile taken up while listening
// changes how the next windows are classed.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/speech/Wav.h"
#include "app/voice/AudioTape.h"
#include "app/voice/VoiceAnalyzer.h"
#include "app/voice/VoiceSession.h"
#include "fixtures/TestPaths.h"
#include "fixtures/VoiceSignals.h"

namespace voice_tape_test {

namespace {

using app::speech::Viseme;

constexpr int kRate = 22050;

std::vector<std::string> arkitMouth() {
    return {"jawOpen",          "mouthClose",        "mouthFunnel",    "mouthPucker",
            "mouthPressLeft",   "mouthPressRight",   "mouthSmileLeft", "mouthSmileRight",
            "mouthStretchLeft", "mouthStretchRight", "mouthRollLower", "mouthShrugUpper",
            "tongueOut"};
}

TEST(VoiceTape, ATapeSpansTheStreamItHeardDroppedSamplesAsSilence) {
    auto session = app::voice::VoiceSession::start(arkitMouth(), kRate, "");
    ASSERT_TRUE(session.ok()) << session.error().message;
    app::voice::VoiceSession& s = **session;
    const std::vector<float> voice = fixtures::syntheticVowel(0.5f, 750, 1200);
    s.ring().push(voice.data(), 5000, app::voice::AudioClock::now());
    s.poll();  // before the tape: not on it
    EXPECT_EQ(s.samplesHeard(), 5000u);

    app::voice::AudioTape tape(s.sampleRate(), s.samplesHeard());
    s.ring().push(voice.data() + 5000, 3000, app::voice::AudioClock::now());
    s.poll();
    tape.add(s.taken());
    // The ring holds 2 s: three more seconds pushed before a poll lose the oldest second.
    const std::vector<float> more(size_t(3 * kRate), 0.25f);
    s.ring().push(more.data(), more.size(), app::voice::AudioClock::now());
    s.poll();
    EXPECT_EQ(s.taken().dropped, uint64_t(kRate));
    tape.add(s.taken());

    ASSERT_EQ(tape.samples().size(), 3000u + more.size());
    EXPECT_EQ(s.samplesHeard(), 5000u + 3000u + more.size());
    EXPECT_EQ(tape.samples()[0], voice[5000]);
    EXPECT_EQ(tape.samples()[3000], 0.0f);  // the dropped second, silent
    EXPECT_EQ(tape.samples()[3000 + kRate], 0.25f);
    EXPECT_DOUBLE_EQ(tape.seconds(), double(tape.samples().size()) / kRate);
    // The newest frame is at most a hop before the tape's end, on the tape's clock.
    EXPECT_LE(tape.secondsAt(s.audioTime()), tape.seconds());
    EXPECT_GT(tape.secondsAt(s.audioTime()), tape.seconds() - 0.011);

    const std::string wav = fixtures::caseScratchDir() + "/tape.wav";
    ASSERT_TRUE(tape.writeWav(wav).ok());
    auto read = app::speech::readWavFile(wav);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->sampleRate, kRate);
    EXPECT_EQ(read->samples.size(), tape.samples().size());
    EXPECT_FALSE(tape.writeWav("/nonexistent/folder/tape.wav").ok());
}

TEST(VoiceTape, ATapeKeepsAtMostItsLimitDroppedSamplesCountingToo) {
    app::voice::AudioTape tape(kRate, 0, 1000);
    app::voice::AudioRing::Taken taken;
    taken.samples.assign(600, 0.5f);
    tape.add(taken);
    EXPECT_FALSE(tape.full());
    taken.dropped = 300;  // silence first, then what fits of the samples
    tape.add(taken);
    ASSERT_EQ(tape.samples().size(), 1000u);
    EXPECT_TRUE(tape.full());
    EXPECT_EQ(tape.samples()[600], 0.0f);
    EXPECT_EQ(tape.samples()[900], 0.5f);
    tape.add(taken);  // full: nothing more
    EXPECT_EQ(tape.samples().size(), 1000u);
    EXPECT_FALSE(app::voice::AudioTape(kRate, 0).full());  // no limit
}

TEST(VoiceTape, AProfileTakenUpClassesTheNextWindowsByIt) {
    app::voice::VoiceAnalyzer analyzer(kRate);
    // An open vowel at the built-in aa's formants.
    const std::vector<float> voice = fixtures::syntheticVowel(0.6f, 790, 1155);
    std::vector<app::voice::VoiceFrame> before, after;
    analyzer.push(voice.data(), voice.size() / 2, before);
    // A speaker whose O sits where this vowel is (and who has no aa).
    app::voice::VoiceProfile profile;
    profile.vowels = {{Viseme::O, 790, 1155}, {Viseme::U, 335, 910}};
    analyzer.setProfile(profile);
    analyzer.push(voice.data() + voice.size() / 2, voice.size() - voice.size() / 2, after);
    ASSERT_FALSE(before.empty());
    ASSERT_FALSE(after.empty());
    EXPECT_EQ(before.back().viseme, Viseme::aa);
    EXPECT_EQ(after.back().viseme, Viseme::O);
}

}  // namespace

}  // namespace voice_tape_test
