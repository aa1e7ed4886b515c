#include "morph/rig/RigLogic.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

namespace morph {

namespace {

using Json = nlohmann::json;

// The side suffixes a rule's name may end with, longest first.
constexpr const char* kSideSuffixes[] = {"_LR", "_L", "_R"};

std::string sideSuffix(const std::string& name) {
    for (const char* s : kSideSuffixes) {
        const std::string suffix = s;
        if (name.size() > suffix.size() &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return suffix;
    }
    return "";
}

// `part` as a target of the mesh: the part with the name's side suffix, else the part alone.
std::optional<std::string> targetFor(const std::string& part, const std::string& suffix,
                                     const std::set<std::string>& names) {
    if (!suffix.empty() && names.count(part + suffix)) return part + suffix;
    if (names.count(part)) return part;
    return std::nullopt;
}

std::vector<std::string> splitUnderscores(const std::string& text) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t at = text.find('_', start);
        parts.push_back(text.substr(start, at - start));
        if (at == std::string::npos) return parts;
        start = at + 1;
    }
}

// The drivers of `stem` (a name without its side suffix) cut into at least two runs of its
// '_'-separated parts, each run a target; the longest first run that leads to a whole cut wins.
std::optional<std::vector<std::string>> segment(const std::vector<std::string>& parts, size_t from,
                                                const std::string& suffix,
                                                const std::set<std::string>& names) {
    if (from == parts.size()) return std::vector<std::string>{};
    // The first run stops short of the whole name: one run would be the name itself.
    for (size_t end = from == 0 ? parts.size() - 1 : parts.size(); end > from; --end) {
        std::string run = parts[from];
        for (size_t i = from + 1; i < end; ++i) run += "_" + parts[i];
        const auto target = targetFor(run, suffix, names);
        if (!target) continue;
        auto rest = segment(parts, end, suffix, names);
        if (!rest) continue;
        rest->insert(rest->begin(), *target);
        return rest;
    }
    return std::nullopt;
}

std::optional<RigRuleSpec> combinationFromName(const std::string& name,
                                               const std::set<std::string>& names) {
    const std::string suffix = sideSuffix(name);
    const std::string stem = name.substr(0, name.size() - suffix.size());
    const std::vector<std::string> parts = splitUnderscores(stem);
    if (parts.size() < 2) return std::nullopt;
    auto drivers = segment(parts, 0, suffix, names);
    if (!drivers) return std::nullopt;
    RigRuleSpec rule;
    rule.target = name;
    rule.kind = RigRuleKind::Combination;
    rule.drivers = std::move(*drivers);
    return rule;
}

std::optional<RigRuleSpec> inbetweenFromName(const std::string& name,
                                             const std::set<std::string>& names) {
    const std::string suffix = sideSuffix(name);
    const std::string stem = name.substr(0, name.size() - suffix.size());
    if (stem.size() < 3) return std::nullopt;
    const char d1 = stem[stem.size() - 2], d2 = stem[stem.size() - 1];
    if (!std::isdigit(static_cast<unsigned char>(d1)) ||
        !std::isdigit(static_cast<unsigned char>(d2)))
        return std::nullopt;
    if (std::isdigit(static_cast<unsigned char>(stem[stem.size() - 3]))) return std::nullopt;
    const int percent = (d1 - '0') * 10 + (d2 - '0');
    if (percent < 1) return std::nullopt;
    const auto driver = targetFor(stem.substr(0, stem.size() - 2), suffix, names);
    if (!driver) return std::nullopt;
    RigRuleSpec rule;
    rule.target = name;
    rule.kind = RigRuleKind::Inbetween;
    rule.drivers = {*driver};
    rule.peak = float(percent) / 100.0f;
    return rule;
}

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

Error usage(const std::string& what, const std::string& message) {
    return Error{ErrorCode::Usage, what + ": " + message};
}

Result<std::string> stringField(const Json& entry, const char* key, const std::string& where,
                                const std::string& what) {
    auto it = entry.find(key);
    if (it == entry.end() || !it->is_string() || it->get<std::string>().empty())
        return usage(what, where + "." + key + " is missing or not a name");
    return it->get<std::string>();
}

Result<RigRuleSpec> parseCombination(const Json& entry, const std::string& where,
                                     const std::string& what) {
    if (!entry.is_object()) return usage(what, where + " is not an object");
    auto target = stringField(entry, "target", where, what);
    if (!target) return target.error();
    auto drivers = entry.find("drivers");
    if (drivers == entry.end() || !drivers->is_array() || drivers->size() < 2)
        return usage(what, where + ".drivers must list at least two names");
    RigRuleSpec rule;
    rule.target = *target;
    rule.kind = RigRuleKind::Combination;
    for (const Json& d : *drivers) {
        if (!d.is_string() || d.get<std::string>().empty())
            return usage(what, where + ".drivers has an entry that is not a name");
        rule.drivers.push_back(d.get<std::string>());
    }
    return rule;
}

Result<RigRuleSpec> parseInbetween(const Json& entry, const std::string& where,
                                   const std::string& what) {
    if (!entry.is_object()) return usage(what, where + " is not an object");
    auto target = stringField(entry, "target", where, what);
    if (!target) return target.error();
    auto driver = stringField(entry, "driver", where, what);
    if (!driver) return driver.error();
    auto peak = entry.find("peak");
    if (peak == entry.end() || !peak->is_number())
        return usage(what, where + ".peak is missing or not a number");
    const double p = peak->get<double>();
    if (!(p > 0 && p < 1))
        return usage(what, where + ".peak " + peak->dump() + " is not inside (0, 1)");
    RigRuleSpec rule;
    rule.target = *target;
    rule.kind = RigRuleKind::Inbetween;
    rule.drivers = {*driver};
    rule.peak = float(p);
    auto interpolation = entry.find("interpolation");
    if (interpolation != entry.end()) {
        if (*interpolation == "smooth") rule.interpolation = RigInterpolation::Smooth;
        else if (*interpolation != "linear")
            return usage(what, where + ".interpolation must be \"linear\" or \"smooth\"");
    }
    return rule;
}

// A mesh's rules by target name, resolved to indices; rules whose target or a driver the mesh
// lacks are left out.
std::vector<RigRule> resolve(const std::map<std::string, RigRuleSpec>& byTarget,
                             const std::vector<std::string>& names) {
    std::map<std::string, size_t> index;
    for (size_t i = 0; i < names.size(); ++i) index.emplace(names[i], i);
    std::vector<RigRule> rules;
    for (const auto& [target, spec] : byTarget) {
        auto t = index.find(target);
        if (t == index.end()) continue;
        RigRule rule;
        rule.target = t->second;
        rule.kind = spec.kind;
        rule.peak = spec.peak;
        rule.interpolation = spec.interpolation;
        rule.source = spec.source;
        bool complete = true;
        for (const std::string& d : spec.drivers) {
            auto it = index.find(d);
            complete = complete && it != index.end();
            if (it != index.end()) rule.drivers.push_back(it->second);
        }
        if (complete) rules.push_back(std::move(rule));
    }
    return rules;
}

// Each in-between's tent ends at its neighbours' peaks among the in-betweens of its driver: the
// nearest peaks below and above its own, so in-betweens at one peak (one shape split into parts,
// `fix --split`) share one tent.
void splitInbetweenRanges(std::vector<RigRule>& rules) {
    std::map<size_t, std::vector<RigRule*>> byDriver;
    for (RigRule& r : rules)
        if (r.kind == RigRuleKind::Inbetween) byDriver[r.drivers[0]].push_back(&r);
    for (auto& [driver, list] : byDriver) {
        std::sort(list.begin(), list.end(),
                  [](const RigRule* a, const RigRule* b) { return a->peak < b->peak; });
        for (RigRule* rule : list) {
            rule->lower = 0.0f;
            rule->upper = 1.0f;
            for (const RigRule* other : list) {
                if (other->peak < rule->peak) rule->lower = other->peak;
                if (other->peak > rule->peak && rule->upper == 1.0f) rule->upper = other->peak;
            }
        }
    }
}

// The rules in an order where each comes after the rules of its drivers; the cycle's names
// when there is one.
Result<std::vector<RigRule>> orderRules(std::vector<RigRule> rules,
                                        const std::vector<std::string>& names,
                                        const std::string& what) {
    std::map<size_t, size_t> ruleOf;  // target -> index in rules
    for (size_t i = 0; i < rules.size(); ++i) ruleOf[rules[i].target] = i;
    std::vector<int> state(rules.size(), 0);  // 0 new, 1 on the path, 2 done
    std::vector<RigRule> ordered;
    std::vector<size_t> path;
    std::function<std::optional<std::string>(size_t)> visit = [&](size_t i) {
        if (state[i] == 2) return std::optional<std::string>{};
        if (state[i] == 1) {
            std::string cycle;
            auto from = std::find(path.begin(), path.end(), i);
            for (auto it = from; it != path.end(); ++it) cycle += names[rules[*it].target] + " -> ";
            return std::optional<std::string>{cycle + names[rules[i].target]};
        }
        state[i] = 1;
        path.push_back(i);
        for (size_t d : rules[i].drivers) {
            auto it = ruleOf.find(d);
            if (it == ruleOf.end()) continue;
            if (auto cycle = visit(it->second)) return cycle;
        }
        path.pop_back();
        state[i] = 2;
        ordered.push_back(rules[i]);
        return std::optional<std::string>{};
    };
    for (size_t i = 0; i < rules.size(); ++i)
        if (auto cycle = visit(i)) return usage(what, "rig logic has a cycle: " + *cycle);
    return ordered;
}

float smoothstep(float t) {
    return t * t * (3.0f - 2.0f * t);
}

}  // namespace

bool RigLogic::empty() const {
    for (const auto& rules : meshes)
        if (!rules.empty()) return false;
    return true;
}

std::vector<RigRuleSpec> rigRulesFromNames(const std::vector<std::string>& names) {
    const std::set<std::string> set(names.begin(), names.end());
    std::vector<RigRuleSpec> rules;
    for (const std::string& name : names) {
        if (auto inbetween = inbetweenFromName(name, set)) rules.push_back(std::move(*inbetween));
        else if (auto combination = combinationFromName(name, set))
            rules.push_back(std::move(*combination));
    }
    return rules;
}

Result<std::vector<RigRuleSpec>> parseRigLogic(const std::string& text, const std::string& what,
                                               RigRuleSource source) {
    Json json = Json::parse(text, nullptr, false);
    if (json.is_discarded()) return usage(what, "not JSON");
    if (!json.is_object()) return usage(what, "is not a JSON object");
    std::vector<RigRuleSpec> rules;
    for (const char* key : {"combinations", "inbetweens"}) {
        auto list = json.find(key);
        if (list == json.end()) continue;
        if (!list->is_array()) return usage(what, std::string(key) + " is not an array");
        for (size_t i = 0; i < list->size(); ++i) {
            const std::string where = std::string(key) + "[" + std::to_string(i) + "]";
            auto rule = std::string(key) == "combinations"
                            ? parseCombination((*list)[i], where, what)
                            : parseInbetween((*list)[i], where, what);
            if (!rule) return rule.error();
            rule->source = source;
            rules.push_back(std::move(*rule));
        }
    }
    return rules;
}

namespace {

// The shortest decimal that reads back as `value` (a float's 0.3 written as 0.3).
double shortestDecimal(float value) {
    char text[32] = {};
    for (int digits = 6; digits <= 9; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, double(value));
        if (std::strtof(text, nullptr) == value) break;
    }
    return std::strtod(text, nullptr);
}

}  // namespace

std::string rigLogicJson(const std::vector<RigRuleSpec>& rules) {
    std::map<std::string, size_t> last;  // each target's last rule
    for (size_t i = 0; i < rules.size(); ++i) last[rules[i].target] = i;
    Json combinations = Json::array(), inbetweens = Json::array();
    for (size_t i = 0; i < rules.size(); ++i) {
        const RigRuleSpec& rule = rules[i];
        if (last[rule.target] != i) continue;
        if (rule.kind == RigRuleKind::Combination) {
            combinations.push_back({{"target", rule.target}, {"drivers", rule.drivers}});
            continue;
        }
        Json entry = {{"target", rule.target},
                      {"driver", rule.drivers.empty() ? std::string() : rule.drivers.front()},
                      {"peak", shortestDecimal(rule.peak)}};
        if (rule.interpolation == RigInterpolation::Smooth) entry["interpolation"] = "smooth";
        inbetweens.push_back(std::move(entry));
    }
    Json json = Json::object();
    if (!combinations.empty()) json["combinations"] = std::move(combinations);
    if (!inbetweens.empty()) json["inbetweens"] = std::move(inbetweens);
    return json.dump();
}

Result<RigLogic> buildRigLogic(const Scene& scene, const std::vector<RigRuleSpec>& explicitRules,
                               const std::string& what) {
    std::set<std::string> everyName;
    for (const Mesh& mesh : scene.meshes)
        everyName.insert(mesh.targetNames.begin(), mesh.targetNames.end());
    for (const RigRuleSpec& rule : explicitRules) {
        if (!everyName.count(rule.target))
            return usage(what,
                         "rig logic names target " + quoted(rule.target) + ", which no mesh has");
        for (const std::string& d : rule.drivers)
            if (!everyName.count(d))
                return usage(what, "rig logic for " + quoted(rule.target) + " names driver " +
                                       quoted(d) + ", which no mesh has");
    }
    RigLogic logic;
    for (const Mesh& mesh : scene.meshes) {
        std::map<std::string, RigRuleSpec> byTarget;
        for (RigRuleSpec& rule : rigRulesFromNames(mesh.targetNames)) byTarget[rule.target] = rule;
        for (const RigRuleSpec& rule : explicitRules) byTarget[rule.target] = rule;
        std::vector<RigRule> rules = resolve(byTarget, mesh.targetNames);
        splitInbetweenRanges(rules);
        auto ordered = orderRules(std::move(rules), mesh.targetNames, what);
        if (!ordered) return ordered.error();
        logic.meshes.push_back(std::move(*ordered));
    }
    return logic;
}

Result<RigLogic> sceneRigLogic(const Scene& scene, const std::vector<RigRuleSpec>& sidecar,
                               const std::string& sidecarName, std::vector<std::string>& warnings) {
    std::vector<RigRuleSpec> rules;
    if (!scene.rigLogic.empty()) {
        const std::string what = "extras.rigLogic";
        auto file = parseRigLogic(scene.rigLogic, what, RigRuleSource::File);
        Result<RigLogic> check = file ? buildRigLogic(scene, *file, what) : file.error();
        if (check) rules = std::move(*file);
        else warnings.push_back(check.error().message + " (the file's rig logic is left out)");
    }
    rules.insert(rules.end(), sidecar.begin(), sidecar.end());
    return buildRigLogic(scene, rules, sidecarName);
}

Status attachRigLogic(Scene& scene, const std::vector<RigRuleSpec>& sidecar,
                      const std::string& sidecarName, std::vector<std::string>& warnings) {
    auto logic = sceneRigLogic(scene, sidecar, sidecarName, warnings);
    if (!logic) return logic.error();
    for (size_t m = 0; m < scene.meshes.size(); ++m)
        scene.meshes[m].rigRules = std::move(logic->meshes[m]);
    return {};
}

void detachRigLogic(Scene& scene) {
    for (Mesh& mesh : scene.meshes) mesh.rigRules.clear();
}

std::vector<std::string> derivedTargetsNamed(const Scene& scene,
                                             const std::vector<std::string>& names) {
    std::set<std::string> derived;
    for (const Mesh& mesh : scene.meshes)
        for (const RigRule& rule : mesh.rigRules) derived.insert(mesh.targetNames[rule.target]);
    std::vector<std::string> found;
    for (const std::string& name : names) {
        if (derived.count(name) && std::find(found.begin(), found.end(), name) == found.end())
            found.push_back(name);
    }
    return found;
}

float inbetweenWeight(const RigRule& rule, float w) {
    float t = 0;
    if (w > rule.lower && w <= rule.peak) t = (w - rule.lower) / (rule.peak - rule.lower);
    else if (w > rule.peak && w < rule.upper) t = (rule.upper - w) / (rule.upper - rule.peak);
    return rule.interpolation == RigInterpolation::Smooth ? smoothstep(t) : t;
}

void applyRigRules(const std::vector<RigRule>& rules, std::vector<float>& weights) {
    for (const RigRule& rule : rules) {
        if (rule.target >= weights.size()) continue;
        float value = 0;
        if (rule.kind == RigRuleKind::Inbetween) {
            value = inbetweenWeight(rule, weights[rule.drivers[0]]);
        } else {
            value = 1;
            for (size_t d : rule.drivers) value *= d < weights.size() ? weights[d] : 0.0f;
        }
        weights[rule.target] = value;
    }
}

std::string describeRigRule(const RigRule& rule, const std::vector<std::string>& names) {
    auto name = [&](size_t i) { return i < names.size() ? names[i] : std::to_string(i); };
    if (rule.kind == RigRuleKind::Inbetween) {
        char peak[32];
        std::snprintf(peak, sizeof peak, "%g", double(rule.peak));
        return name(rule.drivers[0]) + " at " + peak;
    }
    std::string text;
    for (size_t d : rule.drivers) text += (text.empty() ? "" : " \u00d7 ") + name(d);
    return text;
}

}  // namespace morph
