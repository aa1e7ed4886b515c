#include "app/cli/RegressCommand.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli/ModelLoader.h"
#include "app/cli/Options.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/ShotRunner.h"
#include "app/cli/ShotsFile.h"
#include "app/cli/Subcommand.h"
#include "app/cli/WarmCacheCommand.h"
#include "app/regress/Approve.h"
#include "app/regress/FrameCheck.h"
#include "app/regress/JobTemplates.h"
#include "app/regress/Jobs.h"
#include "app/regress/Merge.h"
#include "app/regress/References.h"
#include "app/regress/Report.h"
#include "app/regress/ReportPage.h"
#include "app/regress/Shard.h"
#include "app/regress/TaskPool.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"

namespace app {

namespace {

namespace fs = std::filesystem;
using regress::ShotResult;
using regress::ShotStatus;

struct RegressOptions {
    std::string shotsPath;
    std::string references;
    std::string out;
    std::string shard;
    int jobs = 1;
    bool update = false;
    std::vector<std::string> merge;
    std::string approve;            // --approve OUT
    std::vector<std::string> only;  // --only NAME,...
    std::string emitJob;            // --emit-job slurm|k8s|github
    int shards = 0;                 // --shards N
    bool warmCache = false;         // --warm-cache
    ShotDefaults defaults;
};

// The report's verdict as the command's result: 0 all match, 1 a shot differs or is new, 3 a
// model or reference cannot be read.
CommandResult resultOf(regress::Verdict verdict) {
    switch (verdict) {
        case regress::Verdict::Passed: return {};
        case regress::Verdict::Differs: return {Outcome::Failed, {}};
        case regress::Verdict::Unreadable: return {Outcome::Unreadable, {}};
    }
    return {Outcome::Failed, {}};
}

// `text` into `path` atomically: a CI that uploads --out never sees half a report.
morph::Status writeFile(const fs::path& path, const std::string& text) {
    return morph::writeFileAtomic(path.string(), text.data(), text.size());
}

morph::Result<std::string> readBytes(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return morph::Error{morph::ErrorCode::Io, path.string() + ": cannot read"};
    return std::string(std::istreambuf_iterator<char>(file), {});
}

// A copy that a reader never sees half written.
morph::Status copyFile(const fs::path& from, const fs::path& to) {
    auto bytes = readBytes(from);
    if (!bytes) return bytes.error();
    return writeFile(to, *bytes);
}

// report.json, report.xml and index.html into `out`.
morph::Status writeReport(const fs::path& out, const regress::Report& report) {
    if (auto s = writeFile(out / "report.json", regress::reportJson(report)); !s) return s;
    if (auto s = writeFile(out / "report.xml", regress::reportJunit(report)); !s) return s;
    return writeFile(out / "index.html", regress::reportPage(report));
}

// The shot drawn (every frame of a clip or turntable), compared with its references and its
// files written; never fails as a whole: what goes wrong is the row's status and message.
// How the page says the shot was drawn: the shot file's fields, the command line's defaults
// under them.
regress::ShotSettings settingsOf(const ShotRunner& runner, const ShotEntry& entry) {
    regress::ShotSettings settings = {entry.model,
                                      entry.weights,
                                      entry.animation,
                                      entry.time,
                                      entry.camera.value_or("front"),
                                      entry.size.value_or("512x512")};
    if (!entry.animations.empty()) {
        settings.animation.clear();
        for (const std::string& clip : entry.animations)
            settings.animation += (settings.animation.empty() ? "" : ",") + clip;
    }
    if (auto spec = runner.spec(entry)) {
        settings.camera = entry.camera.value_or(runner.defaults().camera.text);
        settings.size = std::to_string(spec->spec.width) + "x" + std::to_string(spec->spec.height);
    }
    if (entry.turntable > 0) settings.camera = "turntable " + std::to_string(entry.turntable);
    return settings;
}

// A shot's frames as drawn on the GL thread, waiting for their check on a worker: drawing stops
// at a frame that cannot be drawn, as the check stops there.
struct DrawnFrame {
    std::string suffix;
    std::string label;
    fs::path reference;  // NAME_f03.png's reference is STEM_f03.EXT of the shot's reference
    morph::Result<morph::RgbaImage> image;
};
struct DrawnShot {
    ShotResult row;         // its name, settings and reference, before the check
    size_t frameCount = 0;  // of the shot, drawn or not
    std::vector<DrawnFrame> frames;
    morph::CompareTolerance tolerance;
};

DrawnShot drawShot(ShotRunner& runner, const ShotEntry& entry, const fs::path& references) {
    DrawnShot shot;
    ShotResult& row = shot.row;
    row.name = entry.name;
    row.image = entry.name;
    row.settings = settingsOf(runner, entry);
    const fs::path referencePath = fs::path(entry.reference).is_absolute()
                                       ? fs::path(entry.reference)
                                       : references / entry.reference;
    row.reference = referencePath.string();
    shot.tolerance = entry.tolerance;
    auto frames = runner.frames(entry);
    if (!frames) {
        row.message = frames.error().message;
        return shot;  // status error, no frames
    }
    shot.frameCount = frames->size();
    runner.warnAboutDerivedWeights(entry);
    for (const ShotFrame& frame : *frames) {
        fs::path reference =
            referencePath.parent_path() /
            (referencePath.stem().string() + frame.suffix + referencePath.extension().string());
        auto image = runner.render(entry.model, frame.shot);
        const bool drawn = image.ok();
        shot.frames.push_back({frame.suffix, frame.label, std::move(reference), std::move(image)});
        if (!drawn) break;  // the model is unusable
    }
    return shot;
}

// What the worker gives back: the row, and the "updated ..." lines to print before it.
struct CheckedShot {
    ShotResult row;
    std::vector<std::string> updates;
};

// The drawn frames compared with their references and their files written; never fails as a
// whole: what goes wrong is the row's status and message. The row names the worst frame.
CheckedShot checkShot(DrawnShot shot, const fs::path& out, bool update) {
    CheckedShot checked;
    ShotResult& row = checked.row = std::move(shot.row);
    if (shot.frameCount == 0) return checked;
    row.frames = shot.frameCount;
    std::optional<regress::FrameOutcome> worst;
    for (DrawnFrame& frame : shot.frames) {
        regress::FrameOutcome outcome;
        if (!frame.image) {
            outcome.message = frame.image.error().message;
        } else {
            outcome = regress::checkFrame(*frame.image, frame.reference, shot.tolerance,
                                          out / (row.name + frame.suffix), update);
        }
        if (!outcome.updateLine.empty()) checked.updates.push_back(outcome.updateLine);
        if (!frame.label.empty()) {
            outcome.message = "frame " + frame.suffix.substr(2) + " of " +
                              std::to_string(shot.frameCount) + " (" + frame.label +
                              "): " + outcome.message;
        }
        row.updated = row.updated || outcome.updated;
        if (!worst || regress::worse(outcome, *worst)) {
            worst = outcome;
            row.image = row.name + frame.suffix;
            if (shot.frameCount == 1) row.reference = frame.reference.string();
        }
        if (outcome.status == ShotStatus::Error) break;  // the model or a reference is unusable
    }
    row.status = worst->status;
    row.maxChannelDiff = worst->maxChannelDiff;
    row.differingFraction = worst->differingFraction;
    row.psnr = worst->psnr;
    row.flipMean = worst->flipMean;
    row.message = worst->message;
    row.hasDiff = worst->hasDiff;
    return checked;
}

morph::Result<regress::ShardChoice> chooseShard(const RegressOptions& options) {
    if (options.shard.empty()) {
        // The sharding protocol of Bazel and GoogleTest: the runner checks the file was touched
        // to know the test understood it.
        if (const char* status = std::getenv("TEST_SHARD_STATUS_FILE"); status && *status) {
            std::ofstream touch(status, std::ios::app);
        }
    }
    auto choice = regress::chooseShard(options.shard, [](const char* name) {
        return static_cast<const char*>(std::getenv(name));
    });
    if (choice && choice->fromEnvironment) {
        std::printf("shard %zu/%zu from %s\n", choice->shard.index, choice->shard.count,
                    choice->source.c_str());
    }
    return choice;
}

// What report.json records about the shard: --merge checks a set of them.
regress::ShardRecord shardRecord(const regress::ShardChoice& choice,
                                 const std::vector<ShotEntry>& shots, const std::string& bytes) {
    regress::ShardRecord record;
    record.index = choice.shard.index;
    record.count = choice.shard.count;
    record.source = choice.source;
    record.shotsHash = regress::contentHash(bytes);
    for (size_t i = 0; i < shots.size(); ++i)
        if (choice.shard.contains(i)) record.shots.push_back(shots[i].name);
    return record;
}

double millisSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

// checkShot on a worker, its time in the row's ms (the draw's is added to it).
CheckedShot timedCheck(DrawnShot shot, const fs::path& out, bool update) {
    const auto start = std::chrono::steady_clock::now();
    CheckedShot checked = checkShot(std::move(shot), out, update);
    checked.row.ms = millisSince(start);
    return checked;
}

// Shots drawn on this (the GL) thread while workers check the ones before: at most a few wait,
// so memory stays flat however many shots there are. Rows are printed and kept in shot order;
// every file is written when this returns. A row's ms is its own draw and check, not the wait.
void runShots(ShotRunner& runner, const std::vector<ShotEntry>& shots, const regress::Shard& shard,
              const fs::path& references, const RegressOptions& options, regress::Report& report) {
    struct Pending {
        size_t index;
        double drawMs;
        std::future<CheckedShot> checked;
    };
    regress::TaskPool pool(regress::TaskPool::defaultThreads());
    const size_t maxPending = size_t(regress::TaskPool::defaultThreads()) + 1;
    std::deque<Pending> pending;
    auto finishFirst = [&] {
        CheckedShot checked = pending.front().checked.get();
        ShotResult& row = checked.row;
        row.index = pending.front().index;
        row.ms += pending.front().drawMs;
        pending.pop_front();
        for (const std::string& line : checked.updates) std::printf("%s\n", line.c_str());
        std::printf("[%zu/%zu] %s: %s%s%s\n", row.index + 1, shots.size(), row.name.c_str(),
                    regress::statusName(row.status), row.message.empty() ? "" : ": ",
                    row.message.c_str());
        std::fflush(stdout);
        report.shots.push_back(std::move(row));
    };
    auto ready = [](const Pending& shot) {
        return shot.checked.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    };
    const fs::path out = options.out;
    for (size_t i = 0; i < shots.size(); ++i) {
        if (!shard.contains(i)) continue;
        const auto start = std::chrono::steady_clock::now();
        auto drawn = std::make_shared<DrawnShot>(drawShot(runner, shots[i], references));
        const double drawMs = millisSince(start);
        pending.push_back({i, drawMs, pool.submit([drawn, out, update = options.update] {
                               return timedCheck(std::move(*drawn), out, update);
                           })});
        while (!pending.empty() && (pending.size() > maxPending || ready(pending.front())))
            finishFirst();
    }
    while (!pending.empty()) finishFirst();
}

CommandResult runInJobs(const RegressOptions& options);  // below: --jobs N

// A --rig-logic sidecar naming what a shot's model lacks (or making a cycle there) is the command
// line's mistake, as it is for eval: exit 2 with its line before any shot is drawn, not an error
// row per shot. Only then are the shard's models loaded ahead of their shots.
CommandResult checkRigLogic(ShotRunner& runner, const std::vector<ShotEntry>& shots,
                            const regress::Shard& shard, const ModelOptions& model) {
    if (model.rigLogic.empty()) return {};
    for (size_t i = 0; i < shots.size(); ++i) {
        if (!shard.contains(i)) continue;
        auto scene = runner.scene(shots[i].model);
        // Loading a model fails as a usage error only for the sidecar (ModelLoader.h).
        if (!scene && scene.error().code == morph::ErrorCode::Usage)
            return usageError(shots[i].model + ": " + scene.error().message);
    }
    return {};
}

CommandResult runRegress(const RegressOptions& options) {
    if (options.jobs > 1) return runInJobs(options);
    auto shots = readShotsFile(options.shotsPath);
    if (!shots) return usageError(shots.error().message);
    auto shard = chooseShard(options);
    if (!shard) return usageError(shard.error().message);
    if (morph::Status made = morph::makeFolders(options.out); !made)
        return failWith(made.error().message);

    auto runner = ShotRunner::start(options.defaults);
    if (!runner) return failWith(runner.error().message);
    regress::Report report;
    report.renderer = (*runner)->rendererName();
    const fs::path references = regress::referenceFolder(options.references, report.renderer);
    // Results are written as NAME.png: in the references' folder they would replace them.
    std::error_code ec;
    if (fs::equivalent(references, options.out, ec)) {
        return usageError("--out: " + options.out +
                          " is the references' folder; results would overwrite the references");
    }
    auto bytes = readBytes(options.shotsPath);
    if (!bytes) return usageError(bytes.error().message);
    if (CommandResult rig = checkRigLogic(**runner, *shots, shard->shard, options.defaults.model);
        rig.outcome != Outcome::Ok)
        return rig;
    report.shard = shardRecord(*shard, *shots, *bytes);
    report.references = options.references;
    report.out = options.out;
    runShots(**runner, *shots, shard->shard, references, options, report);
    if (auto written = writeReport(options.out, report); !written)
        return failWith(written.error().message);
    std::printf("%s (%s); report: %s\n", regress::summaryLine(report).c_str(),
                report.renderer.c_str(), (fs::path(options.out) / "index.html").c_str());
    return resultOf(report.verdict());
}

// Shard outputs joined, first in memory: each part's report read and the reports merged.
// Errors are the parts' (exit 2: what --merge names is not one run's shards).
struct MergedParts {
    std::vector<regress::Report> parts;
    regress::Report merged;
};
// The parts merged: the rows in the shots file's order, the record of the whole run.
morph::Result<MergedParts> mergeParts(std::vector<regress::Report> parts, const std::string& out) {
    MergedParts read;
    read.parts = std::move(parts);
    auto merged = regress::mergeReports(read.parts);
    if (!merged) return merged.error();
    read.merged = std::move(merged).value();
    read.merged.shard = regress::mergedRecord(read.parts);
    if (!read.parts.empty()) read.merged.references = read.parts.front().references;
    read.merged.out = out;
    return read;
}

// --merge: the folders must be every shard of one run exactly once (each problem printed, the
// last as the command's message); a shot a shard owns but did not report is an error row.
morph::Result<MergedParts> readShards(const std::vector<std::string>& dirs,
                                      const std::string& out) {
    std::vector<regress::MergePart> read;
    for (const std::string& dir : dirs)
        read.push_back({dir, regress::readReportJson((fs::path(dir) / "report.json").string())});
    const std::vector<std::string> problems = regress::shardSetProblems(read);
    if (!problems.empty()) {
        for (size_t i = 0; i + 1 < problems.size(); ++i)
            std::fprintf(stderr, "%s\n", problems[i].c_str());
        return morph::Error{morph::ErrorCode::Inconsistent, problems.back()};
    }
    std::vector<regress::Report> parts;
    for (regress::MergePart& part : read) {
        regress::addMissingRows(*part.report);
        parts.push_back(std::move(part.report).value());
    }
    return mergeParts(std::move(parts), out);
}

// Then on disk: each part's images copied into `out`, one report written.
morph::Status writeMerged(const MergedParts& read, const std::vector<std::string>& dirs,
                          const std::string& out) {
    if (morph::Status made = morph::makeFolders(out); !made) return made;
    std::error_code ec;
    for (size_t p = 0; p < read.parts.size(); ++p) {
        const fs::path from = dirs[p];
        if (fs::equivalent(from, out, ec)) continue;
        for (const ShotResult& shot : read.parts[p].shots) {
            for (size_t k = 0; k < shot.frames; ++k) {
                // NAME, or NAME_f00 ... for several frames.
                const std::string stem = shot.name + (shot.frames > 1 ? frameSuffix(k) : "");
                for (const char* suffix : {".png", ".diff.png", ".reference.png"}) {
                    const fs::path file = from / (stem + suffix);
                    if (!fs::exists(file, ec)) continue;
                    if (auto copied = copyFile(file, fs::path(out) / file.filename()); !copied)
                        return copied;
                }
            }
        }
    }
    return writeReport(out, read.merged);
}

CommandResult runMerge(const RegressOptions& options) {
    auto read = readShards(options.merge, options.out);
    if (!read) return usageError(read.error().message);
    if (auto written = writeMerged(*read, options.merge, options.out); !written)
        return failWith(written.error().message);
    std::printf("merged %zu parts: %s; report: %s\n", read->parts.size(),
                regress::summaryLine(read->merged).c_str(),
                (fs::path(options.out) / "index.html").c_str());
    return resultOf(read->merged.verdict());
}

// --jobs N: this command line again as N processes on shards, merged into --out. A job that
// ended without its report fails the run (its shots are missing), after the others' merge.
// The jobs' reports in shard order; a job that ended without one stands as a report of error
// rows for every shot of its shard, so the merge never silently drops them.
morph::Result<std::vector<regress::Report>> jobReports(const regress::JobsRun& run,
                                                       const std::vector<ShotEntry>& shots,
                                                       const std::string& bytes) {
    std::vector<regress::Report> parts(run.parts.size());
    std::string renderer;
    for (size_t k = 0; k < run.parts.size(); ++k) {
        const fs::path file = fs::path(run.parts[k]) / "report.json";
        std::error_code ec;
        if (!fs::exists(file, ec)) continue;
        auto part = regress::readReportJson(file.string());
        if (!part) return part.error();
        renderer = part->renderer;
        parts[k] = std::move(part).value();
    }
    for (size_t k = 0; k < parts.size(); ++k) {
        if (parts[k].shard) continue;
        regress::ShardChoice choice;
        choice.shard = {k, parts.size()};
        choice.source = "--jobs";
        parts[k].renderer = renderer;
        parts[k].shard = shardRecord(choice, shots, bytes);
        regress::addMissingRows(parts[k]);
    }
    return parts;
}

CommandResult runInJobs(const RegressOptions& options) {
    // What every job would refuse, refused once here.
    auto shots = readShotsFile(options.shotsPath);
    if (!shots) return usageError(shots.error().message);
    auto bytes = readBytes(options.shotsPath);
    if (!bytes) return usageError(bytes.error().message);
    auto arguments = regress::ownArgumentsWithoutJobs();
    if (!arguments) return failWith(arguments.error().message);
    auto run = regress::runJobs(options.jobs, *arguments, options.out);
    if (!run) return failWith(run.error().message);
    if (run->failed.size() == run->parts.size()) {
        const std::string first = "regress: " + run->failed.front();
        return run->usage ? usageError(first) : failWith(first);
    }
    auto parts = jobReports(*run, *shots, *bytes);
    if (!parts) return failWith(parts.error().message);
    auto read = mergeParts(std::move(parts).value(), options.out);
    if (!read) return failWith(read.error().message);
    if (auto written = writeMerged(*read, run->parts, options.out); !written)
        return failWith(written.error().message);
    std::printf("%d jobs: %s; report: %s\n", options.jobs,
                regress::summaryLine(read->merged).c_str(),
                (fs::path(options.out) / "index.html").c_str());
    if (!run->failed.empty()) {
        for (size_t i = 1; i < run->failed.size(); ++i)
            std::fprintf(stderr, "regress: %s\n", run->failed[i].c_str());
        const std::string first = "regress: " + run->failed.front();
        return run->usage ? usageError(first) : failWith(first);
    }
    std::error_code ec;
    fs::remove_all(fs::path(options.out) / ".jobs", ec);
    return resultOf(read->merged.verdict());
}

// --approve OUT: the run's failed and new results (or --only's) over their references in
// --references, without drawing again.
CommandResult runApprove(const RegressOptions& options) {
    auto report = regress::readReportJson((fs::path(options.approve) / "report.json").string());
    if (!report) return usageError(report.error().message);
    auto copies =
        regress::approvals(*report, options.approve, options.references, options.only, frameSuffix);
    if (!copies) return usageError(copies.error().message);
    size_t copied = 0;
    auto applied = regress::applyApprovals(*copies, [&](const regress::Approval& copy) {
        std::printf("approved %s (was %s)\n", copy.reference.c_str(), copy.was.c_str());
        ++copied;
    });
    if (!applied) return failWith(applied.error().message);
    std::printf("%zu references approved from %s (%zu unchanged)\n", copied,
                options.approve.c_str(), copies->size() - copied);
    return {};
}

// --emit-job KIND --shards N: the farm's job text for this command line, printed, not run.
CommandResult runEmitJob(const RegressOptions& options) {
    if (auto shots = readShotsFile(options.shotsPath); !shots)
        return usageError(shots.error().message);
    auto arguments =
        regress::ownArgumentsWithout({"--out", "--emit-job", "--shards"}, "--emit-job");
    if (!arguments) return failWith(arguments.error().message);
    regress::JobSpec spec;
    std::error_code ec;
    spec.executable = fs::read_symlink("/proc/self/exe", ec).string();
    if (ec || options.emitJob != "slurm") spec.executable = "morphview";
    spec.workingDirectory = fs::current_path(ec).string();
    spec.arguments = std::move(arguments).value();
    spec.out = options.out;
    spec.shards = size_t(options.shards);
    auto text = regress::emitJob(options.emitJob, spec);
    if (!text) return usageError(text.error().message);
    std::fputs(text->c_str(), stdout);
    return {};
}

}  // namespace

namespace {

// The command line's settings under every shot that does not give its own.
void addRegressDefaults(CLI::App& regress, ShotDefaults& defaults) {
    addParsedOption(
        regress, kSizeOption, defaults.size,
        "Image size of shots that do not give one (default 512x512)",
        [](const std::string& text, const morph::Error&) { return "'" + text + "' is not WxH"; });
    addParsedOption(regress, kCameraOption, defaults.camera,
                    "Camera of shots that do not give one (default front)", wholeMessage());
    addParsedOption(regress, kMorphPathOption, defaults.morphPath,
                    "How meshes morph: vs-dense, vs-active, cs-sparse, cpu or auto (default)",
                    parserMessage(kMorphPathOption));
    addVariantOption(regress, defaults.variant,
                     "KHR_materials_variants variant (name or index) of shots that do not give "
                     "one (default: the files' default materials)");
    addLookOptions(regress, defaults.look);
    addFileLimitOptions(
        regress, defaults.model.allowAnyUri, defaults.model.maxMemoryBytes,
        {"Let the models' URIs point outside their folders",
         "Largest total size a model may declare (buffers, images), e.g. 512M, 4G"});
    addRenameOption(regress, defaults.model.renamePath, defaults.model.renames,
                    "Rename every model's targets by a JSON object {\"its name\": \"new name\"}");
    addRigLogicOptions(regress, defaults.model);
}

// The options that choose what regress does: render and compare, or merge shards.
struct RegressChoice {
    CLI::Option* shots = nullptr;
    CLI::Option* references = nullptr;
    CLI::Option* update = nullptr;
    CLI::Option* shard = nullptr;
    CLI::Option* merge = nullptr;
    CLI::Option* jobs = nullptr;
    CLI::Option* out = nullptr;
    CLI::Option* approve = nullptr;
    CLI::Option* only = nullptr;
    CLI::Option* emitJob = nullptr;
    CLI::Option* shards = nullptr;
    CLI::Option* warmCache = nullptr;
};

RegressChoice addRegressInputs(CLI::App& regress, RegressOptions& options) {
    RegressChoice choice;
    choice.shots =
        regress
            .add_option("SHOTS", options.shotsPath,
                        "A capture --shots file; a shot may add \"tolerance\": {\"maxAbsDiff\": "
                        "N, \"maxFailingPixelsFraction\": F} and \"reference\": FILE")
            ->type_name("SHOTS.json");
    choice.references =
        regress
            .add_option("--references", options.references,
                        "Where NAME.png references are (or DIR/<renderer-slug>/ when present)")
            ->type_name("DIR");
    choice.out =
        regress.add_option("--out", options.out, "Where results and reports go")->type_name("DIR");
    return choice;
}

void addRegressModes(CLI::App& regress, RegressOptions& options, RegressChoice& choice) {
    choice.update = regress.add_flag(
        "--update", options.update,
        "Write the results of failed and new shots over their references (atomically)");
    choice.shard = regress
                       .add_option("--shard", options.shard,
                                   "Render only shots whose index is K mod N; auto/N takes K from "
                                   "JOB_COMPLETION_INDEX (default: TEST_TOTAL_SHARDS and "
                                   "TEST_SHARD_INDEX, else a Slurm array's SLURM_ARRAY_TASK_*)")
                       ->type_name("K/N");
    choice.merge = regress
                       .add_option("--merge", options.merge,
                                   "Join shard outputs (their results, diffs and reports) into "
                                   "one report in --out")
                       ->type_name("DIR...")
                       ->expected(1, -1);
    choice.jobs = regress
                      .add_option("--jobs", options.jobs,
                                  "Render the shots in N processes, each on a shard, and write "
                                  "one report as --merge would (default 1)")
                      ->type_name("N")
                      ->check(CLI::Range(1, 64));
    choice.approve = regress
                         .add_option("--approve", options.approve,
                                     "Copy a finished run's failed and new results (or --only's) "
                                     "over their references in --references, atomically")
                         ->type_name("OUT");
    choice.only = regress
                      .add_option("--only", options.only,
                                  "With --approve: only these shots (any status but error)")
                      ->type_name("NAME,...")
                      ->delimiter(',');
    choice.emitJob = regress
                         .add_option("--emit-job", options.emitJob,
                                     "Print, do not run, the jobs that run this on a farm in "
                                     "--shards shards and merge them into --out: a Slurm script, "
                                     "Kubernetes Jobs or a GitHub Actions workflow")
                         ->type_name("slurm|k8s|github")
                         ->check(CLI::IsMember({"slurm", "k8s", "github"}));
    choice.shards = regress
                        .add_option("--shards", options.shards,
                                    "With --emit-job: how many shards (tasks, pods, jobs)")
                        ->type_name("N")
                        ->check(CLI::Range(1, 10000));
    choice.warmCache = regress.add_flag(
        "--warm-cache", options.warmCache,
        "Compile every shader program the shots link into the driver's shader cache (as "
        "warm-cache --shots does, with this command line's defaults), comparing and writing "
        "nothing");
}

// The run the command line asks for; usage errors are thrown as CLI11 errors (exit 2).
std::function<CommandResult()> chooseRun(std::shared_ptr<RegressOptions> options,
                                         const RegressChoice& choice) {
    if (choice.only->count() > 0 && choice.approve->count() == 0)
        throw CLI::ValidationError("--only", "is for --approve");
    if (choice.approve->count() > 0) {
        if (choice.shots->count() > 0 || choice.out->count() > 0 || choice.merge->count() > 0 ||
            choice.update->count() > 0 || choice.shard->count() > 0 || choice.jobs->count() > 0 ||
            choice.warmCache->count() > 0)
            throw CLI::ValidationError("--approve", "takes only --references and --only");
        if (choice.references->count() == 0) throw CLI::RequiredError("--references");
        return [options] { return runApprove(*options); };
    }
    if (choice.warmCache->count() > 0) {
        if (choice.merge->count() > 0 || choice.update->count() > 0 || choice.shard->count() > 0 ||
            choice.jobs->count() > 0 || choice.emitJob->count() > 0)
            throw CLI::ValidationError("--warm-cache", "compiles the shots' programs, no more");
        if (choice.shots->count() == 0) throw CLI::RequiredError("SHOTS");
        return [options] { return warmCache(options->defaults, {}, options->shotsPath); };
    }
    if (choice.out->count() == 0) throw CLI::RequiredError("--out");
    if ((choice.emitJob->count() > 0) != (choice.shards->count() > 0))
        throw CLI::ValidationError("--emit-job", "and --shards go together");
    if (choice.emitJob->count() > 0) {
        if (choice.merge->count() > 0 || choice.update->count() > 0 || choice.shard->count() > 0 ||
            choice.jobs->count() > 0)
            throw CLI::ValidationError("--emit-job", "takes the shards itself (--shards N)");
        if (choice.shots->count() == 0) throw CLI::RequiredError("SHOTS");
        if (choice.references->count() == 0) throw CLI::RequiredError("--references");
        return [options] { return runEmitJob(*options); };
    }
    if (choice.merge->count() > 0) {
        if (choice.shots->count() > 0 || choice.references->count() > 0 ||
            choice.update->count() > 0 || choice.shard->count() > 0 || choice.jobs->count() > 0)
            throw CLI::ValidationError("--merge", "takes only shard folders and --out");
        return [options] { return runMerge(*options); };
    }
    if (choice.shots->count() == 0) throw CLI::RequiredError("SHOTS");
    if (choice.references->count() == 0) throw CLI::RequiredError("--references");
    if (choice.shard->count() > 0 && options->jobs > 1)
        throw CLI::ValidationError("--jobs",
                                   "runs its own shards; it cannot be given with --shard");
    if (choice.shard->count() > 0) {
        auto parsed = regress::chooseShard(options->shard, [](const char* name) {
            return static_cast<const char*>(std::getenv(name));
        });
        if (!parsed) throw CLI::ValidationError(parsed.error().message);
    }
    return [options] { return runRegress(*options); };
}

}  // namespace

void addRegressCommand(CLI::App& root, CommandContext& context) {
    auto regress = addSubcommand<RegressOptions>(
        root, "regress",
        "Render every shot of SHOTS.json, compare each with its reference, and write results, "
        "diffs, report.json, report.xml (JUnit) and index.html: exit 0 all match, 1 a shot "
        "differs or is new, 2 usage, 3 a model or reference cannot be read");
    RegressChoice choice = addRegressInputs(regress.app, regress.options);
    addRegressDefaults(regress.app, regress.options.defaults);
    addRegressModes(regress.app, regress.options, choice);
    chooseOnParse(regress, context, [choice](std::shared_ptr<RegressOptions> options) {
        return chooseRun(std::move(options), choice);
    });
}

}  // namespace app
