#pragma once
// fix's operations on a document, shared by the `fix` command and the viewer's Rig menu: each
// step applied in place, giving back the lines it reports (the command prints them, the viewer
// shows them) and recording what it did for --check. No printing, no command line, no GL.
// An error whose code is ErrorCode::Usage is the user's mistake (a name the file lacks, a spec
// that does not parse: the command's exit 2); any other is a failure of the operation (exit 1).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/fix/FixCheck.h"
#include "morph/Result.h"
#include "morph/audit/RigAudit.h"
#include "morph/fix/FixDocument.h"
#include "morph/gltf/GltfImport.h"
#include "morph/names/FaceNames.h"
#include "morph/rig/RigLogic.h"

namespace app::fix {

// How a step's line that is a warning begins ("warning: face.glb: extras.rigLogic: dropped ..."):
// the command prints it on stderr, the others on stdout.
inline constexpr const char* kFixWarning = "warning: ";

// One operation as the command line spells it: "--prune" with "dead,duplicate", "--mirror" with
// "FROM=TO", "--split" NAME, "--from-mix" NAME=SPEC, "--recompute-normals" NAME|flagged,
// "--names" SET, "--sparse" with no value. ("--rename" reads a file: applyRename takes its map.)
struct FixStep {
    std::string option;
    std::string value;
};

// What the steps need of the input besides the document: its name for messages and the
// importer's limits (the audit and the mirror plane read the document imported).
struct FixSource {
    std::string name;
    bool allowAnyUri = false;
    uint64_t maxMemoryBytes = morph::ImportOptions{}.maxMemoryBytes;
};

// Applies `step` to `doc`; its lines, or the error (nothing reported then). --prune, --split,
// --rename and --names keep the file's own rig logic in step (morph/fix/FixRigLogic.h): a rule
// they drop is a warning line.
morph::Result<std::vector<std::string>> applyFixStep(morph::FixDocument& doc, const FixStep& step,
                                                     const FixSource& source, CheckInput& check);

// What reading a file as a document changed that the user should know (a compressed file written
// uncompressed), as the command warns: "warning: NAME: KHR_draco_mesh_compression: written
// uncompressed", one line each.
std::vector<std::string> readingWarnings(const morph::FixDocument& doc, const std::string& name);

// One operation on a file's bytes, as the viewer's Rig menu runs it: the bytes read as a document
// (`folder` holds a .gltf's external files), `step` applied, what it replaced dropped, written as
// GLB. `lines` are the reading's warnings, then the step's lines.
struct FixedBytes {
    std::vector<uint8_t> glb;
    std::vector<std::string> lines;
};
morph::Result<FixedBytes> fixBytes(const std::vector<uint8_t>& bytes, const std::string& folder,
                                   const FixStep& step, const FixSource& source);

// Renames by `map` (every `from` a name the document has), each recorded for --check as the
// input's name to the output's.
morph::Result<std::vector<std::string>> applyRename(morph::FixDocument& doc,
                                                    const std::vector<morph::NameMapping>& map,
                                                    const FixSource& source, CheckInput& check);

// Embeds `rules` (a --rig-logic sidecar, read from `sidecarName`) into the document's root
// extras.rigLogic, where the importer reads a file's rules (morph/rig/RigLogic.h): the file's own
// rules for the targets the sidecar does not name are kept beside them (a faulty one, which the
// importer leaves out, is replaced), the other root extras stay. Checked against the document as
// --rig-logic is elsewhere: a target or driver no mesh has, or a cycle, is an error
// (ErrorCode::Usage) naming the sidecar and the entry. Its line: "rig logic: 3 combinations,
// 2 in-betweens embedded".
morph::Result<std::vector<std::string>> embedRigLogic(morph::FixDocument& doc,
                                                      const std::vector<morph::RigRuleSpec>& rules,
                                                      const std::string& sidecarName,
                                                      const FixSource& source);

// The step that mends what an audit finding found, where one does: `dead` -> --prune dead,
// `duplicate` -> --prune duplicate (every such target, as the command prunes them), `normals` ->
// --recompute-normals of its target; nullopt for the other checks.
std::optional<FixStep> fixStepForFinding(const morph::Finding& finding);

// The document as its importer reads it (the audit's input), with `source`'s limits.
morph::Result<morph::Scene> importFixBytes(const FixSource& source,
                                           const std::vector<uint8_t>& bytes,
                                           const std::string& name, const std::string& folder);

}  // namespace app::fix
