#include "app/cli/CaptureCommand.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "app/cli/JsonOut.h"
#include "app/cli/ModelLoader.h"
#include "app/cli/ShotRunner.h"
#include "app/install/BundledData.h"
#include "app/record/Recorder.h"
#include "app/record/Recording.h"
#include "morph/anim/ClipSelection.h"
#include "morph/edit/WeightSpec.h"
#include "morph/image/ImageFile.h"
#include "renderer/gl/EglContext.h"
#include "renderer/scene/Capture.h"
#include "renderer/scene/GpuScene.h"

namespace app {

namespace {

namespace fs = std::filesystem;

struct CaptureOptions {
    ModelOptions model;
    std::string outPath;    // --out (with MODEL)
    std::string shotsPath;  // --shots
    std::string outDir;     // --out-dir (with --shots)
    std::string size = "512x512";
    std::string weights;
    std::string animation;
    float time = 0;
    std::string camera = "front";
    std::string background = "#2e3036";
    std::string clip;  // --clip: every frame of this animation into --out-dir
    int fps = 30;
    std::string morphPath = "auto";
    int instances = 1;
    std::string frame = "all";  // --frame
    LookOptions look;
    int scene = -1;               // --scene
    std::string lights = "auto";  // --lights
    std::string variant;          // --variant
    bool json = false;            // --json: what was written, as one JSON object on stdout
};

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Session {
    renderer::EglContext context;
    renderer::Capturer capturer;
};

morph::Result<std::unique_ptr<Session>> startSession() {
    auto context = renderer::EglContext::create();
    if (!context) return context.error();
    auto capturer = renderer::Capturer::create();
    if (!capturer) return capturer.error();
    return std::make_unique<Session>(
        Session{std::move(context).value(), std::move(capturer).value()});
}

// The command line's settings under every shot (and the single shot's, with its pose).
ShotDefaults shotDefaults(const CaptureOptions& options) {
    ShotDefaults defaults;
    defaults.model = options.model;
    defaults.size = options.size;
    defaults.camera = options.camera;
    defaults.background = options.background;
    defaults.frame = options.frame;
    defaults.morphPath = options.morphPath;
    defaults.instances = options.instances;
    defaults.look = options.look;
    defaults.scene = options.scene;
    defaults.lights = options.lights;
    defaults.variant = options.variant;
    return defaults;
}

int runSingle(const CaptureOptions& options) {
    ShotEntry entry;
    entry.weights = options.weights;
    entry.animation = options.animation;
    entry.time = options.time;
    auto shot = shotSpec(shotDefaults(options), entry);
    if (!shot) return failWith(shot.error().message);

    auto session = startSession();
    if (!session) return failWith(session.error().message);
    auto scene = loadGpuScene(options.model);
    if (!scene) return failWith(scene.error().message);
    if (auto checked = renderer::checkShot(scene->layout(), *shot); !checked) {
        std::fprintf(stderr, "%s\n", checked.error().message.c_str());
        return kExitUsage;  // --scene, --camera file:N or --variant names what the file lacks
    }
    auto image = (*session)->capturer.capture(*scene, *shot);
    if (!image) return failWith(options.model.path + ": " + image.error().message);
    if (auto written = morph::writePngFile(options.outPath, *image); !written) {
        return failWith(written.error().message);
    }
    if (options.json) {
        Json json;
        json["files"] = {options.outPath};
        json["width"] = image->width;
        json["height"] = image->height;
        std::printf("%s\n", json.dump().c_str());
    }
    return kExitOk;
}

// --clip: the animation sampled at frame n / fps for n = 0 .. framesForDuration (both ends of the
// clip), written as the viewer's recordings are (frame-000000.png, ... and an MP4 with ffmpeg).
int runClip(const CaptureOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    ShotEntry entry;  // --morph-path and --instances apply as to one shot
    entry.weights = options.weights;
    entry.animation = options.clip;
    auto shot = shotSpec(shotDefaults(options), entry);
    if (!shot) return failWith(shot.error().message);

    auto session = startSession();
    if (!session) return failWith(session.error().message);
    auto scene = loadGpuScene(options.model);
    if (!scene) return failWith(scene.error().message);
    if (auto checked = renderer::checkShot(scene->layout(), *shot); !checked) {
        std::fprintf(stderr, "%s\n", checked.error().message.c_str());
        return kExitUsage;
    }
    // The clips as --animation finds them (a name, an index, all or a list); the longest sets
    // the frames.
    const std::vector<morph::Animation>& animations = scene->layout().animations;
    const morph::ClipSelection selection = morph::selectAnimations(scene->layout(), options.clip);
    if (!selection.ok() || selection.clips.empty())
        return failWith("--clip: no clip '" + selection.unknown.value_or(options.clip) + "' in " +
                        options.model.path);
    float end = 0.0f;
    for (size_t clip : selection.clips) end = std::max(end, animations[clip].end);
    const size_t frames = framesForDuration(end, options.fps);
    // One clip keeps its name; several are named by the key ("all", "0,2").
    const std::string clipLabel =
        selection.clips.size() == 1 ? animations[selection.clips.front()].name : options.clip;
    const std::string ffmpeg = findOnPath("ffmpeg", std::getenv("PATH"));
    std::string videoName;
    for (char c : clipLabel.empty() ? std::string("clip") : clipLabel) {
        const bool keep =
            std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
        videoName += keep ? c : '_';
    }
    videoName += ".mp4";
    Recorder recorder;
    if (auto started = recorder.start(options.outDir, options.fps, ffmpeg, videoName); !started) {
        return failWith(started.error().message);
    }
    std::string videoProblem;
    for (size_t i = 0; i < frames; ++i) {
        shot->time = float(frameTime(i, options.fps));
        auto image = (*session)->capturer.capture(*scene, *shot);
        if (!image) return failWith(options.model.path + ": " + image.error().message);
        if (auto added = recorder.addFrame(ffmpeg.empty() ? *image : evenSized(*image)); !added) {
            if (recorder.frames() != i + 1) return failWith(added.error().message);
            videoProblem = added.error().message;  // the PNG is written; only the video failed
        }
    }
    const bool video = recorder.writesVideo();
    if (auto stopped = recorder.stop(); !stopped) videoProblem = stopped.error().message;
    if (options.json) {
        Json json;
        json["clip"] = clipLabel;
        json["frames"] = frames;
        json["fps"] = options.fps;
        json["outDir"] = options.outDir;
        json["video"] = video && videoProblem.empty()
                            ? Json((fs::path(options.outDir) / videoName).string())
                            : Json();
        json["seconds"] = secondsSince(start);
        std::printf("%s\n", json.dump().c_str());
        return kExitOk;
    }
    std::printf("captured %zu frames of '%s' (%.2f s at %d fps) to %s in %.2f s; %s\n", frames,
                clipLabel.c_str(), end, options.fps, options.outDir.c_str(), secondsSince(start),
                ffmpeg.empty()          ? "ffmpeg not on PATH: PNG frames only"
                : !videoProblem.empty() ? videoProblem.c_str()
                : video                 ? (videoName + " written").c_str()
                                        : "no video");
    return kExitOk;
}

int runShots(const CaptureOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    auto shots = readShotsFile(options.shotsPath);
    if (!shots) return failWith(shots.error().message);
    std::error_code ec;
    fs::create_directories(options.outDir, ec);
    if (ec) return failWith(options.outDir + ": cannot create the folder (" + ec.message() + ")");

    auto runner = ShotRunner::start(shotDefaults(options));
    if (!runner) return failWith(runner.error().message);
    size_t failed = 0;
    const size_t total = shots->size();
    Json rows = Json::array();  // --json: one per shot
    for (size_t i = 0; i < total; ++i) {
        const ShotEntry& entry = (*shots)[i];
        const auto shotStart = std::chrono::steady_clock::now();
        const std::string prefix =
            "[" + std::to_string(i + 1) + "/" + std::to_string(total) + "] " + entry.name;
        auto report = [&](const std::string& problem) {
            ++failed;
            std::fprintf(stderr, "%s: %s\n", prefix.c_str(), problem.c_str());
            rows.push_back({{"name", entry.name}, {"files", Json::array()}, {"error", problem}});
        };
        auto frames = (*runner)->frames(entry);
        if (!frames) {
            report(frames.error().message);
            continue;
        }
        std::vector<std::string> files;  // one, or one per clip time or turntable angle
        std::string problem;
        for (const ShotFrame& frame : *frames) {
            auto image = (*runner)->render(entry.model, frame.spec);
            if (!image) {
                problem = image.error().message;
                break;
            }
            files.push_back(
                (fs::path(options.outDir) / (entry.name + frame.suffix + ".png")).string());
            if (auto written = morph::writePngFile(files.back(), *image); !written) {
                problem = written.error().message;
                break;
            }
        }
        if (!problem.empty()) {
            report(problem);
            continue;
        }
        rows.push_back({{"name", entry.name},
                        {"files", files},
                        {"error", nullptr},
                        {"ms", secondsSince(shotStart) * 1000.0}});
        if (options.json) continue;
        const renderer::ShotSpec& spec = frames->front().spec;
        std::printf(
            "%s: %s%s (%dx%d, %.2f s)\n", prefix.c_str(), files.front().c_str(),
            files.size() > 1 ? (" and " + std::to_string(files.size() - 1) + " more").c_str() : "",
            spec.width, spec.height, secondsSince(shotStart));
        std::fflush(stdout);
    }
    if (options.json) {
        Json json;
        json["shots"] = std::move(rows);
        json["captured"] = total - failed;
        json["failed"] = failed;
        json["models"] = (*runner)->modelsLoaded();
        json["seconds"] = secondsSince(start);
        std::printf("%s\n", json.dump().c_str());
        return failed == 0 ? kExitOk : kExitFailure;
    }
    std::printf("captured %zu of %zu shots (%zu models) in %.2f s%s\n", total - failed, total,
                (*runner)->modelsLoaded(), secondsSince(start),
                failed ? "; some failed, see above" : "");
    return failed == 0 ? kExitOk : kExitFailure;
}

// CLI11 checks: the option's own error text without the "--size: " prefix (CLI11 adds it).
template <typename Parse>
std::function<std::string(const std::string&)> checkWith(Parse parse, const char* option) {
    return [parse, option](const std::string& text) -> std::string {
        auto parsed = parse(text);
        if (parsed) return {};
        const std::string prefix = std::string(option) + ": ";
        const std::string& message = parsed.error().message;
        return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
    };
}

}  // namespace

void addCaptureCommand(CLI::App& root, CommandContext& context) {
    auto options = std::make_shared<CaptureOptions>();
    CLI::App* capture = root.add_subcommand(
        "capture", "Render MODEL (or every shot of a --shots file) to PNG, headless (no display)");
    addModelOptions(*capture, options->model, /*modelRequired=*/false);
    CLI::Option* out =
        capture->add_option("--out", options->outPath, "The PNG to write (with MODEL)")
            ->type_name("FILE.png");
    CLI::Option* shots =
        capture
            ->add_option("--shots", options->shotsPath,
                         "A JSON list of shots [{\"name\",\"model\",\"weights\",\"animation\","
                         "\"time\",\"camera\",\"size\",\"background\",\"frame\",\"scene\","
                         "\"lights\",\"variant\"}], rendered "
                         "instead of MODEL; models "
                         "are loaded once each")
            ->type_name("FILE.json");
    CLI::Option* outDir = capture
                              ->add_option("--out-dir", options->outDir,
                                           "Where --shots writes NAME.png (and --clip its frames)")
                              ->type_name("DIR");
    CLI::Option* clip =
        capture
            ->add_option("--clip", options->clip,
                         "Every frame of this animation (name or index; all or a comma list: "
                         "those clips at once, to the longest one's end) at --fps into "
                         "--out-dir: frame-000000.png ..., and NAME.mp4 when ffmpeg is on PATH")
            ->type_name("NAME|INDEX|all|LIST");
    capture->add_option("--fps", options->fps, "Frames per second of --clip (default 30)")
        ->type_name("F")
        ->check(CLI::Range(kMinRecordFps, kMaxRecordFps))
        ->needs(clip);
    capture->add_option("--size", options->size, "Image size (default 512x512)")
        ->type_name("WxH")
        ->check(checkWith(renderer::parseSize, "--size"));
    capture
        ->add_option("--weights", options->weights,
                     "Weights on top of the defaults and the animation: NAME=V, INDEX=V, *=V or "
                     "vrm:EXPRESSION=V, comma separated")
        ->type_name("SPEC")
        ->check(checkWith(morph::parseWeightSpec, "--weights"));
    CLI::Option* animation =
        capture
            ->add_option("--animation", options->animation,
                         "Sample this animation (name, or index when no clip has that name); all: "
                         "every clip at once; a comma list (0,2): those at once, later ones "
                         "winning where two drive the same channel")
            ->type_name("NAME|INDEX|all|LIST")
            ->excludes(clip);
    capture->add_option("--time", options->time, "Seconds into the animation (default 0)")
        ->type_name("T")
        ->check(CLI::Number)
        ->needs(animation);
    capture
        ->add_option("--camera", options->camera,
                     "front, left, right, top, orbit:AZ,EL[,DIST] (degrees; DIST in model "
                     "units from the centre, default: framed), or file:N (the file's camera N, "
                     "as info lists them)")
        ->type_name("VIEW")
        ->check(checkWith(renderer::parseCameraView, "--camera"));
    capture
        ->add_option("--background", options->background,
                     "Background: a colour (default #2e3036), environment (the light's "
                     "environment, sharp) or blurred")
        ->type_name("#rrggbb|environment|blurred")
        ->check([](const std::string& text) {
            renderer::ShotSpec shot;
            const auto parsed = renderer::parseBackgroundInto(text, shot);
            return parsed ? std::string() : parsed.error().message;
        });
    addLookOptions(*capture, options->look);
    capture
        ->add_option("--frame", options->frame,
                     "What the camera frames: all (the whole model, default) or morphed (the "
                     "region the morph targets move: an avatar's face)")
        ->type_name("all|morphed")
        ->check(checkWith(renderer::parseFrameTarget, "--frame"));

    capture
        ->add_option("--scene", options->scene,
                     "Which of the file's scenes to draw and frame (default: the file's default "
                     "scene)")
        ->type_name("N")
        ->check(CLI::NonNegativeNumber);
    capture
        ->add_option("--lights", options->lights,
                     "Direct lights: the file's KHR_lights_punctual lights, the studio rig, both "
                     "or none; auto (default): the file's when the scene has any, else the rig")
        ->type_name("auto|rig|file|both|none")
        ->check(checkWith(renderer::parseDirectLights, "--lights"));
    capture
        ->add_option("--variant", options->variant,
                     "A KHR_materials_variants variant, by name or index (as info lists them; "
                     "default: the file's default materials)")
        ->type_name("NAME|INDEX");
    capture
        ->add_option("--morph-path", options->morphPath,
                     "How meshes morph: vs-dense, vs-active, cs-sparse, cpu, or auto (default: per "
                     "primitive from its density and active targets)")
        ->type_name("NAME")
        ->check([](const std::string& text) -> std::string {
            return renderer::parseMorphPath(text)
                       ? std::string()
                       : "expected vs-dense, vs-active, cs-sparse, cpu or auto";
        });
    capture
        ->add_option("--instances", options->instances,
                     "Draw N copies in a grid of ceil(sqrt(N)) columns, one instanced draw per "
                     "primitive (default 1). Copy 0 shows the shot's weights; copy k > 0 gets, "
                     "per target, a weight in [0, 1) with probability 1/4 (else 0), both from a "
                     "fixed hash of (k, target), so every run shows the same crowd")
        ->type_name("N")
        ->check(CLI::Range(1, 65535));

    capture->add_flag("--json", options->json,
                      "Print what was done (files written, sizes, per-shot times and errors) as "
                      "one JSON object instead of progress lines");

    capture->callback([&context, options, capture, out, shots, outDir, clip] {
        // Without MODEL, one shot or clip draws the bundled face, as the viewer opens it.
        if (options->model.path.empty() && shots->count() == 0 &&
            (out->count() > 0 || clip->count() > 0)) {
            options->model.path = bundledFacePath();
            if (options->model.path.empty())
                throw CLI::ValidationError("MODEL",
                                           "the bundled face.glb was not found; give MODEL");
        }
        const bool haveModel = !options->model.path.empty();
        if (haveModel == (shots->count() > 0)) {
            throw CLI::ValidationError("capture",
                                       "give either MODEL --out FILE.png, MODEL --clip NAME "
                                       "--out-dir DIR or --shots FILE.json --out-dir DIR");
        }
        if (clip->count() > 0) {
            if (out->count() > 0)
                throw CLI::ValidationError("--out", "--clip writes frames into --out-dir");
            if (outDir->count() == 0) throw CLI::RequiredError("--out-dir");
            context.run = [options] { return runClip(*options); };
            return;
        }
        if (haveModel && out->count() == 0) throw CLI::RequiredError("--out");
        if (!haveModel && outDir->count() == 0) throw CLI::RequiredError("--out-dir");
        if (!haveModel && !options->model.poses.empty()) {
            throw CLI::ValidationError("--pose", "applies to MODEL, not to --shots");
        }
        (void)capture;
        context.run = [options, haveModel] {
            return haveModel ? runSingle(*options) : runShots(*options);
        };
    });
}

}  // namespace app
