#include "app/diff/DiffPage.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "app/audit/AuditOutput.h"
#include "app/audit/HtmlPage.h"

namespace app::diff {

namespace {

std::string head() {
    audit::PageStyle style;
    style.summary =
        "#summary { margin: 8px 0 16px; font-family: monospace; white-space: pre-wrap; }\n";
    style.card = "target";
    style.badge = " background: #6c6;";
    style.statuses = R"CSS(.target:not([data-status="same"]) { border-color: #e55; }
.target:not([data-status="same"]) .status { background: #e55; }
)CSS";
    style.text = "note";
    style.pictures =
        ".images img { width: 256px; height: auto; border: 1px solid #333; background: #000; }\n";
    return audit::pageHead("morphview diff", style, false);
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::string figure(const std::string& file, const std::string& caption) {
    return "<figure><img src=\"" + audit::markupText(file) + "\" alt=\"" +
           audit::markupText(caption) + "\"><figcaption>" + audit::markupText(caption) +
           "</figcaption></figure>";
}

void writeRow(std::ostringstream& out, const DiffRun& run, const PageRow& row) {
    const morph::TargetDrift& t = *row.target;
    const std::string status = morph::driftStatusName(t.status);
    out << "<div class=\"target\" data-status=\"" << status << "\">\n<h2><span class=\"status\">"
        << status << "</span>" << audit::markupText(t.name);
    if (!t.from.empty()) out << " (from " << audit::markupText(t.from) << ")";
    out << "</h2>\n<p class=\"meta\">max drift " << number(t.maxDrift) << " of the diagonal ("
        << number(double(t.maxDrift) * run.diff.diagonal) << " units), rms " << number(t.rmsDrift)
        << ", at (" << number(t.at.x) << ", " << number(t.at.y) << ", " << number(t.at.z) << ")"
        << (t.nonFinite ? "; NaN or infinite deltas" : "") << "</p>\n";
    if (!row.note.empty()) out << "<p class=\"note\">" << audit::markupText(row.note) << "</p>\n";
    if (!row.pictures.empty()) {
        out << "<div class=\"images\">";
        if (row.hasA) out << figure(row.pictures + "-a.png", "A at weight 1");
        if (row.hasB) out << figure(row.pictures + "-b.png", "B at weight 1");
        out << figure(row.pictures + "-drift.png",
                      "drift, red at " + number(row.heatScale) + " units");
        out << "</div>\n";
    }
    out << "</div>\n";
}

}  // namespace

std::vector<PageRow> pageRows(const DiffRun& run, size_t pictured) {
    std::vector<PageRow> rows;
    for (const morph::TargetDrift& t : run.diff.targets)
        rows.push_back({&t, {}, false, false, 0, {}});
    std::stable_sort(rows.begin(), rows.end(), [](const PageRow& x, const PageRow& y) {
        return x.target->maxDrift > y.target->maxDrift;
    });
    size_t stems = 0;
    for (PageRow& row : rows) {
        if (row.target->status == morph::DriftStatus::Same) continue;
        if (stems == pictured) {
            row.note = "no pictures: only the worst " + std::to_string(pictured) + " have them";
            continue;
        }
        char stem[32];
        std::snprintf(stem, sizeof stem, "row-%03zu", stems++);
        row.pictures = stem;
    }
    return rows;
}

std::string diffPage(const DiffRun& run, const std::vector<PageRow>& rows,
                     const std::string& renderer, int pictureSize) {
    std::ostringstream out;
    out << head() << "<div id=\"summary\">" << audit::markupText(diffHeader(run)) << rows.size()
        << " targets, worst first; pictures " << pictureSize << " x " << pictureSize << " drawn by "
        << audit::markupText(renderer) << "</div>\n";
    for (const PageRow& row : rows) writeRow(out, run, row);
    out << "</body>\n</html>\n";
    return out.str();
}

}  // namespace app::diff
