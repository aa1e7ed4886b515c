// The viewer's whole editing workflow, without a window: open the bundled face, find jawOpen by
// typing "jaw", drag it, play "talk", key a new clip, export it, reopen the export and see the
// clip.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "app/document/ViewerState.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Sampler.h"
#include "morph/edit/TargetGroups.h"
#include "morph/gltf/GltfImport.h"

namespace viewer_workflow_test {

namespace {

std::vector<uint8_t> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ViewerWorkflow, FaceJawTalkKeyExportReopen) {
    const std::string face = fixtures::bundledFace();
    auto scene = morph::importGltf(face);
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    app::ViewerState state = app::makeViewerState(*scene);
    ASSERT_GE(state.selectedMesh, 0);
    const morph::Mesh& mesh = scene->meshes[size_t(state.selectedMesh)];

    // The panel groups the ARKit names; typing "jaw" leaves jawOpen among the matches.
    auto groups = morph::groupTargets(mesh.targetNames);
    EXPECT_TRUE(std::any_of(groups.begin(), groups.end(),
                            [](const morph::TargetGroup& g) { return g.name == "jaw"; }));
    std::optional<size_t> jaw;
    for (size_t i = 0; i < mesh.targetNames.size(); ++i) {
        if (morph::matchesFilter(mesh.targetNames[i], "jaw") && mesh.targetNames[i] == "jawOpen")
            jaw = i;
    }
    ASSERT_TRUE(jaw.has_value());

    // Drag it.
    app::beginUserEdit(state, *scene, *jaw);
    app::setUserWeight(state, *scene, *jaw, 0.8f);
    app::endUserEdit(state, *scene, *jaw);
    EXPECT_FLOAT_EQ(app::resolveMeshWeights(*scene, state, state.selectedMesh).weights[*jaw], 0.8f);

    // Play "talk".
    int talk = -1;
    for (size_t a = 0; a < scene->animations.size(); ++a) {
        if (scene->animations[a].name == "talk") talk = int(a);
    }
    ASSERT_GE(talk, 0);
    app::selectClip(state, *scene, {app::ClipKind::Scene, talk});
    app::togglePlay(state, *scene);
    app::advance(state, *scene, 0.25f);
    app::togglePlay(state, *scene);

    // Key a new clip: this pose at 0.25 s, then jaw shut at 1 s.
    ASSERT_TRUE(app::keyCurrentPose(state, *scene).ok());
    app::scrub(state, *scene, 1.0f);
    app::setUserWeight(state, *scene, *jaw, 0.0f);
    ASSERT_TRUE(app::keyCurrentPose(state, *scene).ok());
    ASSERT_EQ(state.userClips.size(), 1u);
    const morph::UserClip& clip = state.userClips[0];
    ASSERT_EQ(clip.keys.size(), 2u);
    EXPECT_FLOAT_EQ(clip.keys[0].weights[*jaw], 0.8f);
    EXPECT_FLOAT_EQ(clip.keys[1].weights[*jaw], 0.0f);

    // Export, never over the source, then reopen and see the clip.
    const std::vector<uint8_t> before = readBytes(face);
    EXPECT_FALSE(app::exportUserClip(state, *scene, 0, face).ok());
    const std::string output = fixtures::scratchDir("ViewerWorkflow") + "/face-keyed.glb";
    morph::Status exported = app::exportUserClip(state, *scene, 0, output);
    ASSERT_TRUE(exported.ok()) << exported.error().message;
    EXPECT_EQ(readBytes(face), before);

    auto reopened = morph::importGltf(output);
    ASSERT_TRUE(reopened.ok()) << reopened.error().message;
    ASSERT_EQ(reopened->animations.size(), scene->animations.size() + 1);
    app::ViewerState again = app::makeViewerState(*reopened);
    const int added = int(reopened->animations.size() - 1);
    EXPECT_EQ(reopened->animations[size_t(added)].name, clip.name);
    app::selectClip(again, *reopened, {app::ClipKind::Scene, added});
    for (const morph::UserKey& key : clip.keys) {
        app::scrub(again, *reopened, key.time);
        std::vector<float> w =
            app::resolveMeshWeights(*reopened, again, again.selectedMesh).weights;
        ASSERT_EQ(w.size(), key.weights.size());
        for (size_t i = 0; i < w.size(); ++i) {
            EXPECT_NEAR(w[i], key.weights[i], 1e-6)
                << reopened->meshes[0].targetNames[i] << " at " << key.time;
        }
    }
}

}  // namespace

}  // namespace viewer_workflow_test
