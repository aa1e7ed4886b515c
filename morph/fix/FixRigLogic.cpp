#include "morph/fix/FixRigLogic.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "morph/fix/FixTargets.h"
#include "morph/names/NameParts.h"
#include "morph/rig/RigLogic.h"

namespace morph {

namespace {

using Json = nlohmann::json;

// The document's own rules, when it has some that read.
std::optional<std::vector<RigRuleSpec>> fileRules(const FixDocument& doc) {
    const auto extras = doc.json.find("extras");
    if (extras == doc.json.end() || !extras->is_object()) return std::nullopt;
    const auto rig = extras->find("rigLogic");
    if (rig == extras->end()) return std::nullopt;
    auto rules = parseRigLogic(rig->dump(), "extras.rigLogic", RigRuleSource::File);
    if (!rules) return std::nullopt;
    return std::move(rules).value();
}

void writeRules(FixDocument& doc, const std::vector<RigRuleSpec>& rules) {
    doc.json["extras"]["rigLogic"] = Json::parse(rigLogicJson(rules));
}

// "jawOpen × mouthSmile", "jawOpen at 0.5": as describeRigRule says it.
std::string describe(const RigRuleSpec& rule) {
    if (rule.kind == RigRuleKind::Inbetween) {
        char peak[32];
        std::snprintf(peak, sizeof peak, "%g", double(rule.peak));
        return (rule.drivers.empty() ? std::string() : rule.drivers.front()) + " at " + peak;
    }
    std::string text;
    for (const std::string& d : rule.drivers) text += (text.empty() ? "" : " \u00d7 ") + d;
    return text;
}

std::string dropped(const RigRuleSpec& rule, const std::string& why) {
    return "extras.rigLogic: dropped the rule for '" + rule.target + "' (" + describe(rule) +
           "): " + why;
}

bool drivenBy(const RigRuleSpec& rule, const std::string& name) {
    return std::find(rule.drivers.begin(), rule.drivers.end(), name) != rule.drivers.end();
}

}  // namespace

void renameRigLogic(FixDocument& doc, const std::vector<NameMapping>& map) {
    auto rules = fileRules(doc);
    if (!rules) return;
    std::map<std::string, std::string> to;
    for (const NameMapping& m : map) to[m.from] = m.to;
    bool changed = false;
    auto rename = [&](std::string& name) {
        auto it = to.find(name);
        if (it == to.end() || it->second == name) return;
        name = it->second;
        changed = true;
    };
    for (RigRuleSpec& rule : *rules) {
        rename(rule.target);
        for (std::string& d : rule.drivers) rename(d);
    }
    if (changed) writeRules(doc, *rules);
}

std::vector<std::string> splitRigLogic(FixDocument& doc, const std::string& name,
                                       const std::pair<std::string, std::string>& halves) {
    auto rules = fileRules(doc);
    if (!rules) return {};
    const std::vector<std::string> all = fixAllTargetNames(doc);
    const bool kept = std::find(all.begin(), all.end(), name) != all.end();
    std::vector<RigRuleSpec> out;
    std::vector<std::string> lines;
    bool changed = false;
    for (RigRuleSpec& rule : *rules) {
        if (rule.target == name) {
            for (const std::string& half : {halves.first, halves.second}) {
                out.push_back(rule);
                out.back().target = half;
            }
            if (kept) out.push_back(rule);
            changed = true;
            continue;
        }
        if (kept || !drivenBy(rule, name)) {
            out.push_back(rule);
            continue;
        }
        changed = true;
        const NameSide side = findSideMarker(rule.target).side;
        if (side == NameSide::None) {
            lines.push_back(dropped(rule, "its driver '" + name + "' is split into '" +
                                              halves.first + "' and '" + halves.second +
                                              "', and '" + rule.target +
                                              "' names no side (split it first to keep it on "
                                              "both)"));
            continue;
        }
        const std::string& half = side == NameSide::Left ? halves.first : halves.second;
        std::replace(rule.drivers.begin(), rule.drivers.end(), name, half);
        out.push_back(rule);
    }
    if (changed) writeRules(doc, out);
    return lines;
}

std::vector<std::string> dropUnfollowedRigLogic(FixDocument& doc) {
    auto rules = fileRules(doc);
    if (!rules) return {};
    const std::vector<std::string> all = fixAllTargetNames(doc);
    const std::set<std::string> names(all.begin(), all.end());
    std::vector<RigRuleSpec> out;
    std::vector<std::string> lines;
    for (const RigRuleSpec& rule : *rules) {
        std::string missing = names.count(rule.target) ? "" : rule.target;
        for (const std::string& d : rule.drivers)
            if (missing.empty() && !names.count(d)) missing = d;
        if (missing.empty()) {
            out.push_back(rule);
            continue;
        }
        lines.push_back(dropped(rule, "no mesh has '" + missing + "' any more"));
    }
    if (!lines.empty()) writeRules(doc, out);
    return lines;
}

}  // namespace morph
