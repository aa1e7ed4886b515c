#pragma once
// Live input recorded and replayed: `--record-stream FILE.jsonl` writes one JSON line per applied
// sample, {"t": seconds since the first sample, "source": "vmc"|"livelink", "weights":
// {"<model target name>": value, ...}} (a live voice's lines also say "audioTime": seconds into
// its audio, app/voice/VoiceSession.h), where weights is the live layer's complete state after
// that sample, flushed line by line; `capture --replay FILE.jsonl --time T` draws the weights of
// the last line with t <= T as `capture --weights` would.
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/live/LiveReceiver.h"
#include "morph/Result.h"
#include "morph/edit/WeightSpec.h"

namespace app::live {

class StreamRecorder {
public:
    // Creates (or truncates) the file; an error names it.
    static morph::Result<StreamRecorder> open(const std::string& path);

    // One line: `when` is the sample's arrival (t counts from the first line's).
    morph::Status write(LiveClock::time_point when, const std::string& source,
                        const std::map<std::string, float>& weights);
    // The same with t given (tests, and replays of recordings); with `audioTime`, the line says
    // where in its audio stream the weights were computed from (`--listen audio`), after source.
    morph::Status writeAt(double t, const std::string& source,
                          const std::map<std::string, float>& weights,
                          std::optional<double> audioTime = std::nullopt);

private:
    explicit StreamRecorder(std::string path) : mPath(std::move(path)) {}

    std::string mPath;
    std::ofstream mOut;
    std::optional<LiveClock::time_point> mFirst;
};

// One line of a recording, as read back.
struct StreamLine {
    double t = 0;
    std::map<std::string, float> weights;
};

// Every line of a recording, in time order (blank lines skipped). Errors name the file and the
// line: a line that is not such an object, or t going back in time.
morph::Result<std::vector<StreamLine>> readStream(const std::string& path);
// The same from a recording's text; errors name `path`.
morph::Result<std::vector<StreamLine>> parseStream(const std::string& text,
                                                   const std::string& path);

// The last line with t <= time; nullptr when the first line is later (or there is none).
const StreamLine* streamLineAt(const std::vector<StreamLine>& lines, double time);

// The weights of the last line with t <= time, in name order. Errors name the file and line:
// a line that is not such an object, t going back in time, or no line at or before `time`.
morph::Result<std::map<std::string, float>> readStreamWeightsAt(const std::string& path,
                                                                double time);

// The weights as a --weights SPEC (morph/edit/WeightSpec.h) of NAME=V items, each value printed
// so that it parses back to the same float. An error for a name a SPEC cannot say (empty, with
// ',' or '=', spaces around it, '*', a number or "vrm:" at its start).
morph::Result<std::string> weightSpecOf(const std::map<std::string, float>& weights);

// The weights as the items their --weights SPEC would parse to (weightSpecOf's, without the
// text): a name of digits is that target index, as --weights reads it. weightSpecOf's errors.
morph::Result<std::vector<morph::WeightAssignment>> weightItemsOf(
    const std::map<std::string, float>& weights);

// readStreamWeightsAt and weightItemsOf together: `capture --replay FILE --time T`'s weights.
morph::Result<std::vector<morph::WeightAssignment>> replayWeights(const std::string& path,
                                                                  double time);

}  // namespace app::live
