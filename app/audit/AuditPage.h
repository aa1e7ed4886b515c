#pragma once
// index.html of `morphview audit --html DIR`: one self-contained page that works from the file
// system (no server, no network), in the style of regress's report page. A summary line, then a
// row per target name, flagged targets first: the name, each finding that names it (check,
// severity, sentence), and three pictures beside the page (the region the target moves at weight
// 0 and at 1, and its displacement heat map), or a note saying why a row has none (a target that
// moves nothing). The page's script records in <body data-images-loaded, data-images-failed,
// data-images-total> how many images loaded, so a headless browser can check it
// (tests/app/AuditPageTest.cpp). GL-free: the pictures are drawn by app/shots/AuditPictures.
#include <string>
#include <vector>

#include "app/audit/AuditOutput.h"
#include "morph/audit/RigAudit.h"

namespace app::audit {

// One row of the page.
struct PageRow {
    std::string target;
    std::vector<morph::Finding> findings;  // those naming the target, in the run's order
    // The pictures' file stem in DIR: STEM-w0.png, STEM-w1.png and STEM-heat.png; "" when the
    // row has none, and `note` says why.
    std::string pictures;
    std::string note;
    float heatScale = 0;  // the displacement at the heat ramp's top (world units)
};

// The three pictures of a row: at weight 0, at weight 1, the heat map.
std::string pictureFile(const std::string& stem, int which);
inline constexpr int kPictureCount = 3;

// The rows in page order: the targets with an error first, then those with warnings only, then
// the rest, each group in the run's target order (a name a finding gives that no mesh has comes
// after its group's others). Row k's pictures are "row-K" (three digits at least).
std::vector<PageRow> pageRows(const AuditRun& run);

// What the page says beside the rows: the renderer that drew the pictures and their size.
struct PageInfo {
    std::string renderer;
    int pictureSize = 256;
};

std::string auditPage(const AuditRun& run, const std::vector<PageRow>& rows, const PageInfo& info);

}  // namespace app::audit
