// A multi-mesh skinned avatar (fixtures::multiMeshAvatar): the region its targets move, and
// picking on it when it is posed.
#include <gtest/gtest.h>

#include "fixtures/AvatarFixtures.h"
#include "morph/anim/FramePose.h"
#include "morph/anim/Skin.h"
#include "morph/edit/MorphedRegion.h"
#include "morph/edit/RayCast.h"
#include "morph/edit/WeightSpec.h"
#include "morph/gltf/GltfImport.h"

namespace morph::avatar_test {
namespace {

using namespace fixtures;

Scene importAvatar() {
    auto scene = importGltfMemory(multiMeshAvatar(), "avatar.glb", ".");
    EXPECT_TRUE(scene) << scene.error().message;
    return scene ? std::move(scene).value() : Scene{};
}

// What GpuScene::morphedRegion does over the drawn nodes, for the CPU scene.
std::optional<Box> regionOf(const Scene& scene, const FramePose& frame) {
    std::vector<TargetRegion> regions;
    for (size_t n = 0; n < scene.nodes.size(); ++n) {
        if (scene.nodes[n].mesh < 0) continue;
        const bool skinned = !frame.joints[n].empty();
        const glm::mat4 model = skinned ? skinnedModel(frame.world[n]) : frame.world[n];
        for (const Primitive& p : scene.meshes[size_t(scene.nodes[n].mesh)].primitives)
            appendTargetRegions(p, frame.weights(int(n)), model, frame.joints[n], regions);
    }
    return morphedRegion(regions);
}

// The head joint moved 0.5 to the right: every part of the face follows it, the body does not.
FramePose headMoved(const Scene& scene) {
    std::vector<NodePose> pose = restPose(scene);
    pose[kAvatarHeadNode].translation = glm::vec3(0.5f, 1.5f, 0.0f);
    return resolveFrame(scene, pose);
}

TEST(Avatar, TheMorphedRegionIsTheFaceNotTheBody) {
    const Scene scene = importAvatar();
    ASSERT_EQ(scene.meshes.size(), 4u);
    const std::optional<Box> region = regionOf(scene, resolveFrame(scene, restPose(scene)));
    ASSERT_TRUE(region);
    // The face ribbon (x -0.1..0.1, y 1.5..1.8) holds every target but the body shapes, whose
    // boxes (the whole 0.6 x 1.5 body) are more than 4 times the median target's.
    EXPECT_NEAR(region->min.x, -0.1f, 1e-5f);
    EXPECT_NEAR(region->max.x, 0.1f, 1e-5f);
    EXPECT_NEAR(region->min.y, 1.5f, 1e-5f);
    EXPECT_NEAR(region->max.y, 1.8f, 1e-5f);
    EXPECT_NEAR(region->max.z, 0.12f, 1e-5f);  // the teeth, in front of the face
}

TEST(Avatar, TheMorphedRegionFollowsTheSkinAndTheWeights) {
    const Scene scene = importAvatar();
    const std::optional<Box> moved = regionOf(scene, headMoved(scene));
    ASSERT_TRUE(moved);
    EXPECT_NEAR(moved->min.x, 0.4f, 1e-5f);
    EXPECT_NEAR(moved->max.x, 0.6f, 1e-5f);
    // jawOpen = 1 lowers the face's bottom rows by 0.03: the region grows down with them.
    std::vector<NodePose> pose = restPose(scene);
    ASSERT_TRUE(applyWeightSpec(scene, *parseWeightSpec("jawOpen=1"), pose));
    const std::optional<Box> open = regionOf(scene, resolveFrame(scene, pose));
    ASSERT_TRUE(open);
    EXPECT_NEAR(open->min.y, 1.47f, 1e-5f);
}

TEST(Avatar, OnlyBodyShapesMeansTheRegionIsTheBody) {
    // Without face targets the body shapes are the median: nothing is an outlier.
    std::vector<TargetRegion> regions(2);
    regions[0].box.extend(glm::vec3(-0.3f, 0, 0));
    regions[0].box.extend(glm::vec3(0.3f, 1.5f, 0));
    regions[0].moved = regions[1].moved = 12;
    regions[1].box = regions[0].box;
    const std::optional<Box> region = morphedRegion(regions);
    ASSERT_TRUE(region);
    EXPECT_FLOAT_EQ(region->max.y, 1.5f);
    EXPECT_FALSE(morphedRegion({}));
}

TEST(Avatar, PickingHitsThePosedSkinnedFace) {
    const Scene scene = importAvatar();
    const FramePose frame = headMoved(scene);
    std::vector<int> nodes;
    for (size_t n = 0; n < scene.nodes.size(); ++n) nodes.push_back(int(n));
    // The face's top right corner (v9: x 0.1, y 1.8) is drawn at x 0.6 now.
    const Ray ray{{0.59f, 1.79f, 5.0f}, {0, 0, -1}};
    const auto hit = raycast(scene, frame, nodes, ray);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->mesh, kAvatarFace);
    EXPECT_EQ(hit->node, kAvatarFaceNode);
    EXPECT_EQ(hit->vertex, 9u);
    EXPECT_NEAR(hit->vertexPosition.x, 0.6f, 1e-5f);
    EXPECT_NEAR(hit->vertexPosition.y, 1.8f, 1e-5f);
    EXPECT_NEAR(hit->point.z, 0.1f, 1e-5f);
    const glm::vec3 marker =
        placedPosition(scene, frame, kAvatarFaceNode, scene.meshes[kAvatarFace].primitives[0], 9);
    EXPECT_NEAR(glm::distance(marker, hit->vertexPosition), 0.0f, 1e-5f);
    // Where the unposed face was, there is nothing now (a picker that ignored the skin would
    // find the face there).
    const Ray old{{0.09f, 1.79f, 5.0f}, {0, 0, -1}};
    const auto miss = raycast(scene, frame, nodes, old);
    EXPECT_FALSE(miss && miss->mesh == kAvatarFace);
}

TEST(Avatar, WeightsByNameMoveEveryMeshThatHasTheName) {
    const Scene scene = importAvatar();
    std::vector<NodePose> pose = restPose(scene);
    ASSERT_TRUE(applyWeightSpec(scene, *parseWeightSpec("jawOpen=1"), pose));
    EXPECT_EQ(pose[kAvatarFaceNode].weights[0], 1.0f);    // jawOpen is Face's target 0,
    EXPECT_EQ(pose[kAvatarTeethNode].weights[1], 1.0f);   // Teeth's 1,
    EXPECT_EQ(pose[kAvatarTongueNode].weights[0], 1.0f);  // Tongue's 0
    EXPECT_EQ(pose[kAvatarBodyNode].weights, (std::vector<float>{0, 0}));
}

}  // namespace
}  // namespace morph::avatar_test
