#pragma once
// `morphview compare A.png B.png [--max-channel-diff N] [--max-differing-fraction F]
//  [--diff-out D.png] [--json]`: exit 0 when the images match within the tolerances, 1 when they
// do not (a size mismatch counts as not matching), 2 for a usage error, 3 when an image cannot
// be read: regress's codes, so a script tells a bad command line from a missing
// image from a difference. --json prints what it did as one JSON object.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addCompareCommand(CLI::App& root, CommandContext& context);

}  // namespace app
