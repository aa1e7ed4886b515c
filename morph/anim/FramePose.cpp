#include "morph/anim/FramePose.h"

#include <utility>

#include "morph/anim/Skin.h"

namespace morph {

FramePose resolveFrame(const Scene& scene, std::vector<NodePose> pose) {
    FramePose frame;
    frame.nodes = pose.size() == scene.nodes.size() ? std::move(pose) : restPose(scene);
    frame.world = worldMatrices(scene, frame.nodes);
    frame.active.resize(frame.nodes.size());
    frame.joints.resize(frame.nodes.size());
    for (size_t n = 0; n < frame.nodes.size(); ++n) {
        frame.active[n].assign(frame.nodes[n].weights);
        if (scene.nodes[n].mesh >= 0 && scene.nodes[n].skin >= 0) {
            frame.joints[n] = nodeJointMatrices(scene, int(n), frame.world);
        }
    }
    return frame;
}

}  // namespace morph
