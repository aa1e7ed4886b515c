#pragma once
// `morphview audit MODEL [--json] [--junit FILE] [--fail-on error|warning] [--rename MAP.json]
// [--write-rename FILE]`: checks the model's morph targets (morph/audit/RigAudit.h) and how its
// names cover the known name sets (morph/names/FaceNames.h), and prints both as a table, or as
// one JSON object with --json; --junit FILE also writes the findings as JUnit XML; --rename
// renames the targets first; --write-rename writes the map from the file's spellings to the
// sets' names. Exit 0 when no finding is at
// the --fail-on severity or worse (default error), 1 when one is, 2 for a usage error, 3 when the
// model cannot be read. GL-free: it runs where no display or GPU is.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addAuditCommand(CLI::App& root, CommandContext& context);

}  // namespace app
