#include "app/document/ViewerAudit.h"

#include <algorithm>
#include <map>
#include <utility>

namespace app {
namespace {

std::string targetsText(const morph::Finding& finding) {
    std::string text;
    for (const std::string& name : finding.targets) text += (text.empty() ? "" : " / ") + name;
    return text;
}

std::string counted(size_t count, const char* what) {
    return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

std::optional<size_t> targetIndex(const morph::Mesh& mesh, const std::string& name) {
    const auto it = std::find(mesh.targetNames.begin(), mesh.targetNames.end(), name);
    if (it == mesh.targetNames.end()) return std::nullopt;
    return size_t(it - mesh.targetNames.begin());
}

}  // namespace

DocumentAudit auditDocument(const morph::Scene& scene) {
    DocumentAudit audit;
    morph::AuditReport report = morph::auditSceneReport(scene);
    audit.findings = std::move(report.findings);
    audit.unchecked = std::move(report.unchecked);
    for (const morph::Mesh& mesh : scene.meshes) audit.targets += mesh.targetCount();
    audit.ran = true;
    return audit;
}

std::vector<AuditRow> auditRows(const DocumentAudit& audit) {
    std::vector<AuditRow> rows;
    rows.reserve(audit.findings.size());
    for (size_t i = 0; i < audit.findings.size(); ++i) {
        const morph::Finding& f = audit.findings[i];
        AuditRow row;
        row.finding = i;
        row.error = f.severity == morph::Severity::Error;
        row.severity = morph::severityName(f.severity);
        row.check = f.check;
        row.targets = targetsText(f);
        row.mesh = f.mesh;
        row.detail = f.detail;
        rows.push_back(std::move(row));
    }
    // auditScene puts errors first already; the report must not depend on it.
    std::stable_sort(rows.begin(), rows.end(),
                     [](const AuditRow& a, const AuditRow& b) { return a.error && !b.error; });
    std::map<std::string, int> seen;
    for (AuditRow& row : rows) {
        row.widget = "audit:" + row.check + " " + row.targets;
        if (seen[row.widget]++ > 0) row.widget += " on " + row.mesh;
    }
    return rows;
}

size_t auditAttentionCount(const DocumentAudit& audit) {
    return audit.findings.size();
}

std::string auditSummary(const DocumentAudit& audit) {
    if (!audit.ran) return "";
    if (audit.findings.empty()) {
        if (audit.targets == 0) return "Audit: no morph targets to check";
        return "Audit: no findings, " + std::to_string(kAuditChecks) + " checks over " +
               counted(audit.targets, "target");
    }
    const size_t errors = size_t(std::count_if(
        audit.findings.begin(), audit.findings.end(),
        [](const morph::Finding& f) { return f.severity == morph::Severity::Error; }));
    const size_t warnings = audit.findings.size() - errors;
    std::string text = "Audit: ";
    if (errors > 0) text += counted(errors, "error");
    if (errors > 0 && warnings > 0) text += ", ";
    if (warnings > 0) text += counted(warnings, "warning");
    return text;
}

std::vector<std::string> auditUncheckedLines(const DocumentAudit& audit) {
    std::vector<std::string> lines;
    for (const morph::Unchecked& u : audit.unchecked) {
        std::string checks;
        for (const std::string& c : u.checks) checks += (checks.empty() ? "" : ", ") + c;
        lines.push_back(checks + " not run on " + u.mesh + ": " + u.detail);
    }
    return lines;
}

std::string auditMeshName(const morph::Scene& scene, int mesh) {
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) return "";
    const std::string& own = scene.meshes[size_t(mesh)].name;
    return own.empty() ? "meshes[" + std::to_string(mesh) + "]" : own;
}

int meshNamed(const morph::Scene& scene, const std::string& name) {
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        if (auditMeshName(scene, int(m)) == name) return int(m);
    }
    return -1;
}

std::optional<FindingTarget> findingTarget(const morph::Scene& scene,
                                           const morph::Finding& finding) {
    if (finding.targets.empty()) return std::nullopt;
    const std::string& name = finding.targets.front();
    // The finding's own mesh first; then, for a name that mesh lacks, the first that has it.
    std::vector<int> order;
    if (const int own = meshNamed(scene, finding.mesh); own >= 0) order.push_back(own);
    for (size_t m = 0; m < scene.meshes.size(); ++m) order.push_back(int(m));
    for (int m : order) {
        if (auto t = targetIndex(scene.meshes[size_t(m)], name))
            return FindingTarget{m, *t, name, auditMeshName(scene, m)};
    }
    return std::nullopt;
}

void showFindingTarget(ViewerState& state, const morph::Scene& scene, const FindingTarget& target) {
    if (!meshStateFor(state, scene, target.mesh)) return;
    state.selectedMesh = target.mesh;
    for (MeshState& mesh : state.meshes) {
        for (TargetState& t : mesh.targets) t.solo = false;
    }
    ++state.revision;
    setMute(state, scene, target.mesh, target.target, false);
    setSolo(state, scene, target.mesh, target.target, true);
    setUserWeight(state, scene, target.mesh, target.target, 1.0f);
}

}  // namespace app
