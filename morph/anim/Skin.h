#pragma once
// Skins (glTF 2.0 3.7.3): joint matrices per frame and the CPU reference of vertex skinning,
// the oracle the vertex shader (shaders/skin.glsl) is checked against.
//
// Spaces. glTF 2.0 3.7.3.1: a skinned vertex is placed by the joints' world transforms alone;
// the transform of the node that instantiates the skinned mesh is NOT applied. The renderer
// still draws every node with its world matrix as uModel (so every shader that calls
// skinVertex() keeps one meaning of uModel), which is why the joint matrices handed to the
// shader are expressed in that node's space (what glTF-Sample-Viewer does):
//   jointMatrix_j = inverse(model) * world(joint_j) * inverseBindMatrix_j,
// so model * jointMatrix_j = world(joint_j) * inverseBindMatrix_j, as the spec asks. `model` is
// the node's world matrix, or identity when that matrix cannot be inverted (a node scaled to 0
// must not hide a skinned mesh the spec says ignores it).
//
// Normals and tangents are skinned with the upper 3x3 of the blended skin matrix (three.js,
// Babylon.js and glTF-Sample-Viewer do the same), not with its inverse transpose: joint matrices
// are rigid or uniformly scaled in practice, and the one convention is used on CPU and GPU.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"
#include "morph/targets/Blend.h"

namespace morph {

// Influences per vertex: 0 (no JOINTS_0/WEIGHTS_0), 4 (set 0) or 8 (sets 0 and 1).
uint32_t influenceCount(const Primitive& primitive);

// glTF 2.0 3.7.3.3: world(joint) * inverseBindMatrix for each joint of `skin`.
std::vector<glm::mat4> jointWorldMatrices(const Skin& skin, const std::vector<glm::mat4>& world);

// The matrix the renderer uses as uModel for a skinned node (see above).
glm::mat4 skinnedModel(const glm::mat4& nodeWorld);

// Joint matrices in the space of node `node` (inverse(skinnedModel) * world * IBM); empty when
// the node has no valid skin.
std::vector<glm::mat4> nodeJointMatrices(const Scene& scene, int node,
                                         const std::vector<glm::mat4>& world);

// sum_i weight_i * joints[joint_i] over the vertex's influences (zero weights skipped, as the
// shader does); joint indices out of range (refused by the importer) count as not bound.
glm::mat4 skinMatrix(const Primitive& primitive, uint32_t vertex,
                     const std::vector<glm::mat4>& joints);

// Morphed mesh-space data to world space, as mesh.vert does it: skin (when `joints` is not
// empty and the primitive has influences), then `model`. Positions: model * S * p. Normals and
// tangents: the morphed vector renormalized, times mat3(S), then the node's normal matrix
// (tangents: mat3(model)), renormalized at the end, so world-space normals are unit vectors.
void toWorldSpace(const Primitive& primitive, const glm::mat4& model,
                  const std::vector<glm::mat4>& joints, MorphedPrimitive& morphed);

// Import-time fix-ups of WEIGHTS (glTF 2.0 3.7.3.2: the weights of a vertex sum to 1). Every
// row whose sum is not 1 (beyond float rounding) is scaled to 1, so CPU and GPU skin the same
// weights. `offRows` counts rows off by more than kWeightSumWarning, which the importer reports
// in one warning per file, not one per vertex: the threshold is above the rounding of 8
// normalized unsigned-byte weights (8 * 0.5/255 = 0.016 at worst, 4 * 0.5/255 usual), so a
// correctly quantized file does not warn, and a sum of 1.04 does. A row of all zeros (bound to
// nothing) gets weight 1 on its first influence, as three.js's SkinnedMesh.normalizeSkinWeights
// does ("do something reasonable") rather than collapsing the vertex to the origin. Joints whose
// weight is 0 are set to 0 so no shader ever indexes with them.
inline constexpr float kWeightSumWarning = 0.02f;
struct WeightFixes {
    uint64_t offRows = 0;    // rows whose sum was off by more than kWeightSumWarning
    uint64_t emptyRows = 0;  // all-zero rows bound to their first joint
    float worstSum = 1.0f;   // the sum furthest from 1, for the warning
};
WeightFixes normalizeSkinWeights(Primitive& primitive);

}  // namespace morph
