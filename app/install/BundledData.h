// Where the running morphview finds the data it ships with (the bundled face and character):
// relative to its own executable, so an installed copy never reads the source tree it was built
// from, and a build-tree copy finds the committed assets.
#pragma once

#include <string>

namespace app {

// NAME ("face.glb", "character.glb") in the first of, relative to the executable's folder E
// (/proc/self/exe): E/../share/morphview/ (installed: PREFIX/bin/morphview), E/../assets/ (a
// build tree inside the checkout: build/morphview), E/assets/ (any build tree, where CMake links
// the committed assets). "" when none holds it.
std::string bundledDataPath(const std::string& name);

// The face the viewer opens, and capture draws, without a MODEL; "" when it is not found.
std::string bundledFacePath();

}  // namespace app
