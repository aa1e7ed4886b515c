#pragma once
// The face's three clips, all on the face node's morph weights: `talk` (CUBICSPLINE visemes),
// `expressions` (LINEAR holds and blends of neutral, smile, frown, surprise, anger, blink) and
// `blink` (STEP).
#include <map>
#include <string>
#include <vector>

namespace face {

enum class Interp { Step, Linear, CubicSpline };

struct WeightClip {
    std::string name;
    Interp interpolation = Interp::Linear;
    std::vector<float> times;
    // Per key, one value per target; for CUBICSPLINE per key in-tangents, values, out-tangents
    // (glTF 2.0 Appendix C), each one per target.
    std::vector<float> output;
};

// A named pose: target name -> weight (ordered, so iteration is deterministic).
using Pose = std::map<std::string, float>;
const std::vector<std::pair<std::string, Pose>>& expressionPoses();

std::vector<WeightClip> makeClips(const std::vector<std::string>& targetNames);

}  // namespace face
