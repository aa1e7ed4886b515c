#include "app/audit/AuditOutput.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace app::audit {
namespace {

std::string joined(const std::vector<std::string>& parts, const char* separator) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
    return out;
}

std::string summary(const AuditRun& run) {
    size_t errors = 0;
    for (const morph::Finding& f : run.findings) errors += f.severity == morph::Severity::Error;
    const size_t warnings = run.findings.size() - errors;
    std::string line = run.model + ": ";
    if (run.findings.empty()) {
        return line + "no findings (" + std::to_string(run.targetNames.size()) +
               " target names checked" +
               (run.unchecked.empty() ? "" : "; some checks could not run, below") + ")";
    }
    return line + std::to_string(errors) + (errors == 1 ? " error, " : " errors, ") +
           std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings") + " over " +
           std::to_string(run.targetNames.size()) + " target names";
}

std::string coverageLine(const NameSetCoverage& s) {
    return std::string(nameSetKey(s.set)) + ": " + std::to_string(s.present.size()) + " present, " +
           std::to_string(s.mapped.size()) + " mapped, " + std::to_string(s.missing.size()) +
           " missing";
}

// "side, asymmetric not run on EyeLeft (eyeLookInLeft, eyeLookOutLeft): no mirror plane: ..."
std::string uncheckedLine(const morph::Unchecked& u) {
    return joined(u.checks, ", ") + " not run on " + u.mesh + " (" + joined(u.targets, ", ") +
           "): " + u.detail;
}

}  // namespace

std::string markupText(const std::string& text) {
    static const std::map<char, const char*> kEntities = {
        {'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}, {'\'', "&apos;"}};
    std::string out;
    for (char c : text) {
        if (auto it = kEntities.find(c); it != kEntities.end()) {
            out += it->second;
        } else if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') {
            out += c;
        }
    }
    return out;
}

const std::vector<std::string>& auditChecks() {
    static const std::vector<std::string> kChecks = {
        "dead",       "nonfinite", "huge",    "duplicate",       "side",
        "asymmetric", "leak",      "normals", "missing-on-mesh", "rig-logic"};
    return kChecks;
}

bool failsAt(const std::vector<morph::Finding>& findings, morph::Severity failOn) {
    return std::any_of(findings.begin(), findings.end(),
                       [failOn](const morph::Finding& f) { return f.severity <= failOn; });
}

std::string auditTable(const AuditRun& run) {
    std::vector<std::vector<std::string>> rows = {
        {"severity", "check", "targets", "mesh", "detail"}};
    for (const morph::Finding& f : run.findings)
        rows.push_back(
            {morph::severityName(f.severity), f.check, joined(f.targets, " / "), f.mesh, f.detail});
    std::vector<size_t> width(5, 0);
    for (const auto& row : rows) {
        for (size_t c = 0; c < 4; ++c) width[c] = std::max(width[c], row[c].size());
    }
    std::ostringstream out;
    out << summary(run) << "\n";
    for (size_t r = 0; r < rows.size() && run.findings.size() > 0; ++r) {
        for (size_t c = 0; c < 4; ++c)
            out << rows[r][c] << std::string(width[c] + 2 - rows[r][c].size(), ' ');
        out << rows[r][4] << "\n";
    }
    for (const morph::Unchecked& u : run.unchecked) out << uncheckedLine(u) << "\n";
    for (const NameSetCoverage& s : run.sets) out << coverageLine(s) << "\n";
    return out.str();
}

nlohmann::ordered_json auditJson(const AuditRun& run) {
    nlohmann::ordered_json findings = nlohmann::ordered_json::array();
    for (const morph::Finding& f : run.findings) {
        findings.push_back({{"check", f.check},
                            {"severity", morph::severityName(f.severity)},
                            {"targets", f.targets},
                            {"mesh", f.mesh},
                            {"detail", f.detail}});
    }
    nlohmann::ordered_json unchecked = nlohmann::ordered_json::array();
    for (const morph::Unchecked& u : run.unchecked) {
        unchecked.push_back({{"checks", u.checks},
                             {"mesh", u.mesh},
                             {"targets", u.targets},
                             {"pairedShare", u.pairedShare},
                             {"detail", u.detail}});
    }
    return {{"model", run.model},
            {"findings", std::move(findings)},
            {"sets", setsJson(run.sets)},
            {"unchecked", std::move(unchecked)}};
}

std::string auditJunit(const AuditRun& run, morph::Severity failOn) {
    // Per (check, target) the findings' messages, failures apart from milder ones.
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> failures, notes;
    size_t failureCount = 0;
    for (const morph::Finding& f : run.findings) {
        const bool fails = f.severity <= failOn;
        for (const std::string& target : f.targets) {
            const std::string message = target + " (" + f.mesh + "): " + f.detail;
            (fails ? failures : notes)[{f.check, target}].push_back(message);
        }
    }
    for (const morph::Unchecked& u : run.unchecked) {
        for (const std::string& check : u.checks) {
            for (const std::string& target : u.targets)
                notes[{check, target}].push_back("not run on " + u.mesh + ": " + u.detail);
        }
    }
    std::ostringstream cases;
    for (const std::string& check : auditChecks()) {
        for (const std::string& target : run.targetNames) {
            cases << "    <testcase classname=\"audit." << markupText(check) << "\" name=\""
                  << markupText(target) << "\"";
            const auto failed = failures.find({check, target});
            const auto noted = notes.find({check, target});
            if (failed == failures.end() && noted == notes.end()) {
                cases << "/>\n";
                continue;
            }
            cases << ">\n";
            if (failed != failures.end()) {
                ++failureCount;
                cases << "      <failure type=\"" << markupText(check) << "\" message=\""
                      << markupText(joined(failed->second, "; ")) << "\"/>\n";
            }
            if (noted != notes.end())
                cases << "      <system-out>" << markupText(joined(noted->second, "\n"))
                      << "</system-out>\n";
            cases << "    </testcase>\n";
        }
    }
    std::ostringstream xml;
    xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        << "  <testsuite name=\"morphview audit\" tests=\""
        << auditChecks().size() * run.targetNames.size() << "\" failures=\"" << failureCount
        << "\" errors=\"0\" skipped=\"0\">\n"
        << cases.str() << "  </testsuite>\n</testsuites>\n";
    return xml.str();
}

}  // namespace app::audit
