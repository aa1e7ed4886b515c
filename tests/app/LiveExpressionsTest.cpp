// VRM expressions as targets of incoming presets (app/live/LiveNames' LiveExpressions): VMC's
// VRM 0.x names ("Joy", "A", "Blink_L") and 1.0's ("happy", "aa", "blinkLeft") drive the
// expression of that preset on a VRM 0.x or 1.0 model, its binds moving their targets by the VRM
// rules (isBinary, overrides), on the code-built VRM files of tests/fixtures/VrmFixtures.h.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/live/LiveNames.h"
#include "fixtures/VrmFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace live_expressions_test {

namespace {

using app::live::LiveLayer;
using app::live::LiveSample;
using app::live::TargetRef;
using Weights = std::map<TargetRef, float>;

morph::Scene importVrm(const std::vector<uint8_t>& bytes) {
    auto scene = morph::importGltfMemory(bytes, "model.vrm", "");
    EXPECT_TRUE(scene.ok()) << scene.error().message;
    return scene.ok() ? std::move(scene).value() : morph::Scene();
}

LiveSample vmc(std::vector<std::pair<std::string, float>> values) {
    return LiveSample{"vmc", std::move(values), {}, {}};
}

TEST(LiveExpressionsTest, Vrm0PresetsDriveTheirGroupsByEitherVersionsName) {
    // [0] "Joy": mesh 0 #0 w1, mesh 1 #0 w0.5; [1] "A": mesh 1 #1; [2] "Blink_L" (binary): mesh 0
    // #1.
    const morph::Scene scene = importVrm(fixtures::vrm0Expressions());
    LiveLayer layer(scene);
    EXPECT_TRUE(layer.apply(vmc({{"Joy", 0.8f}})));
    EXPECT_EQ(layer.weights(), (Weights{{{0, 0}, 0.8f}, {{1, 0}, 0.4f}}));
    // 1.0's names for the same presets; blinkLeft is binary: 0.6 acts as 1.
    EXPECT_TRUE(layer.apply(vmc({{"happy", 0.0f}, {"blinkLeft", 0.6f}, {"aa", 0.5f}})));
    EXPECT_EQ(layer.weights(),
              (Weights{{{0, 0}, 0.0f}, {{0, 1}, 1.0f}, {{1, 0}, 0.0f}, {{1, 1}, 0.5f}}));
    EXPECT_TRUE(layer.unmatched().empty());
    EXPECT_FALSE(layer.apply(vmc({{"Blink_L", 0.7f}})));  // still binary 1: nothing changed
}

TEST(LiveExpressionsTest, VmcNamesDriveVrm1ExpressionsWithTheirOverrides) {
    // happy: node 0 #0 w1, node 1 #0 w0.5, blocks blink, blends the mouth; blink: mesh 0 #1;
    // aa (binary): mesh 1 #1.
    const morph::Scene scene = importVrm(fixtures::vrm1Expressions());
    LiveLayer layer(scene);
    EXPECT_TRUE(layer.apply(vmc({{"A", 1.0f}, {"Blink", 1.0f}})));
    EXPECT_EQ(layer.weights(), (Weights{{{0, 1}, 1.0f}, {{1, 1}, 1.0f}}));
    // Joy is happy: it blocks the blink and blends aa away at 1.
    EXPECT_TRUE(layer.apply(vmc({{"Joy", 1.0f}})));
    EXPECT_EQ(layer.weights(),
              (Weights{{{0, 0}, 1.0f}, {{0, 1}, 0.0f}, {{1, 0}, 0.5f}, {{1, 1}, 0.0f}}));
    // By name: the custom "wink" (mesh 0 #1 w0.5), and a name no expression has is a target's.
    LiveLayer wink(scene);
    EXPECT_TRUE(wink.apply(vmc({{"wink", 1.0f}, {"open", 0.25f}})));
    EXPECT_EQ(wink.weights(), (Weights{{{0, 1}, 0.5f}, {{1, 1}, 0.25f}}));
}

TEST(LiveExpressionsTest, WithoutExpressionsPresetNamesAreTargetNames) {
    morph::Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = {"Joy", "A"};
    LiveLayer layer(scene);
    EXPECT_TRUE(layer.apply(vmc({{"Joy", 0.5f}, {"A", 0.25f}})));
    EXPECT_EQ(layer.weightsByName(), (std::map<std::string, float>{{"A", 0.25f}, {"Joy", 0.5f}}));
}

}  // namespace

}  // namespace live_expressions_test
