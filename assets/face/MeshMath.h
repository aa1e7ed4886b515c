#pragma once
// Smooth normals and tangents of a Part, also used on every deformed copy so normal deltas come
// from the deformed surface itself.
#include <vector>

#include <glm/glm.hpp>

#include "FaceModel.h"

namespace face {

// Area-weighted vertex normals; vertices sharing a weld representative share the normal.
std::vector<glm::vec3> smoothNormals(const Part& part, const std::vector<glm::vec3>& positions);

// Per-vertex tangents from UV derivatives (Lengyel), orthogonalised against the normals;
// w is the bitangent sign (glTF 2.0 3.7.2.1).
std::vector<glm::vec4> uvTangents(const Part& part);

}  // namespace face
