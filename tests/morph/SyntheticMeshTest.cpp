// SyntheticMesh: the benchmark's generated mesh is deterministic, moves the fraction of vertices
// asked for in one coherent patch per target, and survives a trip through GLB with sparse
// accessors and the importer unchanged.
#include <algorithm>
#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "fixtures/TestPaths.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageFile.h"
#include "morph/targets/SparseTargets.h"
#include "morph/targets/SyntheticMesh.h"

namespace synthetic_mesh_test {

namespace {

using morph::SyntheticSpec;

SyntheticSpec small(uint64_t seed = 7) {
    SyntheticSpec spec;
    spec.vertices = 2000;
    spec.targets = 12;
    spec.density = 0.05f;
    spec.seed = seed;
    return spec;
}

TEST(SyntheticMesh, SameSeedGivesTheSameBytesAndAnotherSeedDoesNot) {
    const morph::SyntheticMesh a = morph::makeSyntheticMesh(small());
    const morph::SyntheticMesh b = morph::makeSyntheticMesh(small());
    EXPECT_EQ(morph::toGltf(a).glb(), morph::toGltf(b).glb());
    const morph::SyntheticMesh c = morph::makeSyntheticMesh(small(8));
    EXPECT_EQ(a.positions, c.positions);  // the grid does not depend on the seed
    EXPECT_NE(a.targets[0].indices, c.targets[0].indices);
}

TEST(SyntheticMesh, TargetIsIndependentOfTheTargetCount) {
    SyntheticSpec more = small();
    more.targets = 40;
    const morph::SyntheticMesh a = morph::makeSyntheticMesh(small());
    const morph::SyntheticMesh b = morph::makeSyntheticMesh(more);
    EXPECT_EQ(a.targets[3].indices, b.targets[3].indices);
    EXPECT_EQ(a.targets[3].positions, b.targets[3].positions);
}

TEST(SyntheticMesh, ExactVertexCountValidTrianglesAndUnitNormals) {
    for (uint32_t v : {3u, 10u, 1220u, 2001u}) {
        SyntheticSpec spec = small();
        spec.vertices = v;
        const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(spec);
        ASSERT_EQ(mesh.vertexCount(), v);
        EXPECT_EQ(mesh.indices.size() % 3, 0u);
        for (uint32_t i : mesh.indices) {
            ASSERT_LT(i, v);
        }
        for (const glm::vec3& n : mesh.normals) {
            ASSERT_NEAR(glm::length(n), 1.0f, 1e-5f);
        }
        if (v >= 1000) {
            EXPECT_GT(mesh.indices.size() / 3, size_t(v));  // a closed-ish surface
        }
    }
}

TEST(SyntheticMesh, DensityWithinOneVertexAndDeltasSmallAndNonZero) {
    for (float density : {0.02f, 0.05f, 0.3f, 1.0f}) {
        SyntheticSpec spec = small();
        spec.density = density;
        const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(spec);
        for (const morph::SyntheticTarget& t : mesh.targets) {
            EXPECT_NEAR(double(t.indices.size()) / spec.vertices, density, 1.0 / spec.vertices);
            EXPECT_TRUE(std::is_sorted(t.indices.begin(), t.indices.end()));
            EXPECT_EQ(std::set<uint32_t>(t.indices.begin(), t.indices.end()).size(),
                      t.indices.size());
            for (size_t e = 0; e < t.indices.size(); ++e) {
                const float length = glm::length(t.positions[e]);
                ASSERT_GT(length, 0.0f);    // every listed vertex moves (sparsify keeps it)
                ASSERT_LE(length, 0.031f);  // small: at most 3 cm on a unit sphere
                ASSERT_LE(glm::length(t.normals[e]), 0.15f);
            }
        }
    }
}

TEST(SyntheticMesh, PatchesAreSpatiallyCoherent) {
    // A patch is the cap nearest its centre: its vertices lie within a small angle of each
    // other, unlike a random 5% of the sphere, which would span it.
    const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(small());
    for (const morph::SyntheticTarget& t : mesh.targets) {
        glm::vec3 mean(0.0f);
        for (uint32_t v : t.indices) mean += mesh.normals[v];
        mean = glm::normalize(mean);
        float worst = 1.0f;
        for (uint32_t v : t.indices) worst = std::min(worst, glm::dot(mesh.normals[v], mean));
        EXPECT_GT(worst, 0.6f);  // within ~53 degrees of the patch's mean direction
    }
}

TEST(SyntheticMesh, SceneAndGlbRoundTripThroughTheImporter) {
    const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(small());
    const morph::Scene direct = morph::toScene(mesh);
    const std::string path = fixtures::scratchDir("SyntheticMeshRoundTrip") + "/synthetic.glb";
    ASSERT_TRUE(morph::toGltf(mesh).writeGlb(path).ok());
    auto imported = morph::importGltf(path);
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    ASSERT_EQ(imported->meshes.size(), 1u);
    const morph::Mesh& a = direct.meshes[0];
    const morph::Mesh& b = imported->meshes[0];
    EXPECT_EQ(a.targetNames, b.targetNames);
    ASSERT_EQ(b.primitives.size(), 1u);
    const morph::Primitive& pa = a.primitives[0];
    const morph::Primitive& pb = b.primitives[0];
    EXPECT_EQ(pa.positions, pb.positions);
    EXPECT_EQ(pa.normals, pb.normals);
    EXPECT_EQ(pa.indices, pb.indices);
    ASSERT_EQ(pb.targets.size(), pa.targets.size());
    for (size_t t = 0; t < pa.targets.size(); ++t) {
        EXPECT_EQ(pa.targets[t].dense(morph::MorphChannel::Position, pa.vertexCount()),
                  pb.targets[t].dense(morph::MorphChannel::Position, pb.vertexCount()));
        EXPECT_EQ(pa.targets[t].dense(morph::MorphChannel::Normal, pa.vertexCount()),
                  pb.targets[t].dense(morph::MorphChannel::Normal, pb.vertexCount()));
        EXPECT_EQ(pb.targetStats[t].movedVertices, mesh.targets[t].indices.size());
    }
    // The sparse form holds exactly the generated entries.
    auto sparse = morph::sparsify(pb);
    ASSERT_TRUE(sparse.ok()) << sparse.error().message;
    EXPECT_EQ(sparse->entryCount(), mesh.entryCount());
}

// The small textured face the benchmarks stand in for face scans with: its UVs stay continuous
// across every triangle (no seam smeared through the texture), and the file carries the texture,
// a material reading it and the names asked for.
TEST(SyntheticMesh, TexturedFileCarriesUvsTextureAndNames) {
    const morph::SyntheticMesh mesh = morph::makeSyntheticMesh(small());
    ASSERT_EQ(mesh.uvs.size(), mesh.positions.size());
    float widest = 0.0f;
    for (size_t i = 0; i < mesh.indices.size(); i += 3) {
        for (int e = 0; e < 3; ++e) {
            const glm::vec2 a = mesh.uvs[mesh.indices[i + size_t(e)]];
            const glm::vec2 b = mesh.uvs[mesh.indices[i + size_t((e + 1) % 3)]];
            widest = std::max(widest, std::abs(a.x - b.x));
        }
    }
    EXPECT_LT(widest, 0.05f);  // one column of 64 apart at most
    const std::vector<uint8_t> skin = morph::syntheticSkinPixels(64, 3);
    ASSERT_EQ(skin.size(), 64u * 64u * 4u);
    EXPECT_EQ(skin, morph::syntheticSkinPixels(64, 3));
    EXPECT_NE(skin, morph::syntheticSkinPixels(64, 4));
    std::set<uint8_t> reds;
    for (size_t i = 0; i < skin.size(); i += 4) reds.insert(skin[i]);
    EXPECT_GT(reds.size(), 20u);  // neither flat nor two-tone

    morph::SyntheticFile file;
    auto png = morph::encodePng({64, 64, skin});
    ASSERT_TRUE(png.ok()) << png.error().message;
    file.baseColorPng = *png;
    file.targetNames = {"browDownLeft", "jawOpen"};
    const std::vector<uint8_t> glb = morph::toGltf(mesh, file).glb();
    auto scene = morph::importGltfMemory(glb, "stand-in.glb", "");
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    const morph::Mesh& m = scene->meshes[0];
    ASSERT_GE(m.targetNames.size(), 3u);
    EXPECT_EQ(m.targetNames[0], "browDownLeft");
    EXPECT_EQ(m.targetNames[1], "jawOpen");
    EXPECT_EQ(m.targetNames[2], "t2");
    const morph::Primitive& p = m.primitives[0];
    ASSERT_EQ(p.texcoords[0].size(), mesh.uvs.size());
    EXPECT_EQ(p.texcoords[0][5], mesh.uvs[5]);
    ASSERT_GE(p.material, 0);
    EXPECT_EQ(scene->materials[size_t(p.material)].baseColorTexture.texture, 0);
    ASSERT_EQ(scene->images.size(), 1u);
    EXPECT_EQ(scene->images[0].rgba, skin);  // lossless, decoded as written
}

TEST(SyntheticMesh, ValidateRejectsBadSpecsInOneLine) {
    // The spec comes from the command line (--vertices, --targets, --density): Usage.
    const auto refused = [](const SyntheticSpec& spec) {
        const morph::Status status = morph::validate(spec);
        return !status.ok() && status.error().code == morph::ErrorCode::Usage;
    };
    SyntheticSpec spec = small();
    spec.density = 0.0f;
    EXPECT_TRUE(refused(spec));
    spec.density = 1.5f;
    EXPECT_TRUE(refused(spec));
    spec.density = std::nanf("");
    EXPECT_TRUE(refused(spec));
    spec = small();
    spec.vertices = 2;
    EXPECT_TRUE(refused(spec));
    spec = small();
    spec.targets = 0;
    const morph::Status status = morph::validate(spec);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code, morph::ErrorCode::Usage);
    EXPECT_EQ(status.error().message.find('\n'), std::string::npos);
    EXPECT_TRUE(morph::validate(small()).ok());
}

}  // namespace

}  // namespace synthetic_mesh_test
