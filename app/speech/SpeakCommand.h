#pragma once
// `morphview speak MODEL --text LINE --out-dir DIR [--voice NAME] [--rate WPM] [--video-size WxH]`:
// the line spoken by espeak-ng (speech.wav), its phonemes as this face's visemes over time
// (visemes.json), the model with that clip added (speech.glb), so any glTF viewer plays it, and
// with ffmpeg on PATH the clip drawn with its sound (speech.mp4). Exit 0 written, 1 a
// failure (a face with no mouth to speak with, a write), 2 usage, 3 an unreadable model.
#include <CLI/CLI.hpp>

#include "app/cli/Commands.h"

namespace app {

void addSpeakCommand(CLI::App& root, CommandContext& context);

}  // namespace app
