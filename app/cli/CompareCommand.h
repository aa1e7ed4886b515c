#pragma once
// `morphview compare A.png B.png [--max-channel-diff N] [--max-differing-fraction F]
//  [--diff-out D.png]`: exit 0 when the images match within the tolerances, 1 when they do not
// (a size mismatch counts as not matching), 2 when an image cannot be read. Like cmp(1) and
// diff(1), 2 means "could not compare", so scripts can tell trouble from a difference.
#include <CLI/CLI.hpp>

#include "app/cli/Commands.h"

namespace app {

void addCompareCommand(CLI::App& root, CommandContext& context);

}  // namespace app
