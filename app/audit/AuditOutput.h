#pragma once
// What `morphview audit` prints and writes: the findings as a table (the default), as one JSON
// object (--json) and as JUnit XML (--junit FILE), and the verdict it exits with (--fail-on).
// GL-free; the command (app/cli/AuditCommand.cpp) only loads, audits and calls these.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/audit/NameSetCoverage.h"
#include "morph/audit/RigAudit.h"

namespace app::audit {

struct AuditRun {
    std::string model;                        // the file, as given
    std::vector<morph::Finding> findings;     // auditScene's order
    std::vector<morph::Unchecked> unchecked;  // checks that could not run on a mesh
    std::vector<std::string> targetNames;     // every name on any mesh, first seen first
    std::vector<NameSetCoverage> sets;
};

// Text for XML or HTML content or a quoted attribute: the five entities escaped (&apos; is
// HTML5's too), control characters (which XML 1.0 cannot carry) left out.
std::string markupText(const std::string& text);

// The checks in the order the docs list them (JUnit has a testcase per check per target).
const std::vector<std::string>& auditChecks();

// Whether any finding is at `failOn` or worse (an error is worse than a warning).
bool failsAt(const std::vector<morph::Finding>& findings, morph::Severity failOn);

// A readable table: a summary line, then one row per finding (severity, check, targets, mesh,
// detail), then a line per mesh where checks could not run, then the name sets' coverage.
std::string auditTable(const AuditRun& run);

// {"model", "findings": [{"check", "severity", "targets", "mesh", "detail"}], "sets": [...],
//  "unchecked": [{"checks", "mesh", "targets", "pairedShare", "detail"}]}.
nlohmann::ordered_json auditJson(const AuditRun& run);

// One testsuite "morphview audit", one testcase per check per target (classname
// "audit.CHECK", name the target); a finding at `failOn` or worse is a <failure> whose message
// names the target and the mesh, a milder one is written to the testcase's <system-out>, and so
// is a check that could not run on one of the target's meshes.
std::string auditJunit(const AuditRun& run, morph::Severity failOn);

}  // namespace app::audit
