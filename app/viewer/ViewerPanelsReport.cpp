// The File report: what the open file said besides its content (morph::ImportReport): the
// extensions it uses, the textures that did not decode or fell back, what the importer repaired,
// and the other warnings; then what the renderer changed to draw it (GpuScene::notes: textures
// downscaled, or drawn white over the memory budget); and the rig audit's findings (ViewerAudit.h),
// each row a button that shows its target. Reached from File > File report and from the menu
// bar's badge, which shows while the report has something worth a look.
#include <string>

#include <imgui.h>

#include "app/fix/FixSteps.h"
#include "app/viewer/ViewerUi.h"

namespace app {

namespace {

const ImVec4 kReportAttention(1.0f, 0.72f, 0.30f, 1.0f);  // the badge, fallbacks, ignored ones
const ImVec4 kReportFailed(0.96f, 0.45f, 0.40f, 1.0f);    // textures without pixels
const ImVec4 kReportFine(0.55f, 0.80f, 0.55f, 1.0f);

// A line without the "<file>: " every import line starts with (the window names the file).
std::string withoutFile(const std::string& line, const std::string& path) {
    const std::string prefix = path + ": ";
    return line.rfind(prefix, 0) == 0 ? line.substr(prefix.size()) : line;
}

void drawExtensions(const morph::ImportReport& report, float scale) {
    if (report.extensions.empty()) {
        ImGui::TextDisabled("The file uses no extensions.");
        return;
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("##extensions", 3, flags)) return;
    ImGui::TableSetupColumn("Extension");
    ImGui::TableSetupColumn("Required", ImGuiTableColumnFlags_WidthFixed, 70 * scale);
    ImGui::TableSetupColumn("Supported", ImGuiTableColumnFlags_WidthFixed, 150 * scale);
    ImGui::TableHeadersRow();
    for (const morph::ExtensionUse& e : report.extensions) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(e.name.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(e.required ? "yes" : "no");
        ImGui::TableNextColumn();
        // A required one we lack never gets here: the file is refused (glTF 2.0 3.12).
        if (e.supported) {
            ImGui::TextColored(kReportFine, "yes");
        } else {
            ImGui::TextColored(kReportAttention, "no (ignored)");
        }
    }
    ImGui::EndTable();
}

void drawTextures(const morph::ImportReport& report, const std::string& path) {
    for (const morph::TextureIssue& issue : report.textures) {
        ImGui::PushStyleColor(ImGuiCol_Text,
                              issue.fallback >= 0 ? kReportAttention : kReportFailed);
        ImGui::Bullet();
        ImGui::TextWrapped("%s", withoutFile(issue.message, path).c_str());
        ImGui::PopStyleColor();
    }
}

void drawLines(const std::vector<std::string>& lines, const std::string& path) {
    for (const std::string& line : lines) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s", withoutFile(line, path).c_str());
    }
}

// A section header with its count; open by default when it has something.
bool reportSection(const char* title, size_t count, ViewerUi& ui) {
    const std::string label = std::string(title) + " (" + std::to_string(count) + ")###" + title;
    const bool open = ImGui::CollapsingHeader(
        label.c_str(), count > 0 ? ImGuiTreeNodeFlags_DefaultOpen : ImGuiTreeNodeFlags_None);
    trackItem(ui, std::string("report:") + title);
    return open;
}

// Everything the report lists that deserves a look: the import's, the upload's and the audit's.
size_t attentionCount(const ViewerDocument& doc) {
    if (!doc.loaded) return 0;
    return doc.scene.report.attentionCount() + doc.gpu.notes().size() +
           auditAttentionCount(doc.audit);
}

// The finding's Fix, where fix mends what it found (app/fix/FixSteps.h): the Rig menu's operation.
void drawFixButton(const AuditRow& row, const morph::Finding& finding, ViewerUi& ui) {
    if (!fix::fixStepForFinding(finding)) return;
    ImGui::SameLine();
    ImGui::PushID(int(row.finding));
    if (ImGui::SmallButton("Fix")) ui.requests.fixFinding = row.finding;
    trackItem(ui, "fix:" + row.widget);
    if (ImGui::IsItemHovered()) {
        if (finding.check == "normals") {
            ImGui::SetTooltip("Recompute %s's normals (Rig menu: Undo)", row.targets.c_str());
        } else {
            ImGui::SetTooltip("Prune every %s target (Rig menu: Undo)", row.check.c_str());
        }
    }
    ImGui::PopID();
}

void drawAuditRow(const AuditRow& row, const morph::Finding& finding, ViewerUi& ui) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(int(row.finding));
    // The whole row is the button: it shows the target and frames what it moves.
    ImGui::PushStyleColor(ImGuiCol_Text, row.error ? kReportFailed : kReportAttention);
    // Overlap: the Fix button drawn over the row takes its own clicks.
    if (ImGui::Selectable(
            row.severity.c_str(), false,
            ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap))
        ui.requests.finding = row.finding;
    ImGui::PopStyleColor();
    trackItem(ui, row.widget);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Solo %s at 1 and frame what it moves", row.targets.c_str());
    ImGui::PopID();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.check.c_str());
    drawFixButton(row, finding, ui);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.targets.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.mesh.c_str());
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", row.detail.c_str());
}

// The audit's line, then one row per finding, errors first; open whenever the audit ran, so a
// clean model says so too.
void drawAudit(const DocumentAudit& audit, ViewerUi& ui) {
    if (!audit.ran) return;
    const size_t count = audit.findings.size();
    const std::string label = "Audit (" + std::to_string(count) + ")###Audit";
    const bool open = ImGui::CollapsingHeader(label.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
    trackItem(ui, "report:Audit");
    if (!open) return;
    const std::string summary = auditSummary(audit);
    if (count == 0) {
        ImGui::TextColored(kReportFine, "%s", summary.c_str());
        trackItem(ui, summary);  // a --script checks the line by hovering it
    }
    for (const std::string& line : auditUncheckedLines(audit))
        ImGui::TextWrapped("%s", line.c_str());
    if (count == 0) return;
    ImGui::TextUnformatted((summary + " (click a row to show its target)").c_str());
    trackItem(ui, summary);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("##audit", 5, flags)) return;
    ImGui::TableSetupColumn("Severity", ImGuiTableColumnFlags_WidthFixed, 60 * ui.scale);
    ImGui::TableSetupColumn("Check", ImGuiTableColumnFlags_WidthFixed, 90 * ui.scale);
    ImGui::TableSetupColumn("Target", ImGuiTableColumnFlags_WidthFixed, 130 * ui.scale);
    ImGui::TableSetupColumn("Mesh", ImGuiTableColumnFlags_WidthFixed, 70 * ui.scale);
    ImGui::TableSetupColumn("Detail");
    ImGui::TableHeadersRow();
    for (const AuditRow& row : auditRows(audit)) drawAuditRow(row, audit.findings[row.finding], ui);
    ImGui::EndTable();
}

// The file, then its sections: the import's, the upload's and the audit's.
void drawReportBody(const ViewerDocument& doc, ViewerUi& ui) {
    if (!doc.loaded) {
        ImGui::TextDisabled("No model is open.");
        return;
    }
    const morph::Scene& scene = doc.scene;
    const morph::ImportReport& report = scene.report;
    ImGui::TextWrapped("%s", scene.path.c_str());
    if (attentionCount(doc) == 0) {
        ImGui::TextColored(kReportFine,
                           "Nothing to report: every texture decoded and fit, nothing was "
                           "repaired, no warnings.");
    }
    if (reportSection("Extensions", report.extensions.size(), ui)) drawExtensions(report, ui.scale);
    if (reportSection("Textures", report.textures.size(), ui)) drawTextures(report, scene.path);
    if (reportSection("Repaired", report.repairs.size(), ui)) drawLines(report.repairs, scene.path);
    if (reportSection("Warnings", report.warnings.size(), ui))
        drawLines(report.warnings, scene.path);
    if (reportSection("Drawing", doc.gpu.notes().size(), ui))
        drawLines(doc.gpu.notes(), scene.path);
    drawAudit(doc.audit, ui);
}

}  // namespace

void drawReportBadge(const ViewerDocument& doc, ViewerUi& ui) {
    const size_t count = attentionCount(doc);
    if (count == 0) return;
    const std::string label = "Report (" + std::to_string(count) + ")";
    ImGui::PushStyleColor(ImGuiCol_Text, kReportAttention);
    if (ImGui::MenuItem(label.c_str())) ui.showReport = true;
    ImGui::PopStyleColor();
    trackItem(ui, "Report");
    trackItem(ui, label);  // a --script can check the count: click "Report (2)"
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "What the file said (warnings, repairs, textures, extensions) and the audit found");
}

void drawReportWindow(const ViewerDocument& doc, ViewerUi& ui) {
    if (!ui.showReport) return;
    placeFloatingWindow(ui, {0.5f, 0.45f, 0.5f, 0.5f, 560, 420});
    if (!ImGui::Begin("File report", &ui.showReport, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    // The contents scroll above the Close button, which stays in view however long they are.
    const float footer = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("##report", ImVec2(0, -footer));
    drawReportBody(doc, ui);
    ImGui::EndChild();
    ImGui::Separator();
    if (ImGui::Button("Close")) ui.showReport = false;
    trackItem(ui, "Close report");
    ImGui::End();
}

}  // namespace app
