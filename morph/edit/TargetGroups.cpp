#include "morph/edit/TargetGroups.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "morph/names/NameParts.h"

namespace morph {
namespace {

struct Sided {
    NameSide side = NameSide::None;
    std::string mirror;
};

// The side word in the case the name uses, so "LEFT" mirrors to "RIGHT" and "left" to "right".
std::string sideWord(NameSide side, std::string_view caseOf) {
    std::string word = side == NameSide::Left ? "left" : "right";
    if (caseOf.size() > 1 && std::isupper(static_cast<unsigned char>(caseOf[1]))) {
        std::transform(word.begin(), word.end(), word.begin(),
                       [](char c) { return static_cast<char>(std::toupper(c)); });
    } else if (!caseOf.empty() && std::isupper(static_cast<unsigned char>(caseOf[0]))) {
        word[0] = static_cast<char>(std::toupper(word[0]));
    }
    return word;
}

// The side (morph/names/NameParts.h findSideMarker) and the name with it swapped.
Sided sideOf(std::string_view name) {
    const SideMarker marker = findSideMarker(name);
    if (marker.side == NameSide::None) return {};
    const NameSide other = marker.side == NameSide::Left ? NameSide::Right : NameSide::Left;
    std::string mirror(name.substr(0, marker.at));
    if (marker.length == 1) {  // "_L" -> "_R", "_l" -> "_r"
        const bool upper = std::isupper(static_cast<unsigned char>(name[marker.at]));
        const char letter = other == NameSide::Left ? 'l' : 'r';
        mirror += upper ? static_cast<char>(std::toupper(letter)) : letter;
    } else {
        mirror += sideWord(other, name.substr(marker.at, marker.length));
    }
    mirror += name.substr(marker.at + marker.length);
    return {marker.side, mirror};
}

}  // namespace

const std::vector<std::string>& arkitGroupPrefixes() {
    static const std::vector<std::string> kPrefixes = {"brow",  "eye",  "cheek", "jaw",
                                                       "mouth", "nose", "tongue"};
    return kPrefixes;
}

std::optional<std::string> arkitGroupOf(std::string_view name) {
    std::string low = toLowerAscii(stripNamespace(name));
    for (const std::string& prefix : arkitGroupPrefixes()) {
        if (low.compare(0, prefix.size(), prefix) == 0) return prefix;
    }
    return std::nullopt;
}

std::optional<std::string> knownGroupOf(std::string_view name) {
    if (std::optional<std::string> arkit = arkitGroupOf(name)) return arkit;
    const std::string low = toLowerAscii(stripNamespace(name));
    // Oculus / Ready Player Me visemes: viseme_sil, viseme_PP, ... viseme_aa, viseme_U.
    if (low.compare(0, 7, "viseme_") == 0 && low.size() > 7) return std::string("viseme");
    // VRoid Studio: Fcl_<PART>_<Name> (Fcl_ALL_Joy, Fcl_BRW_Angry, Fcl_EYE_Close, Fcl_MTH_A,
    // Fcl_HA_Fung1); ALL drives the whole face, HA the teeth.
    if (low.compare(0, 4, "fcl_") == 0) {
        const size_t end = low.find('_', 4);
        if (end == std::string::npos || end == 4 || end + 1 >= low.size()) return std::nullopt;
        const std::string part = low.substr(4, end - 4);
        if (part == "all") return std::string("expression");
        if (part == "brw") return std::string("brow");
        if (part == "eye") return std::string("eye");
        if (part == "mth") return std::string("mouth");
        if (part == "ha") return std::string("teeth");
        return part;
    }
    return std::nullopt;
}

namespace {

// The part of a name before its first '_', '-' or ' ' (after any namespace), or "" when there is
// none: "Mouth_Smile" -> "Mouth".
std::string prefixOf(std::string_view name) {
    const std::string_view bare = stripNamespace(name);
    const size_t cut = bare.find_first_of("_- ");
    if (cut == std::string_view::npos || cut == 0 || cut + 1 >= bare.size()) return {};
    return std::string(bare.substr(0, cut));
}

}  // namespace

std::vector<TargetGroup> groupTargets(const std::vector<std::string>& names) {
    if (names.empty()) return {};
    // Known groups in face order (ARKit's, visemes, then VRoid's own), then shared prefixes in
    // order of appearance, then "other".
    std::vector<TargetGroup> groups;
    for (const std::string& prefix : arkitGroupPrefixes()) groups.push_back({prefix, {}});
    for (const char* name : {"viseme", "expression", "teeth"}) groups.push_back({name, {}});
    auto groupNamed = [&](const std::string& name) -> TargetGroup& {
        for (TargetGroup& g : groups) {
            if (toLowerAscii(g.name) == toLowerAscii(name)) return g;
        }
        groups.push_back({name, {}});
        return groups.back();
    };
    std::vector<size_t> unknown;
    size_t grouped = 0;
    for (size_t i = 0; i < names.size(); ++i) {
        if (std::optional<std::string> group = knownGroupOf(names[i])) {
            groupNamed(*group).targets.push_back(i);
            ++grouped;
        } else {
            unknown.push_back(i);
        }
    }
    // The rest by a prefix at least two of them share ("Mouth_Smile", "Mouth_Frown").
    std::unordered_map<std::string, size_t> prefixCount;
    for (size_t i : unknown) {
        const std::string prefix = toLowerAscii(prefixOf(names[i]));
        if (!prefix.empty()) ++prefixCount[prefix];
    }
    std::vector<size_t> other;
    for (size_t i : unknown) {
        const std::string prefix = prefixOf(names[i]);
        if (!prefix.empty() && prefixCount[toLowerAscii(prefix)] >= 2) {
            groupNamed(prefix).targets.push_back(i);
            ++grouped;
        } else {
            other.push_back(i);
        }
    }
    // Mostly names of no group ("0", "1", "Smile", "Frown"): grouping would hide them in "other".
    if (grouped * 2 < names.size()) {
        TargetGroup flat;
        for (size_t i = 0; i < names.size(); ++i) flat.targets.push_back(i);
        return {flat};
    }
    groups.push_back({"other", std::move(other)});
    groups.erase(std::remove_if(groups.begin(), groups.end(),
                                [](const TargetGroup& g) { return g.targets.empty(); }),
                 groups.end());
    // Each group in name order of the input (indices ascending).
    for (TargetGroup& g : groups) std::sort(g.targets.begin(), g.targets.end());
    return groups;
}

std::optional<std::string> mirrorName(std::string_view name) {
    Sided s = sideOf(name);
    if (s.side == NameSide::None) return std::nullopt;
    return s.mirror;
}

std::vector<TargetPair> findLeftRightPairs(const std::vector<std::string>& names) {
    std::unordered_map<std::string, size_t> byName;
    for (size_t i = 0; i < names.size(); ++i) byName.emplace(names[i], i);  // first one wins
    std::vector<bool> used(names.size(), false);
    std::vector<TargetPair> pairs;
    for (size_t i = 0; i < names.size(); ++i) {
        Sided s = sideOf(names[i]);
        if (s.side != NameSide::Left || used[i]) continue;
        auto it = byName.find(s.mirror);
        if (it == byName.end() || it->second == i || used[it->second]) continue;
        used[i] = used[it->second] = true;
        pairs.push_back({i, it->second});
    }
    return pairs;
}

bool matchesFilter(std::string_view name, std::string_view filter) {
    std::string low = toLowerAscii(name);
    std::string words = toLowerAscii(filter);
    size_t pos = 0;
    while (pos < words.size()) {
        size_t start = words.find_first_not_of(" \t", pos);
        if (start == std::string::npos) break;
        size_t end = words.find_first_of(" \t", start);
        if (end == std::string::npos) end = words.size();
        if (low.find(words.substr(start, end - start)) == std::string::npos) return false;
        pos = end;
    }
    return true;
}

}  // namespace morph
