// Head and eyes from live input (app/live/LiveHead): the joints found (the VRM humanoid's, else by
// name), a turn given in the model's frame applied at a joint whose own axes are turned, the
// eye-look values from the eyes' yaw and pitch, and the live layer deriving them only when the
// source sent none.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/live/LiveHead.h"
#include "app/live/LiveNames.h"

namespace live_head_test {

namespace {

using app::live::HeadEyes;
using app::live::LiveHeadRig;

constexpr float kPi = 3.14159265f;

// Root "Armature" turned 90 degrees about +Y, its child "mixamorig:Head", and two eyes.
morph::Scene skeleton() {
    morph::Scene scene;
    scene.nodes.resize(4);
    scene.nodes[0].name = "Armature";
    scene.nodes[0].rotation = glm::angleAxis(kPi / 2, glm::vec3(0, 1, 0));
    scene.nodes[0].children = {1};
    scene.nodes[1].name = "mixamorig:Head";
    scene.nodes[1].parent = 0;
    scene.nodes[1].children = {2, 3};
    scene.nodes[2].name = "J_Adj_L_FaceEye";
    scene.nodes[2].parent = 1;
    scene.nodes[3].name = "righteye";
    scene.nodes[3].parent = 1;
    return scene;
}

void expectNear(const glm::vec3& a, const glm::vec3& b) {
    EXPECT_NEAR(a.x, b.x, 1e-5f);
    EXPECT_NEAR(a.y, b.y, 1e-5f);
    EXPECT_NEAR(a.z, b.z, 1e-5f);
}

TEST(LiveHeadTest, FindsTheJointsByName) {
    const LiveHeadRig rig(skeleton());
    EXPECT_EQ(rig.head(), 1u);
    EXPECT_EQ(rig.leftEye(), 2u);
    EXPECT_EQ(rig.rightEye(), 3u);
    EXPECT_FALSE(LiveHeadRig(morph::Scene()).head().has_value());
}

// A VRM's humanoid names its head and eye bones: they win over the names, and a bone the file
// leaves out is still found by name.
TEST(LiveHeadTest, TheVrmHumanoidsBonesComeFirst) {
    morph::Scene scene = skeleton();
    scene.humanoid.head = 0;     // "Armature": no head by name, but the humanoid says so
    scene.humanoid.leftEye = 3;  // and the eyes the other way round
    const LiveHeadRig rig(scene);
    EXPECT_EQ(rig.head(), 0u);
    EXPECT_EQ(rig.leftEye(), 3u);
    EXPECT_EQ(rig.rightEye(), 3u);  // by name: "righteye"
    scene.humanoid.head = 99;       // out of range: the name again
    EXPECT_EQ(LiveHeadRig(scene).head(), 1u);
}

TEST(LiveHeadTest, TurnsAreInTheModelsFrameWhateverTheJointsAxes) {
    const morph::Scene scene = skeleton();
    const LiveHeadRig rig(scene);
    HeadEyes angles{};
    angles[0] = kPi / 2;  // head yaw: a quarter turn to the model's left
    std::vector<morph::NodePose> pose(scene.nodes.size());
    pose[0].rotation = scene.nodes[0].rotation;
    app::live::applyNodeRotations(rig.rotations(angles), pose);
    // The head's forward (+Z in the model before the turn) now points at +X, the model's left.
    const glm::quat headWorld = pose[0].rotation * pose[1].rotation;
    const glm::vec3 restForward = glm::inverse(scene.nodes[0].rotation) * glm::vec3(0, 0, 1);
    expectNear(headWorld * restForward, glm::vec3(1, 0, 0));
    // Pitch up: the forward tips toward +Y.
    HeadEyes up{};
    up[1] = kPi / 2;
    std::vector<morph::NodePose> pitched(scene.nodes.size());
    pitched[0].rotation = scene.nodes[0].rotation;
    app::live::applyNodeRotations(rig.rotations(up), pitched);
    expectNear(pitched[0].rotation * pitched[1].rotation * restForward, glm::vec3(0, 1, 0));
    EXPECT_EQ(rig.rotations(angles).size(), 3u);  // head and both eyes
}

// A VRM 0.x model faces -Z: pitch up still tips its face up, and yaw still turns it to its own
// left (-X when it faces -Z).
TEST(LiveHeadTest, AVrm0ModelFacingMinusZTurnsTheSameWayForItsFace) {
    morph::Scene scene = skeleton();
    scene.nodes[0].rotation = glm::quat(1, 0, 0, 0);
    scene.humanoid.facesMinusZ = true;
    const LiveHeadRig rig(scene);
    const glm::vec3 front(0, 0, -1);
    HeadEyes up{};
    up[1] = kPi / 2;
    std::vector<morph::NodePose> pose(scene.nodes.size());
    app::live::applyNodeRotations(rig.rotations(up), pose);
    expectNear(pose[1].rotation * front, glm::vec3(0, 1, 0));
    HeadEyes left{};
    left[0] = kPi / 2;
    std::vector<morph::NodePose> turned(scene.nodes.size());
    app::live::applyNodeRotations(rig.rotations(left), turned);
    expectNear(turned[1].rotation * front, glm::vec3(-1, 0, 0));
}

TEST(LiveHeadTest, EyeLookValuesFromYawAndPitch) {
    HeadEyes angles{};
    angles[3] = 0.25f;  // left eye yaw: half a full look to the left (out)
    angles[4] = -0.5f;  // left eye pitch: fully down
    angles[6] = 0.25f;  // right eye yaw: to the left (in)
    angles[7] = 1.0f;   // right eye pitch: up, clamped to 1
    const auto values = app::live::eyeLookValues(angles);
    const std::vector<std::pair<std::string, float>> expected = {
        {"eyeLookOutLeft", 0.5f},  {"eyeLookInLeft", 0.0f},   {"eyeLookUpLeft", 0.0f},
        {"eyeLookDownLeft", 1.0f}, {"eyeLookInRight", 0.5f},  {"eyeLookOutRight", 0.0f},
        {"eyeLookUpRight", 1.0f},  {"eyeLookDownRight", 0.0f}};
    EXPECT_EQ(values, expected);
}

TEST(LiveHeadTest, TheLayerDerivesEyeLooksOnlyWhenTheSourceSentNone) {
    morph::Scene face;
    face.meshes.resize(1);
    face.meshes[0].targetNames = {"eyeLookOutLeft", "jawOpen"};
    HeadEyes angles{};
    angles[3] = 0.5f;
    app::live::LiveLayer layer(face);
    app::live::LiveSample sample{"livelink", {{"jawOpen", 0.5f}}, angles};
    EXPECT_TRUE(layer.apply(sample));
    EXPECT_EQ(layer.weightsByName(),
              (std::map<std::string, float>{{"eyeLookOutLeft", 1.0f}, {"jawOpen", 0.5f}}));
    ASSERT_TRUE(layer.headEyes().has_value());
    EXPECT_EQ((*layer.headEyes())[3], 0.5f);
    // A source that sends the looks itself keeps them.
    app::live::LiveLayer sent(face);
    sample.values.emplace_back("eyeLookOutLeft", 0.2f);
    EXPECT_TRUE(sent.apply(sample));
    EXPECT_EQ(sent.weightsByName().at("eyeLookOutLeft"), 0.2f);
}

}  // namespace

}  // namespace live_head_test
