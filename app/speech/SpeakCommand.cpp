#include "app/speech/SpeakCommand.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/cli/ModelLoader.h"
#include "app/cli/Options.h"
#include "app/cli/Subcommand.h"
#include "app/record/Recording.h"
#include "app/speech/Recognizer.h"
#include "app/speech/Speech.h"
#include "app/speech/SpeechClip.h"
#include "app/speech/Visemes.h"
#include "app/speech/Wav.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace app {
namespace {

namespace fs = std::filesystem;

struct SpeakOptions {
    std::string model;
    std::string text;
    std::string audio;
    std::string outDir;
    speech::VoiceOptions voice;
    std::string videoSize = "480x480";  // --video-size: speech.mp4's frames
    ModelOptions rig;  // --rig-logic FILE.json and --no-rig-logic (only those fields are used)
};

// The line to show: its audio (16-bit mono at its own rate), the phonemes visemes.json lists
// (espeak-ng's mnemonics, or the recognizer's ARPAbet) and the same as espeak-ng mnemonics for
// the one phoneme-to-viseme step.
struct Line {
    std::vector<int16_t> samples;
    int sampleRate = 0;
    std::vector<speech::Phoneme> phonemes;
    std::vector<speech::Phoneme> mnemonics;
    const char* source = "espeak-ng";

    float duration() const { return float(samples.size()) / float(sampleRate); }
};

// Runs `args` (args[0] a path), its stdout to /dev/null and its stderr ours; true on exit 0.
bool runQuietly(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return false;
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// speech.mp4 with the sound, when ffmpeg is on PATH: this binary's own `capture --clip speech` on
// speech.glb (whose clip names speech.wav, so the recording muxes it in), drawn in a child so
// `speak` itself stays GL-free; its PNG frames go to a folder removed afterwards. Returns what
// to print: "" written, else why not (not an error: the other three files stand).
std::string writeSpeechVideo(const fs::path& dir, const std::string& videoSize) {
    if (findOnPath("ffmpeg", std::getenv("PATH")).empty()) return "ffmpeg not on PATH: no MP4";
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return "cannot find this program to draw the video: no MP4";
    const fs::path frames = dir / ".speech-frames";
    fs::remove_all(frames, ec);
    const bool drawn =
        runQuietly({self.string(), "capture", (dir / "speech.glb").string(), "--clip", "speech",
                    "--out-dir", frames.string(), "--size", videoSize, "--frame", "morphed"});
    if (drawn) fs::rename(frames / "speech.mp4", dir / "speech.mp4", ec);
    const bool moved = drawn && !ec;
    fs::remove_all(frames, ec);
    return moved ? "" : "drawing speech.mp4 failed: no MP4";
}

morph::Status writeFileText(const std::string& path, const std::string& text) {
    return morph::writeFileAtomic(path, text.data(), text.size());
}

CommandResult lineFromText(const SpeakOptions& options, Line& out) {
    auto line = speech::speakText(options.text, options.voice);
    if (!line) return usageOrFailure(line.error().code, line.error().message);
    out.samples = std::move(line->samples);
    out.sampleRate = line->sampleRate;
    out.phonemes = line->phonemes;
    out.mnemonics = std::move(line->phonemes);
    return {};
}

// A WAV that cannot be read is an unreadable input, exit 3 like an unreadable model; a
// transcript word the dictionary lacks is a usage error.
CommandResult lineFromAudio(const SpeakOptions& options, Line& out) {
    auto audio = speech::readWavFile(options.audio);
    if (!audio) return {Outcome::Unreadable, audio.error().message};
    auto heard = speech::recognizeAudio(*audio, options.text);
    if (!heard)
        return usageOrFailure(heard.error().code, options.audio + ": " + heard.error().message);
    out.samples = speech::toPcm16(audio->samples);
    out.sampleRate = audio->sampleRate;
    out.mnemonics = speech::asEspeak(heard->phonemes);
    out.phonemes = std::move(heard->phonemes);
    out.source = heard->fromTranscript ? "PocketSphinx, the transcript's words"
                                       : "PocketSphinx, the phone loop";
    return {};
}

CommandResult writeOutputs(const SpeakOptions& options, const speech::FaceVisemes& face,
                           const Line& line, const morph::Scene& scene) {
    if (morph::Status made = morph::makeFolders(options.outDir); !made)
        return failWith(made.error().message);
    const fs::path dir(options.outDir);
    const std::vector<uint8_t> wav = speech::encodeWav(line.samples, line.sampleRate);
    const speech::Tracks tracks = speech::visemeTracks(
        line.mnemonics, face, line.duration(), speech::loudness(line.samples, line.sampleRate));
    const std::string json =
        speech::visemesJson("speech.wav", line.duration(), line.phonemes, tracks, face.kind)
            .dump(1) +
        "\n";
    if (auto s = morph::writeFileAtomic((dir / "speech.wav").string(), wav.data(), wav.size()); !s)
        return failWith(s.error().message);
    if (auto s = writeFileText((dir / "visemes.json").string(), json); !s)
        return failWith(s.error().message);
    // speech.glb plays as the viewer shows the line: rig logic's derived targets baked in.
    if (auto s = speech::writeSpeechGlb(options.model, (dir / "speech.glb").string(),
                                        speech::speechClip(tracks), "speech.wav", &scene);
        !s)
        return failWith(s.error().message);
    std::printf("%s: %.2f s, %zu phonemes (%s), %zu targets (%s) -> %s\n", options.model.c_str(),
                double(line.duration()), line.phonemes.size(), line.source, tracks.size(),
                speech::faceKindName(face.kind), options.outDir.c_str());
    std::fflush(stdout);
    if (const std::string video = writeSpeechVideo(dir, options.videoSize); !video.empty())
        std::fprintf(stderr, "speak: %s\n", video.c_str());
    return {};
}

CommandResult runSpeak(const SpeakOptions& options) {
    if (options.text.empty() && options.audio.empty())
        return usageError("speak: --text LINE or --audio FILE.wav is required");
    if (!parseSize(options.videoSize))
        return {Outcome::Usage, "--video-size: '" + options.videoSize + "' is not WxH"};
    morph::ImportOptions import;
    import.decodeImages = false;  // the names are all it needs of the model
    auto scene = morph::importGltf(options.model, import);
    if (!scene) return {Outcome::Unreadable, scene.error().message};
    if (morph::Status rules = applyRigLogicOptions(options.rig, false, *scene); !rules)
        return modelLoadFailed(rules.error());
    auto face = speech::faceVisemes(morph::sceneTargetNames(*scene));
    if (!face) return failWith(options.model + ": " + face.error().message);
    Line line;
    const CommandResult made =
        options.audio.empty() ? lineFromText(options, line) : lineFromAudio(options, line);
    if (made.outcome != Outcome::Ok) return made;
    return writeOutputs(options, *face, line, *scene);
}

}  // namespace

void addSpeakCommand(CLI::App& root, CommandContext& context) {
    auto speak = addSubcommand<SpeakOptions>(
        root, "speak",
        "Make MODEL say a line: speech.wav (espeak-ng's, or the --audio given), visemes.json, "
        "speech.glb (the model with a 'speech' animation) and, with ffmpeg on PATH, speech.mp4 "
        "in --out-dir");
    addModelArgument(speak.app, speak.options.model);
    speak.app
        .add_option("--text", speak.options.text,
                    "The line to say; with --audio, its transcript (words in order)")
        ->type_name("LINE");
    speak.app
        .add_option("--audio", speak.options.audio,
                    "Speech to lip-sync (a WAV: PCM or float, any rate, up to 10 minutes)")
        ->type_name("FILE.wav");
    speak.app
        .add_option("--out-dir", speak.options.outDir,
                    "Where speech.wav, visemes.json and speech.glb go")
        ->required()
        ->type_name("DIR");
    addRigLogicOptions(speak.app, speak.options.rig);
    speak.app.add_option("--voice", speak.options.voice.voice, "An espeak-ng voice (default en)")
        ->type_name("NAME");
    speak.app
        .add_option("--rate", speak.options.voice.wordsPerMinute, "Words per minute (default 160)")
        ->type_name("WPM")
        ->check(CLI::Range(80, 450));
    speak.app
        .add_option("--video-size", speak.options.videoSize,
                    "speech.mp4's frame size (default 480x480; with ffmpeg on PATH)")
        ->type_name("WxH");
    runOnParse(speak, context, runSpeak);
}

}  // namespace app
