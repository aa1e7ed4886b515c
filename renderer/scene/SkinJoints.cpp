#include "renderer/scene/SkinJoints.h"

#include <algorithm>

#include "morph/anim/Skin.h"
#include "renderer/gl/Bindings.h"

namespace renderer {

SkinJoints SkinJoints::create(size_t jointCount) {
    SkinJoints out;
    out.mJointCount = jointCount;
    out.mMatrices.assign(jointCount, glm::mat4(1.0f));
    const std::vector<glm::mat4> identity(std::max<size_t>(jointCount, 1), glm::mat4(1.0f));
    // std430 mat4[]: 64 bytes per matrix, column-major like glm, so the vector is the layout.
    out.mBuffer = gl::Buffer::fromVector(identity, GL_DYNAMIC_STORAGE_BIT);
    return out;
}

void SkinJoints::update(const std::vector<glm::mat4>& matrices) {
    const size_t count = std::min(matrices.size(), mJointCount);
    if (count == 0) return;
    std::copy_n(matrices.begin(), count, mMatrices.begin());
    mBuffer.subData(0, GLsizeiptr(count * sizeof(glm::mat4)), matrices.data());
}

uint32_t skinInfluences(const SkinJoints* joints, const PrimitiveBuffers& buffers) {
    if (joints == nullptr || joints->jointCount() == 0) return 0;
    const uint32_t mask = buffers.attributeMask();
    if ((mask & attributeBit(Attribute::Joints0)) == 0) return 0;
    return (mask & attributeBit(Attribute::Joints1)) != 0 ? 8 : 4;
}

void bindSkin(gl::Program& program, const SkinJoints* joints, const PrimitiveBuffers& buffers) {
    const uint32_t influences = skinInfluences(joints, buffers);
    program.set(location(UniformLocation::SkinInfluences), int(influences));
    if (influences > 0)
        joints->buffer().bindBase(GL_SHADER_STORAGE_BUFFER, binding(StorageBlock::SkinJoints));
}

std::vector<JointBox> jointBoxes(const morph::Primitive& primitive) {
    std::vector<JointBox> out;
    std::vector<int> slot;  // joint -> index in out, -1 none yet
    const uint32_t sets = morph::influenceCount(primitive) / 4;
    for (uint32_t set = 0; set < sets; ++set) {
        for (size_t v = 0; v < primitive.positions.size(); ++v) {
            for (int c = 0; c < 4; ++c) {
                if (primitive.weights[set][v][c] == 0.0f) continue;
                const uint32_t joint = primitive.joints[set][v][c];
                if (joint >= slot.size()) slot.resize(size_t(joint) + 1, -1);
                if (slot[joint] < 0) {
                    slot[joint] = int(out.size());
                    out.push_back({joint, Aabb{}});
                }
                out[size_t(slot[joint])].box.extend(primitive.positions[v]);
            }
        }
    }
    return out;
}

Aabb skinnedBounds(const std::vector<JointBox>& boxes, const glm::vec3& growMin,
                   const glm::vec3& growMax, const std::vector<glm::mat4>& joints) {
    Aabb out;
    for (const JointBox& b : boxes) {
        if (!b.box.valid || b.joint >= joints.size()) continue;
        Aabb grown = b.box;
        grown.min += growMin;
        grown.max += growMax;
        out.extend(grown.transformed(joints[b.joint]));
    }
    return out;
}

}  // namespace renderer
