#include "app/cli/ModelLoader.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>

#include <CLI/CLI.hpp>

#include "app/cli/Commands.h"
#include "app/cli/SharedOptions.h"
#include "morph/io/Files.h"
#include "morph/names/RenameMap.h"
#include "morph/targets/PoseTargets.h"

namespace app {

void addModelOptions(CLI::App& command, ModelOptions& options, bool modelRequired) {
    CLI::Option* model =
        command.add_option("MODEL", options.path, "glTF 2.0 file (.gltf, .glb or .vrm)");
    model->type_name("FILE");
    if (modelRequired) model->required();
    command
        .add_option("--pose", options.poses,
                    "Add the first mesh of a glTF file of the same topology as a target, named "
                    "after the file (repeatable)")
        ->allow_extra_args(false)
        ->type_name("FILE");
    addFileLimitOptions(command, options.allowAnyUri, options.maxMemoryBytes);
    addRenameOption(command, options.renamePath, options.renames,
                    "Rename the model's targets by a JSON object {\"its name\": \"new name\"}");
    addRigLogicOptions(command, options);
}

CLI::Option* addRigLogicFileOption(CLI::App& command, std::string& path,
                                   std::vector<morph::RigRuleSpec>& rules,
                                   const std::string& help) {
    return command.add_option("--rig-logic", path, help)
        ->type_name("FILE.json")
        ->check(CLI::Validator(
            [&rules](std::string& file) -> std::string {
                auto bytes = morph::readFileBytes(file);
                if (!bytes) return bytes.error().message;
                auto read = morph::parseRigLogic(std::string(bytes->begin(), bytes->end()), file,
                                                 morph::RigRuleSource::Sidecar);
                if (!read) return read.error().message;
                rules = std::move(read).value();
                return {};
            },
            ""));
}

void addRigLogicOptions(CLI::App& command, ModelOptions& options) {
    CLI::Option* sidecar = addRigLogicFileOption(
        command, options.rigLogicPath, options.rigLogic,
        "Derive targets from others by the rules of a JSON file: {\"combinations\": "
        "[{\"target\", \"drivers\"}], \"inbetweens\": [{\"target\", \"driver\", "
        "\"peak\"}]} (docs/RIG_LOGIC.md)");
    command
        .add_flag("--no-rig-logic", options.noRigLogic,
                  "Show the raw targets: no combination or in-between is derived, whether by "
                  "name, by the file or by --rig-logic")
        ->excludes(sidecar);
}

void addFileLimitOptions(CLI::App& command, bool& allowAnyUri, uint64_t& maxMemoryBytes,
                         const FileLimitHelp& help) {
    command.add_flag("--allow-any-uri", allowAnyUri, help.allowAnyUri);
    command
        .add_option_function<std::string>(
            "--max-memory",
            [&maxMemoryBytes](const std::string& text) { maxMemoryBytes = *parseByteSize(text); },
            help.maxMemory)
        ->check([](const std::string& text) -> std::string {
            if (parseByteSize(text)) return {};
            return "'" + text + "' is not a size in bytes (e.g. 1048576, 512M, 4G)";
        })
        ->type_name("BYTES");
}

std::optional<uint64_t> parseByteSize(const std::string& text) {
    size_t i = 0;
    long double value = 0;
    bool digits = false;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
        value = value * 10 + (text[i] - '0');
        digits = true;
    }
    if (i < text.size() && text[i] == '.') {
        long double scale = 0.1L;
        for (++i; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
            value += (text[i] - '0') * scale;
            scale /= 10;
            digits = true;
        }
    }
    if (!digits) return std::nullopt;

    std::string suffix;
    for (; i < text.size(); ++i) suffix += static_cast<char>(std::toupper(text[i]));
    // Binary multiples whatever the spelling: memory budgets are thought of in KiB/MiB/GiB.
    static const char* const kUnits = "KMGTP";
    int exponent = 0;
    if (!suffix.empty() && suffix != "B") {
        const char* unit = std::strchr(kUnits, suffix[0]);
        if (unit == nullptr || *unit == '\0') return std::nullopt;
        exponent = static_cast<int>(unit - kUnits) + 1;
        const std::string rest = suffix.substr(1);
        if (!rest.empty() && rest != "B" && rest != "IB") return std::nullopt;
    }
    for (int e = 0; e < exponent; ++e) value *= 1024;
    if (value < 1 || value >= 18446744073709551616.0L) return std::nullopt;
    return static_cast<uint64_t>(value);
}

namespace {

// The --rename map over the loaded scene; its lines name the map file.
morph::Status applyRenames(const ModelOptions& options, morph::Scene& scene) {
    if (options.renamePath.empty()) return {};
    auto warnings = morph::applyRenameMap(scene, options.renames);
    if (!warnings) {
        return morph::Error{warnings.error().code,
                            options.renamePath + ": " + warnings.error().message};
    }
    for (const std::string& warning : *warnings) {
        scene.warnings.push_back(options.renamePath + ": " + warning);
    }
    return {};
}

}  // namespace

morph::Result<morph::Scene> loadModel(
    const ModelOptions& options,
    const std::function<void(float fraction, const char* stage)>& progress) {
    morph::ImportOptions importOptions;
    importOptions.allowAnyUri = options.allowAnyUri;
    importOptions.maxMemoryBytes = options.maxMemoryBytes;
    importOptions.progress = progress;

    morph::Result<morph::Scene> scene = morph::importGltf(options.path, importOptions);
    if (!scene) return scene;
    importOptions.progress = nullptr;  // the pose files are small next to the model
    if (progress && !options.poses.empty()) progress(0.95f, "adding pose targets");

    for (const std::string& posePath : options.poses) {
        morph::Result<morph::Scene> pose = morph::importGltf(posePath, importOptions);
        if (!pose) return pose.error();
        const std::string name = std::filesystem::path(posePath).stem().string();
        morph::Status added = morph::addPoseTarget(*scene, *pose, name);
        if (!added) {
            // The message must name a file (every error line does); add the pose's when it names
            // neither.
            const std::string& message = added.error().message;
            if (message.find(posePath) == std::string::npos &&
                message.find(options.path) == std::string::npos) {
                return morph::Error{added.error().code, posePath + ": " + message};
            }
            return added.error();
        }
        scene->warnings.insert(scene->warnings.end(), pose->warnings.begin(), pose->warnings.end());
        // The pose file's lines join the model's report (they name the pose file); its
        // extensions stay its own.
        morph::ImportReport& report = scene->report;
        const morph::ImportReport& poseReport = pose->report;
        report.textures.insert(report.textures.end(), poseReport.textures.begin(),
                               poseReport.textures.end());
        report.repairs.insert(report.repairs.end(), poseReport.repairs.begin(),
                              poseReport.repairs.end());
        report.warnings.insert(report.warnings.end(), poseReport.warnings.begin(),
                               poseReport.warnings.end());
    }
    if (!options.poses.empty()) morph::computeTargetStats(*scene);
    if (morph::Status renamed = applyRenames(options, *scene); !renamed) return renamed.error();
    if (options.noRigLogic) {
        morph::detachRigLogic(*scene);
    } else if (!options.renamePath.empty() || !options.poses.empty() || !options.rigLogic.empty()) {
        std::vector<std::string> again;  // the file's faulty rules were reported by the import
        if (auto s = morph::attachRigLogic(*scene, options.rigLogic, options.rigLogicPath, again);
            !s)
            return s.error();
    }
    return scene;
}

CommandResult modelLoadFailed(const morph::Error& error) {
    return usageOrFailure(error.code, error.message);
}

void printWarnings(const morph::Scene& scene) {
    for (const std::string& warning : scene.warnings) {
        std::fprintf(stderr, "warning: %s\n", warning.c_str());
    }
    std::fflush(stderr);
}

morph::Status applyRigLogicOptions(const ModelOptions& rig, bool renamed, morph::Scene& scene) {
    if (rig.noRigLogic) {
        morph::detachRigLogic(scene);
        return {};
    }
    if (!renamed && rig.rigLogic.empty()) return {};
    std::vector<std::string> again;  // the file's faulty rules were reported by the import
    return morph::attachRigLogic(scene, rig.rigLogic, rig.rigLogicPath, again);
}

void warnAboutDerivedWeights(const morph::Scene& scene,
                             const std::vector<morph::WeightAssignment>& weights,
                             const std::string& shot) {
    std::vector<std::string> names;
    for (const morph::WeightAssignment& w : weights)
        if (w.kind == morph::WeightAssignment::Kind::Name) names.push_back(w.name);
    const std::string prefix = shot.empty() ? std::string() : shot + ": ";
    for (const std::string& name : morph::derivedTargetsNamed(scene, names)) {
        std::fprintf(stderr,
                     "warning: %s--weights: '%s' is derived by rig logic from its drivers, which "
                     "replace its value (--no-rig-logic shows the raw target)\n",
                     prefix.c_str(), name.c_str());
    }
}

}  // namespace app
