#pragma once
// `fix --sparse`: each morph target accessor stored sparse (glTF 2.0 3.6.2.3: no base view, only
// the elements that are not zero, with their indices) where that takes fewer bytes than it takes
// now; the values read back the same.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/fix/FixDocument.h"

namespace morph {

// One line per target name stored sparse on some mesh, with the bytes before and after.
Result<std::vector<std::string>> sparsifyTargets(FixDocument& doc);

}  // namespace morph
