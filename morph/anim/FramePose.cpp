#include "morph/anim/FramePose.h"

#include <utility>

#include "morph/anim/Skin.h"

namespace morph {

namespace {

// Everything derived from frame.nodes.
void derive(const Scene& scene, FramePose& frame) {
    frame.world = worldMatrices(scene, frame.nodes);
    frame.active.resize(frame.nodes.size());
    frame.joints.resize(frame.nodes.size());
    for (size_t n = 0; n < frame.nodes.size(); ++n) {
        frame.active[n].assign(frame.nodes[n].weights);
        if (scene.nodes[n].mesh >= 0 && scene.nodes[n].skin >= 0) {
            frame.joints[n] = nodeJointMatrices(scene, int(n), frame.world);
        } else {
            frame.joints[n].clear();
        }
    }
}

}  // namespace

FramePose resolveFrame(const Scene& scene, std::vector<NodePose> pose) {
    FramePose frame;
    frame.nodes = pose.size() == scene.nodes.size() ? std::move(pose) : restPose(scene);
    derive(scene, frame);
    return frame;
}

void resolveFrame(const Scene& scene, const std::vector<NodePose>& pose, FramePose& out) {
    if (pose.size() == scene.nodes.size()) {
        out.nodes = pose;
    } else {
        out.nodes = restPose(scene);
    }
    derive(scene, out);
}

}  // namespace morph
