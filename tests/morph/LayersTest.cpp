// Clips together: layers sampled at one moment into one pose (morph/anim/Layers.h), and which
// clips a key names (morph/anim/ClipSelection.h). Hand-made clips on a two-node scene, each
// value worked out in the comment beside it.
#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "morph/anim/ClipSelection.h"
#include "morph/anim/Layers.h"

namespace morph::layers_test {
namespace {

constexpr float kEps = 1e-6f;

// Node 0: a mesh with two targets (defaults 0); node 1: no mesh.
Scene twoNodes() {
    Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = {"a", "b"};
    scene.nodes.resize(2);
    scene.nodes[0].mesh = 0;
    return scene;
}

// A clip of one key per channel (so the value is the same at any time).
struct Channel {
    int node;
    AnimationPath path;
    std::vector<float> value;
};
Animation constantClip(const std::string& name, const std::vector<Channel>& channels) {
    Animation clip;
    clip.name = name;
    for (const Channel& c : channels) {
        AnimationSampler sampler;
        sampler.input = {0};
        sampler.output = c.value;
        sampler.width = uint32_t(c.value.size());
        clip.channels.push_back({int(clip.samplers.size()), c.node, c.path});
        clip.samplers.push_back(sampler);
    }
    return clip;
}

Channel weights(std::vector<float> w) {
    return {0, AnimationPath::Weights, std::move(w)};
}
Channel moveNode(int node, float x, float y, float z) {
    return {node, AnimationPath::Translation, {x, y, z}};
}

std::vector<NodePose> layered(const Scene& scene, const std::vector<AnimationLayer>& layers) {
    std::vector<NodePose> pose = restPose(scene);
    applyAnimationLayers(scene, layers, pose);
    return pose;
}

TEST(Layers, ClipsOnDifferentChannelsBothApply) {
    Scene scene = twoNodes();
    const Animation face = constantClip("face", {weights({1, 0.5f})});
    const Animation head = constantClip("head", {moveNode(1, 0, 2, 0)});
    const std::vector<NodePose> pose = layered(scene, {{&face}, {&head}});
    EXPECT_EQ(pose[0].weights, (std::vector<float>{1, 0.5f}));
    EXPECT_EQ(pose[1].translation, glm::vec3(0, 2, 0));
    EXPECT_EQ(pose[0].translation, glm::vec3(0));  // driven by neither: the rest pose
}

TEST(Layers, OnTheSameChannelTheLaterWins) {
    Scene scene = twoNodes();
    const Animation a = constantClip("a", {weights({1, 1}), moveNode(1, 1, 0, 0)});
    const Animation b = constantClip("b", {weights({0.25f, 0})});
    std::vector<NodePose> pose = layered(scene, {{&a}, {&b}});
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0.25f, 0}));
    EXPECT_EQ(pose[1].translation, glm::vec3(1, 0, 0));  // only a drives it
    pose = layered(scene, {{&b}, {&a}});
    EXPECT_EQ(pose[0].weights, (std::vector<float>{1, 1}));

    // applyAnimations: the CLI's "0,1" and "all", in the order given; bad indices are skipped.
    scene.animations = {a, b};
    pose = restPose(scene);
    applyAnimations(scene, {1, 0, 7}, 0.0f, pose);
    EXPECT_EQ(pose[0].weights, (std::vector<float>{1, 1}));
}

TEST(Layers, AFullWeightLayerIsExactlyTheClipAlone) {
    Scene scene = twoNodes();
    Animation clip = constantClip("c", {weights({0.3f, 0.7f}), moveNode(1, 0.1f, 0.2f, 0.3f)});
    clip.samplers[0].input = {0, 1};
    clip.samplers[0].output = {0.3f, 0.7f, 0.9f, 0.1f};
    std::vector<NodePose> alone = restPose(scene);
    applyAnimation(scene, clip, 0.37f, alone);
    const std::vector<NodePose> pose = layered(scene, {{&clip, 0.37f, 1.0f}});
    EXPECT_EQ(pose[0].weights, alone[0].weights);
    EXPECT_EQ(pose[1].translation, alone[1].translation);
}

TEST(Layers, ALayerWeightBlendsOverWhatIsBelow) {
    Scene scene = twoNodes();
    scene.nodes[1].translation = {2, 0, 0};
    const Animation base = constantClip("base", {weights({1, 0})});
    const Animation half = constantClip(
        "half", {weights({0, 1}),
                 moveNode(1, 4, 0, 0),
                 // 90 degrees about z, x y z w
                 {1, AnimationPath::Rotation, {0, 0, std::sqrt(0.5f), std::sqrt(0.5f)}},
                 {1, AnimationPath::Scale, {3, 1, 1}}});
    const std::vector<NodePose> pose = layered(scene, {{&base}, {&half, 0.0f, 0.5f}});
    // weights: lerp((1, 0), (0, 1), 0.5); translation: lerp(rest (2,0,0), (4,0,0), 0.5).
    EXPECT_NEAR(pose[0].weights[0], 0.5f, kEps);
    EXPECT_NEAR(pose[0].weights[1], 0.5f, kEps);
    EXPECT_NEAR(pose[1].translation.x, 3.0f, kEps);
    EXPECT_NEAR(pose[1].scale.x, 2.0f, kEps);
    // Halfway along the arc from identity to 90 degrees: 45 degrees about z.
    const glm::quat expected = glm::angleAxis(glm::radians(45.0f), glm::vec3(0, 0, 1));
    EXPECT_NEAR(std::abs(glm::dot(pose[1].rotation, expected)), 1.0f, 1e-5f);

    // Weight 0 adds nothing; a weight past 1 counts as 1.
    EXPECT_EQ(layered(scene, {{&base}, {&half, 0.0f, 0.0f}})[0].weights,
              (std::vector<float>{1, 0}));
    EXPECT_EQ(layered(scene, {{&base}, {&half, 0.0f, 3.0f}})[0].weights,
              (std::vector<float>{0, 1}));
}

TEST(Layers, RotationBlendsTakeTheShortArc) {
    Scene scene = twoNodes();
    // -q is the same rotation as q: blending identity toward (0,0,0,-1) must stay at identity.
    const Animation flipped =
        constantClip("flipped", {{1, AnimationPath::Rotation, {0, 0, 0, -1}}});
    const std::vector<NodePose> pose = layered(scene, {{&flipped, 0.0f, 0.5f}});
    EXPECT_NEAR(std::abs(pose[1].rotation.w), 1.0f, 1e-6f);
}

TEST(Layers, CrossfadeMidwayIsTheEvenMix) {
    Scene scene = twoNodes();
    scene.nodes[1].translation = {10, 0, 0};
    // Both drive node 0's weights; only `from` drives node 1's translation; only `to` its scale.
    const Animation from = constantClip("from", {weights({1, 0}), moveNode(1, 0, 0, 0)});
    const Animation to =
        constantClip("to", {weights({0, 1}), {1, AnimationPath::Scale, {3, 3, 3}}});
    AnimationLayer fade{&from, 0.0f, 1.0f, &to, 0.0f, 1.0f, 0.5f};
    std::vector<NodePose> pose = layered(scene, {fade});
    EXPECT_NEAR(pose[0].weights[0], 0.5f, kEps);  // shared: (1,0) and (0,1) evenly
    EXPECT_NEAR(pose[0].weights[1], 0.5f, kEps);
    EXPECT_NEAR(pose[1].translation.x, 5.0f, kEps);  // from alone, at half: lerp(10, 0, 0.5)
    EXPECT_NEAR(pose[1].scale.x, 2.0f, kEps);        // to alone, at half: lerp(1, 3, 0.5)

    // The ends are the clips alone, so the switch at the end of a fade does not jump.
    fade.fade = 0.0f;
    pose = layered(scene, {fade});
    EXPECT_EQ(pose[0].weights, (std::vector<float>{1, 0}));
    EXPECT_EQ(pose[1].translation, glm::vec3(0));
    EXPECT_EQ(pose[1].scale, glm::vec3(1));
    fade.fade = 1.0f;
    pose = layered(scene, {fade});
    EXPECT_EQ(pose[0].weights, (std::vector<float>{0, 1}));
    EXPECT_EQ(pose[1].translation, glm::vec3(10, 0, 0));
    EXPECT_EQ(pose[1].scale, glm::vec3(3));

    // Over a layer below, a quarter of the way with layer weights 1 and 0.5: the shared channel
    // mixes to (0.75, 0.25) and goes over the base at lerp(1, 0.5, 0.25) = 0.875.
    const Animation base = constantClip("base", {weights({0, 0})});
    fade = {&from, 0.0f, 1.0f, &to, 0.0f, 0.5f, 0.25f};
    pose = layered(scene, {{&base}, fade});
    EXPECT_NEAR(pose[0].weights[0], 0.75f * 0.875f, kEps);
    EXPECT_NEAR(pose[0].weights[1], 0.25f * 0.875f, kEps);
}

TEST(Layers, SharedChannelsAreNodeAndPath) {
    const Animation a = constantClip("a", {weights({1, 0}), moveNode(1, 0, 0, 0)});
    const Animation b = constantClip("b", {{1, AnimationPath::Scale, {1, 1, 1}}});
    const Animation c = constantClip("c", {moveNode(1, 1, 1, 1)});
    EXPECT_FALSE(sharesChannels(a, b));  // the same node, another path
    EXPECT_TRUE(sharesChannels(a, c));
    Animation broken = c;
    broken.channels[0].sampler = 9;  // drives nothing
    EXPECT_FALSE(sharesChannels(a, broken));
}

TEST(ClipSelection, NamesIndicesAllAndLists) {
    Scene scene = twoNodes();
    scene.animations = {constantClip("walk", {}), constantClip("", {}), constantClip("0", {}),
                        constantClip("a,b", {})};
    auto clips = [&](const std::string& key) { return selectAnimations(scene, key).clips; };
    EXPECT_EQ(clips("walk"), (std::vector<size_t>{0}));
    EXPECT_EQ(clips("1"), (std::vector<size_t>{1}));
    EXPECT_EQ(clips("0"), (std::vector<size_t>{2}));    // a name before an index
    EXPECT_EQ(clips("a,b"), (std::vector<size_t>{3}));  // a name before a list
    EXPECT_EQ(clips("all"), (std::vector<size_t>{0, 1, 2, 3}));
    EXPECT_EQ(clips("3,1"), (std::vector<size_t>{3, 1}));
    EXPECT_EQ(clips("walk, 1"), (std::vector<size_t>{0, 1}));
    EXPECT_EQ(selectAnimations(scene, std::vector<std::string>{"1", "walk"}).clips,
              (std::vector<size_t>{1, 0}));

    const ClipSelection unknown = selectAnimations(scene, "0,run,1");
    EXPECT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.unknown, std::string("run"));
    EXPECT_TRUE(unknown.clips.empty());
    EXPECT_EQ(selectAnimations(scene, "9").unknown, std::string("9"));
    EXPECT_EQ(selectAnimations(scene, "3,").unknown, std::string(""));  // not the unnamed clip
    EXPECT_EQ(selectAnimations(scene, "99999999999").unknown, std::string("99999999999"));

    // A clip named "all" is found by its name, as before lists existed.
    scene.animations.push_back(constantClip("all", {}));
    EXPECT_EQ(clips("all"), (std::vector<size_t>{4}));
    Scene empty;
    EXPECT_TRUE(selectAnimations(empty, "all").ok());
    EXPECT_TRUE(selectAnimations(empty, "all").clips.empty());
    EXPECT_EQ(animationIndex(scene, "1"), std::optional<size_t>(1));
    EXPECT_EQ(animationIndex(scene, "5"), std::nullopt);
}

}  // namespace
}  // namespace morph::layers_test
