#pragma once
// Head and eyes from live input, GL-free: Live Link Face's head yaw, pitch and roll and each
// eye's yaw and pitch (radians, as the datagram carries them) turned into rotations of the
// model's head and eye joints, for the pose to apply (applyNodeRotations), and into ARKit's
// eye-look targets for a face that has them when the source did not send them.
//
// Conventions: yaw turns about the model's up axis (+Y), positive to the model's left (toward
// +X when the model faces +Z, as glTF's front does); pitch about its side axis, positive up;
// roll about its forward axis. The rotation is applied in the model's frame at the joint, on
// top of the joint's pose, whatever the joint's own axes (a Mixamo or VRoid skeleton).
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "morph/Scene.h"
#include "morph/anim/Animate.h"

namespace app::live {

// Live Link Face's nine rotation values in its order: head yaw, pitch, roll; left eye yaw,
// pitch, roll; right eye yaw, pitch, roll.
using HeadEyes = std::array<float, 9>;

struct NodeRotation {
    size_t node = 0;
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // the node's new local rotation's factor
};

// The joints of one model: the head (a node named like a head: Head, head, mixamorig:Head,
// J_Bip_C_Head, ...) and the eyes (LeftEye/RightEye, J_Adj_L_FaceEye, VRM's leftEye/rightEye).
class LiveHeadRig {
public:
    explicit LiveHeadRig(const morph::Scene& scene);

    std::optional<size_t> head() const { return mHead; }
    std::optional<size_t> leftEye() const { return mLeftEye; }
    std::optional<size_t> rightEye() const { return mRightEye; }

    // The local rotation factors that turn each joint found by `angles` in the model's frame.
    std::vector<NodeRotation> rotations(const HeadEyes& angles) const;

private:
    std::vector<glm::quat> mWorld;  // per node: its rest rotation in the model's frame
    std::optional<size_t> mHead, mLeftEye, mRightEye;
    bool mFacesMinusZ = false;  // a VRM 0.x model
};

// The node a name list picks: the first node named (in any case) as one of `names`.
std::optional<size_t> findNodeNamed(const morph::Scene& scene,
                                    const std::vector<std::string>& names);

// pose[node].rotation = pose[node].rotation * rotation for each (nodes past the pose ignored).
void applyNodeRotations(const std::vector<NodeRotation>& rotations,
                        std::vector<morph::NodePose>& pose);

// ARKit's eight eye-look values from the eyes' yaw and pitch: a full look (1) at
// kEyeLookFullRadians, "Out" for the left eye looking left (positive yaw), "In" for the right.
constexpr float kEyeLookFullRadians = 0.5f;
std::vector<std::pair<std::string, float>> eyeLookValues(const HeadEyes& angles);

}  // namespace app::live
