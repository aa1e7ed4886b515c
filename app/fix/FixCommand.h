#pragma once
// `morphview fix IN --out OUT [--prune dead|duplicate|dead,duplicate] [--names SET]
// [--rename MAP.json] [--from-mix NAME=SPEC] [--recompute-normals NAME|flagged] [--mirror FROM=TO]
// [--split NAME] [--sparse] [--check]`: a file's morph targets mended in place, everything else
// written back as it was (morph/fix/, docs/FIX.md). The operations run in the order given, each
// printing a line per change; --check proves the result (app/fix/FixCheck.h). Exit 0 done, 1 a
// failure or a check that found an unasked change, 2 usage (an operation naming a target the file
// lacks), 3 an input that cannot be read (nothing written).
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addFixCommand(CLI::App& root, CommandContext& context);

}  // namespace app
