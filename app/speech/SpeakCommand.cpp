#include "app/speech/SpeakCommand.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/cli/Options.h"
#include "app/record/Recording.h"
#include "app/speech/Speech.h"
#include "app/speech/SpeechClip.h"
#include "app/speech/Visemes.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

extern char** environ;

namespace app {
namespace {

namespace fs = std::filesystem;

struct SpeakOptions {
    std::string model;
    std::string text;
    std::string outDir;
    speech::VoiceOptions voice;
    std::string videoSize = "480x480";  // --video-size: speech.mp4's frames
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

morph::Status writeText(const std::string& path, const std::string& text) {
    return morph::writeFileAtomic(path, text.data(), text.size());
}

CommandResult runSpeak(const SpeakOptions& options) {
    if (!parseSize(options.videoSize))
        return {Outcome::Usage, "--video-size: '" + options.videoSize + "' is not WxH"};
    morph::ImportOptions import;
    import.decodeImages = false;  // the names are all it needs of the model
    auto scene = morph::importGltf(options.model, import);
    if (!scene) return {Outcome::Unreadable, scene.error().message};
    auto face = speech::faceVisemes(morph::sceneTargetNames(*scene));
    if (!face) return failWith(options.model + ": " + face.error().message);
    auto line = speech::speakText(options.text, options.voice);
    if (!line)
        return {line.error().code == morph::ErrorCode::Usage ? Outcome::Usage : Outcome::Failed,
                line.error().message};
    std::error_code ec;
    fs::create_directories(options.outDir, ec);
    const fs::path dir(options.outDir);
    const std::vector<uint8_t> wav = speech::encodeWav(line->samples, line->sampleRate);
    const speech::Tracks tracks = speech::visemeTracks(
        line->phonemes, *face, line->duration(), speech::loudness(line->samples, line->sampleRate));
    const std::string json =
        speech::visemesJson("speech.wav", line->duration(), line->phonemes, tracks, face->kind)
            .dump(1) +
        "\n";
    if (auto s = morph::writeFileAtomic((dir / "speech.wav").string(), wav.data(), wav.size()); !s)
        return failWith(s.error().message);
    if (auto s = writeText((dir / "visemes.json").string(), json); !s)
        return failWith(s.error().message);
    if (auto s = speech::writeSpeechGlb(options.model, (dir / "speech.glb").string(),
                                        speech::speechClip(tracks), "speech.wav");
        !s)
        return failWith(s.error().message);
    std::printf("%s: %.2f s, %zu phonemes, %zu targets (%s) -> %s\n", options.model.c_str(),
                double(line->duration()), line->phonemes.size(), tracks.size(),
                speech::faceKindName(face->kind), options.outDir.c_str());
    std::fflush(stdout);
    if (const std::string video = writeSpeechVideo(dir, options.videoSize); !video.empty())
        std::fprintf(stderr, "speak: %s\n", video.c_str());
    return {};
}

}  // namespace

void addSpeakCommand(CLI::App& root, CommandContext& context) {
    auto options = std::make_shared<SpeakOptions>();
    CLI::App* speak = root.add_subcommand(
        "speak",
        "Make MODEL say a line: speech.wav (espeak-ng), visemes.json, speech.glb (the model "
        "with a 'speech' animation) and, with ffmpeg on PATH, speech.mp4 in --out-dir");
    speak->add_option("MODEL", options->model, "The model (.gltf, .glb, .vrm)")->required();
    speak->add_option("--text", options->text, "The line to say")->required()->type_name("LINE");
    speak
        ->add_option("--out-dir", options->outDir,
                     "Where speech.wav, visemes.json and speech.glb go")
        ->required()
        ->type_name("DIR");
    speak->add_option("--voice", options->voice.voice, "An espeak-ng voice (default en)")
        ->type_name("NAME");
    speak->add_option("--rate", options->voice.wordsPerMinute, "Words per minute (default 160)")
        ->type_name("WPM")
        ->check(CLI::Range(80, 450));
    speak
        ->add_option("--video-size", options->videoSize,
                     "speech.mp4's frame size (default 480x480; with ffmpeg on PATH)")
        ->type_name("WxH");
    speak->callback(
        [&context, options] { context.run = [options] { return runSpeak(*options); }; });
}

}  // namespace app
