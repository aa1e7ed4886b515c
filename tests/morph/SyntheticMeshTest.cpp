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
#include "morph/targets/SparseTargets.h"
#include "morph/targets/SyntheticMesh.h"

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
