#include "app/bench/BenchCommand.h"

#include <cmath>
#include <cstdio>
#include <memory>

#include <CLI/CLI.hpp>
#include <glm/glm.hpp>

#include "app/cli/JsonOut.h"
#include "app/cli/LookOptions.h"
#include "app/cli/Options.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/Subcommand.h"
#include "morph/io/Files.h"
#include "renderer/scene/Capture.h"

namespace app {

namespace {

struct BenchOptions {
    uint32_t vertices = 0;
    uint32_t targets = 0;
    float density = 0;
    uint32_t active = 0;
    std::string scenario;
    std::string modelPath;
    uint32_t instances = 1;
    uint32_t passes = 1;
    std::string pathList = "all";
    uint32_t frames = 20;
    uint32_t warmup = 3;
    std::string size = "64x64";
    int msaa = 0;
    std::string shading = "auto";
    uint64_t seed = 1;
    bool json = false;
    std::string writeModel;
    uint32_t texture = 0;
    std::string camera;
    LookOptions look;
};

std::string percent(float density) {
    char text[32];
    std::snprintf(text, sizeof text, "%g%%", double(density) * 100.0);
    return text;
}

BenchWorkload synthetic(const std::string& scenario, uint32_t vertices, uint32_t targets,
                        float density, uint32_t active) {
    BenchWorkload w;
    w.scenario = scenario;
    w.mesh.vertices = vertices;
    w.mesh.targets = targets;
    w.mesh.density = density;
    w.active = active;
    w.label = std::to_string(vertices) + " v x " + std::to_string(targets) + " t " +
              percent(density) + ", " + std::to_string(active) + " active";
    return w;
}

// A usage error for `option` whose message may already start with "option: " (parseSize's do).
CLI::ValidationError usage(const std::string& option, const std::string& message) {
    const std::string prefix = option + ": ";
    return CLI::ValidationError(
        option, message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message);
}

// Finite and never negative, as the JSON contract promises (a query that returned nothing is 0).
double clean(double value) {
    return std::isfinite(value) && value > 0 ? value : 0.0;
}

Json resultJson(const BenchWorkload& w, const BenchSettings& settings, const BenchResult& r,
                const std::string& device) {
    Json j;
    j["path"] = r.path;
    j["morphMsMedian"] = clean(r.morphMsMedian);
    j["frameMsMedian"] = clean(r.frameMsMedian);
    j["frameMsP95"] = clean(r.frameMsP95);
    j["cpuMsPerFrame"] = clean(r.cpuMsPerFrame);
    j["residentBytes"] = r.residentBytes;
    j["bytesReadPerFrame"] = r.bytesReadPerFrame;
    j["gbPerSec"] = clean(r.gbPerSec);
    j["fractionOfBound"] = clean(r.fractionOfBound);
    // Extras: which setting the row is, and what the bound was made of.
    j["resolvedPath"] = r.resolvedPath;
    j["morphTiming"] = r.morphTiming;
    j["glMorphMsMedian"] = clean(r.glMorphMsMedian);
    j["gpuResidentBytes"] = r.gpuResidentBytes;
    j["scenario"] = w.scenario;
    j["setting"] = w.label;
    j["model"] = w.modelPath;
    j["vertices"] = r.vertices;
    j["targets"] = r.targets;
    j["density"] = w.modelPath.empty() ? std::round(double(w.mesh.density) * 1e6) / 1e6 : 0.0;
    j["entries"] = r.entries;
    j["active"] = w.active;
    j["instances"] = w.instances;
    j["passes"] = w.passes;
    j["frames"] = settings.frames;
    j["size"] = std::to_string(settings.width) + "x" + std::to_string(settings.height);
    j["msaa"] = settings.samples;
    j["environment"] = settings.environment;
    j["toneMapping"] = renderer::toneMappingName(settings.toneMapping);
    j["shading"] = renderer::shadingName(settings.shading);
    j["boundBytes"] = r.boundBytes;
    j["copyGbPerSec"] = clean(r.copyGbPerSec);
    j["loadMs"] = clean(r.loadMs);
    j["uploadMs"] = clean(r.uploadMs);
    j["firstFrameMs"] = clean(r.firstFrameMs);
    j["coverage"] = std::round(clean(r.coverage) * 1e4) / 1e4;
    j["texture"] = w.texture;
    j["device"] = device;
    return j;
}

void printTableHeader(const std::string& device, double copyGbPerSec, const BenchSettings& s) {
    std::printf(
        "device: %s\ncopy bandwidth: %.2f GB/s (read + write); %u frames per path after %u "
        "warm-up, %dx%d, MSAA %d, light %s\n",
        device.c_str(), copyGbPerSec, s.frames, s.warmup, s.width, s.height, s.samples,
        s.environment.c_str());
}

void printTable(const BenchWorkload& w, const std::vector<BenchResult>& results) {
    const BenchResult& first = results.front();
    std::printf(
        "\n%s%s%s: %u v x %u t, %llu entries, %u instance(s), %u pass(es); load %.0f ms, "
        "upload %.0f ms; covers %.1f%% of the frame\n",
        w.scenario.empty() ? "" : (w.scenario + ": ").c_str(), w.label.c_str(),
        w.modelPath.empty() ? "" : (" (" + w.modelPath + ")").c_str(), first.vertices,
        first.targets, static_cast<unsigned long long>(first.entries), w.instances, w.passes,
        first.loadMs, first.uploadMs, 100.0 * first.coverage);
    std::printf("  %-16s %10s %10s %10s %10s %12s %12s %8s %9s\n", "path", "morph ms", "frame ms",
                "frame p95", "cpu ms", "resident MB", "read MB/fr", "GB/s", "of bound");
    for (const BenchResult& r : results) {
        const std::string path = r.path == r.resolvedPath ? r.path : r.path + ":" + r.resolvedPath;
        std::printf("  %-16s %10.3f %10.3f %10.3f %10.4f %12.2f %12.2f %8.2f %9.3f\n", path.c_str(),
                    r.morphMsMedian, r.frameMsMedian, r.frameMsP95, r.cpuMsPerFrame,
                    double(r.residentBytes) / 1e6, double(r.bytesReadPerFrame) / 1e6, r.gbPerSec,
                    r.fractionOfBound);
    }
    std::fflush(stdout);
}

CommandResult writeModel(const BenchOptions& o) {
    morph::SyntheticSpec spec{o.vertices, o.targets, o.density, o.seed};
    const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(spec);
    auto glb = syntheticGlb(mesh, o.texture, o.seed);
    if (!glb) return failWith(o.writeModel + ": " + glb.error().message);
    if (morph::Status s = morph::writeFileAtomic(o.writeModel, glb->data(), glb->size()); !s)
        return failWith(s.error().message);
    std::printf("%s: %u vertices, %u targets, %llu sparse entries (%s per target), seed %llu\n",
                o.writeModel.c_str(), mesh.vertexCount(), uint32_t(mesh.targets.size()),
                static_cast<unsigned long long>(mesh.entryCount()), percent(o.density).c_str(),
                static_cast<unsigned long long>(o.seed));
    return {};
}

CommandResult runBench(const BenchOptions& o, std::vector<BenchWorkload> workloads,
                       BenchSettings settings) {
    auto session = BenchSession::create();
    if (!session) return failWith(session.error().message);
    const std::string device = (*session)->device();
    if (!o.json) printTableHeader(device, (*session)->copyGbPerSec(), settings);
    Json results = Json::array();
    for (size_t first = 0; first < workloads.size();) {
        // A run of interleaved settings goes as one group; any other setting alone.
        size_t end = first + 1;
        while (workloads[first].interleaved && end < workloads.size() && workloads[end].interleaved)
            ++end;
        const std::vector<BenchWorkload> group(workloads.begin() + ptrdiff_t(first),
                                               workloads.begin() + ptrdiff_t(end));
        for (const BenchWorkload& w : group) {
            if (!o.json) std::fprintf(stderr, "bench: %s ...\n", w.label.c_str());
        }
        auto run = (*session)->run(group, settings);
        if (!run) return failWith(run.error().message);
        for (size_t i = 0; i < group.size(); ++i) {
            if (o.json) {
                for (const BenchResult& r : (*run)[i])
                    results.push_back(resultJson(group[i], settings, r, device));
            } else {
                printTable(group[i], (*run)[i]);
            }
        }
        first = end;
    }
    if (o.json) {
        Json document;
        document["results"] = std::move(results);
        std::printf("%s\n", document.dump().c_str());
    }
    return {};
}

// The run settings of the command line; usage errors are thrown as CLI11 errors (exit 2).
BenchSettings makeSettings(const BenchOptions& o) {
    BenchSettings settings;
    auto paths = renderer::parseMorphPathList(o.pathList);
    if (!paths) throw usage("--path", paths.error().message);
    settings.paths = *paths;
    auto size = parseSize(o.size);
    if (!size) throw usage("--size", size.error().message);
    settings.width = size->first;
    settings.height = size->second;
    settings.samples = o.msaa;
    auto shading = parseShading(o.shading);
    if (!shading) throw usage("--shading", shading.error().message);
    settings.shading = *shading;
    settings.frames = o.frames;
    settings.warmup = o.warmup;
    settings.seed = o.seed;
    settings.environment = o.look.environment;
    settings.environmentRotation = glm::radians(o.look.environmentRotation);
    settings.exposure = o.look.exposure;
    settings.toneMapping = o.look.tone;  // parsed by the option's check
    return settings;
}

// The settings to run: a scenario's, the file's, or the synthetic mesh of the command line.
std::vector<BenchWorkload> makeWorkloads(const BenchOptions& o, bool fromScenario, bool fromModel,
                                         bool instancesGiven, bool passesGiven) {
    std::vector<BenchWorkload> workloads;
    if (fromScenario) {
        auto list = scenarioWorkloads(o.scenario);
        if (!list) throw usage("--scenario", list.error().message);
        workloads = std::move(list).value();
        for (BenchWorkload& w : workloads) {
            if (instancesGiven) w.instances = o.instances;
            if (passesGiven) w.passes = o.passes;
        }
    } else if (fromModel) {
        BenchWorkload w;
        w.modelPath = o.modelPath;
        w.active = o.active;
        w.label = o.modelPath + ", " + std::to_string(o.active) + " active";
        workloads.push_back(w);
    } else {
        workloads.push_back(synthetic("", o.vertices, o.targets, o.density, o.active));
        workloads.back().texture = o.texture;
    }
    for (BenchWorkload& w : workloads) {
        w.mesh.seed = o.seed;
        if (!o.camera.empty()) w.view = *parseCameraView(o.camera);  // checked by chooseRun
        if (w.scenario.empty() || instancesGiven) w.instances = o.instances;
        if (w.scenario.empty() || passesGiven) w.passes = o.passes;
    }
    return workloads;
}

}  // namespace

morph::Result<std::vector<BenchWorkload>> scenarioWorkloads(const std::string& name) {
    std::vector<BenchWorkload> out;
    auto arkit = [&](uint32_t active) { return synthetic(name, 1220, 52, 0.30f, active); };
    auto production = [&](float density, uint32_t active) {
        return synthetic(name, 50000, 300, density, active);
    };
    if (name == "arkit") {
        for (uint32_t a : {4u, 16u, 52u}) out.push_back(arkit(a));
    } else if (name == "production") {
        for (float d : {0.02f, 0.05f})
            for (uint32_t a : {8u, 40u, 120u}) out.push_back(production(d, a));
    } else if (name == "dense") {
        out.push_back(synthetic(name, 1000000, 64, 0.20f, 16));
    } else if (name == "crowd") {
        // The arkit face with its middle active count, 1,000 times, each with its own weights.
        BenchWorkload w = arkit(16);
        w.instances = 1000;
        w.label = "1000 x (" + w.label + ")";
        out.push_back(w);
    } else if (name == "multipass") {
        // Production at 5% and 40 active (the headline setting), drawn in 3 passes.
        BenchWorkload w = production(0.05f, 40);
        w.passes = 3;
        w.label += ", 3 passes";
        out.push_back(w);
    } else if (name == "small-face") {
        // A small textured face as face scans come (under 5,000 vertices, ARKit's 52 targets, a
        // 2048-pixel base colour texture), every target driven as a face tracker drives them,
        // seen from the distance at which it covers about a sixth of a square frame: the unit
        // sphere's silhouette, tan(asin(1 / D)) across, against the frame's tan(22.5 degrees).
        BenchWorkload w = synthetic(name, 4000, 52, 0.30f, 52);
        w.texture = 2048;
        w.view.distance = 5.6f;
        w.label = "textured face " + w.label;
        out.push_back(w);
    } else if (name == "target-count") {
        // The CPU cost per frame must not grow with the target count. The two are
        // compared, so they are drawn in turn: a few microseconds per frame are easily moved by
        // the machine's drift between two separate runs.
        for (uint32_t t : {8u, 256u}) {
            out.push_back(synthetic(name, 50000, t, 0.05f, 8));
            out.back().interleaved = true;
        }
    } else {
        return morph::Error{morph::ErrorCode::Usage,
                            "--scenario: unknown '" + name +
                                "' (expected arkit, production, dense, crowd, multipass, "
                                "target-count or small-face)"};
    }
    return out;
}

namespace {

// The options that say what is drawn: a synthetic mesh, a scenario or a file.
struct BenchChoice {
    CLI::Option* vertices = nullptr;
    CLI::Option* targets = nullptr;
    CLI::Option* density = nullptr;
    CLI::Option* active = nullptr;
    CLI::Option* scenario = nullptr;
    CLI::Option* model = nullptr;
    CLI::Option* instances = nullptr;
    CLI::Option* passes = nullptr;
    CLI::Option* writeModel = nullptr;

    bool synthetic() const { return vertices->count() + targets->count() + density->count() > 0; }
};

BenchChoice addBenchWorkloadOptions(CLI::App& bench, BenchOptions& o) {
    BenchChoice c;
    c.vertices =
        bench.add_option("--vertices", o.vertices, "Synthetic mesh: vertices")->type_name("V");
    c.targets = bench.add_option("--targets", o.targets, "Synthetic mesh: targets")->type_name("T");
    c.density =
        bench
            .add_option("--density", o.density,
                        "Synthetic mesh: fraction of the vertices each target moves, (0, 1]")
            ->type_name("D");
    c.active =
        bench.add_option("--active", o.active, "Random non-zero weights per frame (per instance)")
            ->type_name("A");
    c.scenario = bench
                     .add_option("--scenario", o.scenario,
                                 "arkit, production, dense, crowd, multipass, target-count or "
                                 "small-face (each of its settings is run)")
                     ->type_name("NAME");
    c.model =
        bench.add_option("--model", o.modelPath, "Drive every morphed mesh of this glTF file")
            ->type_name("FILE");
    c.instances = bench
                      .add_option("--instances", o.instances,
                                  "Copies of the mesh, each with its own weights (default 1)")
                      ->type_name("N");
    c.passes = bench.add_option("--passes", o.passes, "Draws of the scene per frame (default 1)")
                   ->type_name("P");
    return c;
}

void addBenchFrameOptions(CLI::App& bench, BenchOptions& o) {
    bench
        .add_option("--path", o.pathList,
                    "Comma list of vs-dense, vs-active, cs-sparse, cpu, auto, or all (default)")
        ->type_name("LIST");
    bench.add_option("--frames", o.frames, "Counted frames per path (default 20)")->type_name("F");
    bench.add_option("--warmup", o.warmup, "Uncounted frames first (default 3)")->type_name("W");
    addOption(bench, kSizeOption, o.size, "Frame size (default 64x64)", {});  // makeSettings
    addMsaaOption(bench, o.msaa,
                  "Samples per pixel of the frame: 0 (default, as three.js draws), 2, 4 or 8, as "
                  "the viewer's --msaa");
    addShadingOption(bench, o.shading,
                     "How opaque materials are shaded: auto (default: deferred on a CPU "
                     "rasterizer, forward on a GPU), forward or deferred (a G-buffer, then each "
                     "pixel textured and lit once; single-sampled frames only)",
                     {});
    addLookOptions(bench, o.look);
    bench.add_option("--seed", o.seed, "Seed of the mesh and the weights (default 1)")
        ->type_name("S");
    addOption(bench, kCameraOption, o.camera,
              std::string("Where the camera looks from: front (default: framed as "
                          "capture frames the model), left, right, top or ") +
                  kOrbitSyntax,
              checkedBy([](const std::string& text) -> std::string {
                  auto view = parseCameraView(text);
                  if (!view) return view.error().message;
                  return view->fileCamera ? "bench draws no file camera" : "";
              }));
    addJsonFlag(bench, o.json, "Print {\"results\":[...]} instead of a table");
}

// Which of the synthetic mesh, a scenario or a file, and whether it is complete.
void checkWorkload(const BenchOptions& o, const BenchChoice& c) {
    const int modes = int(c.synthetic()) + int(c.scenario->count() > 0) + int(c.model->count() > 0);
    if (modes != 1) {
        throw CLI::ValidationError("bench",
                                   "give one of --vertices V --targets T --density D "
                                   "--active A, --scenario NAME, --model FILE --active A");
    }
    if (c.synthetic() &&
        (c.vertices->count() == 0 || c.targets->count() == 0 || c.density->count() == 0)) {
        throw CLI::ValidationError("bench",
                                   "a synthetic mesh needs --vertices, --targets and --density");
    }
    if (o.texture > 0 && !c.synthetic())
        throw CLI::ValidationError("--texture", "applies to a synthetic mesh (--vertices ...)");
    if (c.synthetic()) {
        morph::SyntheticSpec spec{o.vertices, o.targets, o.density, o.seed};
        if (morph::Status s = morph::validate(spec); !s)
            throw CLI::ValidationError("bench", s.error().message);
    }
}

// The counts of a run: active weights, instances, passes, frames.
void checkCounts(const BenchOptions& o, const BenchChoice& c) {
    if (c.scenario->count() > 0 && c.active->count() > 0)
        throw CLI::ValidationError("--active", "a scenario sets its own active counts");
    if (c.scenario->count() == 0 && c.active->count() == 0) throw CLI::RequiredError("--active");
    if (c.active->count() > 0 && o.active == 0)
        throw CLI::ValidationError("--active", "must be at least 1");
    if (c.synthetic() && o.active > o.targets)
        throw CLI::ValidationError("--active", "is more than --targets");
    if (o.instances == 0 || o.instances > 100000)
        throw CLI::ValidationError("--instances", "must be 1..100000");
    if (c.model->count() > 0 && o.instances != 1)
        throw CLI::ValidationError("--instances", "applies to synthetic meshes and scenarios");
    if (o.passes == 0 || o.passes > 64) throw CLI::ValidationError("--passes", "must be 1..64");
    if (o.frames == 0) throw CLI::ValidationError("--frames", "must be at least 1");
}

// The run the command line asks for; usage errors are thrown as CLI11 errors (exit 2).
std::function<CommandResult()> chooseRun(std::shared_ptr<BenchOptions> o, const BenchChoice& c) {
    checkWorkload(*o, c);
    if (c.writeModel->count() > 0) {
        if (!c.synthetic())
            throw CLI::ValidationError("--write-model",
                                       "needs --vertices, --targets and --density");
        return [o] { return writeModel(*o); };
    }
    checkCounts(*o, c);
    BenchSettings settings = makeSettings(*o);
    std::vector<BenchWorkload> workloads =
        makeWorkloads(*o, c.scenario->count() > 0, c.model->count() > 0, c.instances->count() > 0,
                      c.passes->count() > 0);
    return [o, workloads, settings] { return runBench(*o, workloads, settings); };
}

}  // namespace

void addBenchCommand(CLI::App& root, CommandContext& context) {
    auto bench = addSubcommand<BenchOptions>(
        root, "bench",
        "Benchmark the morph paths on a synthetic mesh, a scenario or a file (headless)");
    BenchChoice choice = addBenchWorkloadOptions(bench.app, bench.options);
    addBenchFrameOptions(bench.app, bench.options);
    choice.writeModel = bench.app
                            .add_option("--write-model", bench.options.writeModel,
                                        "With --vertices/--targets/--density: write the mesh as "
                                        ".glb (sparse accessors) and exit")
                            ->type_name("FILE.glb");
    bench.app
        .add_option("--texture", bench.options.texture,
                    "Synthetic mesh: UVs, a SIDE x SIDE base colour texture and ARKit's target "
                    "names, as a small textured face (the small-face scenario uses 2048)")
        ->type_name("SIDE")
        ->check(CLI::Range(1u, 8192u));
    chooseOnParse(bench, context, [choice](std::shared_ptr<BenchOptions> options) {
        return chooseRun(std::move(options), choice);
    });
}

}  // namespace app
