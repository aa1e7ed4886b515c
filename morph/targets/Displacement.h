#pragma once
// How far a morph moves vertices: the scale of the viewer's displacement heat map (its legend's
// top) is the largest |morphed - base| of the weights shown.
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"

namespace morph {

// max over vertices of |linear * sum(w_i * POSITION delta_i)|: the displacement in the space
// `linear` (a node's world matrix's upper 3x3) maps to; 0 without position targets.
float maxDisplacement(const Primitive& primitive, const std::vector<float>& weights,
                      const glm::mat3& linear = glm::mat3(1.0f));

}  // namespace morph
