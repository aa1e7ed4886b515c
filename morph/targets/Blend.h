#pragma once
// The CPU reference: base + sum(w_i * delta_i), the oracle the GPU paths are checked against.
#include <array>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"
#include "morph/targets/ActiveWeights.h"

namespace morph {

struct MorphedPrimitive {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;   // not renormalized (see Blend.cpp)
    std::vector<glm::vec4> tangents;  // xyz morphed, w (handedness) kept
    std::array<std::vector<glm::vec2>, 2> texcoords;
    std::vector<glm::vec4> colors;
};

// `weights` has one entry per target; missing entries count as 0.
MorphedPrimitive blend(const Primitive& primitive, const std::vector<float>& weights);
// The same from an active list (targets ascending; those past the primitive's are ignored):
// only the listed targets are visited, in the same order, so the sums are the same.
MorphedPrimitive blendActive(const Primitive& primitive, const ActiveWeights& active);

}  // namespace morph
