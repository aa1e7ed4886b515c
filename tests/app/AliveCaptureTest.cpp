// Idle life headless (`capture --alive --seed N --time T`, app/shots/ShotPose.h): the pose
// builder puts idle life over the clips and under the weights, as the viewer layers it, and a
// capture at T draws exactly the weights idle life gives at T, as --weights would draw them.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/shots/ShotPose.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/IdleLife.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageFile.h"

namespace alive_capture_test {

namespace {

const morph::Scene& face() {
    static const morph::Scene scene = *morph::importGltf(fixtures::bundledFace());
    return scene;
}

// Halfway through seed 1's first blink: the eyes are shut.
float firstBlinkShut() {
    const morph::IdleBlink blink = morph::makeIdleSchedule(1).blinks.front();
    return float(blink.start + 0.45 * blink.duration);
}

size_t targetIndex(const std::string& name) {
    const std::vector<std::string>& names = face().meshes[0].targetNames;
    return size_t(std::find(names.begin(), names.end(), name) - names.begin());
}

// The weight on the node showing the face's one mesh.
float faceWeight(const std::vector<morph::NodePose>& pose, const std::string& name) {
    for (size_t n = 0; n < face().nodes.size(); ++n) {
        if (face().nodes[n].mesh == 0) return pose[n].weights[targetIndex(name)];
    }
    return -1;
}

std::vector<uint8_t> pixels(const std::string& png) {
    auto image = morph::readImageFile(png);
    EXPECT_TRUE(image.ok()) << png;
    return image.ok() ? image->pixels : std::vector<uint8_t>{};
}

TEST(AliveCaptureTest, IdleLifeIsOverTheClipsAndUnderTheWeights) {
    const float shut = firstBlinkShut();
    auto alive = app::buildPose(face(), {}, shut, {}, 1u);
    ASSERT_TRUE(alive.ok()) << alive.error().message;
    EXPECT_EQ(faceWeight(*alive, "eyeBlinkLeft"), 1.0f);
    EXPECT_EQ(faceWeight(*alive, "eyeBlinkRight"), 1.0f);
    auto still = app::buildPose(face(), {}, shut, {});
    EXPECT_EQ(faceWeight(*still, "eyeBlinkLeft"), 0.0f);
    // The talk clip drives every weight of the face's node; idle life over it shuts the eyes.
    EXPECT_LT(faceWeight(*app::buildPose(face(), {0}, shut, {}), "eyeBlinkLeft"), 1.0f);
    EXPECT_EQ(faceWeight(*app::buildPose(face(), {0}, shut, {}, 1u), "eyeBlinkLeft"), 1.0f);
    morph::WeightAssignment user;
    user.name = "eyeBlinkLeft";
    user.value = 0.2f;
    auto underWeights = app::buildPose(face(), {}, shut, {user}, 1u);
    ASSERT_TRUE(underWeights.ok()) << underWeights.error().message;
    EXPECT_EQ(faceWeight(*underWeights, "eyeBlinkLeft"), 0.2f);
    EXPECT_EQ(faceWeight(*underWeights, "eyeBlinkRight"), 1.0f);
}

TEST(AliveCaptureTest, ACaptureAtTIsIdleLifesWeightsAtT) {
    const std::string dir = fixtures::caseScratchDir();
    char time[32];
    std::snprintf(time, sizeof(time), "%.9g", double(firstBlinkShut()));
    const auto aliveRun =
        fixtures::runMorphview({"capture", "--alive", "--seed", "1", "--time", time, "--size",
                                "96x96", "--out", dir + "/alive.png"});
    ASSERT_EQ(aliveRun.exitCode, 0) << aliveRun.err;
    // The same weights by name, printed so that they read back as the same floats.
    const morph::IdleFrame frame = morph::idleFrameAt(morph::planIdleLife(face()),
                                                      morph::makeIdleSchedule(1), std::stof(time));
    std::string spec;
    for (const auto& [key, value] : frame.weights) {
        char item[96];
        std::snprintf(item, sizeof(item), "%s%s=%.9g", spec.empty() ? "" : ",",
                      face().meshes[key.first].targetNames[key.second].c_str(), double(value));
        spec += item;
    }
    const auto weightsRun = fixtures::runMorphview(
        {"capture", "--weights", spec, "--size", "96x96", "--out", dir + "/weights.png"});
    ASSERT_EQ(weightsRun.exitCode, 0) << weightsRun.err;
    EXPECT_EQ(pixels(dir + "/alive.png"), pixels(dir + "/weights.png")) << spec;
}

}  // namespace

}  // namespace alive_capture_test
