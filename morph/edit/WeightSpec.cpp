#include "morph/edit/WeightSpec.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "morph/edit/ExpressionWeights.h"

namespace morph {

namespace {

constexpr const char* kPrefix = "--weights: ";
constexpr const char* kExpressionPrefix = "vrm:";

std::string trim(const std::string& s) {
    const char* space = " \t\r\n";
    const size_t first = s.find_first_not_of(space);
    if (first == std::string::npos) return {};
    const size_t last = s.find_last_not_of(space);
    return s.substr(first, last - first + 1);
}

bool isIndex(const std::string& key) {
    return !key.empty() &&
           std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
}

Error error(const std::string& message) {
    return Error{ErrorCode::Usage, kPrefix + message};
}

// from_chars, unlike strtof, ignores the locale: "0.5" parses the same under de_DE.
Result<float> parseValue(const std::string& item, const std::string& text) {
    if (text.empty()) return error("'" + item + "' has no number after '='");
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    if (*begin == '+') ++begin;  // from_chars takes no leading '+'
    float value = 0;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec == std::errc::result_out_of_range) return error("'" + item + "' is not finite");
    if (ec != std::errc() || ptr != end) {
        return error("'" + item + "' has no number after '=' ('" + text + "' is not a number)");
    }
    if (!std::isfinite(value)) return error("'" + item + "' is not finite");
    return value;
}

Result<WeightAssignment> parseItem(const std::string& rawItem) {
    const std::string item = trim(rawItem);
    const size_t eq = item.find('=');
    if (eq == std::string::npos) return error("'" + item + "' has no '='");
    const std::string key = trim(item.substr(0, eq));
    if (key.empty()) return error("'" + item + "' has no target name or index before '='");
    Result<float> value = parseValue(item, trim(item.substr(eq + 1)));
    if (!value) return value.error();

    WeightAssignment assignment;
    assignment.value = *value;
    if (key.rfind(kExpressionPrefix, 0) == 0) {
        assignment.kind = WeightAssignment::Kind::Expression;
        assignment.name = trim(key.substr(std::string(kExpressionPrefix).size()));
        if (assignment.name.empty()) return error("'" + item + "' has no expression name");
    } else if (key == "*") {
        assignment.kind = WeightAssignment::Kind::All;
    } else if (isIndex(key)) {
        // A purely numeric key is an index; names with digits and letters stay names.
        assignment.kind = WeightAssignment::Kind::Index;
        const auto [ptr, ec] =
            std::from_chars(key.data(), key.data() + key.size(), assignment.index);
        if (ec != std::errc())
            return error("'" + item + "': target index " + key + " is too large");
    } else {
        assignment.kind = WeightAssignment::Kind::Name;
        assignment.name = key;
    }
    return assignment;
}

std::string describe(const WeightAssignment& a) {
    switch (a.kind) {
        case WeightAssignment::Kind::Name: return "no mesh has a target named '" + a.name + "'";
        case WeightAssignment::Kind::Index:
            return "no mesh has a target with index " + std::to_string(a.index);
        case WeightAssignment::Kind::Expression:  // expressionMissing says more
        case WeightAssignment::Kind::All: break;
    }
    return "'*' matches nothing: no mesh has morph targets";
}

// The target indices of `mesh` the assignment sets (a name may be given to several targets).
std::vector<size_t> matches(const Mesh& mesh, const WeightAssignment& a) {
    std::vector<size_t> out;
    const size_t count = mesh.targetCount();
    switch (a.kind) {
        case WeightAssignment::Kind::Name:
            for (size_t i = 0; i < count; ++i) {
                if (mesh.targetNames[i] == a.name) out.push_back(i);
            }
            break;
        case WeightAssignment::Kind::Index:
            if (a.index < count) out.push_back(a.index);
            break;
        case WeightAssignment::Kind::All:
            for (size_t i = 0; i < count; ++i) out.push_back(i);
            break;
        case WeightAssignment::Kind::Expression: break;  // through its binds, not by name
    }
    return out;
}

// "no VRM expression named 'grin' (the file has happy, blink)".
std::string expressionMissing(const Scene& scene, const std::string& name) {
    std::string names;
    size_t listed = 0;
    for (size_t i : expressionDisplayOrder(scene)) {
        if (++listed > 24) {  // one line stays readable
            names += ", ...";
            break;
        }
        names += (names.empty() ? "" : ", ") + scene.expressions[i].name;
    }
    return "no VRM expression named '" + name + "' (" +
           (names.empty() ? std::string("the file has none") : "the file has " + names) + ")";
}

}  // namespace

Result<std::vector<WeightAssignment>> parseWeightSpec(const std::string& spec) {
    std::vector<WeightAssignment> assignments;
    if (trim(spec).empty()) return error("empty specification (expected NAME=V, INDEX=V or *=V)");
    size_t start = 0;
    size_t position = 1;
    while (true) {
        const size_t comma = spec.find(',', start);
        const std::string item =
            spec.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (trim(item).empty()) return error("item " + std::to_string(position) + " is empty");
        Result<WeightAssignment> assignment = parseItem(item);
        if (!assignment) return assignment.error();
        assignments.push_back(std::move(*assignment));
        if (comma == std::string::npos) break;
        start = comma + 1;
        ++position;
    }
    return assignments;
}

Status applyWeightSpec(const Scene& scene, const std::vector<WeightAssignment>& spec,
                       std::vector<NodePose>& pose) {
    // Check every assignment first, so a bad one leaves the pose untouched. An assignment must
    // match a mesh, instanced or not: "no mesh has" is what the message says.
    std::vector<float> expressions(scene.expressions.size(), 0.0f);
    bool anyExpression = false;
    for (const WeightAssignment& a : spec) {
        if (a.kind == WeightAssignment::Kind::Expression) {
            const int e = findExpression(scene, a.name);
            if (e < 0) return error(expressionMissing(scene, a.name));
            expressions[size_t(e)] = a.value;
            anyExpression = true;
            continue;
        }
        const bool matched = std::any_of(scene.meshes.begin(), scene.meshes.end(),
                                         [&](const Mesh& m) { return !matches(m, a).empty(); });
        if (!matched) return error(describe(a));
    }
    if (anyExpression) applyExpressions(scene, expressions, pose);
    // In order, so "*=0,jawOpen=1" zeroes everything but jawOpen.
    for (const WeightAssignment& a : spec) {
        for (size_t n = 0; n < scene.nodes.size() && n < pose.size(); ++n) {
            const int mesh = scene.nodes[n].mesh;
            if (mesh < 0 || size_t(mesh) >= scene.meshes.size()) continue;
            const Mesh& m = scene.meshes[size_t(mesh)];
            std::vector<float>& weights = pose[n].weights;
            if (weights.size() < m.targetCount()) weights.resize(m.targetCount(), 0.0f);
            for (size_t i : matches(m, a)) weights[i] = a.value;
        }
    }
    return {};
}

}  // namespace morph
