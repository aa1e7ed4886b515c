#include "app/audit/AuditPage.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "app/audit/HtmlPage.h"

namespace app::audit {

namespace {

std::string head() {
    PageStyle style;
    style.summary = "#summary { font-size: 16px; margin: 8px 0 16px; }\n";
    style.card = "target";
    style.statuses = R"CSS(.status.error { background: #e55; } .status.warning { background: #ec5; }
.status.clean { background: #6c6; }
.target[data-status="error"] { border-color: #e55; }
.target[data-status="warning"] { border-color: #ec5; }
.findings { margin: 2px 0; padding-left: 20px; }
.check { font-family: monospace; font-weight: 600; }
)CSS";
    style.text = "note";
    style.pictures =
        R"CSS(.images img { width: calc(256px * var(--zoom, 1)); height: auto; image-rendering: pixelated;
  border: 1px solid #333; background: #000; }
label { margin-left: 12px; }
)CSS";
    return pageHead("morphview audit", style, true);
}

constexpr const char* kTail = R"HTML(<script>
"use strict";
const body = document.body;
let loaded = 0, failed = 0;
function counted(ok) {
  if (ok) loaded++; else failed++;
  body.dataset.imagesLoaded = loaded;
  body.dataset.imagesFailed = failed;
}
const images = Array.from(document.querySelectorAll(".images img"));
body.dataset.imagesTotal = images.length;
for (const img of images) {
  if (img.complete) {
    counted(img.naturalWidth > 0);
  } else {
    img.addEventListener("load", () => counted(true));
    img.addEventListener("error", () => counted(false));
  }
}
document.getElementById("zoom").addEventListener("input", (event) =>
    document.documentElement.style.setProperty("--zoom", event.target.value));
document.getElementById("flaggedOnly").addEventListener("change", (event) => {
  for (const row of document.querySelectorAll(".target"))
    row.hidden = event.target.checked && row.dataset.status === "clean";
});
</script>
</body>
</html>
)HTML";

// "error" when a finding is an error, "warning" when one is a warning, else "clean".
std::string rowStatus(const PageRow& row) {
    if (row.findings.empty()) return "clean";
    for (const morph::Finding& f : row.findings) {
        if (f.severity == morph::Severity::Error) return "error";
    }
    return "warning";
}

std::string findingLine(const morph::Finding& f, const std::string& target) {
    std::string others;
    for (const std::string& name : f.targets) {
        if (name != target) others += (others.empty() ? "" : ", ") + name;
    }
    std::string line = "<li><span class=\"check\">" + markupText(f.check) + "</span> (" +
                       morph::severityName(f.severity) + "): " + markupText(f.detail) + " <span " +
                       "class=\"meta\">mesh " + markupText(f.mesh);
    if (!others.empty()) line += "; with " + markupText(others);
    return line + "</span></li>\n";
}

std::string pictures(const PageRow& row, const PageInfo& info) {
    if (row.pictures.empty()) return "<div class=\"note\">" + markupText(row.note) + "</div>\n";
    char heat[64];
    std::snprintf(heat, sizeof heat, "heat map (red: %.4g units)", double(row.heatScale));
    const std::string captions[kPictureCount] = {"weight 0", "weight 1", heat};
    const std::string size = std::to_string(info.pictureSize);
    std::string out = "<div class=\"images\">\n";
    for (int k = 0; k < kPictureCount; ++k) {
        out += "<figure><img src=\"" + markupText(pictureFile(row.pictures, k)) + "\" width=\"" +
               size + "\" height=\"" + size + "\" alt=\"" + markupText(row.target) + ", " +
               markupText(captions[k]) + "\"><figcaption>" + markupText(captions[k]) +
               "</figcaption></figure>\n";
    }
    return out + "</div>\n";
}

std::string rowHtml(const PageRow& row, const PageInfo& info) {
    const std::string status = rowStatus(row);
    std::string out = "<section class=\"target\" data-status=\"" + status + "\" data-target=\"" +
                      markupText(row.target) + "\">\n<h2><span class=\"status " + status + "\">" +
                      status + "</span>" + markupText(row.target) + "</h2>\n";
    if (!row.findings.empty()) {
        out += "<ul class=\"findings\">\n";
        for (const morph::Finding& f : row.findings) out += findingLine(f, row.target);
        out += "</ul>\n";
    }
    return out + pictures(row, info) + "</section>\n";
}

// A line per mesh where checks could not run, under the summary: silence is not a pass.
std::string uncheckedHtml(const AuditRun& run) {
    std::string out;
    for (const morph::Unchecked& u : run.unchecked) {
        std::string checks, targets;
        for (const std::string& c : u.checks) checks += (checks.empty() ? "" : ", ") + c;
        for (const std::string& t : u.targets) targets += (targets.empty() ? "" : ", ") + t;
        out += "<div class=\"note unchecked\">" + markupText(checks) + " not run on " +
               markupText(u.mesh) + " (" + markupText(targets) + "): " + markupText(u.detail) +
               "</div>\n";
    }
    return out;
}

std::string summaryHtml(const AuditRun& run, const std::vector<PageRow>& rows,
                        const PageInfo& info) {
    size_t errors = 0, flagged = 0;
    for (const morph::Finding& f : run.findings) errors += f.severity == morph::Severity::Error;
    for (const PageRow& row : rows) flagged += !row.findings.empty();
    const size_t warnings = run.findings.size() - errors;
    return "<div class=\"meta\">model: " + markupText(run.model) +
           "   renderer: " + markupText(info.renderer) +
           "</div>\n<div id=\"summary\" data-targets=\"" + std::to_string(rows.size()) +
           "\" data-flagged=\"" + std::to_string(flagged) + "\" data-errors=\"" +
           std::to_string(errors) + "\" data-warnings=\"" + std::to_string(warnings) + "\">" +
           std::to_string(rows.size()) + " targets, " + std::to_string(flagged) +
           " flagged: " + std::to_string(errors) + " errors, " + std::to_string(warnings) +
           " warnings</div>\n" + uncheckedHtml(run) +
           "<div>\n  <label>zoom <input id=\"zoom\" type=\"range\" min=\"0.5\" max=\"4\" "
           "step=\"0.25\" value=\"1\"></label>\n  <label><input id=\"flaggedOnly\" "
           "type=\"checkbox\"> only flagged targets</label>\n</div>\n";
}

}  // namespace

std::string pictureFile(const std::string& stem, int which) {
    static const char* kSuffixes[kPictureCount] = {"-w0.png", "-w1.png", "-heat.png"};
    return stem + kSuffixes[std::clamp(which, 0, kPictureCount - 1)];
}

std::vector<PageRow> pageRows(const AuditRun& run) {
    std::vector<std::string> names = run.targetNames;
    std::set<std::string> known(names.begin(), names.end());
    std::map<std::string, std::vector<morph::Finding>> byTarget;
    for (const morph::Finding& f : run.findings) {
        for (const std::string& name : f.targets) {
            byTarget[name].push_back(f);
            if (known.insert(name).second) names.push_back(name);
        }
    }
    std::vector<PageRow> rows;
    for (const std::string& name : names) {
        PageRow row;
        row.target = name;
        if (auto it = byTarget.find(name); it != byTarget.end()) row.findings = it->second;
        rows.push_back(std::move(row));
    }
    // Stable: within a group, the run's target order.
    static const std::map<std::string, int> kOrder = {{"error", 0}, {"warning", 1}, {"clean", 2}};
    std::stable_sort(rows.begin(), rows.end(), [](const PageRow& a, const PageRow& b) {
        return kOrder.at(rowStatus(a)) < kOrder.at(rowStatus(b));
    });
    for (size_t k = 0; k < rows.size(); ++k) {
        char stem[32];
        std::snprintf(stem, sizeof stem, "row-%03zu", k);
        rows[k].pictures = stem;
    }
    return rows;
}

std::string auditPage(const AuditRun& run, const std::vector<PageRow>& rows, const PageInfo& info) {
    std::string out = head() + summaryHtml(run, rows, info) + "<div id=\"targets\">\n";
    for (const PageRow& row : rows) out += rowHtml(row, info);
    return out + "</div>\n" + kTail;
}

}  // namespace app::audit
