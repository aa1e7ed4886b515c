#pragma once
// The GPU side of skins: one drawn node's joint matrices (morph::nodeJointMatrices) in a shader
// storage buffer, written per frame, and bindSkin() that points a program at them (see
// shaders/skin.glsl for the reading side). A storage buffer rather than a uniform block: rigs
// with more joints than a 16 KiB UBO holds (256 mat4) are common in real files.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"
#include "renderer/gl/Buffer.h"
#include "renderer/gl/Program.h"
#include "renderer/scene/Bounds.h"
#include "renderer/scene/PrimitiveBuffers.h"

namespace renderer {

class SkinJoints {
public:
    SkinJoints() = default;
    static SkinJoints create(size_t jointCount);

    // Writes `matrices` (at most jointCount of them; missing ones stay as they were).
    void update(const std::vector<glm::mat4>& matrices);
    size_t jointCount() const { return mJointCount; }
    const gl::Buffer& buffer() const { return mBuffer; }
    // The last matrices written (identity before the first update): for bounds and sorting.
    const std::vector<glm::mat4>& matrices() const { return mMatrices; }

private:
    gl::Buffer mBuffer;
    size_t mJointCount = 0;
    std::vector<glm::mat4> mMatrices;
};

// 8, 4 or 0: the influences a draw of `buffers` skinned by `joints` uses (those it carries,
// JOINTS_0/1 with WEIGHTS_0/1; 0 without joints).
uint32_t skinInfluences(const SkinJoints* joints, const PrimitiveBuffers& buffers);

// Binds `joints` to MV_SSBO_SKIN_JOINTS and sets MV_UNIFORM_SKIN_INFLUENCES for `buffers`; with
// `joints` null (or a primitive without JOINTS_0) the shader skips skinning.
void bindSkin(gl::Program& program, const SkinJoints* joints, const PrimitiveBuffers& buffers);

// Bounds of skinned geometry. A skinned vertex is sum_i w_i * M_i * p with weights summing to 1
// (the importer normalizes them), a convex combination of the points M_i * p; if p lies in
// box_i for every joint i that moves it, the vertex lies in the hull of the boxes M_i(box_i).
// So the union of each joint's box of the vertices it moves, transformed by that joint's matrix,
// holds the skinned primitive: a cheap, correct upper bound, per joint rather than one box for
// the whole mesh so a long arm is not bounded by every bone swinging all of it.
struct JointBox {
    uint32_t joint = 0;
    Aabb box;  // base positions of the vertices this joint moves with a non-zero weight
};
std::vector<JointBox> jointBoxes(const morph::Primitive& primitive);
// Each box grown by the morph (growMin/growMax: how far the morphed box's faces moved, <= 0 and
// >= 0), then moved by its joint matrix; joints past `joints` are skipped.
Aabb skinnedBounds(const std::vector<JointBox>& boxes, const glm::vec3& growMin,
                   const glm::vec3& growMax, const std::vector<glm::mat4>& joints);

}  // namespace renderer
