#pragma once
// `morphview bench [--vertices V --targets T --density D --active A | --scenario NAME |
//  --model FILE --active A] [--instances N] [--passes P] --path LIST --frames F --size WxH
//  [--json]`: the morph paths' benchmark. Draws F frames with every path of LIST (after an
// uncounted warm-up), new random active weights each frame, and reports per path the morph
// stage's GL time, the whole frame's wall time, the CPU bookkeeping, the bytes and the fraction
// of the memory-bandwidth bound. `--write-model FILE` with --vertices/--targets/--density writes
// the synthetic mesh as .glb (sparse accessors) instead, for timing other viewers on it.
#include <string>
#include <vector>

#include "app/bench/BenchRun.h"
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"
#include "morph/Result.h"

namespace app {

// The settings a scenario runs, in order: "arkit", "production", "dense", "crowd", "multipass",
// "target-count". Errors name the unknown scenario.
morph::Result<std::vector<BenchWorkload>> scenarioWorkloads(const std::string& name);

void addBenchCommand(CLI::App& root, CommandContext& context);

}  // namespace app
