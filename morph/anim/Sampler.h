#pragma once
// Animation sampling as pure functions: binary search, no hidden cursor.
#include <cstddef>
#include <vector>

#include "morph/Scene.h"

namespace morph {

// Index k of the key interval [input[k], input[k+1]] holding t (clamped to the ends).
size_t findKeyInterval(const std::vector<float>& input, float t);

// Writes sampler.width floats for time t. Before the first key: the first value; after the last:
// the last. Rotation (AnimationPath::Rotation) is slerped for LINEAR and normalized after
// CUBICSPLINE; CUBICSPLINE tangents are scaled by the key interval (glTF 2.0 Appendix C).
void sampleInto(const AnimationSampler& sampler, AnimationPath path, float t, float* out);
std::vector<float> sample(const AnimationSampler& sampler, AnimationPath path, float t);

}  // namespace morph
