#include "app/diff/DiffOutput.h"

#include <cstdio>
#include <map>
#include <sstream>

#include "app/audit/AuditOutput.h"

namespace app::diff {

namespace {

Json vec3Json(const glm::vec3& v) {
    return Json::array({double(v.x), double(v.y), double(v.z)});
}

std::string format(const char* pattern, double value) {
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

// "changed: max drift 0.0034 of the diagonal (rms 0.0005) at (0.1, 1.52, 0.08)".
std::string rowText(const morph::TargetDrift& t) {
    std::string text = std::string(morph::driftStatusName(t.status));
    if (!t.from.empty()) text += " from " + t.from;
    text += ": max drift " + format("%.6g", t.maxDrift) + " of the diagonal (rms " +
            format("%.6g", t.rmsDrift) + ") at (" + format("%.4g", t.at.x) + ", " +
            format("%.4g", t.at.y) + ", " + format("%.4g", t.at.z) + ")";
    if (t.nonFinite) text += "; NaN or infinite deltas";
    return text;
}

bool restChanged(const DiffRun& run) {
    const morph::ModelDiff& d = run.diff;
    return d.restMaxDrift > run.options.maxDrift || d.unmatchedA != 0 || d.unmatchedB != 0;
}

std::string restText(const morph::ModelDiff& d) {
    return "max drift " + format("%.6g", d.restMaxDrift) + " of the diagonal, unmatched " +
           std::to_string(d.unmatchedA) + " of " + std::to_string(d.verticesA) + " in A, " +
           std::to_string(d.unmatchedB) + " of " + std::to_string(d.verticesB) + " in B";
}

}  // namespace

Json diffJson(const DiffRun& run) {
    const morph::ModelDiff& d = run.diff;
    Json targets = Json::array();
    for (const morph::TargetDrift& t : d.targets) {
        Json row = {{"name", t.name}};
        if (t.status == morph::DriftStatus::Renamed) row["from"] = t.from;
        row["status"] = morph::driftStatusName(t.status);
        row["maxDrift"] = double(t.maxDrift);
        row["rmsDrift"] = double(t.rmsDrift);
        row["at"] = vec3Json(t.at);
        targets.push_back(std::move(row));
    }
    const morph::TargetDrift* worst = d.worst();
    return {{"a", run.a},
            {"b", run.b},
            {"diagonal", double(d.diagonal)},
            {"rest",
             {{"maxDrift", double(d.restMaxDrift)},
              {"unmatched", Json::array({d.unmatchedA, d.unmatchedB})}}},
            {"targets", std::move(targets)},
            {"worst",
             {{"name", worst ? worst->name : std::string()},
              {"maxDrift", worst ? double(worst->maxDrift) : 0.0}}}};
}

std::string diffHeader(const DiffRun& run) {
    const morph::ModelDiff& d = run.diff;
    return "A " + run.a + ", B " + run.b + "; drift as a share of A's diagonal (" +
           format("%.6g", d.diagonal) + "), budget " + format("%.6g", run.options.maxDrift) +
           "\nrest pose: " + (restChanged(run) ? "changed: " : "same: ") + restText(d) + "\n";
}

std::string diffTable(const DiffRun& run) {
    const morph::ModelDiff& d = run.diff;
    std::ostringstream out;
    out << diffHeader(run);
    std::map<std::string, size_t> counts;
    for (const morph::TargetDrift& t : d.targets) {
        out << "  " << t.name << ": " << rowText(t) << "\n";
        ++counts[morph::driftStatusName(t.status)];
    }
    out << d.targets.size() << " targets";
    for (const auto& [status, count] : counts) out << ", " << count << " " << status;
    if (const morph::TargetDrift* worst = d.worst())
        out << "; worst " << worst->name << " at " << format("%.6g", worst->maxDrift);
    out << "\n";
    return out.str();
}

std::string diffJunit(const DiffRun& run) {
    std::ostringstream cases;
    size_t failures = 0;
    const bool rest = restChanged(run);
    cases << "    <testcase classname=\"diff.rest\" name=\"rest pose\"";
    if (rest) {
        ++failures;
        cases << ">\n      <failure type=\"changed\" message=\""
              << audit::markupText(restText(run.diff)) << "\"/>\n    </testcase>\n";
    } else {
        cases << "/>\n";
    }
    for (const morph::TargetDrift& t : run.diff.targets) {
        cases << "    <testcase classname=\"diff.target\" name=\"" << audit::markupText(t.name)
              << "\"";
        if (t.status == morph::DriftStatus::Same) {
            cases << "/>\n";
            continue;
        }
        ++failures;
        cases << ">\n      <failure type=\"" << morph::driftStatusName(t.status) << "\" message=\""
              << audit::markupText(rowText(t)) << "\"/>\n    </testcase>\n";
    }
    std::ostringstream xml;
    xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        << "  <testsuite name=\"morphview diff\" tests=\"" << run.diff.targets.size() + 1
        << "\" failures=\"" << failures << "\" errors=\"0\" skipped=\"0\">\n"
        << cases.str() << "  </testsuite>\n</testsuites>\n";
    return xml.str();
}

}  // namespace app::diff
