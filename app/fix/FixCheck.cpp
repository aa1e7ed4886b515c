#include "app/fix/FixCheck.h"

#include <map>
#include <tuple>

#include "morph/audit/RigAudit.h"
#include "morph/diff/DrawnModel.h"
#include "morph/diff/ModelDiff.h"
#include "morph/names/RenameMap.h"

namespace app::fix {

namespace {

using FindingKey = std::tuple<std::string, std::vector<std::string>>;

// The findings by check and names (not by mesh: a prune changes which meshes a name is on).
std::map<FindingKey, std::string> findingsOf(const morph::Scene& scene) {
    std::map<FindingKey, std::string> out;
    for (const morph::Finding& f : morph::auditScene(scene)) out[{f.check, f.targets}] = f.check;
    return out;
}

// "dead 2, duplicate 1" (or "none").
std::string countByCheck(const std::vector<std::string>& checks) {
    std::map<std::string, int> counts;
    for (const std::string& c : checks) ++counts[c];
    std::string out;
    for (const auto& [check, n] : counts)
        out += (out.empty() ? "" : ", ") + check + " " + std::to_string(n);
    return out.empty() ? "none" : out;
}

void auditLines(const CheckInput& input, CheckReport& report) {
    const auto before = findingsOf(*input.before);
    const auto after = findingsOf(*input.after);
    std::vector<std::string> fixed, added;
    for (const auto& [key, check] : before)
        if (!after.count(key)) fixed.push_back(check);
    for (const auto& [key, check] : after)
        if (!before.count(key)) added.push_back(check);
    report.lines.push_back("check: audit findings before: " + std::to_string(before.size()) +
                           ", after: " + std::to_string(after.size()) +
                           "; fixed: " + countByCheck(fixed) + "; new: " + countByCheck(added));
    report.clean = report.clean && added.empty();
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
    return out;
}

// The diff's rows sorted into what the operations asked for and what they did not.
void diffLines(const CheckInput& input, const morph::ModelDiff& diff, CheckReport& report) {
    std::map<std::string, size_t> removed;  // by reason
    std::vector<std::string> unasked;
    size_t same = 0, added = 0, rewritten = 0;
    for (const morph::TargetDrift& row : diff.targets) {
        if (row.status == morph::DriftStatus::Same) {
            ++same;
        } else if (row.status == morph::DriftStatus::Removed && input.removed.count(row.name)) {
            ++removed[input.removed.at(row.name)];
        } else if (row.status == morph::DriftStatus::Added && input.added.count(row.name)) {
            ++added;
        } else if (row.status == morph::DriftStatus::Changed && input.rewritten.count(row.name)) {
            ++rewritten;
        } else {
            unasked.push_back(row.name + " (" + morph::driftStatusName(row.status) + ")");
        }
    }
    const morph::DiffOptions options;
    const bool restSame =
        diff.restMaxDrift <= options.maxDrift && diff.unmatchedA == 0 && diff.unmatchedB == 0;
    if (!unasked.empty()) report.lines.push_back("check: changed unasked: " + joinNames(unasked));
    if (!restSame) report.lines.push_back("check: the rest pose moved or lost vertices");
    std::string summary;
    for (const auto& [reason, n] : removed)
        summary +=
            (summary.empty() ? "" : "; ") + reason + " targets removed: " + std::to_string(n);
    if (!input.renames.empty())
        summary += (summary.empty() ? "" : "; ") + std::string("targets renamed: ") +
                   std::to_string(input.renames.size());
    if (added > 0)
        summary +=
            (summary.empty() ? "" : "; ") + std::string("targets added: ") + std::to_string(added);
    if (rewritten > 0)
        summary += (summary.empty() ? "" : "; ") + std::string("targets rewritten: ") +
                   std::to_string(rewritten);
    if (!input.normals.empty())
        summary += (summary.empty() ? "" : "; ") + std::string("normals recomputed: ") +
                   std::to_string(input.normals.size());
    if (summary.empty()) summary = "nothing removed, renamed or added";
    const bool clean = unasked.empty() && restSame;
    summary +=
        clean ? "; every other target the same" : "; " + std::to_string(same) + " targets the same";
    report.lines.push_back("check: " + summary);
    report.clean = report.clean && clean;
}

}  // namespace

morph::Result<CheckReport> checkFix(const CheckInput& input) {
    CheckReport report;
    auditLines(input, report);
    morph::Scene renamed = *input.before;
    if (!input.renames.empty()) {
        auto applied = morph::applyRenameMap(renamed, input.renames);
        if (!applied) return applied.error();
    }
    auto a = morph::drawnModel(renamed);
    if (!a) return a.error();
    auto b = morph::drawnModel(*input.after);
    if (!b) return b.error();
    if (!(morph::restDiagonal(*a) > 0.0f)) {
        report.lines.push_back("check: the default scene draws nothing to compare");
        return report;
    }
    diffLines(input, morph::diffModels(*a, *b), report);
    return report;
}

}  // namespace app::fix
