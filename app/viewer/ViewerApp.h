#pragma once
// The interactive viewer: `morphview [MODEL]`. Wires the window (GlfwContext), Dear ImGui, the
// panels (ViewerPanels*.cpp), the state (ViewerState.h) and the renderer; it draws through
// renderer::SceneRenderer::draw, the same code `morphview capture` uses.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"
#include "app/cli/LookOptions.h"
#include "app/cli/ModelLoader.h"
#include "morph/Result.h"

namespace app {

struct ViewerOptions {
    ModelOptions model;                   // empty path: the bundled face
    std::string windowSize = "1280x800";  // --window-size WxH (logical pixels)
    int screenshotAfter = 0;              // --screenshot-after N: save frame N and exit (0: off)
    std::string weights;                  // --weights SPEC: user overrides on the first model
    std::string animation;                // --animation NAME|INDEX: the clip selected at start
    float time = 0;                       // --time T: where that clip starts
    std::string out;                      // --out FILE.png, with --screenshot-after
    std::string script;                   // --script FILE: drive the UI (ViewerStateScript.h)
    std::string frameTimes;               // --frame-times FILE.json: written at exit (FrameTimes.h)
    int msaa = -1;  // --msaa N: the 3D view's samples; -1: 4 on a GPU, 0 on a CPU rasterizer
    bool vsync = true;
    std::string morphPath = "auto";  // --morph-path NAME: the morph path at start
    std::string shading = "auto";    // --shading NAME: renderer::Shading of the 3D view
    LookOptions look;                // --environment, --environment-rotation, --exposure, ...
    int scene = -1;                  // --scene N: the file's scene shown at start (-1: default)
    std::string variant;  // --variant NAME|INDEX: the material variant at start ("" default)
    // Live input (app/live/LiveSession.h): --listen vmc[:PORT] / livelink[:PORT], repeatable, and
    // a voice (app/voice/VoiceSession.h): audio[:DEVICE] / audio:FILE.wav;
    // the address they bind, and --record-stream FILE.jsonl.
    std::vector<std::string> listen;
    std::string listenAddress = "127.0.0.1";
    std::string recordStream;
    std::string calibration;  // --calibration: the live input's profile
    std::string
        voiceProfile;       // --voice-profile: the voice's centroids (app/voice/VoiceProfileFile.h)
    bool liveHead = false;  // --live-head: the head and eye joints follow the live input
    std::string replay;     // --replay FILE.jsonl: a recording played on the live layer
    bool alive = false;     // --alive: idle life on at start (app/viewer/alive/AliveFeature.h)
    uint32_t seed = 0;      // --seed N: idle life's blinks, gaze and breath
};

// The root command's options (the viewer runs when no subcommand is given): MODEL and the model
// options, --window-size, --screenshot-after with --out, and the starting --weights, --animation
// and --time (as capture spells them), and --script FILE.
void addViewerOptions(CLI::App& root, ViewerOptions& options);

// Runs the window until it is closed (or, with --screenshot-after, until the picture is saved).
// Failed when the window cannot open, the model cannot load in screenshot mode, the picture
// cannot be written, or a script's expectation failed; main() turns it into the exit code.
CommandResult runViewer(const ViewerOptions& options);

}  // namespace app
