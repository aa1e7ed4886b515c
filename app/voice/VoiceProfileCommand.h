#pragma once
// `morphview voice-profile FILE.wav --text TRANSCRIPT --out PROFILE.json`: one speaker's voice
// profile for `--listen audio --voice-profile` (VoiceProfileFile.h): the transcript aligned to
// the recording by speak's aligner (app/speech/Recognizer), then ProfileLearning's centroids.
// Exit 0 written, 1 a failure (the recognizer's model missing, a write), 2 usage (a transcript
// word not in the dictionary), 3 a WAV that cannot be read. GL-free.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addVoiceProfileCommand(CLI::App& root, CommandContext& context);

}  // namespace app
