#include "app/live/LiveHead.h"

#include <algorithm>
#include <cctype>

#include "app/live/HeadTurn.h"

namespace app::live {

namespace {

bool sameIgnoringCase(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

glm::quat localRotation(const morph::Node& node) {
    if (!node.hasMatrix) return node.rotation;
    return glm::normalize(glm::quat_cast(glm::mat3(node.matrix)));
}

const glm::quat kHalfTurn(0.0f, 0.0f, 1.0f, 0.0f);  // 180 degrees about +Y (w, x, y, z)

float look(float angle) {
    return std::clamp(angle / kEyeLookFullRadians, 0.0f, 1.0f);
}

}  // namespace

std::optional<size_t> findNodeNamed(const morph::Scene& scene,
                                    const std::vector<std::string>& names) {
    for (const std::string& name : names) {
        for (size_t n = 0; n < scene.nodes.size(); ++n) {
            if (sameIgnoringCase(scene.nodes[n].name, name)) return n;
        }
    }
    return std::nullopt;
}

LiveHeadRig::LiveHeadRig(const morph::Scene& scene) {
    mWorld.assign(scene.nodes.size(), glm::quat(1, 0, 0, 0));
    // Parents before children is not promised: walk each node's chain up.
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        glm::quat world = localRotation(scene.nodes[n]);
        int parent = scene.nodes[n].parent;
        for (size_t depth = 0;
             parent >= 0 && size_t(parent) < scene.nodes.size() && depth < scene.nodes.size();
             ++depth) {
            world = localRotation(scene.nodes[size_t(parent)]) * world;
            parent = scene.nodes[size_t(parent)].parent;
        }
        mWorld[n] = world;
    }
    // The VRM humanoid's bones first; else the names the common rigs give them.
    const auto bone = [&scene](int node) {
        return node >= 0 && size_t(node) < scene.nodes.size() ? std::optional<size_t>(size_t(node))
                                                              : std::nullopt;
    };
    mFacesMinusZ = scene.humanoid.facesMinusZ;
    mHead = bone(scene.humanoid.head);
    mLeftEye = bone(scene.humanoid.leftEye);
    mRightEye = bone(scene.humanoid.rightEye);
    if (!mHead) {
        mHead = findNodeNamed(scene, {"Head", "J_Bip_C_Head", "mixamorig:Head", "Bip01 Head",
                                      "Bip001 Head", "CC_Base_Head", "head.x"});
    }
    if (!mLeftEye) {
        mLeftEye = findNodeNamed(scene, {"LeftEye", "leftEye", "J_Adj_L_FaceEye",
                                         "mixamorig:LeftEye", "Eye_L", "eye.L", "CC_Base_L_Eye"});
    }
    if (!mRightEye) {
        mRightEye = findNodeNamed(scene, {"RightEye", "rightEye", "J_Adj_R_FaceEye",
                                          "mixamorig:RightEye", "Eye_R", "eye.R", "CC_Base_R_Eye"});
    }
}

std::vector<NodeRotation> LiveHeadRig::rotations(const HeadEyes& a) const {
    std::vector<NodeRotation> out;
    const std::array<std::pair<std::optional<size_t>, size_t>, 3> joints = {
        std::pair{mHead, size_t(0)}, std::pair{mLeftEye, size_t(3)},
        std::pair{mRightEye, size_t(6)}};
    for (const auto& [node, first] : joints) {
        if (!node) continue;
        glm::quat turn = modelTurn(a[first], a[first + 1], a[first + 2]);
        // A model facing -Z: the same turn about its own side and forward axes, which point the
        // other way (yaw, about up, is unchanged).
        if (mFacesMinusZ) turn = kHalfTurn * turn * glm::conjugate(kHalfTurn);
        // The model-frame turn seen in the joint's own frame: W^-1 * turn * W.
        const glm::quat& world = mWorld[*node];
        out.push_back({*node, glm::normalize(glm::inverse(world) * turn * world)});
    }
    return out;
}

void applyNodeRotations(const std::vector<NodeRotation>& rotations,
                        std::vector<morph::NodePose>& pose) {
    for (const NodeRotation& r : rotations) {
        if (r.node < pose.size()) pose[r.node].rotation = pose[r.node].rotation * r.rotation;
    }
}

std::vector<std::pair<std::string, float>> eyeLookValues(const HeadEyes& a) {
    const float leftYaw = a[3], leftPitch = a[4], rightYaw = a[6], rightPitch = a[7];
    return {{"eyeLookOutLeft", look(leftYaw)},    {"eyeLookInLeft", look(-leftYaw)},
            {"eyeLookUpLeft", look(leftPitch)},   {"eyeLookDownLeft", look(-leftPitch)},
            {"eyeLookInRight", look(rightYaw)},   {"eyeLookOutRight", look(-rightYaw)},
            {"eyeLookUpRight", look(rightPitch)}, {"eyeLookDownRight", look(-rightPitch)}};
}

}  // namespace app::live
