#pragma once
// The model every command works on: a glTF file plus any --pose files, added as targets, with its
// targets renamed by any --rename map. The options common to every command that takes a model
// live here, so they read the same everywhere: MODEL, --pose FILE (repeatable), --allow-any-uri,
// --max-memory BYTES, --rename MAP.json, --rig-logic FILE.json, --no-rig-logic.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"
#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/edit/WeightSpec.h"
#include "morph/gltf/GltfImport.h"
#include "morph/names/FaceNames.h"
#include "morph/rig/RigLogic.h"

namespace app {

struct ModelOptions {
    std::string path;                // MODEL
    std::vector<std::string> poses;  // --pose FILE, in command line order
    bool allowAnyUri = false;
    uint64_t maxMemoryBytes = morph::ImportOptions{}.maxMemoryBytes;
    std::string renamePath;                    // --rename MAP.json
    std::vector<morph::NameMapping> renames;   // what it says (read when the option is parsed)
    std::string rigLogicPath;                  // --rig-logic FILE.json: a rig-logic sidecar
    std::vector<morph::RigRuleSpec> rigLogic;  // what it says (read when the option is parsed)
    bool noRigLogic = false;                   // --no-rig-logic: the raw targets, no rules
};

// Adds MODEL (a positional; required unless `modelRequired` is false, as for the viewer, which
// opens the bundled face without one) and the common options to `command`. `options` must
// outlive the parse.
void addModelOptions(CLI::App& command, ModelOptions& options, bool modelRequired = true);

// --rig-logic FILE.json (read and checked as it is parsed) and --no-rig-logic, for a command whose
// model options are its own (regress, audit, speak, take).
void addRigLogicOptions(CLI::App& command, ModelOptions& options);
// --rig-logic FILE.json alone, with `help`: the file's name into `path` and its rules, read and
// checked as the option is parsed (exit 2 naming the file and the entry), into `rules` (fix).
CLI::Option* addRigLogicFileOption(CLI::App& command, std::string& path,
                                   std::vector<morph::RigRuleSpec>& rules, const std::string& help);

// "4G", "512M", "64k", "1.5GiB", "1000000" -> bytes (binary multiples: K = 1024). nullopt when
// the text is not such a size, is zero, or does not fit in 64 bits.
std::optional<uint64_t> parseByteSize(const std::string& text);
// How far the files a command imports may reach: --allow-any-uri (their URIs may point outside
// their folders) and --max-memory BYTES (parseByteSize's forms; the most they may declare). The
// help is worded for one file unless the command reads several (diff's files, regress's models).
struct FileLimitHelp {
    const char* allowAnyUri = "Let the file's URIs point outside its folder";
    const char* maxMemory =
        "Largest total size the file may declare (buffers, images), e.g. 512M, 4G";
};
void addFileLimitOptions(CLI::App& command, bool& allowAnyUri, uint64_t& maxMemoryBytes,
                         const FileLimitHelp& help = {});

// Imports options.path, then every pose: glTF 2.0 3.7.2.2 targets are relative, so each pose's
// first mesh becomes the delta target `pose - base` of the model's first mesh
// (morph/targets/PoseTargets.h), named after the pose file's stem ("smile" for poses/smile.glb).
// The pose files' warnings are appended to the scene's (and their report lines to its report).
// Then the --rename map renames the targets (morph/names/RenameMap.h): a name of the map the
// model lacks is a warning, two targets of a mesh given one name an error naming the map. Then
// rig logic (morph/rig/RigLogic.h) over the final names: the names' rules, the file's and the
// sidecar's, or none with --no-rig-logic; a sidecar naming what no mesh has, or a cycle, is a
// usage error naming the sidecar.
// Errors are one line naming the file. `progress` (optional) hears the import's stages
// (morph::ImportOptions::progress).
morph::Result<morph::Scene> loadModel(
    const ModelOptions& options,
    const std::function<void(float fraction, const char* stage)>& progress = {});

// What a command ends with when loadModel failed: exit 2 for what the command line named wrong
// (a --rig-logic sidecar naming what the model lacks, or a cycle), else the failure.
CommandResult modelLoadFailed(const morph::Error& error);

// Scene::warnings on stderr, one line each, prefixed "warning: ".
void printWarnings(const morph::Scene& scene);

// For a command that imports the model itself (audit, speak, take): the rules of --rig-logic and
// --no-rig-logic (`rig`'s fields of those options), and after a rename (`renamed`) the names' and
// the file's rules again. A sidecar naming what the model lacks, or a cycle, is an error
// (ErrorCode::Usage) naming the sidecar.
morph::Status applyRigLogicOptions(const ModelOptions& rig, bool renamed, morph::Scene& scene);

// A line on stderr for each --weights item that names a target rig logic derives: the rules
// replace its value (eval, capture; regress for each shot, its name as `shot`, the line then
// "warning: NAME: --weights: ...").
void warnAboutDerivedWeights(const morph::Scene& scene,
                             const std::vector<morph::WeightAssignment>& weights,
                             const std::string& shot = {});

}  // namespace app
