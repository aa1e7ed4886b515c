#pragma once
// `morphview --version [--json]`: the version and build type; with --json one object that also
// names the GL renderer a headless command would use (GL_RENDERER of the EGL context, or null
// and the reason when no context can be made), so a pipeline records what drew its images.
#include "app/cli/Commands.h"

namespace app {

// Prints the version; fails only when stdout cannot be written.
CommandResult printVersion(bool json);

}  // namespace app
