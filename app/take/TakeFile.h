#pragma once
// A take file opened as a recording: its format told from its content (or its extension, or
// --format), read (Take.h), and its names carried onto a model's targets the way live input
// carries a tracker's (app/live/LiveNames: the face name table, both ARKit spellings, VRM
// expressions), or, for Rhubarb's visemes, the way `speak` shows a viseme on this face
// (app/speech/Visemes: its Oculus visemes, else VRM vowels, else ARKit's mouth). The result is
// our stream recording's lines (app/live/LiveRecording.h), so whatever replays a recording
// replays a take with one call: readRecordingOrTake.
#include <optional>
#include <string>
#include <vector>

#include "app/live/LiveRecording.h"
#include "app/take/Take.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace morph {
struct UserClip;  // morph/edit/UserClip.h (not included: its names would meet the commands')
}

namespace app::take {

// "llf", "rhubarb", "a2f" -> the format; nullopt for another word.
std::optional<TakeFormat> takeFormatFromKey(const std::string& key);

// What a file holds, told from its first bytes: a Live Link Face header, Rhubarb's
// `start<TAB>shape` or {"mouthCues"...}, Audio2Face's {"weightMat"/"facsNames"...}; else by its
// extension (.csv: Live Link Face, .tsv: Rhubarb). nullopt: none of them (a stream recording's
// JSON lines, or something else).
std::optional<TakeFormat> guessTakeFormat(const std::string& text, const std::string& path);

struct TakeOptions {
    std::optional<TakeFormat> format;  // --format; else guessed
    double fps = 60;                   // Live Link Face's frame rate (--fps)
};

// Reads and parses `path`. Errors: Io when it cannot be read; Usage when its format cannot be
// told; else the reader's "<path>: line N: ..." (Schema).
morph::Result<Take> readTake(const std::string& path, const TakeOptions& options);

// A take as a recording's lines.
struct Retargeted {
    std::vector<live::StreamLine> lines;  // t from the take's first sample
    std::vector<std::string> unmatched;   // take names no target matched, each once, in order
    std::string shownAs;  // Rhubarb on a model: how the face shows visemes ("oculus", ...)
};

// Without a model (`scene` null): each sample's values by the take's names. With one: by the
// model's target names, every target the take drives in every line. Errors: a viseme take on a
// face with no mouth targets (Usage).
morph::Result<Retargeted> retarget(const Take& take, const morph::Scene* scene);

// The lines as a user clip named "take" over every target they name (absent: 0), a key per line
// (a later line at the same time wins), STEP when the take holds its shapes, else LINEAR.
morph::UserClip takeClip(const std::vector<live::StreamLine>& lines, bool held);

// A recording (JSON lines) read as it is (live::readStream), or a take read and retargeted onto
// `scene` (null: by the take's names): what --replay and capture --replay accept.
morph::Result<std::vector<live::StreamLine>> readRecordingOrTake(const std::string& path,
                                                                 const morph::Scene* scene,
                                                                 const TakeOptions& options = {});

// True when `path` reads as a take (guessTakeFormat), not a recording.
bool isTakeFile(const std::string& path);

// capture --replay FILE --time T on `scene`: the weight items of the last line at or before T
// of the recording or take (live::replayWeights's errors and wording).
morph::Result<std::vector<morph::WeightAssignment>> replayWeightsOn(const std::string& path,
                                                                    double time,
                                                                    const morph::Scene* scene);

}  // namespace app::take
