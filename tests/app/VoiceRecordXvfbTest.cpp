// File > Live's recordings of a live voice under Xvfb, with `--listen audio:FILE.wav` and SDL2's
// dummy driver (no sound card): under a script the file is paced by the script's frames, 1/60 s
// each, so each run hears the same audio. Record to clip makes a user clip of the voice's mouth
// and writes the audio heard meanwhile as a WAV beside where File > Export writes the clip, as
// long as the clip; Record 10 s for a profile (shortened by the script's profile-seconds) learns
// the speaker's profile from what it heard and the transcript typed, as `voice-profile` does,
// and keeps it in the state folder.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/speech/Speech.h"
#include "app/speech/VoiceActivity.h"
#include "app/speech/Wav.h"
#include "app/voice/VoiceProfileFile.h"
#include "fixtures/AuditFixtures.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "fixtures/VoiceSignals.h"
#include "morph/gltf/GltfImport.h"

namespace voice_record_xvfb_test {

namespace {

namespace fs = std::filesystem;

void writeWav(const std::string& path, const std::vector<float>& samples, int rate) {
    const std::vector<uint8_t> bytes = app::speech::encodeWav(app::speech::toPcm16(samples), rate);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// 4 s of an open vowel in bursts: 0.3 s of voice, 0.3 s of silence, from 0.3 s.
std::vector<float> burstsOfVoice(int rate) {
    const std::vector<float> vowel = fixtures::syntheticVowel(0.3f, 790, 1155);
    const std::vector<float> pause(size_t(0.3 * rate), 0.0f);
    std::vector<float> samples = pause;
    while (samples.size() < size_t(4 * rate)) {
        samples.insert(samples.end(), vowel.begin(), vowel.end());
        samples.insert(samples.end(), pause.begin(), pause.end());
    }
    return samples;
}

const std::string kRecordScript = R"script(click "File"
click "Live..."
wait 10
click "Record to clip"
expect-message "recording the voice to 'live 1'"
wait 60
click "Record to clip"
expect-message "recorded 'live 1'"
expect-message "face-live_1.wav"
)script" + std::string(fixtures::kExportLiveClipScript);

// The viewer on `face` listening to the WAV file `wav` as a microphone, SDL's dummy driver
// playing, its state and config folders in `dir`.
fixtures::ViewerRun listeningTo(const std::string& dir, const std::string& face,
                                const std::string& wav) {
    fixtures::ViewerRun viewer{dir, face, "1024x700", "", {"--listen", "audio:" + wav}};
    viewer.env = {"SDL_AUDIODRIVER=dummy", "XDG_STATE_HOME=" + dir + "/state",
                  "XDG_CONFIG_HOME=" + dir + "/config"};
    return viewer;
}

// The viewer on a small ARKit face (fixtures/AuditFixtures.h) in `dir`, listening to
// burstsOfVoice written there; the export and the WAV land beside the face.
fixtures::ViewerRun listeningToBursts(const std::string& dir) {
    const std::string face = fixtures::writeRig(fixtures::rigWithEyesAndMouth(), dir, "face.glb");
    const int rate = fixtures::VowelShape{}.rate;
    writeWav(dir + "/voice.wav", burstsOfVoice(rate), rate);
    return listeningTo(dir, face, dir + "/voice.wav");
}

// The exported clip's key times and jawOpen at each.
struct Keys {
    std::vector<float> times;
    std::vector<float> jaw;
};

Keys clipKeys(const std::string& path) {
    Keys keys;
    auto exported = morph::importGltf(path);
    EXPECT_TRUE(exported.ok()) << exported.error().message;
    if (!exported.ok()) return keys;
    const auto clip = std::find_if(exported->animations.begin(), exported->animations.end(),
                                   [](const morph::Animation& a) { return a.name == "live 1"; });
    EXPECT_NE(clip, exported->animations.end());
    if (clip == exported->animations.end() || clip->samplers.empty()) return keys;
    const morph::AnimationSampler& sampler = clip->samplers[0];
    const auto& names =
        exported->meshes[size_t(exported->nodes[size_t(clip->channels[0].node)].mesh)].targetNames;
    const size_t jaw = size_t(std::find(names.begin(), names.end(), "jawOpen") - names.begin());
    EXPECT_LT(jaw, names.size());
    if (jaw >= names.size()) return keys;
    keys.times = sampler.input;
    for (size_t k = 0; k < sampler.input.size(); ++k)
        keys.jaw.push_back(sampler.output[k * sampler.width + jaw]);
    return keys;
}

TEST(VoiceRecordXvfbTest, RecordToClipKeysTheMouthAndWritesTheAudioBesideIt) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    fixtures::ViewerRun viewer = listeningToBursts(dir);
    const int rate = fixtures::VowelShape{}.rate;
    viewer.script = kRecordScript;
    viewer.scriptName = "record.txt";
    const fixtures::RunOutcome run = viewer.run();
    ASSERT_EQ(run.exitCode, 0) << run.err;

    auto heard = app::speech::readWavFile(dir + "/face-live_1.wav");
    ASSERT_TRUE(heard.ok()) << heard.error().message;
    EXPECT_EQ(heard->sampleRate, rate);
    const Keys keys = clipKeys(dir + "/face-live_1.glb");
    ASSERT_GE(keys.times.size(), 3u);
    EXPECT_EQ(keys.times.front(), 0.0f);
    // About the second recorded (60 frames and the click's), the audio as long as the clip
    // within one 10 ms block of the file "device".
    const double clipSeconds = keys.times.back();
    EXPECT_GT(clipSeconds, 0.9);
    EXPECT_LT(clipSeconds, 1.5);
    EXPECT_NEAR(double(heard->samples.size()), clipSeconds * rate, 0.010 * rate);

    // The mouth opens in each voiced stretch of the audio it recorded, and shuts between.
    const std::vector<app::speech::VoicedSpan> spans =
        app::speech::voicedSpans(app::speech::toPcm16(heard->samples), rate);
    ASSERT_GE(spans.size(), 1u);
    for (const app::speech::VoicedSpan& span : spans) {
        if (span.end - span.start < 0.15f) continue;  // cut by the recording's start or end
        float most = 0;
        for (size_t k = 0; k < keys.times.size(); ++k) {
            if (keys.times[k] >= span.start && keys.times[k] <= span.end + 0.03f)
                most = std::max(most, keys.jaw[k]);
        }
        EXPECT_GT(most, 0.2f) << "shut in the voice from " << span.start << " s";
    }
    EXPECT_EQ(*std::min_element(keys.jaw.begin() + 1, keys.jaw.end()), 0.0f)
        << "the mouth never shut in a pause";
}

TEST(VoiceRecordXvfbTest, ARecordingStopsAtItsLimitKeepingWhatItRecorded) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    fixtures::ViewerRun viewer = listeningToBursts(dir);
    const int rate = fixtures::VowelShape{}.rate;
    // The limit shortened from 600 s to half a second; a second goes by before Stop could be
    // clicked, and the clip is exported as the recording left it.
    viewer.script = R"script(clip-limit 0.5
click "File"
click "Live..."
wait 10
click "Record to clip"
expect-message "recording the voice to 'live 1'"
wait 60
expect-message "stopped at the recording's limit of 0.5 s"
expect-message "face-live_1.wav"
)script" + std::string(fixtures::kExportLiveClipScript);
    viewer.scriptName = "limit.txt";
    const fixtures::RunOutcome run = viewer.run();
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("stopped at the recording's limit of 0.5 s"), std::string::npos)
        << run.err;

    auto heard = app::speech::readWavFile(dir + "/face-live_1.wav");
    ASSERT_TRUE(heard.ok()) << heard.error().message;
    EXPECT_EQ(heard->samples.size(), size_t(std::lround(0.5 * rate)));
    const Keys keys = clipKeys(dir + "/face-live_1.glb");
    ASSERT_GE(keys.times.size(), 2u);
    EXPECT_EQ(keys.times.front(), 0.0f);
    EXPECT_NEAR(keys.times.back(), 0.5f, 1e-4f);  // the clip as long as its audio
}

TEST(VoiceRecordXvfbTest, TenSecondsForAProfileLearnAndKeepIt) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    const std::string face = fixtures::writeRig(fixtures::rigWithEyesAndMouth(), dir, "face.glb");
    const std::string text = "Father sees the blue sea and the red sun.";
    auto line = app::speech::speakText(text);
    ASSERT_TRUE(line.ok()) << line.error().message;
    // 2 s of silence first (the clicks and the typing before the recording starts), 1 s after.
    std::vector<int16_t> samples(size_t(2 * line->sampleRate), 0);
    samples.insert(samples.end(), line->samples.begin(), line->samples.end());
    samples.insert(samples.end(), size_t(line->sampleRate), 0);
    const std::vector<uint8_t> bytes = app::speech::encodeWav(samples, line->sampleRate);
    std::ofstream(dir + "/me.wav", std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    const float seconds = line->duration() + 1.5f;
    const int frames = int(std::ceil(seconds * 60)) + 30;
    fixtures::ViewerRun viewer = listeningTo(dir, face, dir + "/me.wav");
    viewer.scriptName = "profile.txt";
    viewer.script = "profile-seconds " + std::to_string(seconds) +
                    "\n"
                    "click \"File\"\n"
                    "click \"Live...\"\n"
                    "click \"Record 10 s for a profile\"\n"
                    "expect-error \"type what you will say\"\n"
                    "click \"Profile transcript\"\n"
                    "type \"" +
                    text +
                    "\"\n"
                    "click \"Record 10 s for a profile\"\n"
                    "expect-message \"for a profile\"\n"
                    "wait " +
                    std::to_string(frames) +
                    "\n"
                    "expect-message \"in use now\"\n"
                    "expect-message \"voice-profile-\"\n"
                    "quit\n";
    const fixtures::RunOutcome run = viewer.run();
    ASSERT_EQ(run.exitCode, 0) << run.err;

    // The profile and the audio it learned from, in the state folder.
    std::vector<std::string> profiles;
    for (const auto& entry : fs::directory_iterator(dir + "/state/morphview")) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("voice-profile-", 0) == 0 && entry.path().extension() == ".json")
            profiles.push_back(entry.path().string());
    }
    ASSERT_EQ(profiles.size(), 1u);
    const nlohmann::json json = nlohmann::json::parse(fixtures::readWholeFile(profiles[0]));
    EXPECT_EQ(json["version"], 1);
    const std::string source = json["source"].get<std::string>();
    EXPECT_EQ(fs::path(source).replace_extension(".json").string(), profiles[0]);
    auto learnedFrom = app::speech::readWavFile(source);
    ASSERT_TRUE(learnedFrom.ok()) << learnedFrom.error().message;
    EXPECT_NEAR(learnedFrom->duration(), seconds, 0.05);
    int learned = 0;
    for (const char* name : {"aa", "E", "I", "U", "SS"}) {
        ASSERT_TRUE(json["classes"].contains(name)) << name;
        if (json["classes"][name]["learned"].get<bool>()) ++learned;
    }
    EXPECT_GE(learned, 4) << json.dump();
    EXPECT_TRUE(app::voice::readVoiceProfile(profiles[0], app::voice::builtInProfile()).ok());
}

}  // namespace

}  // namespace voice_record_xvfb_test
