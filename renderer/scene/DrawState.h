#pragma once
// What drawing a GpuScene writes, owned by whoever draws it (SceneRenderer, OverlayRenderer)
// rather than by the scene: per node this frame's weights (MorphWeights) and joint matrices
// (SkinJoints) and the matrix its mesh is drawn with, per drawn (node, primitive) its morph
// (PrimitiveMorph: the path data built on first use, one per primitive, shared by the nodes that
// use its mesh; the pre-pass output, one per node, since two nodes may use one mesh with
// different weights), and the copy of the scene's --max-memory budget that path data is
// charged to. Made again when a different scene is drawn.
#include <cstdint>
#include <memory>
#include <vector>

#include <glm/glm.hpp>

#include "morph/anim/FramePose.h"
#include "renderer/morph/GpuLimits.h"
#include "renderer/morph/MorphTargets.h"
#include "renderer/morph/PrimitiveMorph.h"
#include "renderer/scene/GpuScene.h"
#include "renderer/scene/SkinJoints.h"

namespace renderer {

class DrawState {
public:
    // Makes the state for `scene` unless it already holds it (GpuScene::id()).
    void use(const GpuScene& scene);

    // This frame: every drawn node's weights from `frame`'s active lists (or, with `instanceRows`,
    // one row per instance: a row that is empty stands for the frame's weights) and its joint
    // matrices, and the model matrix of each node (morph::skinnedModel of its world matrix for
    // a skinned node).
    void write(const GpuScene& scene, const morph::FramePose& frame,
               const std::vector<std::vector<float>>* instanceRows = nullptr,
               uint32_t instances = 1);

    // Null for a node without a morphed mesh / without a skin. The morph stage uploads the
    // weights it needs through the non-const one (MorphStage::preparePrimitive).
    const MorphWeights* weights(int node) const;
    MorphWeights* weights(int node);
    const SkinJoints* joints(int node) const;
    const glm::mat4& model(int node) const { return mModels[size_t(node)]; }
    // The morph of `primitive` (of `node`'s mesh) as `node` draws it. The first node that draws
    // a mesh has slot GpuPrimitive::index; each further node gets its own slots (share()), so
    // one node per mesh costs what it did before meshes could be shared.
    PrimitiveMorph& morph(int node, const GpuPrimitive& primitive) {
        return mMorphs[primitive.index + mMorphOffsets[size_t(node)]];
    }
    const PrimitiveMorph& morph(int node, const GpuPrimitive& primitive) const {
        return mMorphs[primitive.index + mMorphOffsets[size_t(node)]];
    }

    // GPU bytes the morph paths' data (each primitive's once) and outputs hold now.
    uint64_t morphResidentBytes() const;
    // Frees every path's data and outputs; they are built again on next use (e.g. after
    // measuring vs-dense on a 2 GB mesh).
    void releaseMorph();
    // cs-sparse's pre-pass in every primitive (gather or scatter; SparseMorph.h).
    void setSparseMethod(SparseMethod method);

private:
    uint64_t mSceneId = 0;
    std::vector<MorphWeights> mWeights;  // per node; empty for nodes without a morphed mesh
    std::vector<SkinJoints> mJoints;     // per node; empty for unskinned nodes
    std::vector<glm::mat4> mModels;      // per node
    // Per primitive (GpuPrimitive::index), then the slots of nodes that draw a mesh another
    // node drew first.
    std::vector<PrimitiveMorph> mMorphs;
    std::vector<uint32_t> mMorphOffsets;    // per node: its slot is GpuPrimitive::index + this
    uint32_t mPrimitiveCount = 0;           // slots below this own their path data
    std::unique_ptr<GpuBudget> mBudget;     // the PrimitiveMorphs point at it
    std::vector<std::vector<float>> mRows;  // crowds: the instance rows, kept across frames
    SparseMethod mSparseMethod = kDefaultSparseMethod;
};

}  // namespace renderer
