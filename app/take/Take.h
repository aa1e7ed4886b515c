#pragma once
// Takes from other tools, read as plain data: Live Link Face's CSV, Rhubarb Lip Sync's TSV and
// JSON, and NVIDIA Audio2Face's exported blendshape weights JSON (docs/LIVE.md shows each). A take
// is its names and, per sample, the time from its first sample and one value per name; what the
// names drive on a model is TakeFile.h's. No GL, and nothing of a model: the fuzzers read these
// alone.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "morph/Result.h"

namespace app::take {

enum class TakeFormat { LiveLinkFace, Rhubarb, Audio2Face };
// "llf", "rhubarb", "a2f": --format's words and a recording's "source".
const char* takeFormatKey(TakeFormat format);

struct TakeSample {
    double t = 0;               // seconds from the take's first sample
    std::vector<float> values;  // one per Take::names
};

struct Take {
    TakeFormat format = TakeFormat::LiveLinkFace;
    // Live Link Face and Audio2Face: the blendshape names as the file spells them. Rhubarb: the
    // Oculus visemes its shapes stand for (viseme_PP, ...), each 1 while its shape is shown.
    std::vector<std::string> names;
    std::vector<TakeSample> samples;  // t never goes back
    bool held = false;                // Rhubarb: each shape holds until the next (STEP)
    bool visemes() const { return format == TakeFormat::Rhubarb; }
};

// Live Link Face's CSV: a header `Timecode,BlendShapeCount,<names>...` and one row per frame,
// `HH:MM:SS:FF[.fff]` (FF the frame at `fps`, .fff a fraction of a frame), the count, a value
// per name. The head and eye rotations (HeadYaw ... RightEyeRoll) are read and left out of the
// names: a recording carries weights only. Errors name `path` and the line.
morph::Result<Take> parseLiveLinkFaceCsv(std::string_view text, const std::string& path,
                                         double fps);

// Rhubarb Lip Sync's output: TSV (`start<TAB>shape` per line) or JSON ({"metadata": ...,
// "mouthCues": [{"start", "end", "value"}]}), told apart by a leading '{'. Shapes A-H and X.
// Errors name `path` and the line.
morph::Result<Take> parseRhubarb(std::string_view text, const std::string& path);

// Audio2Face's exported blendshape weights: {"exportFps", "facsNames", "numFrames", "weightMat":
// [frame][name], ...}; frame i is at i / exportFps. Errors name `path` and the line.
morph::Result<Take> parseAudio2Face(std::string_view text, const std::string& path);

// The Oculus viseme (viseme_PP, ...) a Rhubarb shape letter stands for (docs/LIVE.md's table);
// empty for a letter that is not a shape.
std::string rhubarbViseme(char shape);

// A text read a line at a time, as the CSV and TSV readers read theirs: each line without its
// "\n" or "\r\n", numbered from 1 (empty lines count).
class TakeLines {
public:
    explicit TakeLines(std::string_view text) : mText(text) {}
    // The next line; false at the end of the text.
    bool next(std::string_view& line);
    // The number of the line `next` gave last: the text's line count once it gave them all.
    size_t number() const { return mNumber; }

private:
    std::string_view mText;
    size_t mStart = 0;
    size_t mNumber = 0;
};

// The 1-based line of byte `offset` in `text`.
size_t lineOfOffset(std::string_view text, size_t offset);
// The line where element `index` of the first array under key `key` starts (a JSON text's error
// about that element names its line); 1 when it cannot be found.
size_t lineOfArrayElement(std::string_view text, std::string_view key, size_t index);
// A JSON take's text parsed; where it is not JSON, "<path>: line N: not JSON".
morph::Result<nlohmann::json> parseTakeJson(std::string_view text, const std::string& path);
// "<path>: line N: <what>", as every reader's error.
morph::Error takeError(const std::string& path, size_t line, const std::string& what);

}  // namespace app::take
