// Idle life (morph/anim/IdleLife.h): the same seed gives the same face; over ten simulated
// minutes the blinks come every 2 to 6 s, last 100 to 300 ms, close both eyes together, and are
// sometimes double; a face without eye-look targets or eye nodes gets no saccades; every weight
// stays within [0, 1].
#include <cmath>

#include <gtest/gtest.h>

#include "morph/anim/IdleLife.h"

namespace morph::idle_life_test {
namespace {

constexpr double kMinutes = 600;    // ten simulated minutes
constexpr double kStep = 1.0 / 60;  // the viewer's frame

// One mesh with `names` as its targets, shown by node 0; `nodes` more nodes by name after it.
Scene faceWith(const std::vector<std::string>& names, const std::vector<std::string>& nodes = {}) {
    Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = names;
    scene.nodes.resize(1 + nodes.size());
    scene.nodes[0].mesh = 0;
    for (size_t i = 0; i < nodes.size(); ++i) scene.nodes[1 + i].name = nodes[i];
    return scene;
}

std::vector<std::string> arkitEyes() {
    std::vector<std::string> names = {"eyeBlinkLeft", "eyeBlinkRight", "jawOpen"};
    for (const char* look : kIdleEyeLookNames) names.push_back(look);
    return names;
}

TEST(IdleLife, TheSameSeedGivesTheSameFace) {
    const IdleLifePlan plan = planIdleLife(faceWith(arkitEyes()));
    const IdleSchedule a = makeIdleSchedule(7), b = makeIdleSchedule(7), c = makeIdleSchedule(8);
    ASSERT_EQ(a.blinks.size(), b.blinks.size());
    for (double t = 0; t < 60; t += 0.37) {
        EXPECT_EQ(idleFrameAt(plan, a, t).weights, idleFrameAt(plan, b, t).weights) << t;
    }
    EXPECT_NE(a.blinks.front().start, c.blinks.front().start);  // another seed, another face
}

TEST(IdleLife, BlinksComeEveryTwoToSixSecondsAndLastATenthToThreeTenths) {
    const IdleSchedule s = makeIdleSchedule(1);
    double previousGroup = -1;
    size_t groups = 0, doubles = 0;
    for (const IdleBlink& blink : s.blinks) {
        if (blink.start > kMinutes) break;
        EXPECT_GE(blink.duration, 0.1f);
        EXPECT_LE(blink.duration, 0.3f);
        if (blink.second) {
            ++doubles;
            continue;
        }
        if (previousGroup >= 0) {
            EXPECT_GE(blink.start - previousGroup, 2.0) << blink.start;
            EXPECT_LE(blink.start - previousGroup, 6.0) << blink.start;
        }
        previousGroup = blink.start;
        ++groups;
    }
    EXPECT_GT(groups, kMinutes / 6);  // no gap longer than 6 s
    EXPECT_GT(doubles, 0u);           // sometimes a double blink
    EXPECT_LT(doubles, groups / 2);   // and only sometimes
}

TEST(IdleLife, BothEyesCloseTogetherAndEveryBlinkShutsThem) {
    const Scene scene = faceWith(arkitEyes());
    const IdleLifePlan plan = planIdleLife(scene);
    ASSERT_TRUE(plan.blinks());
    EXPECT_EQ(plan.blinkBy, "eyeBlinkLeft+eyeBlinkRight");
    const IdleSchedule s = makeIdleSchedule(3);
    for (double t = 0; t < kMinutes; t += kStep) {
        const IdleFrame frame = idleFrameAt(plan, s, t);
        EXPECT_EQ(frame.weights.get(0, 0), frame.weights.get(0, 1)) << t;
    }
    for (const IdleBlink& blink : s.blinks) {  // shut halfway through, open at its end
        if (blink.start > kMinutes) break;
        EXPECT_EQ(idleValuesAt(s, blink.start + 0.45 * blink.duration).blink, 1.0f);
        EXPECT_EQ(idleValuesAt(s, blink.start + blink.duration + 0.01).blink, 0.0f);
    }
}

TEST(IdleLife, WeightsStayWithinZeroAndOne) {
    const IdleLifePlan plan = planIdleLife(faceWith(arkitEyes()));
    const IdleSchedule s = makeIdleSchedule(11);
    bool looked = false;
    for (double t = 0; t < kMinutes; t += kStep) {
        for (const auto& [key, weight] : idleFrameAt(plan, s, t).weights) {
            EXPECT_GT(weight, 0.0f);  // a target at rest is left to the layers under it
            EXPECT_LE(weight, 1.0f);
            looked = looked || key.second >= 3;
        }
    }
    EXPECT_TRUE(looked);
    EXPECT_EQ(idleFrameAt(plan, s, std::nan("")).weights, idleFrameAt(plan, s, 0).weights);
}

TEST(IdleLife, NoSaccadesWithoutEyeLookTargetsOrEyeNodes) {
    const IdleLifePlan plan = planIdleLife(faceWith({"EyeBlink_L", "EyeBlink_R", "jawOpen"}));
    EXPECT_TRUE(plan.blinks());
    EXPECT_FALSE(plan.saccades());
    EXPECT_FALSE(plan.breathes());
    EXPECT_EQ(describeIdleLife(plan),
              "blinks with EyeBlink_L+EyeBlink_R; no eye-look targets or eye bones, so no "
              "saccades; no breath target or chest, spine, neck or head bone, so no breath");
    const IdleSchedule s = makeIdleSchedule(1);
    for (double t = 0; t < 60; t += kStep) {
        for (const auto& [key, weight] : idleFrameAt(plan, s, t).weights) EXPECT_LT(key.second, 2u);
        EXPECT_TRUE(idleFrameAt(plan, s, t).rotations.empty());
    }
}

TEST(IdleLife, EyeNodesAndAChestTurnAndVrmBlinkIsTheFallback) {
    const Scene scene = faceWith({"Fcl_EYE_Close", "Breath"}, {"eye_L", "Eye.R", "J_Bip_C_Chest"});
    const IdleLifePlan plan = planIdleLife(scene);
    EXPECT_EQ(plan.blinkBoth.size(), 1u);
    EXPECT_EQ(plan.leftEye.node, 1);
    EXPECT_EQ(plan.rightEye.node, 2);
    EXPECT_EQ(plan.breathNode.node, 3);
    EXPECT_EQ(describeIdleLife(plan),
              "blinks with Fcl_EYE_Close; saccades with the eye nodes eye_L+Eye.R; breath with "
              "Breath+J_Bip_C_Chest");
    const IdleFrame frame = idleFrameAt(plan, makeIdleSchedule(1), 1.0);
    ASSERT_EQ(frame.rotations.size(), 3u);
    for (const auto& [node, rotation] : frame.rotations) {
        EXPECT_LT(glm::angle(rotation), 0.2f) << node;  // small turns
    }
}

}  // namespace
}  // namespace morph::idle_life_test
