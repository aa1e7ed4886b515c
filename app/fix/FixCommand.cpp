#include "app/fix/FixCommand.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "app/cli/ModelLoader.h"
#include "app/cli/SharedOptions.h"
#include "app/fix/FixCheck.h"
#include "morph/audit/RigAudit.h"
#include "morph/edit/WeightSpec.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixMirror.h"
#include "morph/fix/FixNormals.h"
#include "morph/fix/FixSparse.h"
#include "morph/fix/FixTargets.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace app {

namespace {

struct Step {
    std::string option;  // "--prune", "--names", "--rename", "--from-mix", ...
    std::string value;
};

struct FixOptions {
    std::string in, out;
    std::vector<Step> steps;  // in command line order
    bool check = false;
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

morph::Result<morph::Scene> importBytes(const FixOptions& options,
                                        const std::vector<uint8_t>& bytes, const std::string& name,
                                        const std::string& folder) {
    morph::ImportOptions import;
    import.decodeImages = false;  // fix copies images' bytes, never decodes them
    import.keepNonFiniteTargets = true;
    import.allowAnyUri = options.allowAnyUri;
    import.maxMemoryBytes = options.maxMemoryBytes;
    return morph::importGltfMemory(bytes, name, folder, import);
}

void print(const std::vector<std::string>& lines) {
    for (const std::string& line : lines) std::printf("%s\n", line.c_str());
}

CommandResult prune(FixRun& run, const std::string& what) {
    auto scene = importBytes(*run.options, morph::fixDocumentGlb(run.doc), run.options->in, "");
    if (!scene) return failWith(scene.error().message);
    std::set<std::string> names;
    std::map<std::string, std::string> reason;
    for (const morph::Finding& f : morph::auditScene(*scene)) {
        if (f.check == "dead" && what.find("dead") != std::string::npos) {
            names.insert(f.targets[0]);
            reason[f.targets[0]] = "dead";
        } else if (f.check == "duplicate" && what.find("duplicate") != std::string::npos &&
                   !names.count(f.targets[0])) {
            names.insert(f.targets[1]);
            reason.emplace(f.targets[1], "duplicate");
        }
    }
    auto lines = morph::removeTargets(run.doc, names, reason);
    if (!lines) return failWith(run.options->in + ": " + lines.error().message);
    if (names.empty()) std::printf("prune: no %s target found\n", what.c_str());
    print(*lines);
    for (const auto& [name, why] : reason) run.check.removed[name] = why;
    return {};
}

// Renames by `map`, each also recorded for --check as the input's name to the output's.
CommandResult rename(FixRun& run, const std::vector<morph::NameMapping>& map) {
    auto lines = morph::renameTargets(run.doc, map);
    if (!lines) return failWith(run.options->in + ": " + lines.error().message);
    print(*lines);
    for (const morph::NameMapping& m : map) {
        bool chained = false;
        for (morph::NameMapping& earlier : run.check.renames) {
            if (earlier.to != m.from) continue;
            earlier.to = m.to;
            chained = true;
        }
        if (!chained) run.check.renames.push_back(m);
    }
    return {};
}

CommandResult renameToSet(FixRun& run, const std::string& set) {
    for (const morph::NameSetCoverage& c :
         morph::coverNameSets(morph::fixAllTargetNames(run.doc))) {
        if (morph::nameSetKey(c.set) != set) continue;
        if (c.mapped.empty())
            std::printf("names: every name already in %s's spelling\n", set.c_str());
        return rename(run, c.mapped);
    }
    return usageError("--names: unknown set '" + set + "'");
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
    return rename(run, *map);
}

// Per mesh, the weight of each target `spec` gives (empty: the spec touches no target of it).
morph::Result<std::vector<std::vector<float>>> mixWeights(
    const morph::FixDocument& doc, const std::vector<morph::WeightAssignment>& spec) {
    using Kind = morph::WeightAssignment::Kind;
    const size_t meshes = doc.json.value("meshes", nlohmann::json::array()).size();
    std::vector<std::vector<float>> weights(meshes);
    for (const morph::WeightAssignment& a : spec) {
        if (a.kind == Kind::Expression)
            return morph::Error{morph::ErrorCode::BadValue, "vrm: items are not a mix of targets"};
        bool matched = false;
        for (size_t m = 0; m < meshes; ++m) {
            const std::vector<std::string> names = morph::fixTargetNames(doc, m);
            for (size_t t = 0; t < names.size(); ++t) {
                const bool hit = a.kind == Kind::All || (a.kind == Kind::Index && a.index == t) ||
                                 (a.kind == Kind::Name && a.name == names[t]);
                if (!hit) continue;
                weights[m].resize(names.size(), 0.0f);
                weights[m][t] = a.value;
                matched = true;
            }
        }
        if (!matched)
            return morph::Error{morph::ErrorCode::BadReference,
                                "no mesh has target '" +
                                    (a.kind == Kind::Index ? std::to_string(a.index) : a.name) +
                                    "'"};
    }
    return weights;
}

CommandResult fromMix(FixRun& run, const std::string& value) {
    const size_t equals = value.find('=');
    const std::string name = value.substr(0, equals);
    if (equals == std::string::npos || name.empty())
        return usageError("--from-mix: '" + value + "' is not NAME=SPEC");
    auto spec = morph::parseWeightSpec(value.substr(equals + 1));
    if (!spec) return usageError("--from-mix: " + spec.error().message);
    auto weights = mixWeights(run.doc, *spec);
    if (!weights) return usageError("--from-mix: " + weights.error().message);
    for (size_t m = 0; m < weights->size(); ++m) {
        const std::vector<std::string> names = morph::fixTargetNames(run.doc, m);
        if (!(*weights)[m].empty() && std::count(names.begin(), names.end(), name))
            return usageError("--from-mix: meshes[" + std::to_string(m) +
                              "] already has a target named '" + name + "'");
    }
    auto lines = morph::addMixTarget(run.doc, name, *weights);
    if (!lines) return failWith(run.options->in + ": " + lines.error().message);
    print(*lines);
    run.check.added.insert(name);
    return {};
}

// The named target, or with `flagged` every target the audit's `normals` check flags.
CommandResult normals(FixRun& run, const std::string& which) {
    std::set<std::string> names;
    if (which == "flagged") {
        auto scene = importBytes(*run.options, morph::fixDocumentGlb(run.doc), run.options->in, "");
        if (!scene) return failWith(scene.error().message);
        for (const morph::Finding& f : morph::auditScene(*scene))
            if (f.check == "normals") names.insert(f.targets.begin(), f.targets.end());
        if (names.empty()) std::printf("recompute-normals: no target flagged\n");
    } else {
        const std::vector<std::string> all = morph::fixAllTargetNames(run.doc);
        if (std::find(all.begin(), all.end(), which) == all.end())
            return usageError("--recompute-normals: " + run.options->in + " has no target '" +
                              which + "'");
        names.insert(which);
    }
    auto lines = morph::recomputeNormals(run.doc, names);
    if (!lines) return failWith(run.options->in + ": " + lines.error().message);
    print(*lines);
    run.check.normals.insert(names.begin(), names.end());
    return {};
}

CommandResult mirror(FixRun& run, const std::string& value) {
    const size_t equals = value.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == value.size())
        return usageError("--mirror: '" + value + "' is not FROM=TO");
    const std::string from = value.substr(0, equals), to = value.substr(equals + 1);
    const std::vector<std::string> all = morph::fixAllTargetNames(run.doc);
    if (std::find(all.begin(), all.end(), from) == all.end())
        return usageError("--mirror: " + run.options->in + " has no target '" + from + "'");
    auto scene = importBytes(*run.options, morph::fixDocumentGlb(run.doc), run.options->in, "");
    if (!scene) return failWith(scene.error().message);
    auto lines = morph::mirrorTarget(run.doc, *scene, from, to);
    if (!lines) return failWith(run.options->in + ": " + lines.error().message);
    print(*lines);
    if (std::find(all.begin(), all.end(), to) == all.end()) {
        run.check.added.insert(to);
    } else {
        run.check.rewritten.insert(to);
    }
    return {};
}

CommandResult split(FixRun& run, const std::string& name) {
    const std::vector<std::string> all = morph::fixAllTargetNames(run.doc);
    if (std::find(all.begin(), all.end(), name) == all.end())
        return usageError("--split: " + run.options->in + " has no target '" + name + "'");
    const auto names = morph::splitNames(all, name);
    for (const std::string& n : {names.first, names.second}) {
        if (std::find(all.begin(), all.end(), n) != all.end())
            return usageError("--split: " + run.options->in + " already has a target '" + n + "'");
    }
    auto scene = importBytes(*run.options, morph::fixDocumentGlb(run.doc), run.options->in, "");
    if (!scene) return failWith(scene.error().message);
    auto lines = morph::splitTarget(run.doc, *scene, name, names);
    if (!lines) return failWith(run.options->in + ": " + lines.error().message);
    print(*lines);
    run.check.removed[name] = "split";
    run.check.added.insert({names.first, names.second});
    return {};
}

CommandResult sparse(FixRun& run) {
    auto lines = morph::sparsifyTargets(run.doc);
    if (!lines) return failWith(run.options->in + ": " + lines.error().message);
    print(*lines);
    return {};
}

CommandResult applyStep(FixRun& run, const Step& step) {
    if (step.option == "--sparse") return sparse(run);
    if (step.option == "--split") return split(run, step.value);
    if (step.option == "--mirror") return mirror(run, step.value);
    if (step.option == "--recompute-normals") return normals(run, step.value);
    if (step.option == "--prune") return prune(run, step.value);
    if (step.option == "--names") return renameToSet(run, step.value);
    if (step.option == "--from-mix") return fromMix(run, step.value);
    return renameByMap(run, step.value);
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
    if (const std::string ext = morph::compressionExtension(run.doc); !ext.empty())
        return failWith(options.in + ": uses " + ext +
                        "; fix does not decode it (write the file uncompressed first)");
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

void addStepOption(CLI::App& fix, FixOptions& options, const std::string& name,
                   const std::string& help, const std::string& typeName) {
    fix.add_option_function<std::string>(
           name,
           [&options, name](const std::string& v) {
               options.steps.push_back({name, v});
           },
           help)
        ->type_name(typeName)
        ->trigger_on_parse()
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

}  // namespace

void addFixCommand(CLI::App& root, CommandContext& context) {
    auto options = std::make_shared<FixOptions>();
    CLI::App* fix = root.add_subcommand(
        "fix",
        "Mend a file's morph targets and keep everything else: prune, rename, a target from a "
        "mix, normals, mirror, split, sparse; --check proves "
        "it (exit 0 done, 1 failed, 2 usage, 3 if unreadable)");
    fix->add_option("IN", options->in, "The model (.gltf, .glb, .vrm)")->required();
    fix->add_option("--out", options->out,
                    "Where to write the result (.glb, or .gltf with the buffer embedded); may be "
                    "IN. Without it only --check runs")
        ->type_name("OUT");
    addStepOption(*fix, *options, "--prune",
                  "Remove the targets the audit calls dead, or the second of a duplicate pair",
                  "dead|duplicate|dead,duplicate");
    fix->get_option("--prune")->check(CLI::Validator(checkPrune, ""));
    addStepOption(*fix, *options, "--names",
                  "Rename targets to a name set's spelling through the name table", "SET");
    fix->get_option("--names")->check(CLI::IsMember({"arkit", "oculus", "vrm", "mediapipe"}));
    addStepOption(*fix, *options, "--rename",
                  "Rename targets by a JSON object {\"its name\": \"new name\"}", "MAP.json");
    addStepOption(*fix, *options, "--from-mix",
                  "A new target NAME equal to the mix SPEC (--weights syntax: jawOpen=0.5,"
                  "mouthSmileLeft=1) on every mesh the mix touches",
                  "NAME=SPEC");
    addStepOption(*fix, *options, "--recompute-normals",
                  "NORMAL deltas recomputed from the morphed positions, for the target NAME or "
                  "every target the audit flags under normals",
                  "NAME|flagged");
    addStepOption(*fix, *options, "--mirror",
                  "TO becomes FROM mirrored across each mesh's own mirror plane (created when "
                  "it does not exist)",
                  "FROM=TO");
    addStepOption(*fix, *options, "--split",
                  "NAME becomes NAMELeft and NAMERight (in the file's spelling), a smooth falloff "
                  "across each mesh's mirror plane, summing to NAME",
                  "NAME");
    fix->add_flag_callback(
           "--sparse",
           [options] {
               options->steps.push_back({"--sparse", ""});
           },
           "Store each target's accessors sparse where that is smaller")
        ->trigger_on_parse();
    fix->add_flag("--check", options->check,
                  "Audit before and after and diff the result against IN: what each operation "
                  "changed, exit 1 on a change no operation asked for");
    fix->add_flag("--allow-any-uri", options->allowAnyUri,
                  "Let the file's URIs point outside its folder");
    addMaxMemoryOption(*fix, options->maxMemoryBytes,
                       "Largest total size the file may declare (buffers, images), e.g. 512M, 4G");
    fix->callback([&context, options] {
        if (options->out.empty() && !options->check)
            throw CLI::ValidationError("--out", "give --out OUT, or --check alone to try it");
        context.run = [options] { return runFix(*options); };
    });
}

}  // namespace app
