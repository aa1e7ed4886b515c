#include "app/diff/DiffCommand.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/ModelLoader.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/Subcommand.h"
#include "app/diff/DiffHtml.h"
#include "app/diff/DiffOutput.h"
#include "morph/diff/DrawnModel.h"
#include "morph/diff/ModelDiff.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"
#include "morph/names/RenameMap.h"

namespace app {

namespace {

struct DiffOptions {
    std::string a, b;
    bool json = false;
    float maxDrift = morph::DiffOptions{}.maxDrift;
    std::string junit;
    std::string renamePath;  // --rename MAP.json: A's names before comparing
    std::string html;        // --html DIR
    bool allowAnyUri = false;
    uint64_t maxMemoryBytes = morph::ImportOptions{}.maxMemoryBytes;
};

// A file's drawn model, its non-finite targets (read as zero by the import) marked and each
// named on stderr; Unreadable with one line naming the file when it cannot be compared.
struct Loaded {
    diff::Side side;
    CommandResult failure;  // Ok when loaded
};

void markNonFinite(const morph::Scene& scene, morph::DrawnModel& model) {
    for (const morph::NonFiniteTarget& t : scene.report.nonFiniteTargets) {
        if (t.channel != "POSITION" || t.mesh >= scene.meshes.size()) continue;
        const std::vector<std::string>& names = scene.meshes[t.mesh].targetNames;
        if (t.target >= names.size()) continue;
        const std::string& name = names[t.target];
        if (std::find(model.nonFinite.begin(), model.nonFinite.end(), name) ==
            model.nonFinite.end())
            model.nonFinite.push_back(name);
    }
    for (const std::string& name : model.nonFinite) {
        std::fprintf(stderr,
                     "warning: %s: target '%s' has NaN or infinite POSITION deltas; its row is "
                     "changed\n",
                     scene.path.c_str(), name.c_str());
    }
}

Loaded load(const DiffOptions& options, const std::string& path,
            const std::vector<morph::NameMapping>* renames) {
    morph::ImportOptions import;
    import.decodeImages = false;         // diff reads geometry only
    import.keepNonFiniteTargets = true;  // a NaN target is a changed row, not the end
    import.allowAnyUri = options.allowAnyUri;
    import.maxMemoryBytes = options.maxMemoryBytes;
    morph::Result<morph::Scene> scene = morph::importGltf(path, import);
    if (!scene) return {{}, {Outcome::Unreadable, scene.error().message}};
    if (renames != nullptr) {
        auto renamed = morph::applyRenameMap(*scene, *renames);
        if (!renamed) return {{}, usageError(options.renamePath + ": " + renamed.error().message)};
        for (const std::string& line : *renamed)
            std::fprintf(stderr, "warning: %s: %s\n", options.renamePath.c_str(), line.c_str());
    }
    morph::Result<morph::DrawnModel> model = morph::drawnModel(*scene);
    if (!model) return {{}, {Outcome::Unreadable, model.error().message}};
    if (model->rest.empty())
        return {{}, {Outcome::Unreadable, path + ": its default scene draws no vertex"}};
    markNonFinite(*scene, *model);
    Loaded out;
    out.side.scene = std::make_shared<morph::Scene>(std::move(scene).value());
    out.side.model = std::move(model).value();
    return out;
}

// "B: 950 of A's 1000 drawn vertices have no counterpart ..." when most found none.
void warnIfOtherModel(const diff::DiffRun& run) {
    const morph::ModelDiff& d = run.diff;
    if (d.unmatchedA * 2 <= d.verticesA) return;
    std::fprintf(stderr,
                 "warning: %s: %u of %s's %u drawn vertices have no counterpart within %g of the "
                 "diagonal (another model?)\n",
                 run.b.c_str(), d.unmatchedA, run.a.c_str(), d.verticesA,
                 double(run.options.matchTolerance));
}

CommandResult runDiff(const DiffOptions& options) {
    std::vector<morph::NameMapping> renames;
    if (!options.renamePath.empty()) {
        auto map = readRenameMap(options.renamePath);
        if (!map) return usageError(map.error().message);
        renames = std::move(map).value();
    }
    Loaded a = load(options, options.a, options.renamePath.empty() ? nullptr : &renames);
    if (a.failure.outcome != Outcome::Ok) return a.failure;
    Loaded b = load(options, options.b, nullptr);
    if (b.failure.outcome != Outcome::Ok) return b.failure;
    const float diagonal = morph::restDiagonal(a.side.model);
    if (!(diagonal > 0.0f) || !std::isfinite(diagonal))
        return {Outcome::Unreadable,
                options.a + ": its drawn vertices have no extent to measure drift against"};

    diff::DiffRun run;
    run.a = options.a;
    run.b = options.b;
    run.options.maxDrift = options.maxDrift;
    run.diff = morph::diffModels(a.side.model, b.side.model, run.options);
    warnIfOtherModel(run);
    const std::string text =
        options.json ? diff::diffJson(run).dump() + "\n" : diff::diffTable(run);
    if (morph::Status written = writeText(text, ""); !written)
        return failWith(written.error().message);
    if (!options.junit.empty()) {
        const std::string xml = diff::diffJunit(run);
        if (morph::Status s = morph::writeFileAtomic(options.junit, xml.data(), xml.size()); !s)
            return failWith(s.error().message);
    }
    if (!options.html.empty()) {
        if (morph::Status s = diff::writeDiffHtml(a.side, b.side, run, options.html); !s)
            return failWith(s.error().message);
    }
    return succeeded(run.diff.unchanged(run.options));
}

std::string checkDrift(const std::string& text) {
    char* end = nullptr;
    const float value = std::strtof(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !std::isfinite(value) || value < 0.0f)
        return "'" + text + "' is not a share of the diagonal (a number >= 0, e.g. 0.001)";
    return {};
}

}  // namespace

void addDiffCommand(CLI::App& root, CommandContext& context) {
    auto diff = addSubcommand<DiffOptions>(
        root, "diff",
        "How every morph target moved between two files, as drawn (world space, vertices "
        "matched by position): exit 0 the same, 1 changed, 2 usage, 3 if unreadable");
    addModelArgument(diff.app, diff.options.a, "A", "The reference model (.gltf, .glb, .vrm)");
    addModelArgument(diff.app, diff.options.b, "B", "The model compared with it");
    addJsonFlag(diff.app, diff.options.json, "Print one JSON object instead of the table");
    diff.app
        .add_option_function<std::string>(
            "--max-drift",
            [&options = diff.options](const std::string& text) {
                options.maxDrift = std::strtof(text.c_str(), nullptr);
            },
            "The largest drift that counts as the same, a share of A's bounding-box diagonal "
            "(default 0.001)")
        ->type_name("F")
        ->check(CLI::Validator(checkDrift, ""));
    addJunitOption(diff.app, diff.options.junit,
                   "Also write JUnit XML: a testcase per target and one for the rest pose");
    diff.app
        .add_option("--rename", diff.options.renamePath,
                    "Rename A's targets by a JSON object {\"its name\": \"new name\"} before "
                    "comparing (a rename on purpose then compares as the same)")
        ->type_name("MAP.json");
    addHtmlOption(diff.app, diff.options.html,
                  "Also write DIR/index.html: a row per target, worst first, each that is not "
                  "the same with pictures of A and B at weight 1 and a heat map of its drift; "
                  "the only part of diff that draws (headless EGL)");
    addFileLimitOptions(
        diff.app, diff.options.allowAnyUri, diff.options.maxMemoryBytes,
        {"Let the files' URIs point outside their folders",
         "Largest total size each file may declare (buffers, images), e.g. 512M, 4G"});
    runOnParse(diff, context, runDiff);
}

}  // namespace app
