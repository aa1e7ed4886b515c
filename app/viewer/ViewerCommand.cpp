// `morphview [MODEL] [--window-size WxH] [--screenshot-after N --out FILE.png]`: the viewer's
// command line.
#include <cstdio>

#include <CLI/CLI.hpp>

#include "app/cli/Commands.h"
#include "app/cli/Options.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/Subcommand.h"
#include "app/live/LiveSession.h"
#include "app/viewer/ViewerApp.h"
#include "app/viewer/ViewerWindow.h"
#include "app/viewer/live/LivePanel.h"
#include "app/voice/VoiceProfileFile.h"
#include "app/voice/VoiceSession.h"
#include "morph/edit/WeightSpec.h"
#include "renderer/scene/Capture.h"

namespace app {

namespace {

// --listen, --listen-address, --record-stream and --calibration: the ports open once the model is
// loaded.
void addLiveOptions(CLI::App& root, ViewerOptions& options) {
    CLI::Option* listen =
        root.add_option("--listen", options.listen,
                        "Drive the face live: vmc[:PORT] (the VMC protocol, default port 39539) "
                        "or livelink[:PORT] (Live Link Face, default 11111); repeatable; or a "
                        "voice: audio[:DEVICE] (a capture device) or audio:FILE.wav (a file as "
                        "a microphone)")
            ->type_name("SOURCE[:PORT]")
            ->take_all()
            ->allow_extra_args(false)
            ->check([](const std::string& text) -> std::string {
                if (voice::isAudioListenSpec(text)) {
                    auto audio = voice::parseAudioListenSpec(text);
                    return audio ? std::string() : audio.error().message;
                }
                auto parsed = live::parseListenSpec(text);
                return parsed ? std::string() : parsed.error().message;
            });
    root.add_option("--listen-address", options.listenAddress,
                    "The IPv4 address --listen binds (default 127.0.0.1: this machine only)")
        ->type_name("ADDR")
        ->needs(listen);
    root.add_option("--record-stream", options.recordStream,
                    "Write every applied live sample to FILE as one JSON line: t, source and the "
                    "live weights by target name (capture --replay draws one); with --alive and "
                    "no --listen, idle life's weights each frame")
        ->type_name("FILE.jsonl");
    root.add_option("--calibration", options.calibration,
                    "Calibrate the live input with a JSON profile: per name neutral, gain, offset, "
                    "clamp and 1-euro smoothing (docs/LIVE.md)")
        ->type_name("FILE.json")
        ->needs(listen);
    root.add_option("--voice-profile", options.voiceProfile,
                    "With --listen audio: classify the voice against this speaker's centroids "
                    "(morphview voice-profile writes one) instead of adult averages")
        ->type_name("PROFILE.json")
        ->needs(listen);
    root.add_flag("--live-head", options.liveHead,
                  "Turn the head and eye joints with the live input's head and eye rotations "
                  "(Live Link Face)")
        ->needs(listen);
    root.add_option("--replay", options.replay,
                    "Play a --record-stream recording on the live layer in real time, once from "
                    "its first line, the last line held (the weights capture --replay draws)")
        ->type_name("FILE.jsonl");
    CLI::Option* alive =
        root.add_flag("--alive", options.alive,
                      "Idle life: the face blinks, moves its eyes and breathes, under every other "
                      "source of weights (View > Alive switches; docs/LIVE.md)");
    root.add_option("--seed", options.seed,
                    "The seed of --alive's blinks, gaze and breath (default 0): the same seed, "
                    "the same face at the same frame")
        ->type_name("N")
        ->needs(alive);
}

}  // namespace

void addViewerOptions(CLI::App& root, ViewerOptions& options) {
    addModelOptions(root, options.model, /*modelRequired=*/false);
    root.add_option("--window-size", options.windowSize, "Viewer window size (default 1280x800)")
        ->type_name("WxH")
        ->check(*wholeMessageOf(parseSize));
    CLI::Option* after =
        root.add_option("--screenshot-after", options.screenshotAfter,
                        "Run the window for N frames, save it (UI included) to --out, exit")
            ->type_name("N")
            ->check(CLI::Range(1, 100000));
    CLI::Option* out =
        addOutOption(root, options.out, "Where --screenshot-after writes the PNG", "FILE.png");
    after->needs(out);
    out->needs(after);
    addWeightsOption(root, options.weights,
                     "Start with these weights set as if by the sliders: NAME=V, INDEX=V, *=V or "
                     "vrm:EXPRESSION=V, comma separated",
                     wholeMessageOf(morph::parseWeightSpec));
    CLI::Option* animation =
        addAnimationOption(root, options.animation,
                           "Start with this clip selected (name or index); all or a comma list "
                           "(0,2): those clips playing together as layers, the first one current");
    root.add_option("--script", options.script,
                    "Drive the real UI from FILE (click, type, drag, key, wait, expect-..., "
                    "screenshot, quit; see docs/VIEWER.md) and exit 0 when every check held")
        ->type_name("FILE");
    addMsaaOption(root, options.msaa,
                  "Samples of the 3D view's anti-aliasing: 0 (off), 2, 4 or 8 (default 4 on a "
                  "GPU, 0 on a CPU rasterizer such as llvmpipe; View > Anti-aliasing switches)");
    root.add_option("--frame-times", options.frameTimes,
                    "At exit, write the time of every frame drawn back to back (ms, the UI "
                    "included), their median, 95th percentile and fps to FILE.json")
        ->type_name("FILE.json");
    addTimeOption(root, options.time, "Start the clip at T seconds", animation, CLI::Number);
    addLiveOptions(root, options);
    addSceneOption(root, options.scene,
                   "Start on this scene of the file (default: the file's default scene; View > "
                   "Scene switches)");
    addVariantOption(root, options.variant,
                     "Start with this KHR_materials_variants variant, by name or index (default: "
                     "the file's default materials; View > Variant switches)");
    addMorphPathOption(root, options.morphPath,
                       "Start with this morph path: vs-dense, vs-active, cs-sparse, cpu or auto "
                       "(default; View > Morph path switches)",
                       morphPathMember());
    addShadingOption(root, options.shading,
                     "How the 3D view shades opaque materials: auto (default: deferred on a "
                     "CPU rasterizer, forward on a GPU), forward or deferred",
                     shadingMember());
    addLookOptions(root, options.look);
}

CommandResult runViewer(const ViewerOptions& options) {
    if (!options.recordStream.empty() && options.listen.empty() && !options.alive)
        return usageError("--record-stream requires --listen or --alive");
    // A bad recording or voice profile is one line before any window opens.
    if (!options.voiceProfile.empty()) {
        if (auto profile = voice::readVoiceProfile(options.voiceProfile, voice::builtInProfile());
            !profile)
            return usageError(profile.error().message);
    }
    if (!options.replay.empty()) {
        if (auto lines = loadReplay(options.replay); !lines)
            return {Outcome::Failed, "morphview: " + lines.error().message};
    }
    auto viewer = ViewerWindow::create(options);
    if (!viewer) return {Outcome::Failed, "morphview: " + viewer.error().message};
    return {(*viewer)->run(), {}};
}

}  // namespace app
