#include "app/cli/CaptureCommand.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <future>
#include <memory>

#include <CLI/CLI.hpp>

#include "app/cli/JsonOut.h"
#include "app/cli/ModelLoader.h"
#include "app/cli/Options.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/ShotRunner.h"
#include "app/cli/Subcommand.h"
#include "app/install/BundledData.h"
#include "app/live/LiveRecording.h"
#include "app/record/Recorder.h"
#include "app/record/Recording.h"
#include "app/regress/TaskPool.h"
#include "app/take/TakeFile.h"
#include "morph/anim/ClipSelection.h"
#include "morph/edit/WeightSpec.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/GpuScene.h"

namespace app {

namespace {

namespace fs = std::filesystem;

struct CaptureOptions {
    ShotDefaults defaults;  // MODEL's import options, --size, --camera, ...: under every shot
    std::string outPath;    // --out (with MODEL)
    std::string shotsPath;  // --shots
    std::string outDir;     // --out-dir (with --shots)
    OptionValue<std::vector<morph::WeightAssignment>> weights;  // --weights, parsed once
    std::string animation;
    float time = 0;
    std::string replay;  // --replay: a live recording's weights at --time, as --weights
    std::string clip;    // --clip: every frame of this animation into --out-dir
    int fps = 30;
    bool alive = false;    // --alive: idle life at --time (each frame's time with --clip)
    uint32_t seed = 0;     // --seed
    bool json = false;     // --json: what was written, as one JSON object on stdout
    bool timings = false;  // --timings: where MODEL --out's time went (one line, and in --json)
};

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// `capture MODEL`'s shot (one image, or a clip's frames): the context, the model loaded once and
// the shot checked against it, drawn through the ShotRunner every --shots file's shot goes
// through.
struct ModelShot {
    std::unique_ptr<ShotRunner> runner;
    Shot shot;
    const morph::Scene* layout = nullptr;
};

CommandResult startModelShot(const CaptureOptions& options, const ShotEntry& entry,
                             ModelShot& out) {
    auto shot = shotSpec(options.defaults, entry);
    if (!shot) return failWith(shot.error().message);
    auto runner = ShotRunner::start(options.defaults);
    if (!runner) return failWith(runner.error().message);
    auto scene = (*runner)->scene(options.defaults.model.path);
    if (!scene) return modelLoadFailed(scene.error());
    // --scene, --camera file:N or --variant names what the file lacks.
    if (auto checked = app::checkShot((*scene)->layout(), *shot); !checked)
        return usageError(checked.error().message);
    out.layout = &(*scene)->layout();
    out.runner = std::move(runner).value();
    out.shot = std::move(shot).value();
    return {};
}

// --timings: where the time went, in milliseconds, as one line on stderr and as JSON.
Json reportTimings(const RunTimings& timings, double encodeMs, double totalMs) {
    std::fprintf(stderr,
                 "timings: import %.1f ms, context %.1f ms, environment %.1f ms, compile %.1f ms "
                 "(%d programs), draw %.1f ms, encode %.1f ms, total %.1f ms\n",
                 timings.import, timings.context, timings.environment, timings.compile,
                 timings.programs, timings.draw, encodeMs, totalMs);
    return Json{{"import", timings.import},
                {"context", timings.context},
                {"environment", timings.environment},
                {"compile", timings.compile},
                {"programs", timings.programs},
                {"draw", timings.draw},
                {"encode", encodeMs},
                {"total", totalMs}};
}

CommandResult runSingle(const CaptureOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    ShotEntry entry;
    entry.animation = options.animation;
    entry.time = options.time;
    std::vector<morph::WeightAssignment> weights = options.weights.value;
    // A take from another tool is retargeted onto the model, so it is read once the model is.
    const bool take = !options.replay.empty() && take::isTakeFile(options.replay);
    if (!options.replay.empty() && !take) {  // the recording's weights, as data (not --weights)
        auto replayed = live::replayWeights(options.replay, options.time);
        if (!replayed) return failWith(replayed.error().message);
        weights = std::move(replayed).value();
    }
    if (!options.replay.empty()) entry.time = 0;
    ModelShot model;
    if (CommandResult started = startModelShot(options, entry, model);
        started.outcome != Outcome::Ok)
        return started;
    warnAboutDerivedWeights(*model.layout, options.weights.value);
    if (take) {
        auto replayed = take::replayWeightsOn(options.replay, options.time, model.layout);
        if (!replayed) return failWith(replayed.error().message);
        weights = std::move(replayed).value();
    }
    model.shot.pose.weightItems = std::move(weights);
    if (options.alive) model.shot.pose.aliveSeed = options.seed;
    auto image = model.runner->render(options.defaults.model.path, model.shot);
    if (!image) return failWith(image.error().message);
    const auto encodeStart = std::chrono::steady_clock::now();
    if (auto written = morph::writePngFile(options.outPath, *image); !written) {
        return failWith(written.error().message);
    }
    Json timings;
    if (options.timings) {
        timings = reportTimings(model.runner->timings(), 1000 * secondsSince(encodeStart),
                                1000 * secondsSince(start));
    }
    if (options.json) {
        Json json;
        json["files"] = {options.outPath};
        json["width"] = image->width;
        json["height"] = image->height;
        if (options.timings) json["timings"] = std::move(timings);
        std::printf("%s\n", json.dump().c_str());
    }
    return {};
}

// The file name of a clip's video: its label with anything but [A-Za-z0-9._-] made '_'.
std::string videoFileName(const std::string& clipLabel) {
    std::string name;
    for (char c : clipLabel.empty() ? std::string("clip") : clipLabel) {
        const bool keep =
            std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
        name += keep ? c : '_';
    }
    return name + ".mp4";
}

// What --clip draws: the clips as --animation finds them (a name, an index, all or a list), the
// longest setting the frames; one clip keeps its name, several are named by the key ("all").
struct ClipPlan {
    std::string label;
    float end = 0.0f;
    size_t frames = 0;
};

morph::Result<ClipPlan> planClip(const morph::Scene& layout, const CaptureOptions& options) {
    const morph::ClipSelection selection = morph::selectAnimations(layout, options.clip);
    if (!selection.ok() || selection.clips.empty()) {
        return morph::Error{morph::ErrorCode::Usage, "--clip: no clip '" +
                                                         selection.unknown.value_or(options.clip) +
                                                         "' in " + options.defaults.model.path};
    }
    ClipPlan plan;
    for (size_t clip : selection.clips) plan.end = std::max(plan.end, layout.animations[clip].end);
    plan.frames = framesForDuration(plan.end, options.fps);
    plan.label = selection.clips.size() == 1 ? layout.animations[selection.clips.front()].name
                                             : options.clip;
    return plan;
}

// What a finished --clip prints: the JSON object or the line.
void reportClip(const CaptureOptions& options, const ClipPlan& plan, const std::string& video,
                const std::string& videoProblem, bool ffmpeg, bool videoWritten, double seconds) {
    if (options.json) {
        Json json;
        json["clip"] = plan.label;
        json["frames"] = plan.frames;
        json["fps"] = options.fps;
        json["outDir"] = options.outDir;
        json["video"] = videoWritten && videoProblem.empty()
                            ? Json((fs::path(options.outDir) / video).string())
                            : Json();
        json["seconds"] = seconds;
        std::printf("%s\n", json.dump().c_str());
        return;
    }
    std::printf("captured %zu frames of '%s' (%.2f s at %d fps) to %s in %.2f s; %s\n", plan.frames,
                plan.label.c_str(), plan.end, options.fps, options.outDir.c_str(), seconds,
                !ffmpeg                 ? "ffmpeg not on PATH: PNG frames only"
                : !videoProblem.empty() ? videoProblem.c_str()
                : videoWritten          ? (video + " written").c_str()
                                        : "no video");
}

// --clip: the animation sampled at frame n / fps for n = 0 .. framesForDuration (both ends of the
// clip), written as the viewer's recordings are (frame-000000.png, ... and an MP4 with ffmpeg).
CommandResult runClip(const CaptureOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    ShotEntry entry;  // --morph-path and --instances apply as to one shot
    entry.animation = options.clip;
    ModelShot model;
    if (CommandResult started = startModelShot(options, entry, model);
        started.outcome != Outcome::Ok)
        return started;
    warnAboutDerivedWeights(*model.layout, options.weights.value);
    model.shot.pose.weightItems = options.weights.value;
    if (options.alive) model.shot.pose.aliveSeed = options.seed;
    auto plan = planClip(*model.layout, options);
    if (!plan) return failWith(plan.error().message);
    const std::string ffmpeg = findOnPath("ffmpeg", std::getenv("PATH"));
    const std::string video = videoFileName(plan->label);
    // A clip that names its sound (speak's speech.glb) has it in the MP4.
    const std::string audio = clipAudioPath(options.defaults.model.path, plan->label);
    Recorder recorder;
    if (auto started = recorder.start(options.outDir, options.fps, ffmpeg, video, audio); !started)
        return failWith(started.error().message);
    std::string videoProblem;
    for (size_t i = 0; i < plan->frames; ++i) {
        model.shot.pose.time = float(frameTime(i, options.fps));
        auto image = model.runner->render(options.defaults.model.path, model.shot);
        if (!image) return failWith(image.error().message);
        if (auto added = recorder.addFrame(ffmpeg.empty() ? *image : evenSized(*image)); !added) {
            if (recorder.frames() != i + 1) return failWith(added.error().message);
            videoProblem = added.error().message;  // the PNG is written; only the video failed
        }
    }
    const bool videoWritten = recorder.writesVideo();
    if (auto stopped = recorder.stop(); !stopped) videoProblem = stopped.error().message;
    reportClip(options, *plan, video, videoProblem, !ffmpeg.empty(), videoWritten,
               secondsSince(start));
    return {};
}

// One shot of a --shots file drawn: its images (one, or one per clip time or turntable angle) and
// the files they go to in `outDir`.
struct DrawnEntry {
    std::vector<std::string> files;
    std::vector<morph::RgbaImage> images;
};

morph::Result<DrawnEntry> drawEntry(ShotRunner& runner, const ShotEntry& entry,
                                    const std::vector<ShotFrame>& frames,
                                    const std::string& outDir) {
    DrawnEntry drawn;
    for (const ShotFrame& frame : frames) {
        auto image = runner.render(entry.model, frame.shot);
        if (!image) return image.error();
        drawn.files.push_back((fs::path(outDir) / (entry.name + frame.suffix + ".png")).string());
        drawn.images.push_back(std::move(image).value());
    }
    return drawn;
}

// A shot's files written (PNG encode, write, fsync, rename: on a worker, GL-free), or the first
// write's error; and the seconds it took.
struct WrittenEntry {
    morph::Result<std::vector<std::string>> files;
    double seconds = 0;
};

WrittenEntry writeEntry(const DrawnEntry& drawn) {
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < drawn.files.size(); ++i) {
        if (auto written = morph::writePngFile(drawn.files[i], drawn.images[i]); !written)
            return {written.error(), secondsSince(start)};
    }
    return {drawn.files, secondsSince(start)};
}

// What a finished --shots run prints: the JSON object (with a row per shot) or the line.
void reportShots(const CaptureOptions& options, Json rows, size_t total, size_t failed,
                 size_t models, double seconds) {
    if (options.json) {
        Json json;
        json["shots"] = std::move(rows);
        json["captured"] = total - failed;
        json["failed"] = failed;
        json["models"] = models;
        json["seconds"] = seconds;
        std::printf("%s\n", json.dump().c_str());
        return;
    }
    std::printf("captured %zu of %zu shots (%zu models) in %.2f s%s\n", total - failed, total,
                models, seconds, failed ? "; some failed, see above" : "");
}

// A shot on its way: drawn, its files being written on a worker.
struct PendingShot {
    const ShotEntry* entry = nullptr;
    std::string prefix;  // "[2/5] name"
    int width = 0, height = 0;
    double drawSeconds = 0;
    std::future<WrittenEntry> written;
};

// The shot's row and line, in shot order: its files, or its error.
void finishShot(const CaptureOptions& options, PendingShot& shot, Json& rows, size_t& failed) {
    WrittenEntry done = shot.written.get();
    const std::string& name = shot.entry->name;
    if (!done.files) {
        ++failed;
        std::fprintf(stderr, "%s: %s\n", shot.prefix.c_str(), done.files.error().message.c_str());
        rows.push_back(
            {{"name", name}, {"files", Json::array()}, {"error", done.files.error().message}});
        return;
    }
    const double seconds = shot.drawSeconds + done.seconds;
    rows.push_back(
        {{"name", name}, {"files", *done.files}, {"error", nullptr}, {"ms", seconds * 1000.0}});
    if (options.json) return;
    std::printf("%s: %s%s (%dx%d, %.2f s)\n", shot.prefix.c_str(), done.files->front().c_str(),
                done.files->size() > 1
                    ? (" and " + std::to_string(done.files->size() - 1) + " more").c_str()
                    : "",
                shot.width, shot.height, seconds);
    std::fflush(stdout);
}

std::future<WrittenEntry> ready(WrittenEntry value) {
    std::promise<WrittenEntry> promise;
    promise.set_value(std::move(value));
    return promise.get_future();
}

// Each shot is drawn on this (the GL) thread and written on a worker while the next one draws;
// at most two wait, and rows and lines come out in shot order.
CommandResult runShots(const CaptureOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    auto shots = readShotsFile(options.shotsPath);
    if (!shots) return failWith(shots.error().message);
    if (morph::Status made = morph::makeFolders(options.outDir); !made)
        return failWith(made.error().message);

    auto runner = ShotRunner::start(options.defaults);
    if (!runner) return failWith(runner.error().message);
    regress::TaskPool pool(regress::TaskPool::defaultThreads());
    std::deque<PendingShot> pending;
    size_t failed = 0;
    const size_t total = shots->size();
    Json rows = Json::array();  // --json: one per shot
    for (size_t i = 0; i < total; ++i) {
        PendingShot shot;
        shot.entry = &(*shots)[i];
        shot.prefix =
            "[" + std::to_string(i + 1) + "/" + std::to_string(total) + "] " + shot.entry->name;
        const auto shotStart = std::chrono::steady_clock::now();
        auto frames = (*runner)->frames(*shot.entry);
        if (frames) (*runner)->warnAboutDerivedWeights(*shot.entry);
        auto drawn = frames ? drawEntry(**runner, *shot.entry, *frames, options.outDir)
                            : morph::Result<DrawnEntry>(frames.error());
        shot.drawSeconds = secondsSince(shotStart);
        if (!drawn) {
            shot.written = ready({drawn.error(), 0.0});
        } else {
            shot.width = frames->front().shot.spec.width;
            shot.height = frames->front().shot.spec.height;
            shot.written =
                pool.submit([d = std::make_shared<DrawnEntry>(std::move(drawn).value())] {
                    return writeEntry(*d);
                });
        }
        pending.push_back(std::move(shot));
        while (pending.size() > 2) {
            finishShot(options, pending.front(), rows, failed);
            pending.pop_front();
        }
    }
    for (PendingShot& shot : pending) finishShot(options, shot, rows, failed);
    reportShots(options, std::move(rows), total, failed, (*runner)->modelsLoaded(),
                secondsSince(start));
    return succeeded(failed == 0);
}

// What the command writes: one PNG (--out), a clip's frames or a shots file's images
// (--out-dir).
struct CaptureChoice {
    CLI::Option* out = nullptr;
    CLI::Option* shots = nullptr;
    CLI::Option* outDir = nullptr;
    CLI::Option* clip = nullptr;
    CLI::Option* animation = nullptr;
    CLI::Option* time = nullptr;
    CLI::Option* replay = nullptr;
    CLI::Option* weights = nullptr;
    CLI::Option* alive = nullptr;
    CLI::Option* timings = nullptr;
};

CaptureChoice addCaptureOutputs(CLI::App& capture, CaptureOptions& options) {
    CaptureChoice c;
    c.out = capture.add_option("--out", options.outPath, "The PNG to write (with MODEL)")
                ->type_name("FILE.png");
    c.shots = capture
                  .add_option("--shots", options.shotsPath,
                              "A JSON list of shots [{\"name\",\"model\",\"weights\","
                              "\"animation\",\"time\",\"camera\",\"size\",\"background\","
                              "\"frame\",\"scene\",\"lights\",\"variant\"}], rendered instead "
                              "of MODEL; models are loaded once each")
                  ->type_name("FILE.json");
    c.outDir = capture
                   .add_option("--out-dir", options.outDir,
                               "Where --shots writes NAME.png (and --clip its frames)")
                   ->type_name("DIR");
    c.clip = capture
                 .add_option("--clip", options.clip,
                             "Every frame of this animation (name or index; all or a comma list: "
                             "those clips at once, to the longest one's end) at --fps into "
                             "--out-dir: frame-000000.png ..., and NAME.mp4 when ffmpeg is on PATH")
                 ->type_name("NAME|INDEX|all|LIST");
    capture.add_option("--fps", options.fps, "Frames per second of --clip (default 30)")
        ->type_name("F")
        ->check(CLI::Range(kMinRecordFps, kMaxRecordFps))
        ->needs(c.clip);
    return c;
}

// The image's size and the pose: --size, --weights, --animation, --time, --replay.
void addCapturePose(CLI::App& capture, CaptureOptions& options, CaptureChoice& c) {
    addParsedOption(capture, kSizeOption, options.defaults.size, "Image size (default 512x512)",
                    parserMessage(kSizeOption));
    CLI::Option* weights =
        addParsedOption(capture, kWeightsOption, options.weights,
                        "Weights on top of the defaults and the animation: NAME=V, INDEX=V, *=V or "
                        "vrm:EXPRESSION=V, comma separated",
                        parserMessage(kWeightsOption));
    CLI::Option* animation =
        addAnimationOption(capture, options.animation,
                           "Sample this animation (name, or index when no clip has that name); "
                           "all: every clip at once; a comma list (0,2): those at once, later "
                           "ones winning where two drive the same channel")
            ->excludes(c.clip);
    c.animation = animation;
    c.time = addTimeOption(capture, options.time, "Seconds into the animation (default 0)",
                           animation, CLI::Number);
    // --time also serves --replay; chooseRun asks for --animation in CLI11's words otherwise.
    c.time->remove_needs(animation);
    c.replay = capture
                   .add_option("--replay", options.replay,
                               "A live input recording (--record-stream) or a take (Live Link "
                               "Face CSV, Rhubarb, Audio2Face JSON): draw the weights of its "
                               "last line with t <= --time (seconds), as --weights would")
                   ->type_name("FILE.jsonl");
    c.weights = weights;
    c.alive = capture.add_flag("--alive", options.alive,
                               "Idle life at --time: the blinks, gaze and breath the viewer's "
                               "--alive shows at that time of its clock, over the animation and "
                               "under --weights (docs/LIVE.md)");
    capture
        .add_option("--seed", options.seed,
                    "The seed of --alive (default 0), as the viewer's --seed")
        ->type_name("N")
        ->needs(c.alive);
}

// How it is seen: the camera, the background, the light, the file's scene, lights and
// variant, the morph path and the crowd.
void addCaptureView(CLI::App& capture, ShotDefaults& defaults) {
    addParsedOption(capture, kCameraOption, defaults.camera,
                    std::string("front, left, right, top, ") + kOrbitSyntax +
                        " (degrees; DIST in model units from the centre, default: framed), or "
                        "file:N (the file's camera N, as info lists them)",
                    parserMessage(kCameraOption));
    addParsedOption(capture, kBackgroundOption, defaults.background,
                    "Background: a colour (default #2e3036), environment (the light's "
                    "environment, sharp) or blurred",
                    wholeMessage());
    addLookOptions(capture, defaults.look);
    addParsedOption(capture, kFrameOption, defaults.frame,
                    "What the camera frames: all (the whole model, default) or morphed (the "
                    "region the morph targets move: an avatar's face)",
                    parserMessage(kFrameOption));
    addSceneOption(capture, defaults.scene,
                   "Which of the file's scenes to draw and frame (default: the file's default "
                   "scene)");
    addParsedOption(capture, kLightsOption, defaults.lights,
                    "Direct lights: the file's KHR_lights_punctual lights, the studio rig, both or "
                    "none; auto (default): the file's when the scene has any, else the rig",
                    parserMessage(kLightsOption));
    addVariantOption(capture, defaults.variant,
                     "A KHR_materials_variants variant, by name or index (as info lists them; "
                     "default: the file's default materials)");
    addParsedOption(capture, kMorphPathOption, defaults.morphPath,
                    "How meshes morph: vs-dense, vs-active, cs-sparse, cpu, or auto (default: "
                    "per primitive from its density and active targets)",
                    parserMessage(kMorphPathOption));
    capture
        .add_option("--instances", defaults.instances,
                    "Draw N copies in a grid of ceil(sqrt(N)) columns, one instanced draw per "
                    "primitive (default 1). Copy 0 shows the shot's weights; copy k > 0 gets, per "
                    "target, a weight in [0, 1) with probability 1/4 (else 0), both from a fixed "
                    "hash of (k, target), so every run shows the same crowd")
        ->type_name("N")
        ->check(CLI::Range(1, 65535));
}

// The run the command line asks for; usage errors are thrown as CLI11 errors (exit 2).
std::function<CommandResult()> chooseRun(std::shared_ptr<CaptureOptions> options,
                                         const CaptureChoice& c) {
    // Without MODEL, one shot or clip draws the bundled face, as the viewer opens it.
    std::string& model = options->defaults.model.path;
    if (model.empty() && c.shots->count() == 0 && (c.out->count() > 0 || c.clip->count() > 0)) {
        model = bundledFacePath();
        if (model.empty())
            throw CLI::ValidationError("MODEL", "the bundled face.glb was not found; give MODEL");
    }
    const bool haveModel = !model.empty();
    if (c.time->count() > 0 && c.animation->count() == 0 && c.replay->count() == 0 &&
        c.alive->count() == 0)
        throw CLI::RequiresError(c.time->get_name(), c.animation->get_name());
    // --replay's exclusions are checked here, so the other options' help stays as it was.
    for (CLI::Option* other : {c.weights, c.animation, c.clip}) {
        if (c.replay->count() > 0 && other->count() > 0)
            throw CLI::ExcludesError(c.replay->get_name(), other->get_name());
    }
    if (c.replay->count() > 0 && c.shots->count() > 0)
        throw CLI::ValidationError("--replay", "applies to MODEL, not to --shots");
    if (c.alive->count() > 0 && c.replay->count() > 0)
        throw CLI::ExcludesError(c.alive->get_name(), c.replay->get_name());
    if (c.alive->count() > 0 && c.shots->count() > 0)
        throw CLI::ValidationError("--alive", "applies to MODEL, not to --shots");
    if (haveModel == (c.shots->count() > 0)) {
        throw CLI::ValidationError("capture",
                                   "give either MODEL --out FILE.png, MODEL --clip NAME "
                                   "--out-dir DIR or --shots FILE.json --out-dir DIR");
    }
    if (c.timings->count() > 0 && (!haveModel || c.clip->count() > 0))
        throw CLI::ValidationError("--timings", "applies to MODEL --out");
    if (c.clip->count() > 0) {
        if (c.out->count() > 0)
            throw CLI::ValidationError("--out", "--clip writes frames into --out-dir");
        if (c.outDir->count() == 0) throw CLI::RequiredError("--out-dir");
        return [options] { return runClip(*options); };
    }
    if (haveModel && c.out->count() == 0) throw CLI::RequiredError("--out");
    if (!haveModel && c.outDir->count() == 0) throw CLI::RequiredError("--out-dir");
    if (!haveModel && !options->defaults.model.poses.empty())
        throw CLI::ValidationError("--pose", "applies to MODEL, not to --shots");
    if (haveModel) return [options] { return runSingle(*options); };
    return [options] { return runShots(*options); };
}

}  // namespace

void addCaptureCommand(CLI::App& root, CommandContext& context) {
    auto capture = addSubcommand<CaptureOptions>(
        root, "capture",
        "Render MODEL (or every shot of a --shots file) to PNG, headless (no display)");
    addModelOptions(capture.app, capture.options.defaults.model, /*modelRequired=*/false);
    CaptureChoice choice = addCaptureOutputs(capture.app, capture.options);
    addCapturePose(capture.app, capture.options, choice);
    addCaptureView(capture.app, capture.options.defaults);
    addJsonFlag(capture.app, capture.options.json,
                "Print what was done (files written, sizes, per-shot times and errors) as "
                "one JSON object instead of progress lines");
    choice.timings = capture.app.add_flag(
        "--timings", capture.options.timings,
        "With MODEL --out: print where the time went (import, context, environment, compile, "
        "draw, encode; milliseconds) as one line on stderr, and under \"timings\" in --json");
    chooseOnParse(capture, context, [choice](std::shared_ptr<CaptureOptions> options) {
        return chooseRun(std::move(options), choice);
    });
}

}  // namespace app
