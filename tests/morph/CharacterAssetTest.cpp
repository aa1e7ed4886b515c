// The bundled skinned character (assets/character.glb): exactly what its generator
// writes, and a whole scene the way real skinned characters are: a skin with a skeleton root,
// morph targets on the skinned primitives, clips with node TRS and weights channels together.
#include <fstream>
#include <iterator>
#include <set>

#include <gtest/gtest.h>

#include "character/Character.h"
#include "fixtures/BuildPaths.h"
#include "morph/anim/Animate.h"
#include "morph/anim/Skin.h"
#include "morph/gltf/GltfImport.h"
#include "morph/targets/Blend.h"

namespace character_asset_test {

namespace {

const std::string kPath = std::string(MORPHVIEW_SOURCE_DIR) + "/assets/character.glb";

std::vector<uint8_t> fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(CharacterAsset, FileIsTheGeneratorsOutputAndSmall) {
    const std::vector<uint8_t> file = fileBytes(kPath);
    const std::vector<uint8_t> generated = character::buildCharacterGlb();
    EXPECT_EQ(file.size(), generated.size()) << "assets/character.glb is stale: rebuild it with "
                                                "`cmake --build <build> --target character_asset`";
    EXPECT_TRUE(file == generated)
        << "assets/character.glb differs from the generator's output (character_asset)";
    EXPECT_TRUE(character::buildCharacterGlb() == generated);
    EXPECT_LT(file.size(), 200u * 1024u);
}

TEST(CharacterAsset, ImportsAsASkinnedMorphingScene) {
    auto scene = morph::importGltf(kPath);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    EXPECT_TRUE(scene->warnings.empty()) << scene->warnings.front();
    ASSERT_EQ(scene->skins.size(), 1u);
    const morph::Skin& skin = scene->skins[0];
    EXPECT_EQ(skin.joints.size(), character::joints().size());
    EXPECT_EQ(skin.skeleton, skin.joints[0]);
    ASSERT_EQ(scene->meshes.size(), 1u);
    EXPECT_EQ(scene->meshes[0].targetNames, character::targetNames());
    for (const morph::Primitive& p : scene->meshes[0].primitives) {
        EXPECT_EQ(morph::influenceCount(p), 4u);
        EXPECT_EQ(p.targets.size(), 3u);
    }
    // Both clips drive joints (rotation, translation) and the body's weights at once.
    ASSERT_EQ(scene->animations.size(), 2u);
    for (const morph::Animation& clip : scene->animations) {
        std::set<morph::AnimationPath> paths;
        for (const morph::AnimationChannel& c : clip.channels) paths.insert(c.path);
        EXPECT_TRUE(paths.count(morph::AnimationPath::Rotation)) << clip.name;
        EXPECT_TRUE(paths.count(morph::AnimationPath::Translation)) << clip.name;
        EXPECT_TRUE(paths.count(morph::AnimationPath::Weights)) << clip.name;
    }
}

// At rest every joint matrix is identity (the inverse bind matrices undo the bind pose), so the
// skinned world positions are the mesh's own; mid-wave the raised hand is above the head.
TEST(CharacterAsset, RestIsTheBindPoseAndWaveRaisesTheRightHand) {
    auto scene = morph::importGltf(kPath);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    const int body = 2;
    const morph::Primitive& primitive = scene->meshes[0].primitives[0];
    auto worldAt = [&](float t) {
        std::vector<morph::NodePose> pose = morph::restPose(*scene);
        if (t >= 0) morph::applyAnimation(*scene, scene->animations[0], t, pose);
        const std::vector<glm::mat4> world = morph::worldMatrices(*scene, pose);
        morph::MorphedPrimitive m = morph::blend(primitive, pose[body].weights);
        morph::toWorldSpace(primitive, morph::skinnedModel(world[body]),
                            morph::nodeJointMatrices(*scene, body, world), m);
        return m;
    };
    const morph::MorphedPrimitive rest = worldAt(-1.0f);
    for (size_t v = 0; v < primitive.positions.size(); ++v) {
        EXPECT_NEAR(glm::distance(rest.positions[v], primitive.positions[v]), 0.0f, 1e-5f) << v;
    }
    const morph::MorphedPrimitive wave = worldAt(1.0f);
    float highest = -1e9f, lowest = 1e9f;
    for (const glm::vec3& p : wave.positions) highest = std::max(highest, p.y);
    for (const glm::vec3& p : wave.positions) lowest = std::min(lowest, p.y);
    EXPECT_GT(highest, 2.0f);  // the head's top is at 1.91: only the raised arm goes above 2
    EXPECT_LT(lowest, 0.1f);   // the feet stay on the ground
}

}  // namespace

}  // namespace character_asset_test
