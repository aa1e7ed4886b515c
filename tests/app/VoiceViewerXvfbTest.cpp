// A live voice in the viewer under Xvfb: `morphview FACE --listen audio:FILE.wav --record-stream
// OUT.jsonl` plays a line espeak-ng says (made here, in several voices) as a microphone would
// deliver it, paced by the script's fixed frame clock, with SDL2's dummy audio driver (no sound
// card). The recorded mouth is judged against the audio alone: open in every voiced stretch
// (app/speech/VoiceActivity's offline spans), shut in every pause of 150 ms or more from 130 ms
// into it (the voice's hangover and the mouth's release), its opening correlated with the line's
// loudness. The recording follows the sample clock, so it is the same on a busy machine.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/speech/Speech.h"
#include "app/speech/Visemes.h"
#include "app/speech/VoiceActivity.h"
#include "fixtures/AuditFixtures.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace voice_viewer_xvfb_test {

namespace {

using app::speech::VoicedSpan;

constexpr const char* kLine = "Hello there. How are you today? I am fine, thank you.";

struct Recorded {
    double audioTime;
    float open;  // jawOpen: the face is an ARKit face
    float sum;   // every weight
};

std::vector<Recorded> readRecording(const std::string& path) {
    std::vector<Recorded> lines;
    std::ifstream in(path);
    for (std::string text; std::getline(in, text);) {
        const nlohmann::json j = nlohmann::json::parse(text);
        EXPECT_EQ(j["source"], "audio");
        EXPECT_EQ(j["t"], j["audioTime"]);
        Recorded r{j["audioTime"].get<double>(), j["weights"]["jawOpen"].get<float>(), 0.0f};
        for (const auto& [name, value] : j["weights"].items()) r.sum += value.get<float>();
        lines.push_back(r);
    }
    return lines;
}

// The mouth at `t`: the last line at or before it (shut before the first).
Recorded at(const std::vector<Recorded>& lines, double t) {
    Recorded shown{0, 0, 0};
    for (const Recorded& r : lines) {
        if (r.audioTime > t) break;
        shown = r;
    }
    return shown;
}

double pearson(const std::vector<double>& a, const std::vector<double>& b) {
    const double n = double(a.size());
    double ma = 0, mb = 0;
    for (size_t i = 0; i < a.size(); ++i) ma += a[i] / n, mb += b[i] / n;
    double ab = 0, aa = 0, bb = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        ab += (a[i] - ma) * (b[i] - mb);
        aa += (a[i] - ma) * (a[i] - ma);
        bb += (b[i] - mb) * (b[i] - mb);
    }
    return ab / std::sqrt(aa * bb);
}

void judge(const app::speech::SpokenLine& line, const std::vector<Recorded>& lines,
           const std::string& voice) {
    const std::vector<VoicedSpan> spans = app::speech::voicedSpans(line.samples, line.sampleRate);
    ASSERT_GE(spans.size(), 2u) << voice << ": the line has no pause to judge";
    size_t pauses = 0;
    for (size_t k = 0; k < spans.size(); ++k) {
        float most = 0;
        for (const Recorded& r : lines) {
            if (r.audioTime >= spans[k].start && r.audioTime <= spans[k].end + 0.03)
                most = std::max(most, r.open);
        }
        EXPECT_GT(most, 0.2f) << voice << ": shut in the voice from " << spans[k].start << " s";
        const float end = k + 1 < spans.size() ? spans[k + 1].start : line.duration();
        if (end - spans[k].end < 0.15f) continue;
        ++pauses;
        for (double t = spans[k].end + 0.13; t <= end; t += 0.005) {
            EXPECT_EQ(at(lines, t).sum, 0.0f) << voice << ": open in the pause at " << t << " s";
        }
    }
    EXPECT_GE(pauses, 2u) << voice;
    // The loudness speak reads (100 Hz), against the mouth at each window's end.
    const std::vector<float> loud = app::speech::loudness(line.samples, line.sampleRate);
    std::vector<double> a, b;
    for (size_t i = 0; i < loud.size(); ++i) {
        a.push_back(loud[i]);
        b.push_back(at(lines, double(i) * 0.01 + 0.02).open);
    }
    EXPECT_GT(pearson(a, b), 0.6) << voice;
}

TEST(VoiceViewerXvfbTest, TheMouthFollowsTheVoiceInSeveralVoices) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    // A small ARKit face (fixtures/AuditFixtures.h), since every frame of each line draws it.
    const std::string face = fixtures::writeRig(fixtures::rigWithEyesAndMouth(), dir, "face.glb");
    for (const std::string voice : {"en", "en+f3", "en-us+m3"}) {
        app::speech::VoiceOptions options;
        options.voice = voice;
        auto line = app::speech::speakText(kLine, options);
        ASSERT_TRUE(line) << line.error().message;
        const std::string wav = dir + "/" + voice + ".wav";
        const std::vector<uint8_t> bytes = app::speech::encodeWav(line->samples, line->sampleRate);
        std::ofstream(wav, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        // The script's frames, 1/60 s each: the whole line and a little more.
        const int frames = int(std::ceil(line->duration() * 60.0f)) + 20;
        std::ofstream(dir + "/voice.txt") << "wait " << frames << "\nquit\n";
        const std::string out = dir + "/" + voice + ".jsonl";
        const fixtures::RunOutcome run = fixtures::runMorphviewUnderXvfb(
            {face, "--window-size", "320x240", "--listen", "audio:" + wav, "--record-stream", out,
             "--script", dir + "/voice.txt"},
            "320x240", "", {"SDL_AUDIODRIVER=dummy"});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        EXPECT_NE(run.err.find("listening for audio on " + wav), std::string::npos) << run.err;
        const std::vector<Recorded> lines = readRecording(out);
        ASSERT_GT(lines.size(), 50u) << voice;
        EXPECT_NEAR(lines.back().audioTime, line->duration(), 0.2) << voice;
        judge(*line, lines, voice);
    }
}

TEST(VoiceViewerXvfbTest, BadAudioSourcesAreClearErrors) {
    const fixtures::RunOutcome usage = fixtures::runMorphview({"--listen", "audio:"});
    EXPECT_EQ(usage.exitCode, 2);
    EXPECT_NE(usage.err.find("--listen: 'audio:'"), std::string::npos) << usage.err;
    // A file that is not there: the window opens, says so in one line naming it, runs on.
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/quit.txt") << "wait 2\nquit\n";
    const fixtures::RunOutcome run = fixtures::runMorphviewUnderXvfb(
        {fixtures::bundledFace(), "--window-size", "320x240", "--listen",
         "audio:" + dir + "/missing.wav", "--script", dir + "/quit.txt"},
        "320x240", "", {"SDL_AUDIODRIVER=dummy"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("--listen audio: " + dir + "/missing.wav"), std::string::npos)
        << run.err;
}

TEST(VoiceViewerXvfbTest, CaptureDevicesOpenThroughSdl) {
    // SDL's dummy driver has a default capture device (silence) and no other: the default opens,
    // a name that is no device is one line naming it, and the window runs on.
    const std::string dir = fixtures::caseScratchDir();
    std::ofstream(dir + "/quit.txt") << "wait 10\nquit\n";
    for (const std::string spec : {"audio", "audio:NoSuchDevice"}) {
        const fixtures::RunOutcome run =
            fixtures::runMorphviewUnderXvfb({fixtures::bundledFace(), "--window-size", "320x240",
                                             "--listen", spec, "--script", dir + "/quit.txt"},
                                            "320x240", "", {"SDL_AUDIODRIVER=dummy"});
        EXPECT_EQ(run.exitCode, 0) << run.err;
        const std::string said = spec == "audio"
                                     ? "listening for audio on the default capture device"
                                     : "--listen audio: 'NoSuchDevice' cannot open";
        const size_t at = run.err.find(said);
        EXPECT_NE(at, std::string::npos) << run.err;
        EXPECT_EQ(run.err.find(said, at + 1), std::string::npos) << "said once: " << run.err;
    }
}

}  // namespace

}  // namespace voice_viewer_xvfb_test
