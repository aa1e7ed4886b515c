#pragma once
// `morphview environment [studio|FILE.hdr] --out FILE.hdr [--width N]`: writes the built-in
// studio environment (or a copy of an .hdr as morphview reads it) as an equirectangular Radiance
// file, so another renderer can be lit with exactly the light `capture` uses (the side by side
// of tests/bench/khronos). Same mapping as renderer/light/StudioEnvironment.h: row 0 looks up,
// the middle column along +X.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addEnvironmentCommand(CLI::App& root, CommandContext& context);

}  // namespace app
