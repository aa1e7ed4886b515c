#pragma once
// `morphview capture MODEL --out FILE.png [--size WxH] [--weights SPEC] [--animation A|all|LIST
// --time T]
//  [--camera front|left|right|top|orbit:AZ,EL[,DIST]] [--background #rrggbb]` and
// `morphview capture --shots FILE.json --out-dir DIR`: headless images (EGL, no display) drawn
// by the same renderer as the viewer, written as PNG atomically. The same shot twice gives the
// same bytes.
#include "app/cli/CliFwd.h"
#include "app/cli/Commands.h"

namespace app {

void addCaptureCommand(CLI::App& root, CommandContext& context);

}  // namespace app
