#include "morph/audit/RigAudit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "morph/audit/AuditChecks.h"
#include "morph/audit/AuditData.h"

namespace morph {

const char* severityName(Severity severity) {
    return severity == Severity::Error ? "error" : "warning";
}

bool facesNegativeZ(const Scene& scene) {
    // VRM 0.x's extension is "VRM"; VRM 1.0's "VRMC_vrm" faces +Z as glTF does.
    for (const ExtensionUse& e : scene.report.extensions) {
        if (e.name == "VRM") return true;
    }
    return false;
}

std::string number(double value, int digits) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    return text;
}

std::string percent(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f%%", share * 100.0);
    return text;
}

AuditReport auditSceneReport(const Scene& scene, const AuditOptions& options) {
    std::vector<MeshData> meshes = buildAuditData(scene, options);
    AuditReport report;
    std::vector<Finding>& out = report.findings;
    checkNonFinite(scene, meshes, out);
    checkHuge(meshes, options, out);
    checkDead(meshes, options, out);
    checkDuplicates(meshes, options, out);
    checkMissingOnMesh(meshes, options, out);
    checkLeaks(meshes, options, out);
    checkSides(meshes, options, out, report.unchecked);
    checkNormals(meshes, options, out);
    checkRigLogic(scene, meshes, options, out);
    std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
        return std::tie(a.severity, a.targets, a.check, a.mesh) <
               std::tie(b.severity, b.targets, b.check, b.mesh);
    });
    return report;
}

std::vector<Finding> auditScene(const Scene& scene, const AuditOptions& options) {
    return auditSceneReport(scene, options).findings;
}

}  // namespace morph
