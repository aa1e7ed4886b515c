#pragma once
// `morphview diff A B [--json] [--max-drift F] [--junit FILE] [--rename MAP.json]`: how every
// target moved between two files as they are drawn (docs/FIX.md): each file's default scene in
// world space, vertices matched by rest position, each target name's displacement at weight 1
// compared over the matched vertices (morph/diff/). Exit 0 when every target and the rest pose
// are the same within --max-drift and every vertex found its counterpart, 1 otherwise, 2 usage,
// 3 a file that cannot be read or has nothing to compare.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addDiffCommand(CLI::App& root, CommandContext& context);

}  // namespace app
