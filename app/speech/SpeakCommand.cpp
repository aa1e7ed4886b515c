#include "app/speech/SpeakCommand.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "app/speech/Speech.h"
#include "app/speech/SpeechClip.h"
#include "app/speech/Visemes.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace app {
namespace {

namespace fs = std::filesystem;

struct SpeakOptions {
    std::string model;
    std::string text;
    std::string outDir;
    speech::VoiceOptions voice;
};

morph::Status writeText(const std::string& path, const std::string& text) {
    return morph::writeFileAtomic(path, text.data(), text.size());
}

CommandResult runSpeak(const SpeakOptions& options) {
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
    return {};
}

}  // namespace

void addSpeakCommand(CLI::App& root, CommandContext& context) {
    auto options = std::make_shared<SpeakOptions>();
    CLI::App* speak = root.add_subcommand(
        "speak",
        "Make MODEL say a line: speech.wav (espeak-ng), visemes.json and speech.glb (the model "
        "with a 'speech' animation) in --out-dir");
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
    speak->callback(
        [&context, options] { context.run = [options] { return runSpeak(*options); }; });
}

}  // namespace app
