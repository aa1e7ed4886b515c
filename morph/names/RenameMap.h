#pragma once
// A rename map: {"the file's name": "the set's name", ...}, as `--rename MAP.json` reads it and
// the audit writes it (FaceNames.h findRenameMap), applied to a loaded Scene's target names.
#include <string>
#include <vector>

#include "morph/Result.h"
#include "morph/Scene.h"
#include "morph/names/FaceNames.h"

namespace morph {

// The map as a JSON object sorted by the file's names, two-space indented, with a final newline.
std::string renameMapJson(const std::vector<NameMapping>& map);

// The map a JSON object of strings gives, sorted by the file's names. Errors (ErrorCode Json or
// Schema) are one line saying what is wrong, without the file's name, which the caller puts in
// front: "not JSON (...)", "is not a JSON object", "\"jawOpen\": is not a string", "\"x\": is
// renamed to an empty name".
Result<std::vector<NameMapping>> parseRenameMapJson(const std::string& text);

// Renames every mesh's targets the map names (Mesh::targetNames; expressions, animations and
// everything else refer to targets by index, so nothing else changes). Gives back one line for
// each name of the map that no mesh has (a warning, nothing renamed for it). An error, and the
// scene unchanged, when two targets of one mesh would end up with one name: "'EyeBlink_L' and
// 'eyeBlink_L' would both be named 'eyeBlinkLeft' on mesh 1 (Face)".
Result<std::vector<std::string>> applyRenameMap(Scene& scene, const std::vector<NameMapping>& map);

}  // namespace morph
