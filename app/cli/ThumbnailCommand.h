#pragma once
// `morphview thumbnail INPUT OUTPUT.png [--size N] [--timeout S]`: an N x N preview of a glTF,
// GLB or VRM file, headless (EGL), for file managers (the freedesktop thumbnailer in
// app/install/morphview.thumbnailer runs it). The region the morph targets move is framed when
// the file has any (an avatar's face), the whole model otherwise. A thumbnailer runs on files
// nobody chose to open: the importer's limits bound what a file may declare, and a run that
// takes longer than --timeout ends with one line and exit 1 rather than hang the file manager.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addThumbnailCommand(CLI::App& root, CommandContext& context);

}  // namespace app
