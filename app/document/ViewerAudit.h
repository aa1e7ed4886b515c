#pragma once
// The rig audit in the viewer's File report: morph::auditScene run once as a model opens (on the
// loading thread, after the import), its findings kept with the document, shown one row each,
// and a row's click showing its target: soloed, at weight 1, selected. Window-free: the rows,
// their order, the menu bar's count and the click's edit are unit-tested without a context.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/document/ViewerState.h"
#include "morph/Scene.h"
#include "morph/audit/RigAudit.h"

namespace app {

// The checks auditScene runs (dead, nonfinite, huge, duplicate, side, asymmetric, leak,
// normals, missing-on-mesh: RigAudit.h), for the clean model's line.
inline constexpr size_t kAuditChecks = 9;

// The audit of the open model.
struct DocumentAudit {
    bool ran = false;
    std::vector<morph::Finding> findings;     // errors first (auditScene's order)
    std::vector<morph::Unchecked> unchecked;  // checks that could not run on a mesh
    size_t targets = 0;                       // the targets it looked at, over every mesh
};

DocumentAudit auditDocument(const morph::Scene& scene);

// One row of the report's Audit section.
struct AuditRow {
    size_t finding = 0;  // index in DocumentAudit::findings
    bool error = false;
    std::string severity;  // "error" / "warning"
    std::string check;
    std::string targets;  // "eyeBlinkLeft", or a pair's "eyeBlinkLeft / eyeBlinkRight"
    std::string mesh;
    std::string detail;
    // The name a --script clicks it by: "audit:side eyeBlinkLeft" (the check and the targets
    // as the row shows them; a second row of the same check and targets adds " on MESH").
    std::string widget;
};

// Errors first, then warnings, each in the audit's order.
std::vector<AuditRow> auditRows(const DocumentAudit& audit);
// What the audit adds to the menu bar's "Report (N)": every finding (errors and warnings alike:
// each is worth a look).
size_t auditAttentionCount(const DocumentAudit& audit);
// The line above the rows: "Audit: 2 errors, 1 warning" or, clean, "Audit: no findings, 9 checks
// over 52 targets"; "" before the audit ran.
std::string auditSummary(const DocumentAudit& audit);

// A line per mesh where checks could not run, under the summary: "side, asymmetric not run on
// EyeLeft: no mirror plane: ...". Silence would read as a pass.
std::vector<std::string> auditUncheckedLines(const DocumentAudit& audit);

// The target a finding's row shows: the first of its targets (a pair's first name) on the
// finding's mesh, or, where that mesh lacks the name (missing-on-mesh), the first mesh that has
// it. nullopt when no mesh has it.
struct FindingTarget {
    int mesh = -1;
    size_t target = 0;
    std::string name;      // the target's
    std::string meshName;  // as the audit names meshes ("meshes[N]" for one without a name)
};
std::optional<FindingTarget> findingTarget(const morph::Scene& scene,
                                           const morph::Finding& finding);
// The mesh named `name` ("meshes[N]" for one without a name, as the audit names it); -1: none.
int meshNamed(const morph::Scene& scene, const std::string& name);
std::string auditMeshName(const morph::Scene& scene, int mesh);  // meshNamed's inverse

// A row's click: selects the target's mesh, clears every solo, solos the target and sets it to 1
// as a typed value would (through setSolo and setUserWeight, so linked meshes sharing the name
// follow, as they do for the weight panel's S button and slider).
void showFindingTarget(ViewerState& state, const morph::Scene& scene, const FindingTarget& target);

}  // namespace app
