#pragma once
// How a model's target names cover the known sets of face names (ARKit's 52, the Oculus visemes,
// VRM's presets, MediaPipe's blendshapes): the shape the names room (morph/names) computes, kept
// here in the same form so audit's "sets" output is written against it. `morph::coverNameSets`
// fills it once that room is merged; until then audit passes no coverage and prints "sets": [].
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace app::audit {

enum class NameSet { Arkit, Oculus, Vrm, Mediapipe };

struct NameMapping {
    std::string from;  // the model's name
    std::string to;    // the set's name it stands for
};

struct NameSetCoverage {
    NameSet set = NameSet::Arkit;
    std::vector<std::string> present;  // the set's names the model has as they are
    std::vector<NameMapping> mapped;   // the model's names that stand for one of the set's
    std::vector<std::string> missing;  // the set's names the model lacks
};

// "arkit", "oculus", "vrm", "mediapipe".
const char* nameSetKey(NameSet set);

// The "sets" array of audit --json: {"name", "present", "mapped": [{"from", "to"}], "missing"}.
nlohmann::ordered_json setsJson(const std::vector<NameSetCoverage>& sets);

}  // namespace app::audit
