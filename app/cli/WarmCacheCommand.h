#pragma once
// `morphview warm-cache MODEL... [--shots SHOTS.json]`: every program a later capture of these
// models (their default look) and shots links, compiled now so the driver's shader cache holds
// them (Mesa's MESA_SHADER_CACHE_DIR): a CI image bakes the cache in a layer, and its first
// picture skips the compiles. It runs the pipeline capture runs, each look drawn once at 16 x 16
// and never written, so exactly the variants a later run links are compiled; it writes no image
// and no file of its own (the prefiltered light, as capture keeps it, is the exception:
// MORPHVIEW_CACHE_DIR). Prints one line: the programs linked and the time taken.
#include <string>
#include <vector>

#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

struct ShotDefaults;

void addWarmCacheCommand(CLI::App& root, CommandContext& context);

// warm-cache's run: each of `models`' default look, then each shot of `shotsPath` (if not empty),
// with `defaults` under them as a command line's options are (`regress SHOTS --warm-cache` passes
// its own, so its looks are the ones it would draw); the size is warm-cache's own.
CommandResult warmCache(ShotDefaults defaults, const std::vector<std::string>& models,
                        const std::string& shotsPath);

}  // namespace app
