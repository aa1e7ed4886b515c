#pragma once
// `morphview speak MODEL --text LINE --out-dir DIR [--voice NAME] [--rate WPM]`: the line spoken
// by espeak-ng (speech.wav), its phonemes as this face's visemes over time (visemes.json), and
// the model with that clip added (speech.glb), so any glTF viewer plays it. Exit 0 written, 1 a
// failure (a face with no mouth to speak with, a write), 2 usage, 3 an unreadable model.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addSpeakCommand(CLI::App& root, CommandContext& context);

}  // namespace app
