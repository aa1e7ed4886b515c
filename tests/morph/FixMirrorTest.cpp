// morph/fix's --mirror on a textured rig with TANGENT deltas: the mirrored target's TANGENT delta
// at each vertex is the source's at the mirrored vertex, reflected where the two halves share the
// texture (mirrored UVs) and reflected and reversed where one unwrap runs across the plane; either
// way it is what --recompute-normals derives for the mirrored target from its own positions.
#include <cmath>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include "FixScenes.h"
#include "fixtures/FixFixtures.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixMirror.h"
#include "morph/fix/FixNormals.h"
#include "morph/fix/FixTargets.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"

namespace fix_mirror_test {

namespace {

using nlohmann::json;

constexpr int kColumns = 21;  // x from -1 to 1, the plane x = 0 through the middle column
constexpr int kRows = 11;     // y from 0 to 1

int vertexAt(int column, int row) {
    return row * kColumns + column;
}

// A sheet over x in -1..1, y in 0..1, bent into a ridge along y (z = 0.3 (1 - x^2)), so it is
// symmetric across x = 0 (its triangles too) and its normals vary. UVs: u = x (one unwrap over both
// halves, the tangent +x everywhere, handedness 1) or, with `mirroredUvs`, u = |x| (both halves
// share the texture: the tangent -x on the right, handedness -1). Target "bumpLeft" raises a smooth
// bump around (0.5, 0.5), on the left only, with zero NORMAL and TANGENT deltas, for
// --recompute-normals to fill in. `tilt` adds tilt * x to z: the sheet leans to one side and has
// no mirror plane across x.
std::vector<uint8_t> ridge(bool mirroredUvs, float tilt = 0.0f) {
    morphtest::TexturedSheet sheet;
    std::vector<float> bump, zeros;
    for (int row = 0; row < kRows; ++row) {
        for (int column = 0; column < kColumns; ++column) {
            const float x = float(column - kColumns / 2) / float(kColumns / 2);
            const float y = float(row) / float(kRows - 1);
            sheet.positions.insert(sheet.positions.end(), {x, y, 0.3f * (1.0f - x * x) + tilt * x});
            const glm::vec3 along = glm::normalize(glm::vec3(1.0f, 0.0f, -0.6f * x));
            const glm::vec3 up = glm::normalize(glm::vec3(0.6f * x, 0.0f, 1.0f));
            sheet.normals.insert(sheet.normals.end(), {up.x, up.y, up.z});
            const float flip = mirroredUvs && x < 0.0f ? -1.0f : 1.0f;
            sheet.tangents.insert(sheet.tangents.end(),
                                  {flip * along.x, 0.0f, flip * along.z, flip});
            sheet.uvs.insert(sheet.uvs.end(), {mirroredUvs ? std::abs(x) : x, y});
            const float r = glm::length(glm::vec2(x - 0.5f, y - 0.5f));
            const float h = r < 0.25f ? 0.1f * (1.0f + std::cos(r / 0.25f * 3.14159265f)) : 0.0f;
            bump.insert(bump.end(), {0.0f, 0.0f, h});
            zeros.insert(zeros.end(), {0.0f, 0.0f, 0.0f});
        }
    }
    for (int row = 0; row + 1 < kRows; ++row) {
        for (int column = 0; column + 1 < kColumns; ++column) {
            // Each quad's diagonal is the mirror image of its mirror quad's, so the triangles
            // are symmetric too.
            const uint32_t a = uint32_t(vertexAt(column, row)), b = a + 1, c = a + kColumns,
                           d = c + 1;
            std::vector<uint32_t>& indices = sheet.indices;
            if (column >= kColumns / 2) indices.insert(indices.end(), {a, b, c, b, d, c});
            else indices.insert(indices.end(), {a, b, d, a, d, c});
        }
    }
    sheet.targets = {{"bumpLeft", bump, zeros, zeros}};
    return morphtest::sheetGlb(sheet);
}

morph::Scene imported(const morph::FixDocument& doc) {
    return morphtest::importFixed(doc, "ridge.glb");
}

// Target t's deltas of `attribute`.
std::vector<glm::vec3> deltas(const morph::FixDocument& doc, size_t t, const char* attribute) {
    const json& target = doc.json["meshes"][0]["primitives"][0]["targets"][t];
    EXPECT_TRUE(target.contains(attribute)) << t << " " << attribute;
    if (!target.contains(attribute)) return {};
    auto values = morph::fixAccessorFloats(doc, target[attribute].get<int64_t>());
    EXPECT_TRUE(values) << values.error().message;
    std::vector<glm::vec3> out;
    for (size_t i = 0; values && i + 2 < values->size(); i += 3)
        out.emplace_back((*values)[i], (*values)[i + 1], (*values)[i + 2]);
    return out;
}

glm::vec3 reflected(const glm::vec3& d) {
    return {-d.x, d.y, d.z};
}

}  // namespace

// A mesh whose vertices have no mirror images (the sheet leaning to one side) is left as it was,
// each operation saying so in a line that names the mesh, and its count of meshes done is 0.
TEST(FixMirror, AMeshWithoutAMirrorPlaneIsLeftAloneAndSaysSo) {
    morph::FixDocument doc = fixtures::fixDocumentOf(ridge(false, 1.0f));
    const morph::Scene scene = imported(doc);
    auto mirrored = morph::mirrorTarget(doc, scene, "bumpLeft", "bumpRight");
    ASSERT_TRUE(mirrored) << mirrored.error().message;
    ASSERT_EQ(mirrored->size(), 2u) << mirrored->front();
    EXPECT_EQ(mirrored->front().rfind("left mesh '", 0), 0u) << mirrored->front();
    EXPECT_NE(mirrored->front().find("' alone: no mirror plane ("), std::string::npos)
        << mirrored->front();
    EXPECT_NE(mirrored->front().find("% of its vertices pair)"), std::string::npos)
        << mirrored->front();
    EXPECT_EQ(mirrored->back(), "mirrored 'bumpLeft' to 'bumpRight' on 0 meshes");
    auto split = morph::splitTarget(doc, scene, "bumpLeft", {"bumpLeftL", "bumpLeftR"}, 0.1f);
    ASSERT_TRUE(split) << split.error().message;
    ASSERT_EQ(split->size(), 2u);
    EXPECT_EQ(split->front().rfind("left 'bumpLeft' on mesh '", 0), 0u) << split->front();
    EXPECT_NE(split->front().find("' whole: no mirror plane"), std::string::npos) << split->front();
    EXPECT_EQ(split->back(), "split 'bumpLeft' into 'bumpLeftL' and 'bumpLeftR' on 0 meshes");
    EXPECT_EQ(morph::fixTargetNames(doc, 0), (std::vector<std::string>{"bumpLeft"}));
}

TEST(FixMirror, TangentDeltasMirrorAsTheTangentTurnsAtTheMirroredVertex) {
    for (const bool mirroredUvs : {false, true}) {
        SCOPED_TRACE(mirroredUvs ? "mirrored UVs" : "one unwrap");
        morph::FixDocument doc = fixtures::fixDocumentOf(ridge(mirroredUvs));
        auto filled = morph::recomputeNormals(doc, {"bumpLeft"});
        ASSERT_TRUE(filled) << filled.error().message;
        auto lines = morph::mirrorTarget(doc, imported(doc), "bumpLeft", "bumpRight");
        ASSERT_TRUE(lines) << lines.error().message;
        EXPECT_EQ(lines->back(), "mirrored 'bumpLeft' to 'bumpRight' on 1 mesh");
        ASSERT_EQ(morph::fixTargetNames(doc, 0),
                  (std::vector<std::string>{"bumpLeft", "bumpRight"}));

        // At each vertex, the source's delta at the mirrored vertex reflected, and reversed too
        // where u runs on across the plane (the tangent there is the reflected one reversed).
        const std::vector<glm::vec3> left = deltas(doc, 0, "TANGENT");
        const std::vector<glm::vec3> right = deltas(doc, 1, "TANGENT");
        ASSERT_EQ(right.size(), size_t(kColumns * kRows));
        const float sign = mirroredUvs ? 1.0f : -1.0f;
        float largest = 0;
        for (int row = 0; row < kRows; ++row) {
            for (int column = 0; column < kColumns; ++column) {
                const size_t v = size_t(vertexAt(column, row));
                const size_t image = size_t(vertexAt(kColumns - 1 - column, row));
                const glm::vec3 expected = sign * reflected(left[image]);
                EXPECT_NEAR(glm::length(right[v] - expected), 0.0f, 1e-6f) << column << "," << row;
                largest = std::max(largest, glm::length(right[v]));
            }
        }
        EXPECT_GT(largest, 0.1f);  // the bump's slope turns the tangents

        // The same as the mirrored target's own tangents recomputed from its positions, so the
        // morphed tangent frame on the right is as orthonormal as the left's.
        morph::FixDocument recomputed = doc;
        auto again = morph::recomputeNormals(recomputed, {"bumpRight"});
        ASSERT_TRUE(again) << again.error().message;
        const std::vector<glm::vec3> derived = deltas(recomputed, 1, "TANGENT");
        const std::vector<glm::vec3> normals = deltas(doc, 1, "NORMAL");
        const std::vector<glm::vec3> derivedNormals = deltas(recomputed, 1, "NORMAL");
        ASSERT_EQ(derived.size(), right.size());
        for (size_t v = 0; v < right.size(); ++v) {
            EXPECT_NEAR(glm::length(right[v] - derived[v]), 0.0f, 1e-4f) << v;
            EXPECT_NEAR(glm::length(normals[v] - derivedNormals[v]), 0.0f, 1e-4f) << v;
        }
    }
}

// A TO that exists keeps no attribute FROM lacks: its old TANGENT deltas become FROM's (none)
// mirrored, zero.
TEST(FixMirror, AnExistingTargetsTangentDeltasAreReplaced) {
    morph::FixDocument doc = fixtures::fixDocumentOf(ridge(false));
    auto filled = morph::recomputeNormals(doc, {"bumpLeft"});
    ASSERT_TRUE(filled) << filled.error().message;
    auto lines = morph::mirrorTarget(doc, imported(doc), "bumpLeft", "bumpRight");
    ASSERT_TRUE(lines) << lines.error().message;
    json& source = doc.json["meshes"][0]["primitives"][0]["targets"][0];
    source.erase("TANGENT");
    lines = morph::mirrorTarget(doc, imported(doc), "bumpLeft", "bumpRight");
    ASSERT_TRUE(lines) << lines.error().message;
    for (const glm::vec3& d : deltas(doc, 1, "TANGENT")) EXPECT_EQ(d, glm::vec3(0.0f));
    EXPECT_NE(deltas(doc, 1, "POSITION"), std::vector<glm::vec3>(size_t(kColumns * kRows)));
}

}  // namespace fix_mirror_test
