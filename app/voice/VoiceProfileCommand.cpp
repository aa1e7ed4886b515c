#include "app/voice/VoiceProfileCommand.h"

#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/Subcommand.h"
#include "app/speech/Wav.h"
#include "app/voice/ProfileLearning.h"
#include "app/voice/VoiceProfileFile.h"
#include "morph/io/Files.h"

namespace app {
namespace {

struct VoiceProfileOptions {
    std::string audio;
    std::string text;
    std::string out;
};

CommandResult runVoiceProfile(const VoiceProfileOptions& options) {
    auto audio = speech::readWavFile(options.audio);
    if (!audio) return {Outcome::Unreadable, audio.error().message};
    auto built = voice::profileFromRecording(*audio, options.text);
    if (!built)
        return usageOrFailure(built.error().code, options.audio + ": " + built.error().message);
    if (!built->fromTranscript)
        std::fprintf(stderr,
                     "voice-profile: %s: the transcript did not fit the audio; the phonemes are "
                     "the phone loop's\n",
                     options.audio.c_str());
    const voice::LearnedProfile& learned = built->learned;
    for (const voice::ProfileClass& c : learned.classes) {
        if (c.learned) continue;
        std::fprintf(stderr, "voice-profile: %s: %d windows (under %d): the built-in place kept\n",
                     voice::profileClassName(c.viseme), c.windows, voice::kMinProfileWindows);
    }
    const std::string text =
        voice::voiceProfileText(learned.classes, learned.profile.sibilance, options.audio);
    if (auto s = morph::writeFileAtomic(options.out, text.data(), text.size()); !s)
        return failWith(s.error().message);
    std::printf("%s: %d of 6 classes learned -> %s\n", options.audio.c_str(),
                built->learnedClasses(), options.out.c_str());
    return {};
}

}  // namespace

void addVoiceProfileCommand(CLI::App& root, CommandContext& context) {
    auto profile = addSubcommand<VoiceProfileOptions>(
        root, "voice-profile",
        "Learn one speaker's vowel and hiss centroids from a recording and its transcript, for "
        "--listen audio --voice-profile");
    profile.app
        .add_option("WAV", profile.options.audio, "The recording (a WAV: PCM or float, any rate)")
        ->required()
        ->type_name("FILE.wav");
    profile.app
        .add_option("--text", profile.options.text, "What the recording says (words in order)")
        ->required()
        ->type_name("TRANSCRIPT");
    addOutOption(profile.app, profile.options.out, "The profile to write", "PROFILE.json")
        ->required();
    runOnParse(profile, context, runVoiceProfile);
}

}  // namespace app
