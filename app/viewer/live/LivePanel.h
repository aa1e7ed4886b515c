#pragma once
// File > Live: the live input's window. It lists the sources (kind, address:port, listening or
// the error it could not open with), the samples each sends a second, the age of its last
// sample and the malformed datagrams it dropped, the incoming names that matched no target,
// a replay in progress, the calibration (smoothing, per name gain and neutral, Capture neutral,
// Save); it opens a source (kind and port, as --listen spells them) and closes one, and turns
// "Record to clip" on and off. While a live voice listens (ViewerUi::voice) it shows the voice,
// the transcript field and "Record 10 s for a profile", and Record to clip records the voice.
// Like every panel it only reads and posts requests; the features carry them out
// (app/viewer/live/LiveFeature.cpp, the voice's app/viewer/voice/VoiceFeature.cpp).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/document/LiveInput.h"
#include "app/live/LiveRecording.h"
#include "app/live/LiveSession.h"
#include "app/viewer/ViewerUi.h"
#include "morph/Scene.h"

namespace app {

// --replay FILE.jsonl: the recording, played once in real time from its first line (t counts
// from there), its last line held at the end.
struct LiveReplay {
    std::string path;
    std::vector<live::StreamLine> lines;
    double time = 0;  // seconds played
    const live::StreamLine* shown = nullptr;
    morph::TargetWeights weights;  // the shown line's, on the model's targets
};

// The recording, or a take (app/take/TakeFile.h) retargeted onto `scene` (null: by its own
// names), every line's names checked as capture --replay checks them; an error is one line
// naming the file (and the line).
morph::Result<std::vector<live::StreamLine>> loadReplay(const std::string& path,
                                                        const morph::Scene* scene = nullptr);

// A source that could not open: what was asked, and why not.
struct FailedSource {
    std::string label;  // "vmc on 127.0.0.1:39539"
    std::string error;
};

struct LiveUi {
    // Opening a source: the kind (0: VMC, 1: Live Link Face) and the port's text ("" default).
    int openKind = 0;
    std::string openPort;
    std::vector<FailedSource> failed;
    std::vector<SampleRate> rates;  // per receiver of the session

    std::optional<LiveReplay> replay;
    std::optional<LiveClipRecording> clip;         // Record to clip, while on
    double clipSeconds = -1;                       // seconds since its first key (< 0: none yet)
    std::string profilePath = "calibration.json";  // where Save calibration writes (--calibration)

    // What the panel asks of the window this frame.
    struct Requests {
        std::optional<std::string> open;  // a --listen spec: "vmc:39540"
        std::optional<size_t> close;      // a receiver's index
        bool toggleClip = false;
        std::optional<live::CalibrationProfile> profile;  // the calibration as edited
        bool captureNeutral = false;
        bool saveProfile = false;
    } requests;
};

// The window itself, while ui.showLive (File > Live... shows it). `session` may be null: no
// source opened yet.
void drawLivePanel(const live::LiveSession* session, LiveUi& live, ViewerUi& ui);

}  // namespace app
