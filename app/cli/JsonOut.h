#pragma once
// JSON output shared by the commands: float arrays and writing the text out.
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "morph/Result.h"

namespace app {

// Output documents keep their keys in the order written (the contract order), which
// reads better than nlohmann::json's alphabetical order; readers must not depend on either.
using Json = nlohmann::ordered_json;

// Floats as JSON numbers. Each float is widened to double, which is exact, and nlohmann::json
// prints a double with the shortest digits that read back to the same double; so a reader gets
// back exactly the float we computed (0.1f prints as 0.10000000149011612, not a rounded 0.1).
Json floatArray(const std::vector<float>& values);
Json flatArray(const std::vector<glm::vec3>& values);  // [x, y, z, x, y, z, ...]

// Writes `text` to `outPath` atomically (temporary file + rename), or to stdout when `outPath`
// is empty. A failure is one line naming the file ("<stdout>" for stdout).
morph::Status writeText(const std::string& text, const std::string& outPath);

}  // namespace app
