// `morphview speak --audio`: a WAV heard by PocketSphinx, its phonemes in ARPAbet, the audio
// written back as 16-bit mono PCM at its own rate; bad input as one line; the accuracy against
// espeak-ng's own phonemes on two lines (loose bounds; build/tests/bench/SpeechAccuracy prints
// the full table); and the mouth following the audio alone, judged from the loudness without
// the phonemes, on the ARKit-only avatar and on faces with Oculus visemes and with VRM's vowels.
#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/speech/Recognizer.h"
#include "app/speech/Visemes.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/SpeechAccuracy.h"
#include "fixtures/TestPaths.h"
#include "fixtures/WavFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace speech_audio_test {

namespace {

namespace fs = std::filesystem;

// speak with no ffmpeg on PATH: these tests check the WAV, visemes.json and speech.glb, and the
// MP4 ffmpeg would add is the clip drawn frame by frame (7 of a run's 7.3 s); SpeakTest checks it.
fixtures::RunOutcome runMorphview(const std::vector<std::string>& args) {
    return fixtures::runMorphview(args, {}, {"PATH=/nonexistent"});
}

std::string face() {
    return (fs::path(MORPHVIEW_SOURCE_DIR) / "assets" / "face.glb").string();
}

void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// A line said by espeak-ng as 32-bit float stereo at 44.1 kHz: a file `speak` must convert.
std::vector<uint8_t> floatStereoWav(const std::string& text, size_t* frames) {
    auto line = app::speech::speakText(text);
    EXPECT_TRUE(line.ok());
    app::speech::Audio audio;
    audio.sampleRate = line->sampleRate;
    for (int16_t s : line->samples) audio.samples.push_back(float(s) / 32768.0f);
    auto at44 = app::speech::resample(audio, 44100);
    EXPECT_TRUE(at44.ok());
    fixtures::WavSpec spec;
    spec.format = 3;
    spec.bits = 32;
    spec.channels = 2;
    spec.rate = 44100;
    spec.extensible = true;
    for (float s : at44->samples) {
        for (int c = 0; c < 2; ++c) {
            uint32_t bits;
            std::memcpy(&bits, &s, 4);
            fixtures::putLe(spec.data, bits, 4);
        }
    }
    *frames = at44->samples.size();
    return fixtures::wavBytes(spec);
}

TEST(SpeechAudio, HearsAWavAndWritesTheThreeFiles) {
    const std::string dir = fixtures::caseScratchDir();
    size_t frames = 0;
    writeBytes(dir + "/in.wav", floatStereoWav("Please open the window.", &frames));
    const fixtures::RunOutcome run =
        runMorphview({"speak", face(), "--audio", dir + "/in.wav", "--out-dir", dir + "/out"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("PocketSphinx, the phone loop"), std::string::npos) << run.out;

    auto written = app::speech::readWavFile(dir + "/out/speech.wav");
    ASSERT_TRUE(written.ok()) << written.error().message;
    EXPECT_EQ(written->sampleRate, 44100);
    EXPECT_EQ(written->samples.size(), frames);
    std::ifstream wav(dir + "/out/speech.wav", std::ios::binary);
    char header[36] = {};
    wav.read(header, 36);
    EXPECT_EQ(header[20] | (header[21] << 8), 1);  // PCM
    EXPECT_EQ(header[22], 1);                      // mono
    EXPECT_EQ(header[34], 16);                     // bits

    std::ifstream in(dir + "/out/visemes.json");
    const nlohmann::json json = nlohmann::json::parse(in);
    ASSERT_GT(json["phonemes"].size(), 5u);
    for (const nlohmann::json& p : json["phonemes"]) {
        const std::string name = p["phoneme"];
        EXPECT_TRUE(name == "sil" || app::speech::espeakOfArpabet(name) != "_") << name;
    }
    EXPECT_TRUE(json["tracks"].contains("jawOpen"));
    auto spoken = morph::importGltf(dir + "/out/speech.glb");
    ASSERT_TRUE(spoken.ok()) << spoken.error().message;
    EXPECT_EQ(spoken->animations.back().name, "speech");
}

TEST(SpeechAudio, ATranscriptGivesItsWords) {
    const std::string dir = fixtures::caseScratchDir();
    auto line = app::speech::speakText("Bob made a map.");
    ASSERT_TRUE(line.ok());
    writeBytes(dir + "/in.wav", app::speech::encodeWav(line->samples, line->sampleRate));
    const fixtures::RunOutcome run = runMorphview({"speak", face(), "--audio", dir + "/in.wav",
                                                   "--text", "Bob made a map.", "--out-dir", dir});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("the transcript's words"), std::string::npos) << run.out;
    std::ifstream in(dir + "/visemes.json");
    const nlohmann::json json = nlohmann::json::parse(in);
    std::string heard;
    for (const nlohmann::json& p : json["phonemes"]) heard += p["phoneme"].get<std::string>() + " ";
    // espeak-ng's line starts with 13 ms of silence (its own phonemes say so too).
    EXPECT_EQ(heard, "sil b aa b m ey d ah m ae p sil ");
}

TEST(SpeechAudio, BadInputIsOneLine) {
    const std::string dir = fixtures::caseScratchDir();
    writeBytes(dir + "/mulaw.wav", fixtures::wavBytes({7, 1, 8000, 8, false, false, false, {1}}));
    const fixtures::RunOutcome bad =
        runMorphview({"speak", face(), "--audio", dir + "/mulaw.wav", "--out-dir", dir});
    EXPECT_EQ(bad.exitCode, 3);
    EXPECT_EQ(bad.err, dir + "/mulaw.wav: compressed audio (mu-law); only PCM and float WAV\n");
    const fixtures::RunOutcome neither = runMorphview({"speak", face(), "--out-dir", dir});
    EXPECT_EQ(neither.exitCode, 2);
    EXPECT_EQ(neither.err, "speak: --text LINE or --audio FILE.wav is required\n");
    auto line = app::speech::speakText("hello");
    ASSERT_TRUE(line.ok());
    writeBytes(dir + "/hello.wav", app::speech::encodeWav(line->samples, line->sampleRate));
    const fixtures::RunOutcome unknown =
        runMorphview({"speak", face(), "--audio", dir + "/hello.wav", "--text", "hello zzxqv",
                      "--out-dir", dir});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_EQ(unknown.err, dir + "/hello.wav: --text: 'zzxqv' is not in the dictionary\n");
}

// Two of the bench's lines (build/tests/bench/SpeechAccuracy), measured there: onset medians 17
// to 21 ms both ways, 90th percentiles 52 and 64 ms with the transcript, 73 and 80% of the time
// in the right class with it, 55 and 63% without. The bounds leave room for another build of
// PocketSphinx.
TEST(SpeechAudio, OnsetsAndClassesAgainstEspeakNg) {
    for (bool transcript : {false, true}) {
        std::vector<float> errors;
        float right = 0, time = 0;
        for (const char* line : {"Peter bought a bamboo fish.",
                                 "Yesterday the children played football on the beach."}) {
            const fixtures::LineAccuracy a = fixtures::measureLine(line, transcript);
            ASSERT_TRUE(a.error.empty()) << a.error;
            errors.insert(errors.end(), a.onsetErrors.begin(), a.onsetErrors.end());
            right += a.classShare * a.duration;
            time += a.duration;
        }
        EXPECT_LT(fixtures::quantile(errors, 0.5f), 0.05f) << "transcript " << transcript;
        EXPECT_GT(right / time, transcript ? 0.6f : 0.45f) << "transcript " << transcript;
        if (transcript) {
            EXPECT_LT(fixtures::quantile(errors, 0.9f), 0.15f);
        }
    }
}

// Runs of 10 ms frames where `inside` holds, at least `frames` long: their middle frames.
std::vector<size_t> runMiddles(const std::vector<float>& loud, bool (*inside)(float),
                               size_t frames) {
    std::vector<size_t> middles;
    size_t start = 0;
    for (size_t i = 0; i <= loud.size(); ++i) {
        if (i < loud.size() && inside(loud[i])) continue;
        if (i - start >= frames) middles.push_back((start + i) / 2);
        start = i + 1;
    }
    return middles;
}

// Two lines with pauses around and between them, 22 kHz, heard from the audio alone: the
// samples and the phonemes as espeak-ng mnemonics.
struct Heard {
    std::vector<int16_t> samples;
    int sampleRate = 0;
    std::vector<app::speech::Phoneme> mnemonics;
};

Heard hearTwoLines() {
    Heard out;
    auto a = app::speech::speakText("Bob made a map of every bay.");
    auto b = app::speech::speakText("Would you like a cup of tea?");
    EXPECT_TRUE(a.ok() && b.ok());
    out.sampleRate = a->sampleRate;
    out.samples.resize(size_t(a->sampleRate * 3 / 10), 0);
    out.samples.insert(out.samples.end(), a->samples.begin(), a->samples.end());
    out.samples.resize(out.samples.size() + size_t(a->sampleRate / 2), 0);
    out.samples.insert(out.samples.end(), b->samples.begin(), b->samples.end());
    out.samples.resize(out.samples.size() + size_t(a->sampleRate * 3 / 10), 0);
    app::speech::Audio audio{a->sampleRate, {}};
    for (int16_t s : out.samples) audio.samples.push_back(float(s) / 32768.0f);
    auto heard = app::speech::recognizeAudio(audio);
    EXPECT_TRUE(heard.ok());
    if (heard.ok()) out.mnemonics = app::speech::asEspeak(heard->phonemes);
    return out;
}

// Judged without the phonemes: at least 0.3 open in the middle of every voiced stretch
// (loudness at least 0.3 of the line's loud level for 100 ms), at most 0.15 in the middle of
// every pause of 150 ms (loudness under 0.02), openness correlated with loudness.
void expectMouthFollows(const Heard& heard, const std::vector<std::string>& names,
                        app::speech::FaceKind kind) {
    auto face = app::speech::faceVisemes(names);
    ASSERT_TRUE(face.ok()) << face.error().message;
    ASSERT_EQ(face->kind, kind);
    const char* label = app::speech::faceKindName(kind);
    const std::vector<float> loud = app::speech::loudness(heard.samples, heard.sampleRate);
    const float duration = float(heard.samples.size()) / float(heard.sampleRate);
    const app::speech::Tracks tracks =
        app::speech::visemeTracks(heard.mnemonics, *face, duration, loud);
    const auto voiced = runMiddles(
        loud, [](float l) { return l >= 0.3f; }, 10);
    const auto pauses = runMiddles(
        loud, [](float l) { return l < 0.02f; }, 15);
    EXPECT_GE(voiced.size(), 4u);
    EXPECT_GE(pauses.size(), 3u);
    for (size_t i : voiced)
        EXPECT_GE(fixtures::openness(tracks, float(i) * 0.01f), 0.3f)
            << label << " voiced at " << i;
    for (size_t i : pauses)
        EXPECT_LE(fixtures::openness(tracks, float(i) * 0.01f), 0.15f)
            << label << " pause at " << i;
    double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    const double n = double(loud.size());
    for (size_t i = 0; i < loud.size(); ++i) {
        const double x = loud[i], y = fixtures::openness(tracks, float(i) * 0.01f);
        sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
    }
    const double r = (n * sxy - sx * sy) / std::sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
    EXPECT_GT(r, 0.6) << label;
}

// On the Ready Player Me avatar (ARKit's 52, no visemes), on a face with the 15 Oculus visemes
// and on one with VRM's vowels (their names are all the tracks need).
TEST(SpeechAudio, TheMouthFollowsTheAudioAlone) {
    const Heard heard = hearTwoLines();
    auto avatar = morph::importGltf(fixtures::avatarPath("RPM_VisageMale/male.glb"));
    ASSERT_TRUE(avatar.ok()) << avatar.error().message;
    expectMouthFollows(heard, morph::sceneTargetNames(*avatar), app::speech::FaceKind::Arkit);
    std::vector<std::string> oculus;
    for (size_t v = 0; v < app::speech::kVisemeCount; ++v)
        oculus.push_back(std::string("viseme_") + app::speech::visemeName(app::speech::Viseme(v)));
    expectMouthFollows(heard, oculus, app::speech::FaceKind::Oculus);
    expectMouthFollows(heard, {"aa", "ih", "ou", "ee", "oh"}, app::speech::FaceKind::Vrm);
}

// A long line by another voice and rate than `speak --text` uses (British received
// pronunciation with the f3 variant at 95 words a minute, 48 kHz stereo, 12 s with pauses of a
// fifth to three quarters of a second at its commas and full stops), heard from its audio alone
// and judged from its signal (tests/fixtures/SpeechAccuracy.h): the mouth at most 0.15 open at
// the middle of every pause of 150 ms or more and at least 0.3 open somewhere in the middle half
// of every burst between them, on the ARKit mouth, the Oculus visemes and VRM's vowels. Before
// the voice activity held the phones to the voiced stretches, PocketSphinx's times came back
// early after each long pause (its front end dropped the pause's frames) and the mouth was 0.25
// open in the middle of a 340 ms pause.
TEST(SpeechAudio, PausesInALongLineByAnotherVoiceCloseTheMouth) {
    fixtures::LineSpec spec;
    spec.text =
        "Wait. Listen. The bells are ringing in the valley, far away, and the birds are "
        "quiet. Nobody moves.";
    spec.voice = "en-gb-x-rp+f3";
    spec.wordsPerMinute = 95;
    spec.fileRate = 48000;
    spec.channels = 2;
    const fixtures::HeardLine heard = fixtures::hearLine(spec, false);
    ASSERT_TRUE(heard.error.empty()) << heard.error;
    EXPECT_GT(heard.spoken.duration(), 10.0f);
    std::vector<std::string> oculus;
    for (size_t v = 0; v < app::speech::kVisemeCount; ++v)
        oculus.push_back(std::string("viseme_") + app::speech::visemeName(app::speech::Viseme(v)));
    for (const auto& names : {std::vector<std::string>{}, oculus,
                              std::vector<std::string>{"aa", "ih", "ou", "ee", "oh"}}) {
        const app::speech::FaceVisemes face =
            names.empty() ? fixtures::arkitFace() : *app::speech::faceVisemes(names);
        const fixtures::LineAccuracy a = fixtures::accuracyOf(heard, face);
        const char* label = app::speech::faceKindName(face.kind);
        EXPECT_GE(a.pauses, 4) << label;
        EXPECT_GE(a.bursts, 5) << label;
        EXPECT_EQ(a.pausesClosed, a.pauses) << label << ": open " << a.widestPause;
        EXPECT_EQ(a.burstsOpened, a.bursts) << label << ": open " << a.shyestBurst;
    }
}

}  // namespace

}  // namespace speech_audio_test
