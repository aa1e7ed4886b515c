#pragma once
// `morphview info MODEL [--json]`: what the file holds, as far as morphing goes.
#include <string>

#include "app/cli/JsonOut.h"
#include "morph/Scene.h"

namespace app {

// The --json document. The keys scripts rely on (meshes, nodes, animations, packing, and
// the keys inside them) are always there; the others (file, counts, maxPositionDelta, warnings,
// extensions, per primitive layout, ...) are extras that readers may ignore.
Json infoJson(const morph::Scene& scene);

// The human-readable summary, several lines ending in '\n'.
std::string infoText(const morph::Scene& scene);

const char* pathName(morph::AnimationPath path);  // "translation", ... "weights"

}  // namespace app
