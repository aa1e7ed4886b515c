#pragma once
// `morphview take FILE [--model MODEL] [--fps N] [--format llf|rhubarb|a2f] --out OUT`: another
// tool's take (TakeFile.h) as our stream recording (OUT.jsonl) or as MODEL with the take added
// as an animation named "take" (OUT.glb). GL-free.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addTakeCommand(CLI::App& root, CommandContext& context);

}  // namespace app
