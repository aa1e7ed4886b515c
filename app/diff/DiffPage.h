#pragma once
// index.html of `morphview diff --html DIR`: one self-contained page that opens from the file
// system. A summary (the files, the diagonal, the budget, the rest pose), then a row per target,
// worst first: its status, drifts and where, and for a row that is not the same the pictures
// beside the page (the target at weight 1 in A and in B, and its drift's heat map, drawn by
// app/shots/DiffPictures), or a note saying why it has none. GL-free.
#include <string>
#include <vector>

#include "app/diff/DiffOutput.h"

namespace app::diff {

struct PageRow {
    const morph::TargetDrift* target = nullptr;  // into the run's diff
    // The pictures' stem in DIR (app/shots/DiffPictures.h's diffPictureFile), "" without any.
    std::string pictures;
    bool hasA = false, hasB = false;  // which sides have a picture
    float heatScale = 0;              // the drift at the heat ramp's top (world units)
    std::string note;                 // why a row that is not the same has no pictures
};

// The rows in page order: the largest maxDrift first (then the run's order). Rows that are not
// the same get the stems "row-K" (three digits at least), the first `pictured` of them only; the
// others a note.
std::vector<PageRow> pageRows(const DiffRun& run, size_t pictured);

std::string diffPage(const DiffRun& run, const std::vector<PageRow>& rows,
                     const std::string& renderer, int pictureSize);

}  // namespace app::diff
