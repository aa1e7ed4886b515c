#include "morph/names/FaceNames.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "morph/Expression.h"
#include "morph/names/NameParts.h"

namespace morph {
namespace {

// ARFaceAnchor.BlendShapeLocation's raw values; MediaPipe's categories are these after
// "_neutral", less tongueOut, in the same order.
const char* const kArkit[] = {
    "browDownLeft",      "browDownRight",      "browInnerUp",         "browOuterUpLeft",
    "browOuterUpRight",  "cheekPuff",          "cheekSquintLeft",     "cheekSquintRight",
    "eyeBlinkLeft",      "eyeBlinkRight",      "eyeLookDownLeft",     "eyeLookDownRight",
    "eyeLookInLeft",     "eyeLookInRight",     "eyeLookOutLeft",      "eyeLookOutRight",
    "eyeLookUpLeft",     "eyeLookUpRight",     "eyeSquintLeft",       "eyeSquintRight",
    "eyeWideLeft",       "eyeWideRight",       "jawForward",          "jawLeft",
    "jawOpen",           "jawRight",           "mouthClose",          "mouthDimpleLeft",
    "mouthDimpleRight",  "mouthFrownLeft",     "mouthFrownRight",     "mouthFunnel",
    "mouthLeft",         "mouthLowerDownLeft", "mouthLowerDownRight", "mouthPressLeft",
    "mouthPressRight",   "mouthPucker",        "mouthRight",          "mouthRollLower",
    "mouthRollUpper",    "mouthShrugLower",    "mouthShrugUpper",     "mouthSmileLeft",
    "mouthSmileRight",   "mouthStretchLeft",   "mouthStretchRight",   "mouthUpperUpLeft",
    "mouthUpperUpRight", "noseSneerLeft",      "noseSneerRight",      "tongueOut"};

// The Oculus Lipsync viseme reference's 15, as Ready Player Me names its targets.
const char* const kOculus[] = {"viseme_sil", "viseme_PP", "viseme_FF", "viseme_TH", "viseme_DD",
                               "viseme_kk",  "viseme_CH", "viseme_SS", "viseme_nn", "viseme_RR",
                               "viseme_aa",  "viseme_E",  "viseme_I",  "viseme_O",  "viseme_U"};

// Lipsync's documentation writes the last three ih, oh, ou (and VRChat's vrc.v_ih ...).
const std::unordered_map<std::string, std::string> kVisemeCodeAliases = {
    {"ih", "i"}, {"oh", "o"}, {"ou", "u"}};

// specification/0.0 presetName -> VRMC_vrm-1.0 expressions.md's preset (joy -> happy,
// sorrow -> sad, fun -> relaxed; the vowels a i u e o -> aa ih ou ee oh). 0.x has no surprised.
const std::pair<const char*, const char*> kVrm0Presets[] = {{"neutral", "neutral"},
                                                            {"a", "aa"},
                                                            {"i", "ih"},
                                                            {"u", "ou"},
                                                            {"e", "ee"},
                                                            {"o", "oh"},
                                                            {"blink", "blink"},
                                                            {"blink_l", "blinkLeft"},
                                                            {"blink_r", "blinkRight"},
                                                            {"joy", "happy"},
                                                            {"angry", "angry"},
                                                            {"sorrow", "sad"},
                                                            {"fun", "relaxed"},
                                                            {"lookup", "lookUp"},
                                                            {"lookdown", "lookDown"},
                                                            {"lookleft", "lookLeft"},
                                                            {"lookright", "lookRight"}};

// VRoid Studio's names whose preset is what VRoid itself binds on export: the whole face
// (Fcl_ALL_*), both eyes closed and each eye, the five vowels. The other Fcl_ shapes (brows,
// eye shapes, teeth) are parts of an expression, not one.
const std::pair<const char*, const char*> kVroidNames[] = {{"Fcl_ALL_Neutral", "neutral"},
                                                           {"Fcl_ALL_Angry", "angry"},
                                                           {"Fcl_ALL_Fun", "relaxed"},
                                                           {"Fcl_ALL_Joy", "happy"},
                                                           {"Fcl_ALL_Sorrow", "sad"},
                                                           {"Fcl_ALL_Surprised", "surprised"},
                                                           {"Fcl_EYE_Close", "blink"},
                                                           {"Fcl_EYE_Close_L", "blinkLeft"},
                                                           {"Fcl_EYE_Close_R", "blinkRight"},
                                                           {"Fcl_MTH_A", "aa"},
                                                           {"Fcl_MTH_I", "ih"},
                                                           {"Fcl_MTH_U", "ou"},
                                                           {"Fcl_MTH_E", "ee"},
                                                           {"Fcl_MTH_O", "oh"}};

std::vector<std::string> vrmNames() {
    std::vector<std::string> names;
    for (int p = 0; p < int(ExpressionPreset::Custom); ++p) {
        names.push_back(expressionPresetName(ExpressionPreset(p)));
    }
    return names;
}

std::vector<std::string> mediaPipeNames() {
    std::vector<std::string> names = {"_neutral"};
    for (const char* name : kArkit) {
        if (std::string_view(name) != "tongueOut") names.push_back(name);
    }
    return names;
}

// A set's names by their key (NameParts.h nameKey), and for vrm its 0.x and VRoid spellings.
using KeyTable = std::unordered_map<std::string, std::string>;

KeyTable keyTable(NameSet set) {
    KeyTable table;
    for (const std::string& name : nameSetNames(set)) table.emplace(nameKey(name).text(), name);
    if (set == NameSet::Vrm) {
        // After the set's own names, which win a key they share (emplace keeps the first).
        for (const auto& [from, to] : kVrm0Presets) table.emplace(nameKey(from).text(), to);
        for (const auto& [from, to] : kVroidNames) table.emplace(nameKey(from).text(), to);
    }
    return table;
}

const KeyTable& keyTableOf(NameSet set) {
    static const KeyTable kTables[] = {keyTable(NameSet::Arkit), keyTable(NameSet::Oculus),
                                       keyTable(NameSet::Vrm), keyTable(NameSet::MediaPipe)};
    return kTables[int(set)];
}

std::optional<std::string> visemeName(std::string_view fileName) {
    const std::string low = toLowerAscii(stripNamespace(fileName));
    std::string rest;
    if (low.rfind("viseme", 0) == 0) rest = low.substr(6);
    else if (low.size() > 2 && low[0] == 'v' && (low[1] == '_' || low[1] == '-'))
        rest = low.substr(2);
    else return std::nullopt;
    rest.erase(std::remove_if(rest.begin(), rest.end(),
                              [](char c) { return c == '_' || c == '-' || c == ' '; }),
               rest.end());
    if (auto alias = kVisemeCodeAliases.find(rest); alias != kVisemeCodeAliases.end())
        rest = alias->second;
    // The 15 codes differ in lower case too (kk and CH, E and ee are not both visemes).
    for (const char* name : kOculus) {
        if (toLowerAscii(std::string_view(name).substr(7)) == rest) return std::string(name);
    }
    return std::nullopt;
}

}  // namespace

const std::vector<NameSet>& allNameSets() {
    static const std::vector<NameSet> kSets = {NameSet::Arkit, NameSet::Oculus, NameSet::Vrm,
                                               NameSet::MediaPipe};
    return kSets;
}

const char* nameSetKey(NameSet set) {
    static const char* const kKeys[] = {"arkit", "oculus", "vrm", "mediapipe"};  // enum order
    return kKeys[int(set)];
}

const std::vector<std::string>& nameSetNames(NameSet set) {
    static const std::vector<std::string> kNames[] = {{std::begin(kArkit), std::end(kArkit)},
                                                      {std::begin(kOculus), std::end(kOculus)},
                                                      vrmNames(),
                                                      mediaPipeNames()};
    return kNames[int(set)];
}

std::optional<std::string> canonicalName(NameSet set, std::string_view fileName) {
    if (set == NameSet::Oculus) return visemeName(fileName);
    const KeyTable& table = keyTableOf(set);
    const auto found = table.find(nameKey(fileName).text());
    if (found == table.end()) return std::nullopt;
    return found->second;
}

std::optional<std::string> vrm0PresetName(std::string_view presetName) {
    const std::string low = toLowerAscii(presetName);
    for (const auto& [from, to] : kVrm0Presets) {
        if (low == from) return std::string(to);
    }
    return std::nullopt;
}

std::optional<std::string> vroidFaceName(std::string_view fileName) {
    const NameKey key = nameKey(fileName);
    for (const auto& [from, to] : kVroidNames) {
        if (nameKey(from) == key) return std::string(to);
    }
    return std::nullopt;
}

namespace {

NameSetCoverage coverNameSet(NameSet set, const std::vector<std::string>& names) {
    const std::unordered_set<std::string> exact(names.begin(), names.end());
    // Each set name's first spelling in `names`: several spellings of one name
    // ("blendShape1.jawOpen", "JAWOPEN") leave the later ones unclaimed, as renaming them all
    // would give one mesh two targets of one name.
    std::unordered_map<std::string, const std::string*> firstSpelling;
    for (const std::string& name : names) {
        if (std::optional<std::string> canonical = canonicalName(set, name))
            firstSpelling.emplace(*canonical, &name);
    }
    NameSetCoverage coverage{set, {}, {}, {}};
    for (const std::string& canonical : nameSetNames(set)) {
        const auto spelling = firstSpelling.find(canonical);
        if (exact.count(canonical)) coverage.present.push_back(canonical);
        else if (spelling != firstSpelling.end())
            coverage.mapped.push_back({*spelling->second, canonical});
        else coverage.missing.push_back(canonical);
    }
    return coverage;
}

}  // namespace

std::vector<NameSetCoverage> coverNameSets(const std::vector<std::string>& names) {
    std::vector<NameSetCoverage> coverage;
    for (NameSet set : allNameSets()) coverage.push_back(coverNameSet(set, names));
    return coverage;
}

std::vector<NameMapping> findRenameMap(const std::vector<std::string>& names) {
    std::unordered_set<std::string> canonical;
    for (NameSet set : allNameSets()) {
        for (const std::string& name : nameSetNames(set)) canonical.insert(name);
    }
    std::vector<NameMapping> map;
    std::unordered_set<std::string> listed;
    for (const NameSetCoverage& coverage : coverNameSets(names)) {
        for (const NameMapping& mapping : coverage.mapped) {
            if (canonical.count(mapping.from) || !listed.insert(mapping.from).second) continue;
            map.push_back(mapping);
        }
    }
    return map;
}

}  // namespace morph
