// Export on real files: every encoding of the corpus (external buffers, textures, sparse,
// quantized, EXT_meshopt_compression, Draco) must come out as a self-contained GLB whose model
// imports exactly as the source did, plus the new clip.
#include <gtest/gtest.h>

#include "UserClips.h"
#include "fixtures/TestPaths.h"
#include "morph/anim/Sampler.h"
#include "morph/edit/ClipExport.h"
#include "morph/gltf/GltfImport.h"

namespace clip_export_corpus_test {

namespace {

morph::UserClip clipFor(const morph::Mesh& mesh) {
    std::vector<float> ones(mesh.targetCount(), 1.0f), zeros(mesh.targetCount(), 0.0f);
    return morphtest::keyedClip("user", mesh.name, mesh.targetNames, {{0.0f, zeros}, {1.0f, ones}});
}

class ClipExportCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(ClipExportCorpus, ModelSurvivesAndTheClipIsAdded) {
    const std::string source = fixtures::corpusPath(GetParam());
    auto original = morph::importGltf(source);
    ASSERT_TRUE(original.ok()) << original.error().message;
    int mesh = -1;
    for (size_t m = 0; m < original->meshes.size() && mesh < 0; ++m) {
        if (original->meshes[m].targetCount() > 0) mesh = int(m);
    }
    ASSERT_GE(mesh, 0);
    const morph::UserClip clip = clipFor(original->meshes[size_t(mesh)]);

    std::string name = GetParam();
    for (char& c : name) c = (c == '/' || c == '.') ? '_' : c;
    const std::string output = fixtures::scratchDir("ClipExportCorpus_" + name) + "/out.glb";
    morph::Status s = morph::exportClip(source, output, clip, mesh);
    ASSERT_TRUE(s.ok()) << s.error().message;

    auto exported = morph::importGltf(output);
    ASSERT_TRUE(exported.ok()) << exported.error().message;
    ASSERT_EQ(exported->meshes.size(), original->meshes.size());
    for (size_t m = 0; m < original->meshes.size(); ++m) {
        const morph::Mesh& a = original->meshes[m];
        const morph::Mesh& b = exported->meshes[m];
        ASSERT_EQ(a.primitives.size(), b.primitives.size());
        EXPECT_EQ(a.targetNames, b.targetNames);
        for (size_t p = 0; p < a.primitives.size(); ++p) {
            EXPECT_EQ(a.primitives[p].positions, b.primitives[p].positions) << "mesh " << m;
            EXPECT_EQ(a.primitives[p].indices, b.primitives[p].indices);
            ASSERT_EQ(a.primitives[p].targets.size(), b.primitives[p].targets.size());
            for (size_t t = 0; t < a.primitives[p].targets.size(); ++t) {
                EXPECT_TRUE(a.primitives[p].targets[t] == b.primitives[p].targets[t])
                    << "target " << t;
            }
        }
    }
    EXPECT_EQ(exported->images.size(), original->images.size());
    for (size_t i = 0; i < original->images.size(); ++i) {
        EXPECT_EQ(exported->images[i].rgba, original->images[i].rgba) << "image " << i;
    }
    ASSERT_EQ(exported->animations.size(), original->animations.size() + 1);
    const morph::Animation& user = exported->animations.back();
    EXPECT_EQ(user.name, "user");
    ASSERT_FALSE(user.samplers.empty());
    std::vector<float> end = morph::sample(user.samplers[0], morph::AnimationPath::Weights, 1.0f);
    EXPECT_EQ(end, std::vector<float>(clip.targetNames.size(), 1.0f));
}

INSTANTIATE_TEST_SUITE_P(
    Files, ClipExportCorpus,
    ::testing::Values("SimpleMorph/glTF/SimpleMorph.gltf",
                      "MorphPrimitivesTest/glTF/MorphPrimitivesTest.gltf",
                      "MorphStressTest/glTF/MorphStressTest.gltf",
                      "AnimatedMorphCube/variants/AnimatedMorphCube.sparse.glb",
                      "MorphStressTest/variants/MorphStressTest.gltfpack.glb",
                      "MorphStressTest/variants/MorphStressTest.gltfpack-c.glb",
                      "MorphStressTest/variants/MorphStressTest.draco.glb",
                      "MorphStressTest/variants/MorphStressTest.cubicspline.glb"));

}  // namespace

}  // namespace clip_export_corpus_test
