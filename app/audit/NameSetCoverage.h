#pragma once
// How a model's target names cover the known sets of face names (ARKit's 52, the Oculus visemes,
// VRM's presets, MediaPipe's blendshapes), as the names room computes it (morph/names/
// FaceNames.h: coverNameSets), and its place in audit's JSON.
#include <vector>

#include <nlohmann/json.hpp>

#include "morph/names/FaceNames.h"

namespace app::audit {

using morph::NameMapping;
using morph::NameSet;
using morph::NameSetCoverage;
using morph::nameSetKey;

// The "sets" array of audit --json: {"name", "present", "mapped": [{"from", "to"}], "missing"}.
nlohmann::ordered_json setsJson(const std::vector<NameSetCoverage>& sets);

}  // namespace app::audit
