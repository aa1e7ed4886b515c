#pragma once
// index.html of a regress report: one self-contained page that works from the file system (no
// server, no network): the report embedded as JSON, the images beside it by relative URL.
// A summary line, failures first, per shot the reference, the result and the difference side
// by side, a toggle that flips between reference and result, zoom, and how the shot was drawn;
// per failed or new shot, the `regress --approve` command that accepts it, with a copy button
// (Report::out and Report::references as given to the run).
// The page's script records in <body data-images-loaded, data-images-failed> how many images
// loaded, so a headless browser can check it (tests/app/RegressPageTest.cpp). GL-free.
#include <string>

#include "app/regress/Report.h"

namespace app::regress {

std::string reportPage(const Report& report);

}  // namespace app::regress
