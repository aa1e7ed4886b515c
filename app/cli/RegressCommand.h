#pragma once
// `morphview regress SHOTS.json --references DIR --out DIR [--update] [--shard K/N]` and
// `morphview regress --merge DIR... --out DIR`: every shot drawn (models loaded once each, as
// `capture --shots` does) and compared with its reference; into --out go NAME.png, where it
// differs NAME.diff.png, the reference as NAME.reference.png, report.json, report.xml (JUnit) and
// index.html. Exit 0 when every shot matches, 1 when one differs or has no reference, 2 for a
// usage error (the shots file among them), 3 when a model or reference cannot be read.
// docs/REGRESSION.md.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addRegressCommand(CLI::App& root, CommandContext& context);

}  // namespace app
