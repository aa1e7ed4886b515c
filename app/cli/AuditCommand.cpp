#include "app/cli/AuditCommand.h"

#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "app/audit/AuditOutput.h"
#include "app/audit/AuditPage.h"
#include "app/audit/HtmlPage.h"
#include "app/cli/ModelLoader.h"
#include "app/cli/SharedOptions.h"
#include "app/cli/Subcommand.h"
#include "app/shots/AuditPictures.h"
#include "morph/audit/RigAudit.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"
#include "morph/names/FaceNames.h"
#include "morph/names/RenameMap.h"

namespace app {

namespace {

struct AuditOptions {
    std::string model;
    bool json = false;
    std::string junit;
    std::string failOn = "error";
    std::string renamePath;                   // --rename MAP.json
    std::vector<morph::NameMapping> renames;  // what it says
    std::string writeRename;                  // --write-rename FILE
    std::string html;                         // --html DIR
    ModelOptions rig;  // --rig-logic FILE.json and --no-rig-logic (only those fields are used)
};

// --html DIR: the pictures (the only part that needs GL), then DIR/index.html.
morph::Status writeAuditPage(std::shared_ptr<const morph::Scene> scene, const audit::AuditRun& run,
                             const std::string& dir) {
    if (morph::Status made = audit::makeFolder(dir); !made) return made;
    std::vector<audit::PageRow> rows = audit::pageRows(run);
    AuditPictureOptions pictures;
    pictures.dir = dir;
    audit::PageInfo info;
    pictures.size = info.pictureSize;
    auto renderer = drawAuditPictures(std::move(scene), pictures, rows);
    if (!renderer) return renderer.error();
    info.renderer = *renderer;
    const std::string page = audit::auditPage(run, rows, info);
    return morph::writeFileAtomic(dir + "/index.html", page.data(), page.size());
}

CommandResult runAudit(const AuditOptions& options) {
    morph::ImportOptions import;
    import.decodeImages = false;         // the audit reads geometry only
    import.keepNonFiniteTargets = true;  // a NaN in one target is a finding, not the end
    morph::Result<morph::Scene> scene = morph::importGltf(options.model, import);
    if (!scene) return {Outcome::Unreadable, scene.error().message};
    if (!options.renamePath.empty()) {
        // The findings and the sets then name the targets as the map does.
        auto renamed = morph::applyRenameMap(*scene, options.renames);
        if (!renamed) return failWith(options.renamePath + ": " + renamed.error().message);
        for (const std::string& line : *renamed)
            std::fprintf(stderr, "warning: %s: %s\n", options.renamePath.c_str(), line.c_str());
    }
    // The checks read the rules of the names they see, and the command line's.
    if (morph::Status rules =
            applyRigLogicOptions(options.rig, !options.renamePath.empty(), *scene);
        !rules)
        return modelLoadFailed(rules.error());

    audit::AuditRun run;
    run.model = options.model;
    morph::AuditReport report = morph::auditSceneReport(*scene);
    run.findings = std::move(report.findings);
    run.unchecked = std::move(report.unchecked);
    run.targetNames = morph::sceneTargetNames(*scene);
    run.sets = morph::coverNameSets(run.targetNames);
    if (!options.writeRename.empty()) {
        const std::string map = morph::renameMapJson(morph::findRenameMap(run.targetNames));
        if (morph::Status s = morph::writeFileAtomic(options.writeRename, map.data(), map.size());
            !s)
            return failWith(s.error().message);
    }
    const morph::Severity failOn =
        options.failOn == "warning" ? morph::Severity::Warning : morph::Severity::Error;
    if (options.json) {
        std::printf("%s\n", audit::auditJson(run).dump().c_str());
    } else {
        std::printf("%s", audit::auditTable(run).c_str());
    }
    if (!options.junit.empty()) {
        const std::string xml = audit::auditJunit(run, failOn);
        if (morph::Status s = morph::writeFileAtomic(options.junit, xml.data(), xml.size()); !s)
            return failWith(s.error().message);
    }
    if (!options.html.empty()) {
        // The audit is done with the import: the pictures' upload takes it over, not a copy. Its
        // images were never decoded (the audit reads geometry): without the textures that name
        // them, the pictures show the shape in the materials' factors, and the upload does not
        // note each image it cannot show.
        scene->textures.clear();
        auto shared = std::make_shared<const morph::Scene>(std::move(*scene));
        if (morph::Status s = writeAuditPage(std::move(shared), run, options.html); !s)
            return failWith(s.error().message);
    }
    return succeeded(!audit::failsAt(run.findings, failOn));
}

}  // namespace

void addAuditCommand(CLI::App& root, CommandContext& context) {
    auto audit = addSubcommand<AuditOptions>(
        root, "audit",
        "Check a model's morph targets (dead, broken, wrong-side, asymmetric, leaking ones): exit "
        "0 clean, 1 findings, 2 usage, 3 if unreadable");
    addModelArgument(audit.app, audit.options.model);
    addJsonFlag(audit.app, audit.options.json,
                "Print the findings and the name sets as one JSON object instead of the table");
    addJunitOption(audit.app, audit.options.junit,
                   "Also write JUnit XML: a testcase per check per target name");
    audit.app
        .add_option("--fail-on", audit.options.failOn,
                    "The severity that makes the run fail (exit 1): error (default) or warning")
        ->type_name("SEVERITY")
        ->check(CLI::IsMember({"error", "warning"}));
    addRenameOption(audit.app, audit.options.renamePath, audit.options.renames,
                    "Rename the model's targets by a JSON object {\"its name\": \"new name\"} "
                    "before the checks");
    audit.app
        .add_option("--write-rename", audit.options.writeRename,
                    "Write the map from the model's spellings to the name sets' names (ARKit, "
                    "Oculus visemes, VRM, MediaPipe) as a --rename file")
        ->type_name("FILE");
    addRigLogicOptions(audit.app, audit.options.rig);
    addHtmlOption(audit.app, audit.options.html,
                  "Also write DIR/index.html: a row per target, flagged ones first, with its "
                  "findings and pictures (the region it moves at weight 0 and 1, its heat "
                  "map); the only part of the audit that draws (headless EGL)");
    runOnParse(audit, context, runAudit);
}

}  // namespace app
