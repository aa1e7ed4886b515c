#include "renderer/scene/DrawState.h"

#include <algorithm>
#include <utility>

#include "morph/anim/Skin.h"

namespace renderer {

void DrawState::use(const GpuScene& scene) {
    if (mSceneId == scene.id()) return;
    mSceneId = scene.id();
    const morph::Scene& layout = scene.layout();
    mBudget = std::make_unique<GpuBudget>(scene.budget());
    mWeights.clear();
    mWeights.resize(layout.nodes.size());
    mJoints.clear();
    mJoints.resize(layout.nodes.size());
    mModels.assign(layout.nodes.size(), glm::mat4(1.0f));
    mMorphs.clear();
    mMorphs.resize(scene.primitiveCount());
    for (const GpuMesh& mesh : scene.meshes()) {
        for (const GpuPrimitive& primitive : mesh.primitives) {
            if (!primitive.morph) continue;
            mMorphs[primitive.index] =
                PrimitiveMorph::create(primitive.morph, scene.morphLimits(), mBudget.get());
            mMorphs[primitive.index].setSparseMethod(mSparseMethod);
        }
    }
    // A mesh's first drawn node draws with the primitives' own slots; a mesh drawn again (two
    // eyes, one eye mesh) gets slots of its own for that node, sharing the path data.
    mPrimitiveCount = uint32_t(mMorphs.size());
    mMorphOffsets.assign(layout.nodes.size(), 0u);
    std::vector<bool> drawn(scene.meshes().size(), false);
    for (int node : scene.anyNodes()) {
        const size_t m = size_t(layout.nodes[size_t(node)].mesh);
        const GpuMesh& mesh = scene.meshes()[m];
        const bool morphed = std::any_of(mesh.primitives.begin(), mesh.primitives.end(),
                                         [](const GpuPrimitive& p) { return p.morph != nullptr; });
        if (!morphed || mesh.primitives.empty()) continue;
        if (!drawn[m]) {
            drawn[m] = true;
            continue;
        }
        const uint32_t first = mesh.primitives.front().index;
        mMorphOffsets[size_t(node)] = uint32_t(mMorphs.size()) - first;
        for (const GpuPrimitive& primitive : mesh.primitives)
            mMorphs.push_back(mMorphs[primitive.index].share());
    }
    for (int node : scene.anyNodes()) {
        const size_t targets = scene.meshes()[size_t(layout.nodes[size_t(node)].mesh)].targetCount;
        if (targets > 0) mWeights[size_t(node)] = MorphWeights::create(targets);
        if (const size_t joints = scene.nodeJointCount(node))
            mJoints[size_t(node)] = SkinJoints::create(joints);
    }
}

void DrawState::write(const GpuScene& scene, const morph::FramePose& frame,
                      const std::vector<std::vector<float>>* instanceRows, uint32_t instances) {
    use(scene);
    const std::vector<int>& drawn = scene.nodes(frame.scene);
    for (int node : drawn) {
        const size_t n = size_t(node);
        if (n >= frame.size()) continue;
        if (mWeights[n].targetCount() > 0) {
            if (instanceRows) {
                mRows.assign(std::max(instances, 1u), frame.nodes[n].weights);
                for (size_t k = 0; k < std::min(mRows.size(), instanceRows->size()); ++k) {
                    if (!(*instanceRows)[k].empty()) mRows[k] = (*instanceRows)[k];
                }
                mWeights[n].updateInstances(mRows);
            } else {
                mWeights[n].update(frame.active[n]);
            }
        }
        mModels[n] = frame.world[n];
        if (mJoints[n].jointCount() > 0) mJoints[n].update(frame.joints[n]);
    }
    // After all joints: a skinned node may itself be another skin's joint.
    for (int node : drawn) {
        if (mJoints[size_t(node)].jointCount() > 0)
            mModels[size_t(node)] = morph::skinnedModel(frame.world[size_t(node)]);
    }
}

const MorphWeights* DrawState::weights(int node) const {
    if (node < 0 || size_t(node) >= mWeights.size()) return nullptr;
    const MorphWeights& weights = mWeights[size_t(node)];
    return weights.targetCount() > 0 ? &weights : nullptr;
}

MorphWeights* DrawState::weights(int node) {
    return const_cast<MorphWeights*>(std::as_const(*this).weights(node));
}

const SkinJoints* DrawState::joints(int node) const {
    if (node < 0 || size_t(node) >= mJoints.size()) return nullptr;
    const SkinJoints& joints = mJoints[size_t(node)];
    return joints.jointCount() > 0 ? &joints : nullptr;
}

uint64_t DrawState::morphResidentBytes() const {
    uint64_t bytes = 0;
    for (size_t i = 0; i < mMorphs.size(); ++i)
        bytes += i < mPrimitiveCount ? mMorphs[i].residentBytes() : mMorphs[i].outputBytes();
    return bytes;
}

void DrawState::releaseMorph() {
    for (PrimitiveMorph& morph : mMorphs) morph.releaseAll();
}

void DrawState::setSparseMethod(SparseMethod method) {
    mSparseMethod = method;
    for (PrimitiveMorph& morph : mMorphs) morph.setSparseMethod(method);
}

}  // namespace renderer
