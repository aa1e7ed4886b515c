#pragma once
// One frame's pose, resolved once and read by everything that shows that frame: the draw, the
// overlays, the panels, picking and inspection, capture and eval. Per node: its TRS and weights
// (dense, as sliders and files hold them, and as the active list the morph paths read), its world
// matrix and, for a node with a skin, its joint matrices.
#include <vector>

#include <glm/glm.hpp>

#include "morph/Scene.h"
#include "morph/anim/Animate.h"
#include "morph/targets/ActiveWeights.h"

namespace morph {

struct FramePose {
    std::vector<NodePose> nodes;        // per node: TRS and the dense weights
    std::vector<ActiveWeights> active;  // per node: the non-zero weights
    std::vector<glm::mat4> world;       // per node: world matrix
    // Per node with a mesh and a valid skin: nodeJointMatrices (in the node's space, for
    // skinnedModel(world)); empty otherwise.
    std::vector<std::vector<glm::mat4>> joints;
    // Which of Scene::scenes this frame shows (-1: the default one, sceneRoots()): what is drawn,
    // framed, picked and lit. Set by whoever makes the frame (the viewer's state, a capture's
    // shot); resolveFrame() keeps the value `out` has. Every node's matrices are resolved
    // whatever the scene.
    int scene = -1;

    size_t size() const { return nodes.size(); }
    const std::vector<float>& weights(int node) const { return nodes[size_t(node)].weights; }
};

// `pose` (one entry per node of `scene`; anything else is replaced by restPose) with everything
// derived from it. `scene` may be a layout without vertex data (GpuScene::layout()).
FramePose resolveFrame(const Scene& scene, std::vector<NodePose> pose);
// The same into `out`, keeping the capacity of its lists: for a caller that resolves every frame.
void resolveFrame(const Scene& scene, const std::vector<NodePose>& pose, FramePose& out);

}  // namespace morph
