// The viewer's state on an avatar whose head, teeth and tongue share target names
// (fixtures::multiMeshAvatar): one slider per name, the mesh the panel opens on, and the rules
// that follow names across meshes (presets, user clips, the per-mesh view).
#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "fixtures/AvatarFixtures.h"
#include "morph/gltf/GltfImport.h"

namespace viewer_state_avatar_test {

namespace {

using namespace fixtures;
using app::ViewerState;

morph::Scene importAvatar() {
    auto scene = morph::importGltfMemory(multiMeshAvatar(), "avatar.glb", ".");
    EXPECT_TRUE(scene) << scene.error().message;
    return scene ? std::move(scene).value() : morph::Scene{};
}

// The drawn weight of `name` on node `node` (-1 when its mesh has no such target).
float drawn(const morph::Scene& scene, const ViewerState& state, int node,
            const std::string& name) {
    const std::vector<morph::NodePose> pose = app::resolvePose(scene, state);
    const std::vector<std::string>& names =
        scene.meshes[size_t(scene.nodes[size_t(node)].mesh)].targetNames;
    for (size_t t = 0; t < names.size(); ++t) {
        if (names[t] == name) return pose[size_t(node)].weights[t];
    }
    return -1.0f;
}

TEST(ViewerStateAvatar, OpensOnTheFaceWithOneSliderPerName) {
    const morph::Scene scene = importAvatar();
    const ViewerState state = app::makeViewerState(scene);
    // The face's targets move the most vertices once the body shapes (every body vertex) are
    // left out; the file's first mesh with targets is the body.
    EXPECT_EQ(state.selectedMesh, kAvatarFace);
    EXPECT_EQ(app::meshesByMovedVertices(scene),
              (std::vector<int>{kAvatarFace, kAvatarTeeth, kAvatarTongue, kAvatarBody}));
    EXPECT_TRUE(state.linkSharedNames);
    EXPECT_TRUE(app::meshesShareNames(scene));
    const std::vector<app::NamedTarget> rows = app::namedTargets(scene);
    std::vector<std::string> names;
    for (const app::NamedTarget& row : rows) names.push_back(row.name);
    EXPECT_EQ(names, (std::vector<std::string>{"jawOpen", "eyeBlinkLeft", "eyeBlinkRight",
                                               "viseme_aa", "mouthSmile", "male", "female"}));
    // jawOpen: the face leads, then the teeth (target 1) and the tongue (target 0).
    EXPECT_EQ(rows[0].refs, (std::vector<std::pair<int, size_t>>{
                                {kAvatarFace, 0}, {kAvatarTeeth, 1}, {kAvatarTongue, 0}}));
}

TEST(ViewerStateAvatar, OneSliderMovesTheNameOnEveryMesh) {
    const morph::Scene scene = importAvatar();
    ViewerState state = app::makeViewerState(scene);
    app::beginUserEdit(state, scene, kAvatarFace, 0);  // jawOpen
    app::setUserWeight(state, scene, kAvatarFace, 0, 0.6f);
    app::endUserEdit(state, scene, kAvatarFace, 0);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarFaceNode, "jawOpen"), 0.6f);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTeethNode, "jawOpen"), 0.6f);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTongueNode, "jawOpen"), 0.6f);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTeethNode, "viseme_aa"), 0.0f);
    // A row led by another mesh reaches the face too.
    app::setUserWeight(state, scene, kAvatarTongue, 1, 0.3f);  // viseme_aa
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarFaceNode, "viseme_aa"), 0.3f);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTeethNode, "viseme_aa"), 0.3f);
    app::setMute(state, scene, kAvatarFace, 0, true);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTeethNode, "jawOpen"), 0.0f);
    app::setMute(state, scene, kAvatarFace, 0, false);
    app::clearOverride(state, scene, kAvatarFace, 0);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTongueNode, "jawOpen"), 0.0f);
}

TEST(ViewerStateAvatar, ThePerMeshViewEditsOneMesh) {
    const morph::Scene scene = importAvatar();
    ViewerState state = app::makeViewerState(scene);
    state.linkSharedNames = false;
    state.selectedMesh = kAvatarTeeth;
    EXPECT_EQ(app::panelMeshes(scene, state), (std::vector<int>{kAvatarTeeth}));
    app::setUserWeight(state, scene, 1, 0.5f);  // the teeth's jawOpen
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTeethNode, "jawOpen"), 0.5f);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarFaceNode, "jawOpen"), 0.0f);
    app::resetToZero(state, scene);
    EXPECT_TRUE(state.meshes[kAvatarTeeth].targets[0].overridden);
    EXPECT_FALSE(state.meshes[kAvatarFace].targets[0].overridden);
}

TEST(ViewerStateAvatar, PresetsAndResetsCoverEveryMesh) {
    const morph::Scene scene = importAvatar();
    ViewerState state = app::makeViewerState(scene);
    app::setUserWeight(state, scene, kAvatarFace, 0, 0.8f);  // jawOpen everywhere
    app::setUserWeight(state, scene, kAvatarBody, 0, 0.4f);  // male
    const int preset = app::savePreset(state, scene, "open");
    EXPECT_FLOAT_EQ(state.presets[size_t(preset)].weights.at("jawOpen"), 0.8f);
    EXPECT_FLOAT_EQ(state.presets[size_t(preset)].weights.at("male"), 0.4f);
    app::resetToDefaults(state, scene);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTeethNode, "jawOpen"), 0.0f);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarBodyNode, "male"), 0.0f);
    ASSERT_TRUE(app::applyPreset(state, scene, preset));
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarTongueNode, "jawOpen"), 0.8f);
    EXPECT_FLOAT_EQ(drawn(scene, state, kAvatarBodyNode, "male"), 0.4f);
}

TEST(ViewerStateAvatar, AUserClipKeyedOnTheFacePlaysOnEveryMeshByName) {
    const morph::Scene scene = importAvatar();
    ViewerState state = app::makeViewerState(scene);
    app::setUserWeight(state, scene, kAvatarFace, 0, 1.0f);  // jawOpen
    ASSERT_TRUE(app::keyCurrentPose(state, scene));
    state.playback.time = 1.0f;
    app::setUserWeight(state, scene, kAvatarFace, 0, 0.0f);
    ASSERT_TRUE(app::keyCurrentPose(state, scene));
    app::clearAllOverrides(state);
    app::selectClip(state, scene, {app::ClipKind::User, state.keyClip});
    app::scrub(state, scene, 0.5f);
    // The teeth hold jawOpen at index 1 and the tongue at 0: each follows by name.
    EXPECT_NEAR(drawn(scene, state, kAvatarFaceNode, "jawOpen"), 0.5f, 1e-5f);
    EXPECT_NEAR(drawn(scene, state, kAvatarTeethNode, "jawOpen"), 0.5f, 1e-5f);
    EXPECT_NEAR(drawn(scene, state, kAvatarTongueNode, "jawOpen"), 0.5f, 1e-5f);
    EXPECT_NEAR(drawn(scene, state, kAvatarTeethNode, "viseme_aa"), 0.0f, 1e-5f);
}

TEST(ViewerStateAvatar, BareIndexNamesDoNotLinkMeshes) {
    // Meshes without extras.targetNames are named "0", "1", ...: those say nothing across meshes.
    morph::Scene scene;
    scene.meshes.resize(2);
    for (morph::Mesh& m : scene.meshes) {
        m.targetNames = {"0", "1"};
        m.defaultWeights = {0, 0};
    }
    scene.nodes.resize(2);
    scene.nodes[0].mesh = 0;
    scene.nodes[1].mesh = 1;
    scene.roots = {0, 1};
    ViewerState state = app::makeViewerState(scene);
    EXPECT_FALSE(app::meshesShareNames(scene));
    EXPECT_EQ(app::namedTargets(scene).size(), 4u);
    app::setUserWeight(state, scene, 0, 0, 0.7f);
    EXPECT_FLOAT_EQ(app::resolvePose(scene, state)[0].weights[0], 0.7f);
    EXPECT_FLOAT_EQ(app::resolvePose(scene, state)[1].weights[0], 0.0f);
    EXPECT_FALSE(app::linksByName("12"));
    EXPECT_TRUE(app::linksByName("jawOpen"));
}

}  // namespace

}  // namespace viewer_state_avatar_test
