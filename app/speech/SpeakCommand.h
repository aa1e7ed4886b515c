#pragma once
// `morphview speak MODEL (--text LINE | --audio FILE.wav [--text TRANSCRIPT]) --out-dir DIR
// [--voice NAME] [--rate WPM] [--video-size WxH]`: the line spoken by espeak-ng, or the given
// audio (speech.wav, 16-bit PCM mono at its own rate), its phonemes as this face's visemes over
// time (visemes.json), the model with that clip added (speech.glb), so any glTF viewer plays it,
// and with ffmpeg on PATH the clip drawn with its sound (speech.mp4). Exit 0 written, 1 a failure
// (a face with no mouth to speak with, the recognizer's model missing, a write), 2 usage (neither
// --text nor --audio, a transcript word not in the dictionary), 3 an unreadable model or WAV.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addSpeakCommand(CLI::App& root, CommandContext& context);

}  // namespace app
