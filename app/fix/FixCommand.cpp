#include "app/fix/FixCommand.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "app/cli/ModelLoader.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/Subcommand.h"
#include "app/fix/FixCheck.h"
#include "app/fix/FixSteps.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixTargets.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace app {

namespace {

using Step = fix::FixStep;  // "--prune", "--names", "--rename", "--from-mix", ...

struct FixOptions {
    std::string in, out;
    std::vector<Step> steps;  // in command line order
    bool check = false;
    std::string rigLogicPath;                  // --rig-logic FILE.json
    std::vector<morph::RigRuleSpec> rigLogic;  // what it says (read when the option is parsed)
    bool allowAnyUri = false;
    uint64_t maxMemoryBytes = morph::ImportOptions{}.maxMemoryBytes;
};

// What the run has done so far: the document, and what --check needs to know.
struct FixRun {
    const FixOptions* options = nullptr;
    morph::FixDocument doc;
    fix::CheckInput check;
};

std::string folderOf(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() &&
           text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::vector<uint8_t> outputBytes(FixRun& run) {
    morph::compactFixDocument(run.doc);
    if (endsWith(run.options->out, ".gltf")) {
        const std::string text = morph::fixDocumentGltf(run.doc);
        return {text.begin(), text.end()};
    }
    return morph::fixDocumentGlb(run.doc);
}

fix::FixSource sourceOf(const FixOptions& options) {
    return {options.in, options.allowAnyUri, options.maxMemoryBytes};
}

morph::Result<morph::Scene> importBytes(const FixOptions& options,
                                        const std::vector<uint8_t>& bytes, const std::string& name,
                                        const std::string& folder) {
    return fix::importFixBytes(sourceOf(options), bytes, name, folder);
}

void print(const std::vector<std::string>& lines) {
    for (const std::string& line : lines) std::printf("%s\n", line.c_str());
}

// A step's lines printed (its warnings on stderr), or its error as the command's result (Usage:
// exit 2).
CommandResult report(const morph::Result<std::vector<std::string>>& lines) {
    if (!lines)
        return lines.error().code == morph::ErrorCode::Usage ? usageError(lines.error().message)
                                                             : failWith(lines.error().message);
    for (const std::string& line : *lines) {
        const bool warning = line.rfind(fix::kFixWarning, 0) == 0;
        std::fprintf(warning ? stderr : stdout, "%s\n", line.c_str());
    }
    std::fflush(stderr);
    return {};
}

CommandResult renameByMap(FixRun& run, const std::string& path) {
    auto map = readRenameMap(path);
    if (!map) return usageError(map.error().message);
    const std::vector<std::string> names = morph::fixAllTargetNames(run.doc);
    for (const morph::NameMapping& m : *map) {
        if (std::find(names.begin(), names.end(), m.from) == names.end())
            return usageError(path + ": renames target '" + m.from + "', which " + run.options->in +
                              " lacks");
    }
    return report(fix::applyRename(run.doc, *map, sourceOf(*run.options), run.check));
}

CommandResult applyStep(FixRun& run, const Step& step) {
    if (step.option == "--rename") return renameByMap(run, step.value);
    return report(fix::applyFixStep(run.doc, step, sourceOf(*run.options), run.check));
}

// The input read and imported; Unreadable with one line when it cannot be.
CommandResult load(FixRun& run, morph::Scene& scene) {
    const FixOptions& options = *run.options;
    auto bytes = morph::readFileBytes(options.in);
    if (!bytes) return {Outcome::Unreadable, bytes.error().message};
    auto imported = importBytes(options, *bytes, options.in, folderOf(options.in));
    if (!imported) return {Outcome::Unreadable, imported.error().message};
    scene = std::move(imported).value();
    auto doc = morph::readFixDocument(*bytes, options.in, folderOf(options.in));
    if (!doc) return {Outcome::Unreadable, doc.error().message};
    run.doc = std::move(doc).value();
    for (const std::string& line : run.doc.warnings)
        std::fprintf(stderr, "warning: %s: %s\n", options.in.c_str(), line.c_str());
    return {};
}

CommandResult runCheck(FixRun& run, const morph::Scene& before, const std::vector<uint8_t>& bytes) {
    auto after = importBytes(*run.options, bytes, run.options->out, "");
    if (!after) return failWith("check: the output does not read back: " + after.error().message);
    run.check.before = &before;
    run.check.after = &*after;
    auto report = fix::checkFix(run.check);
    if (!report) return failWith("check: " + report.error().message);
    print(report->lines);
    return succeeded(report->clean);
}

CommandResult runFix(const FixOptions& options) {
    FixRun run;
    run.options = &options;
    morph::Scene before;
    if (CommandResult r = load(run, before); r.outcome != Outcome::Ok) return r;
    for (const Step& step : options.steps) {
        if (CommandResult r = applyStep(run, step); r.outcome != Outcome::Ok) return r;
    }
    // After the operations, so the rules name the output's targets whatever they renamed.
    if (!options.rigLogicPath.empty()) {
        auto lines =
            fix::embedRigLogic(run.doc, options.rigLogic, options.rigLogicPath, sourceOf(options));
        if (CommandResult r = report(lines); r.outcome != Outcome::Ok) return r;
    }
    const std::vector<uint8_t> bytes = outputBytes(run);
    CommandResult checked;
    if (options.check) checked = runCheck(run, before, bytes);
    if (!options.out.empty()) {
        if (morph::Status s = morph::writeFileAtomic(options.out, bytes.data(), bytes.size()); !s)
            return failWith(s.error().message);
        std::printf("wrote %s\n", options.out.c_str());
    }
    return checked;
}

std::string checkPrune(const std::string& text) {
    if (text == "dead" || text == "duplicate" || text == "dead,duplicate" ||
        text == "duplicate,dead")
        return {};
    return "'" + text + "' is not dead, duplicate or dead,duplicate";
}

// An operation's option: its name, what it does, its value's type name and its check (none
// where the operation checks its value when it runs).
struct StepOption {
    const char* name;
    const char* help;
    const char* typeName;
    std::optional<CLI::Validator> check;
};

// The operations taking a value, each appended to the steps in command-line order, as often as
// it is given.
const std::vector<StepOption>& stepOptions() {
    static const std::vector<StepOption> options{
        {"--prune", "Remove the targets the audit calls dead, or the second of a duplicate pair",
         "dead|duplicate|dead,duplicate", CLI::Validator(checkPrune, "")},
        {"--names", "Rename targets to a name set's spelling through the name table", "SET",
         CLI::Validator(CLI::IsMember({"arkit", "oculus", "vrm", "mediapipe"}))},
        {"--rename", "Rename targets by a JSON object {\"its name\": \"new name\"}", "MAP.json",
         std::nullopt},
        {"--from-mix",
         "A new target NAME equal to the mix SPEC (--weights syntax: jawOpen=0.5,"
         "mouthSmileLeft=1) on every mesh the mix touches",
         "NAME=SPEC", std::nullopt},
        {"--recompute-normals",
         "NORMAL deltas recomputed from the morphed positions, and TANGENT deltas "
         "where the primitive has a TANGENT, for the target NAME or every target the "
         "audit flags under normals",
         "NAME|flagged", std::nullopt},
        {"--mirror",
         "TO becomes FROM mirrored across each mesh's own mirror plane (created when "
         "it does not exist)",
         "FROM=TO", std::nullopt},
        {"--split",
         "NAME becomes NAMELeft and NAMERight (in the file's spelling), a smooth falloff "
         "across each mesh's mirror plane, summing to NAME",
         "NAME", std::nullopt},
    };
    return options;
}

// The operations, in the order --help lists them: those of stepOptions(), then --sparse.
void addStepOptions(CLI::App& fix, FixOptions& options) {
    for (const StepOption& step : stepOptions()) {
        const std::string name = step.name;
        CLI::Option* added = fix.add_option_function<std::string>(
                                    name,
                                    [&options, name](const std::string& v) {
                                        options.steps.push_back({name, v});
                                    },
                                    step.help)
                                 ->type_name(step.typeName)
                                 ->trigger_on_parse()
                                 ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        if (step.check) added->check(*step.check);
    }
    fix.add_flag_callback(
           "--sparse",
           [&options] {
               options.steps.push_back({"--sparse", ""});
           },
           "Store each target's accessors sparse where that is smaller")
        ->trigger_on_parse();
}

}  // namespace

void addFixCommand(CLI::App& root, CommandContext& context) {
    auto fix = addSubcommand<FixOptions>(
        root, "fix",
        "Mend a file's morph targets and keep everything else: prune, rename, a target from a "
        "mix, normals, mirror, split, sparse; --check proves "
        "it (exit 0 done, 1 failed, 2 usage, 3 if unreadable)");
    addModelArgument(fix.app, fix.options.in, "IN");
    addOutOption(fix.app, fix.options.out,
                 "Where to write the result (.glb, or .gltf with the buffer embedded); may be "
                 "IN. Without it only --check runs",
                 "OUT");
    addStepOptions(fix.app, fix.options);
    addRigLogicFileOption(fix.app, fix.options.rigLogicPath, fix.options.rigLogic,
                          "Embed the rig logic of a JSON file (--rig-logic's elsewhere) in the "
                          "output's root extras.rigLogic, after the operations: the file's own "
                          "rules for other targets kept (docs/RIG_LOGIC.md)");
    fix.app.add_flag("--check", fix.options.check,
                     "Audit before and after and diff the result against IN: what each operation "
                     "changed, exit 1 on a change no operation asked for");
    addFileLimitOptions(fix.app, fix.options.allowAnyUri, fix.options.maxMemoryBytes);
    chooseOnParse(
        fix, context, [](std::shared_ptr<FixOptions> options) -> std::function<CommandResult()> {
            if (options->out.empty() && !options->check)
                throw CLI::ValidationError("--out", "give --out OUT, or --check alone to try it");
            return [options] { return runFix(*options); };
        });
}

}  // namespace app
