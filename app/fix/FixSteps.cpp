#include "app/fix/FixSteps.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "morph/audit/RigAudit.h"
#include "morph/edit/WeightSpec.h"
#include "morph/fix/FixMirror.h"
#include "morph/fix/FixNormals.h"
#include "morph/fix/FixRigLogic.h"
#include "morph/fix/FixSparse.h"
#include "morph/fix/FixTargets.h"

namespace app::fix {

namespace {

using Lines = morph::Result<std::vector<std::string>>;

morph::Error usage(const std::string& message) {
    return {morph::ErrorCode::Usage, message};
}

// An operation's own error, named by the input; never taken for a usage error.
morph::Error failed(const FixSource& source, const morph::Error& error) {
    const morph::ErrorCode code =
        error.code == morph::ErrorCode::Usage ? morph::ErrorCode::BadValue : error.code;
    return {code, source.name + ": " + error.message};
}

morph::Error importFailed(const morph::Error& error) {
    const morph::ErrorCode code =
        error.code == morph::ErrorCode::Usage ? morph::ErrorCode::BadValue : error.code;
    return {code, error.message};
}

bool hasName(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

morph::Result<morph::Scene> importDoc(const FixSource& source, const morph::FixDocument& doc) {
    return importFixBytes(source, morph::fixDocumentGlb(doc), source.name, "");
}

// `first` followed by `rest`.
std::vector<std::string> joined(std::vector<std::string> first,
                                const std::vector<std::string>& rest) {
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
}

// `lines` followed by the file's rig-logic rules an operation dropped, each a warning naming the
// input (the command prints those on stderr).
std::vector<std::string> withDropped(std::vector<std::string> lines,
                                     const std::vector<std::string>& dropped,
                                     const FixSource& source) {
    for (const std::string& line : dropped)
        lines.push_back(kFixWarning + source.name + ": " + line);
    return lines;
}

Lines prune(morph::FixDocument& doc, const std::string& what, const FixSource& source,
            CheckInput& check) {
    auto scene = importDoc(source, doc);
    if (!scene) return importFailed(scene.error());
    std::set<std::string> names;
    std::map<std::string, std::string> reason;
    for (const morph::Finding& f : morph::auditScene(*scene)) {
        if (f.check == "dead" && what.find("dead") != std::string::npos) {
            names.insert(f.targets[0]);
            reason[f.targets[0]] = "dead";
        } else if (f.check == "duplicate" && what.find("duplicate") != std::string::npos &&
                   !names.count(f.targets[0])) {
            names.insert(f.targets[1]);
            reason.emplace(f.targets[1], "duplicate");
        }
    }
    auto lines = morph::removeTargets(doc, names, reason);
    if (!lines) return failed(source, lines.error());
    std::vector<std::string> out;
    if (names.empty()) out.push_back("prune: no " + what + " target found");
    for (const auto& [name, why] : reason) check.removed[name] = why;
    return withDropped(joined(std::move(out), *lines), morph::dropUnfollowedRigLogic(doc), source);
}

Lines renameToSet(morph::FixDocument& doc, const std::string& set, const FixSource& source,
                  CheckInput& check) {
    for (const morph::NameSetCoverage& c : morph::coverNameSets(morph::fixAllTargetNames(doc))) {
        if (morph::nameSetKey(c.set) != set) continue;
        std::vector<std::string> out;
        if (c.mapped.empty()) out.push_back("names: every name already in " + set + "'s spelling");
        auto lines = applyRename(doc, c.mapped, source, check);
        if (!lines) return lines.error();
        return joined(std::move(out), *lines);
    }
    return usage("--names: unknown set '" + set + "'");
}

// Per mesh, the weight of each target `spec` gives (empty: the spec touches no target of it).
morph::Result<std::vector<std::vector<float>>> mixWeights(
    const morph::FixDocument& doc, const std::vector<morph::WeightAssignment>& spec) {
    using Kind = morph::WeightAssignment::Kind;
    const size_t meshes = doc.json.value("meshes", nlohmann::json::array()).size();
    std::vector<std::vector<float>> weights(meshes);
    for (const morph::WeightAssignment& a : spec) {
        if (a.kind == Kind::Expression)
            return morph::Error{morph::ErrorCode::BadValue, "vrm: items are not a mix of targets"};
        bool matched = false;
        for (size_t m = 0; m < meshes; ++m) {
            const std::vector<std::string> names = morph::fixTargetNames(doc, m);
            for (size_t t = 0; t < names.size(); ++t) {
                const bool hit = a.kind == Kind::All || (a.kind == Kind::Index && a.index == t) ||
                                 (a.kind == Kind::Name && a.name == names[t]);
                if (!hit) continue;
                weights[m].resize(names.size(), 0.0f);
                weights[m][t] = a.value;
                matched = true;
            }
        }
        if (!matched)
            return morph::Error{morph::ErrorCode::BadReference,
                                "no mesh has target '" +
                                    (a.kind == Kind::Index ? std::to_string(a.index) : a.name) +
                                    "'"};
    }
    return weights;
}

Lines fromMix(morph::FixDocument& doc, const std::string& value, const FixSource& source,
              CheckInput& check) {
    const size_t equals = value.find('=');
    const std::string name = value.substr(0, equals);
    if (equals == std::string::npos || name.empty())
        return usage("--from-mix: '" + value + "' is not NAME=SPEC");
    auto spec = morph::parseWeightSpec(value.substr(equals + 1));
    if (!spec) return usage("--from-mix: " + spec.error().message);
    auto weights = mixWeights(doc, *spec);
    if (!weights) return usage("--from-mix: " + weights.error().message);
    for (size_t m = 0; m < weights->size(); ++m) {
        if (!(*weights)[m].empty() && hasName(morph::fixTargetNames(doc, m), name))
            return usage("--from-mix: meshes[" + std::to_string(m) +
                         "] already has a target named '" + name + "'");
    }
    auto lines = morph::addMixTarget(doc, name, *weights);
    if (!lines) return failed(source, lines.error());
    check.added.insert(name);
    return *lines;
}

// The named target, or with `flagged` every target the audit's `normals` check flags.
Lines normals(morph::FixDocument& doc, const std::string& which, const FixSource& source,
              CheckInput& check) {
    std::set<std::string> names;
    std::vector<std::string> out;
    if (which == "flagged") {
        auto scene = importDoc(source, doc);
        if (!scene) return importFailed(scene.error());
        for (const morph::Finding& f : morph::auditScene(*scene))
            if (f.check == "normals") names.insert(f.targets.begin(), f.targets.end());
        if (names.empty()) out.push_back("recompute-normals: no target flagged");
    } else {
        if (!hasName(morph::fixAllTargetNames(doc), which))
            return usage("--recompute-normals: " + source.name + " has no target '" + which + "'");
        names.insert(which);
    }
    auto lines = morph::recomputeNormals(doc, names);
    if (!lines) return failed(source, lines.error());
    check.normals.insert(names.begin(), names.end());
    return joined(std::move(out), *lines);
}

Lines mirror(morph::FixDocument& doc, const std::string& value, const FixSource& source,
             CheckInput& check) {
    const size_t equals = value.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == value.size())
        return usage("--mirror: '" + value + "' is not FROM=TO");
    const std::string from = value.substr(0, equals), to = value.substr(equals + 1);
    const std::vector<std::string> all = morph::fixAllTargetNames(doc);
    if (!hasName(all, from))
        return usage("--mirror: " + source.name + " has no target '" + from + "'");
    auto scene = importDoc(source, doc);
    if (!scene) return importFailed(scene.error());
    auto lines = morph::mirrorTarget(doc, *scene, from, to);
    if (!lines) return failed(source, lines.error());
    if (!hasName(all, to)) {
        check.added.insert(to);
    } else {
        check.rewritten.insert(to);
    }
    return *lines;
}

Lines split(morph::FixDocument& doc, const std::string& name, const FixSource& source,
            CheckInput& check) {
    const std::vector<std::string> all = morph::fixAllTargetNames(doc);
    if (!hasName(all, name))
        return usage("--split: " + source.name + " has no target '" + name + "'");
    const auto names = morph::splitNames(all, name);
    for (const std::string& n : {names.first, names.second}) {
        if (hasName(all, n))
            return usage("--split: " + source.name + " already has a target '" + n + "'");
    }
    auto scene = importDoc(source, doc);
    if (!scene) return importFailed(scene.error());
    auto lines = morph::splitTarget(doc, *scene, name, names);
    if (!lines) return failed(source, lines.error());
    check.removed[name] = "split";
    check.added.insert({names.first, names.second});
    return withDropped(*lines, morph::splitRigLogic(doc, name, names), source);
}

Lines sparse(morph::FixDocument& doc, const FixSource& source) {
    auto lines = morph::sparsifyTargets(doc);
    if (!lines) return failed(source, lines.error());
    return *lines;
}

}  // namespace

namespace {

// "3 combinations, 2 in-betweens", "1 combination, 0 in-betweens".
std::string ruleCounts(const std::vector<morph::RigRuleSpec>& rules) {
    const size_t between = size_t(std::count_if(rules.begin(), rules.end(), [](const auto& r) {
        return r.kind == morph::RigRuleKind::Inbetween;
    }));
    const size_t combined = rules.size() - between;
    return std::to_string(combined) + (combined == 1 ? " combination, " : " combinations, ") +
           std::to_string(between) + (between == 1 ? " in-between" : " in-betweens");
}

}  // namespace

Lines embedRigLogic(morph::FixDocument& doc, const std::vector<morph::RigRuleSpec>& rules,
                    const std::string& sidecarName, const FixSource& source) {
    nlohmann::json& root = doc.json;
    if (root.contains("extras") && !root["extras"].is_object())
        return morph::Error{morph::ErrorCode::BadValue,
                            source.name +
                                ": the root extras is not a JSON object, so rig logic "
                                "cannot be embedded beside it"};
    auto scene = importDoc(source, doc);
    if (!scene) return importFailed(scene.error());
    std::vector<std::string> faulty;  // the file's own rules, when the importer leaves them out
    if (auto logic = morph::sceneRigLogic(*scene, rules, sidecarName, faulty); !logic)
        return logic.error();
    std::vector<morph::RigRuleSpec> embedded;
    if (!scene->rigLogic.empty() && faulty.empty()) {
        // It parsed: sceneRigLogic said nothing of it.
        auto file =
            morph::parseRigLogic(scene->rigLogic, "extras.rigLogic", morph::RigRuleSource::File);
        for (const morph::RigRuleSpec& rule : file ? *file : std::vector<morph::RigRuleSpec>{}) {
            const bool replaced = std::any_of(
                rules.begin(), rules.end(), [&](const auto& r) { return r.target == rule.target; });
            if (!replaced) embedded.push_back(rule);
        }
    }
    const size_t kept = embedded.size();
    embedded.insert(embedded.end(), rules.begin(), rules.end());
    root["extras"]["rigLogic"] = nlohmann::json::parse(morph::rigLogicJson(embedded));
    std::vector<std::string> lines = {
        "rig logic: " + ruleCounts(rules) + " embedded" +
        (kept ? " (" + std::to_string(kept) + " of the file's kept)" : std::string())};
    for (const std::string& line : faulty) lines.push_back("rig logic: replaced: " + line);
    return lines;
}

morph::Result<morph::Scene> importFixBytes(const FixSource& source,
                                           const std::vector<uint8_t>& bytes,
                                           const std::string& name, const std::string& folder) {
    morph::ImportOptions import;
    import.decodeImages = false;  // fix copies images' bytes, never decodes them
    import.keepNonFiniteTargets = true;
    import.allowAnyUri = source.allowAnyUri;
    import.maxMemoryBytes = source.maxMemoryBytes;
    return morph::importGltfMemory(bytes, name, folder, import);
}

std::optional<FixStep> fixStepForFinding(const morph::Finding& finding) {
    if (finding.check == "dead") return FixStep{"--prune", "dead"};
    if (finding.check == "duplicate") return FixStep{"--prune", "duplicate"};
    if (finding.check == "normals" && !finding.targets.empty())
        return FixStep{"--recompute-normals", finding.targets[0]};
    return std::nullopt;
}

morph::Result<std::vector<std::string>> applyRename(morph::FixDocument& doc,
                                                    const std::vector<morph::NameMapping>& map,
                                                    const FixSource& source, CheckInput& check) {
    auto lines = morph::renameTargets(doc, map);
    if (!lines) return failed(source, lines.error());
    morph::renameRigLogic(doc, map);
    for (const morph::NameMapping& m : map) {
        bool chained = false;
        for (morph::NameMapping& earlier : check.renames) {
            if (earlier.to != m.from) continue;
            earlier.to = m.to;
            chained = true;
        }
        if (!chained) check.renames.push_back(m);
    }
    return *lines;
}

morph::Result<std::vector<std::string>> applyFixStep(morph::FixDocument& doc, const FixStep& step,
                                                     const FixSource& source, CheckInput& check) {
    if (step.option == "--sparse") return sparse(doc, source);
    if (step.option == "--split") return split(doc, step.value, source, check);
    if (step.option == "--mirror") return mirror(doc, step.value, source, check);
    if (step.option == "--recompute-normals") return normals(doc, step.value, source, check);
    if (step.option == "--prune") return prune(doc, step.value, source, check);
    if (step.option == "--names") return renameToSet(doc, step.value, source, check);
    if (step.option == "--from-mix") return fromMix(doc, step.value, source, check);
    return usage("fix: unknown operation '" + step.option + "'");
}

std::vector<std::string> readingWarnings(const morph::FixDocument& doc, const std::string& name) {
    std::vector<std::string> lines;
    for (const std::string& warning : doc.warnings)
        lines.push_back("warning: " + name + ": " + warning);
    return lines;
}

morph::Result<FixedBytes> fixBytes(const std::vector<uint8_t>& bytes, const std::string& folder,
                                   const FixStep& step, const FixSource& source) {
    auto doc = morph::readFixDocument(bytes, source.name, folder);
    if (!doc) return doc.error();
    CheckInput check;  // what --check would read; nothing here proves
    auto lines = applyFixStep(*doc, step, source, check);
    if (!lines) return lines.error();
    morph::compactFixDocument(*doc);
    FixedBytes out{morph::fixDocumentGlb(*doc), readingWarnings(*doc, source.name)};
    out.lines.insert(out.lines.end(), lines->begin(), lines->end());
    return out;
}

}  // namespace app::fix
