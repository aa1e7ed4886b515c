// `morphview speak`: espeak-ng's phonemes as visemes (the table), each face's way of showing them
// (Oculus visemes, VRM vowels, ARKit's mouth, through the name table), the coarticulated tracks
// (closed on pauses, open on vowels, released within 75 ms), and the command's three files:
// speech.wav (plain 16-bit PCM), visemes.json (its keys) and speech.glb (a `speech` animation over
// every mesh with the targets, as long as the audio, its extras naming the audio).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/record/Recording.h"
#include "app/speech/Speech.h"
#include "app/speech/Visemes.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"

namespace speak_test {

namespace {

namespace fs = std::filesystem;
using app::speech::Viseme;
using fixtures::runMorphview;

std::string face() {
    return (fs::path(MORPHVIEW_SOURCE_DIR) / "assets" / "face.glb").string();
}

TEST(Speak, PhonemesBecomeVisemes) {
    using V = std::vector<Viseme>;
    EXPECT_EQ(app::speech::visemesOf("p"), V{Viseme::PP});
    EXPECT_EQ(app::speech::visemesOf("m"), V{Viseme::PP});
    EXPECT_EQ(app::speech::visemesOf("f"), V{Viseme::FF});
    EXPECT_EQ(app::speech::visemesOf("T"), V{Viseme::TH});
    EXPECT_EQ(app::speech::visemesOf("tS"), V{Viseme::CH});
    EXPECT_EQ(app::speech::visemesOf("A:"), V{Viseme::aa});
    EXPECT_EQ(app::speech::visemesOf("u:"), V{Viseme::U});
    EXPECT_EQ(app::speech::visemesOf("aI"), (V{Viseme::aa, Viseme::I}));
    EXPECT_EQ(app::speech::visemesOf("oU"), (V{Viseme::O, Viseme::U}));
    EXPECT_EQ(app::speech::visemesOf("_:"), V{Viseme::Sil});
    EXPECT_EQ(app::speech::visemesOf("@L"), V{Viseme::E});
}

TEST(Speak, EachFaceSpeaksWithWhatItHas) {
    std::vector<std::string> oculus;
    for (const char* v :
         {"sil", "PP", "FF", "TH", "DD", "kk", "CH", "SS", "nn", "RR", "aa", "E", "I", "O", "U"})
        oculus.push_back(std::string("viseme_") + v);
    auto withVisemes = app::speech::faceVisemes(oculus);
    ASSERT_TRUE(withVisemes.ok());
    EXPECT_EQ(withVisemes->kind, app::speech::FaceKind::Oculus);
    EXPECT_EQ(withVisemes->shapes[size_t(Viseme::PP)].front().first, "viseme_PP");

    // VRM 0.x's vowels, in its spelling.
    auto vrm = app::speech::faceVisemes({"A", "I", "U", "E", "O", "Blink"});
    ASSERT_TRUE(vrm.ok()) << vrm.error().message;
    EXPECT_EQ(vrm->kind, app::speech::FaceKind::Vrm);
    EXPECT_EQ(vrm->shapes[size_t(Viseme::aa)].front().first, "A");

    // ARKit in another spelling: the file's names come back.
    auto arkit = app::speech::faceVisemes({"JawOpen", "mouth_funnel", "MouthPucker", "eyeBlink_L"});
    ASSERT_TRUE(arkit.ok());
    EXPECT_EQ(arkit->kind, app::speech::FaceKind::Arkit);
    EXPECT_EQ(arkit->shapes[size_t(Viseme::aa)].front().first, "JawOpen");
    EXPECT_TRUE(arkit->shapes[size_t(Viseme::PP)].empty());  // no mouthClose or presses here

    EXPECT_FALSE(app::speech::faceVisemes({"thin", "angle"}).ok());
}

// The weight of a track at t, linear between its keys.
float at(const std::vector<std::pair<float, float>>& keys, float t) {
    for (size_t i = 1; i < keys.size(); ++i) {
        if (t <= keys[i].first) {
            const auto& [t0, w0] = keys[i - 1];
            const auto& [t1, w1] = keys[i];
            return w0 + (w1 - w0) * (t - t0) / (t1 - t0);
        }
    }
    return keys.back().second;
}

TEST(Speak, TheMouthOpensOnVowelsAndClosesOnPauses) {
    auto face = app::speech::faceVisemes({"jawOpen", "mouthClose", "mouthPressLeft",
                                          "mouthPressRight", "mouthFunnel", "mouthPucker"});
    ASSERT_TRUE(face.ok());
    // "ba", a 300 ms pause, "ma": the jaw opens on each vowel, is shut in the pause's middle, and
    // is released within 75 ms of the vowel's end.
    const std::vector<app::speech::Phoneme> phonemes = {
        {0.0f, 0.1f, "_"},  {0.1f, 0.18f, "b"},  {0.18f, 0.4f, "A:"}, {0.4f, 0.7f, "_:"},
        {0.7f, 0.78f, "m"}, {0.78f, 1.0f, "A:"}, {1.0f, 1.2f, "_"}};
    const app::speech::Tracks tracks = app::speech::visemeTracks(phonemes, *face, 1.2f, {});
    const auto& jaw = tracks.at("jawOpen");
    EXPECT_GE(at(jaw, 0.29f), 0.6f);
    EXPECT_GE(at(jaw, 0.89f), 0.6f);
    EXPECT_LE(at(jaw, 0.55f), 0.01f);
    EXPECT_LE(at(jaw, 0.4f + 0.076f), 0.01f);
    EXPECT_LE(at(jaw, 0.05f), 0.01f);
    // The lips pressed on /b/ and /m/.
    EXPECT_GE(at(tracks.at("mouthPressLeft"), 0.14f), 0.3f);
    EXPECT_GE(at(tracks.at("mouthPressLeft"), 0.74f), 0.3f);
}

TEST(Speak, TextToSpeechGivesItsPhonemesInTime) {
    auto line = app::speech::speakText("Peter bought a bamboo fish.");
    ASSERT_TRUE(line.ok()) << line.error().message;
    EXPECT_GT(line->sampleRate, 8000);
    EXPECT_GT(line->duration(), 0.8f);
    ASSERT_GT(line->phonemes.size(), 10u);
    EXPECT_EQ(line->phonemes.front().start, 0.0f);
    EXPECT_FLOAT_EQ(line->phonemes.back().end, line->duration());
    for (size_t i = 1; i < line->phonemes.size(); ++i)
        EXPECT_FLOAT_EQ(line->phonemes[i].start, line->phonemes[i - 1].end);
    EXPECT_FALSE(app::speech::speakText("  ").ok());
    EXPECT_FALSE(app::speech::speakText("hi", {"no-such-voice", 160}).ok());
}

std::vector<uint8_t> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// The streams ffprobe finds in a file, one codec type a line ("video\naudio\n").
std::string streamTypes(const std::string& path) {
    const std::string out = path + ".streams";
    const std::string command = "ffprobe -v error -show_entries stream=codec_type -of csv=p=0 '" +
                                path + "' > '" + out + "' 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(out);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(Speak, WritesTheAudioTheVisemesAndTheModelWithItsClip) {
    const std::string dir = fixtures::caseScratchDir();
    // ffmpeg is on PATH (third_party/setup.sh installs it): the MP4 comes too, so the line is
    // short and the frames small to keep the test quick (a 0.4 s line: 13 frames).
    const fixtures::RunOutcome run =
        runMorphview({"speak", face(), "--text", "Hi.", "--out-dir", dir, "--video-size", "64x64"});
    ASSERT_EQ(run.exitCode, 0) << run.err;

    const std::vector<uint8_t> wav = readBytes(dir + "/speech.wav");
    ASSERT_GT(wav.size(), 44u);
    EXPECT_EQ(std::string(wav.begin(), wav.begin() + 4), "RIFF");
    EXPECT_EQ(std::string(wav.begin() + 8, wav.begin() + 16), "WAVEfmt ");
    uint16_t format = 0, bits = 0;
    uint32_t rate = 0, dataBytes = 0;
    std::memcpy(&format, &wav[20], 2);
    std::memcpy(&rate, &wav[24], 4);
    std::memcpy(&bits, &wav[34], 2);
    std::memcpy(&dataBytes, &wav[40], 4);
    EXPECT_EQ(format, 1);
    EXPECT_EQ(bits, 16);
    EXPECT_EQ(dataBytes, wav.size() - 44);

    std::ifstream in(dir + "/visemes.json");
    const nlohmann::json json = nlohmann::json::parse(in);
    for (const char* key : {"audio", "duration", "phonemes", "tracks"})
        EXPECT_TRUE(json.contains(key)) << key;
    EXPECT_EQ(json["audio"], "speech.wav");
    const double duration = json["duration"].get<double>();
    EXPECT_NEAR(duration, double(dataBytes) / 2.0 / double(rate), 1e-3);
    for (const nlohmann::json& p : json["phonemes"]) {
        EXPECT_TRUE(p.contains("start") && p.contains("end") && p.contains("phoneme")) << p.dump();
    }
    ASSERT_TRUE(json["tracks"].contains("jawOpen")) << json["tracks"].dump().substr(0, 200);

    morph::ImportOptions options;
    options.decodeImages = false;
    auto spoken = morph::importGltf(dir + "/speech.glb", options);
    ASSERT_TRUE(spoken.ok()) << spoken.error().message;
    const morph::Animation& clip = spoken->animations.back();
    EXPECT_EQ(clip.name, "speech");
    EXPECT_NEAR(clip.end, duration, 0.02);

    // The clip names its sound, so capture --clip and F9 find it beside the model.
    EXPECT_EQ(app::clipAudioPath(dir + "/speech.glb", "speech"),
              (fs::path(dir) / "speech.wav").string());
    EXPECT_EQ(app::clipAudioPath(dir + "/speech.glb", "other"), "");
    EXPECT_EQ(app::clipAudioPath(face(), "speech"), "");

    // speech.mp4: the clip drawn, with the line's sound; the frames' folder is gone.
    const std::string streams = streamTypes(dir + "/speech.mp4");
    EXPECT_NE(streams.find("video"), std::string::npos) << streams;
    EXPECT_NE(streams.find("audio"), std::string::npos) << streams;
    EXPECT_FALSE(fs::exists(dir + "/.speech-frames"));
    EXPECT_EQ(run.err, "");
}

TEST(Speak, ErrorsAreOneLine) {
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::RunOutcome missing =
        runMorphview({"speak", dir + "/none.glb", "--text", "hi", "--out-dir", dir});
    EXPECT_EQ(missing.exitCode, 3);
    const fixtures::RunOutcome empty =
        runMorphview({"speak", face(), "--text", " ", "--out-dir", dir});
    EXPECT_EQ(empty.exitCode, 2) << empty.err;
    const fixtures::RunOutcome noMouth = runMorphview(
        {"speak", fixtures::corpusPath("AnimatedMorphCube/glTF/AnimatedMorphCube.gltf"), "--text",
         "hi", "--out-dir", dir});
    EXPECT_EQ(noMouth.exitCode, 1);
    EXPECT_NE(noMouth.err.find("no mouth"), std::string::npos) << noMouth.err;
    const fixtures::RunOutcome badSize =
        runMorphview({"speak", face(), "--text", "hi", "--out-dir", dir, "--video-size", "big"});
    EXPECT_EQ(badSize.exitCode, 2);
    EXPECT_NE(badSize.err.find("--video-size: 'big' is not WxH"), std::string::npos) << badSize.err;
    // An --out-dir that cannot be made (a file stands where a folder would): the folder named.
    const std::string file = dir + "/a-file";
    std::ofstream(file) << "x";
    const fixtures::RunOutcome noFolder =
        runMorphview({"speak", face(), "--text", "hi", "--out-dir", file + "/out"});
    EXPECT_EQ(noFolder.exitCode, 1);
    EXPECT_NE(noFolder.err.find(file + "/out: cannot create the folder ("), std::string::npos)
        << noFolder.err;
    EXPECT_EQ(std::count(noFolder.err.begin(), noFolder.err.end(), '\n'), 1) << noFolder.err;
}

}  // namespace

}  // namespace speak_test
