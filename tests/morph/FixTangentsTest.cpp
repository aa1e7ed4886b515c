// morph/fix's --recompute-normals on a textured rig: the TANGENT deltas recomputed with the NORMAL
// ones, so the morphed tangent frame stays orthonormal (the morphed tangent unit and orthogonal to
// the morphed normal wherever the surface moved), and zero where nothing near a vertex moves.
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include "FixScenes.h"
#include "fixtures/FixFixtures.h"
#include "morph/fix/FixDocument.h"
#include "morph/fix/FixNormals.h"
#include "morph/glb/GltfBuilder.h"

namespace fix_tangents_test {

namespace {

using nlohmann::json;

constexpr int kSide = 11;  // vertices per row of the grid

// A flat kSide x kSide grid over x, y in 0..1 facing +Z, UVs (x, y), so its tangent is +X: NORMAL
// (0, 0, 1), TANGENT (1, 0, 0, 1). Target "bump" raises the 3 x 3 vertices at its centre (a
// smooth bump, highest in the middle) and stores zero NORMAL and TANGENT deltas, as an exporter
// that did not recompute them does; target "slide" moves the whole grid along +Z and has no
// TANGENT deltas.
std::vector<uint8_t> texturedGrid() {
    morphtest::TexturedSheet sheet;
    std::vector<float> bump, zeros, slide;
    for (int j = 0; j < kSide; ++j) {
        for (int i = 0; i < kSide; ++i) {
            const float x = float(i) / (kSide - 1), y = float(j) / (kSide - 1);
            sheet.positions.insert(sheet.positions.end(), {x, y, 0.0f});
            sheet.normals.insert(sheet.normals.end(), {0.0f, 0.0f, 1.0f});
            sheet.tangents.insert(sheet.tangents.end(), {1.0f, 0.0f, 0.0f, 1.0f});
            sheet.uvs.insert(sheet.uvs.end(), {x, y});
            const int di = std::abs(i - kSide / 2), dj = std::abs(j - kSide / 2);
            const float h = di <= 1 && dj <= 1 ? 0.1f / float(1 + di + dj) : 0.0f;
            bump.insert(bump.end(), {0.0f, 0.0f, h});
            zeros.insert(zeros.end(), {0.0f, 0.0f, 0.0f});
            slide.insert(slide.end(), {0.0f, 0.0f, 0.5f});
        }
    }
    for (uint32_t j = 0; j + 1 < kSide; ++j) {
        for (uint32_t i = 0; i + 1 < kSide; ++i) {
            const uint32_t v = j * kSide + i;
            sheet.indices.insert(sheet.indices.end(),
                                 {v, v + 1, v + kSide, v + 1, v + kSide + 1, v + kSide});
        }
    }
    sheet.targets = {{"bump", bump, zeros, zeros}, {"slide", slide, {}, {}}};
    return morphtest::sheetGlb(sheet);
}

std::vector<glm::vec3> vec3s(const morph::FixDocument& doc, const json& accessor) {
    auto values = morph::fixAccessorFloats(doc, accessor.get<int64_t>());
    EXPECT_TRUE(values) << values.error().message;
    std::vector<glm::vec3> out;
    for (size_t i = 0; values && i + 2 < values->size(); i += 3)
        out.emplace_back((*values)[i], (*values)[i + 1], (*values)[i + 2]);
    return out;
}

// Whether vertex v or a vertex of one of its triangles moves (its surface then turns).
bool nearMoved(const std::vector<glm::vec3>& deltas, int v) {
    const int i = v % kSide, j = v / kSide;
    for (int dj = -1; dj <= 1; ++dj)
        for (int di = -1; di <= 1; ++di) {
            const int ni = i + di, nj = j + dj;
            if (ni >= 0 && nj >= 0 && ni < kSide && nj < kSide &&
                deltas[size_t(nj * kSide + ni)] != glm::vec3(0.0f))
                return true;
        }
    return false;
}

}  // namespace

TEST(FixTangents, RecomputedTangentsStayUnitAndOrthogonalToTheMorphedNormal) {
    morph::FixDocument doc = fixtures::fixDocumentOf(texturedGrid());
    auto lines = morph::recomputeNormals(doc, {"bump", "slide"});
    ASSERT_TRUE(lines) << lines.error().message;
    const std::vector<std::string> expected = {
        "recomputed the NORMAL deltas of 'bump' on 1 mesh",
        "recomputed the TANGENT deltas of 'bump' on 1 mesh",
        "recomputed the NORMAL deltas of 'slide' on 1 mesh",
        "recomputed the TANGENT deltas of 'slide' on 1 mesh"};
    EXPECT_EQ(*lines, expected);

    const json& prim = doc.json["meshes"][0]["primitives"][0];
    const json& bump = prim["targets"][0];
    const std::vector<glm::vec3> positions = vec3s(doc, bump["POSITION"]);
    const std::vector<glm::vec3> normals = vec3s(doc, bump["NORMAL"]);
    const std::vector<glm::vec3> tangents = vec3s(doc, bump["TANGENT"]);
    ASSERT_EQ(tangents.size(), size_t(kSide * kSide));
    size_t moved = 0;
    for (int v = 0; v < kSide * kSide; ++v) {
        if (!nearMoved(positions, v)) {
            EXPECT_EQ(tangents[size_t(v)], glm::vec3(0.0f)) << v;
            EXPECT_EQ(normals[size_t(v)], glm::vec3(0.0f)) << v;
            continue;
        }
        ++moved;
        const glm::vec3 n = glm::vec3(0, 0, 1) + normals[size_t(v)];
        const glm::vec3 t = glm::vec3(1, 0, 0) + tangents[size_t(v)];
        EXPECT_NEAR(glm::length(t), 1.0f, 1e-3f) << v;
        EXPECT_NEAR(glm::dot(t, n), 0.0f, 1e-3f) << v;
        EXPECT_GT(t.x, 0.8f) << v;  // still along +U: the bump tilts it (27 degrees at most)
    }
    EXPECT_EQ(moved, 25u);  // the 3 x 3 bump and the ring of vertices around it
    // The bump's slope tilts the tangent out of the plane somewhere; the slide turns nothing.
    bool tilted = false;
    for (const glm::vec3& d : tangents) tilted = tilted || std::abs(d.z) > 0.05f;
    EXPECT_TRUE(tilted);
    const json& slide = prim["targets"][1];
    ASSERT_TRUE(slide.contains("TANGENT"));
    for (const glm::vec3& d : vec3s(doc, slide["TANGENT"])) EXPECT_EQ(d, glm::vec3(0.0f));
}

}  // namespace fix_tangents_test
