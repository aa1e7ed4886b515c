// The glTF validator's rules as the tests check them on the files `fix` writes
// (fixtures/GltfRules.h): a valid code-built rig breaks none, as GLB and as .gltf, and each rule
// planted broken into it is found by its code.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/FixFixtures.h"
#include "fixtures/GltfRules.h"
#include "morph/fix/FixDocument.h"

namespace gltf_rules_test {

namespace {

using nlohmann::json;

// The keepsake rig with min and max on its targets' POSITION accessors, which the rig leaves to
// the importer (a repair it reports): a file that breaks no rule.
morph::FixDocument validRig() {
    morph::FixDocument doc = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    for (json& mesh : doc.json["meshes"]) {
        for (json& prim : mesh["primitives"]) {
            for (json& target : prim["targets"]) {
                json& accessor = doc.json["accessors"][target["POSITION"].get<size_t>()];
                auto values = morph::fixAccessorFloats(doc, target["POSITION"].get<int64_t>());
                EXPECT_TRUE(values && !values->empty());
                if (!values || values->empty()) continue;
                std::vector<float> lo(values->begin(), values->begin() + 3), hi = lo;
                for (size_t i = 0; i < values->size(); ++i) {
                    lo[i % 3] = std::min(lo[i % 3], (*values)[i]);
                    hi[i % 3] = std::max(hi[i % 3], (*values)[i]);
                }
                accessor["min"] = lo;
                accessor["max"] = hi;
            }
        }
    }
    return doc;
}

// The codes of the valid rig's issues after `plant` edits its document.
template <typename Plant>
std::set<std::string> codesAfter(Plant plant) {
    morph::FixDocument doc = validRig();
    plant(doc);
    return fixtures::issueCodes(fixtures::gltfIssues(morph::fixDocumentGlb(doc)));
}

// The first primitive's POSITION accessor.
json& position(morph::FixDocument& doc) {
    return doc.json["accessors"]
                   [doc.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"].get<size_t>()];
}

}  // namespace

TEST(GltfRules, AValidRigBreaksNoRuleAsGlbOrGltf) {
    // The rig as the tests write it breaks one: its targets' POSITION have no min and max.
    const morph::FixDocument rig = fixtures::fixDocumentOf(fixtures::keepsakeRig());
    const std::vector<std::string> issues = fixtures::gltfIssues(morph::fixDocumentGlb(rig));
    EXPECT_EQ(issues.size(), 12u);  // 6 targets on each of 2 meshes
    for (const std::string& issue : issues)
        EXPECT_EQ(issue.rfind("MESH_PRIMITIVE_POSITION_ACCESSOR_WITHOUT_BOUNDS meshes[", 0), 0u)
            << issue;
    const morph::FixDocument doc = validRig();
    EXPECT_EQ(fixtures::gltfIssues(morph::fixDocumentGlb(doc)), std::vector<std::string>{});
    const std::string text = morph::fixDocumentGltf(doc);
    EXPECT_EQ(fixtures::gltfIssues(std::vector<uint8_t>(text.begin(), text.end())),
              std::vector<std::string>{});
}

TEST(GltfRules, EachPlantedBreakIsFoundByItsCode) {
    auto has = [](const std::set<std::string>& codes, const std::string& code) {
        return codes.count(code) == 1;
    };
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) { position(d)["min"][1] = -1e6; }),
                    "ACCESSOR_MIN_MISMATCH"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) { position(d)["max"][0] = 0.123456; }),
                    "ACCESSOR_MAX_MISMATCH"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) { position(d).erase("min"); }),
                    "MESH_PRIMITIVE_POSITION_ACCESSOR_WITHOUT_BOUNDS"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) { position(d)["byteOffset"] = 2; }),
                    "ACCESSOR_OFFSET_ALIGNMENT"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) { position(d)["count"] = 1 << 20; }),
                    "ACCESSOR_TOO_LONG"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) {
                        d.json["bufferViews"][0]["byteLength"] = d.bin.size() + 4;
                    }),
                    "BUFFER_VIEW_TOO_LONG"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) {
                        json& target = d.json["meshes"][0]["primitives"][0]["targets"][0];
                        target["TEXCOORD_1"] = target["POSITION"];
                    }),
                    "MESH_PRIMITIVE_MORPH_TARGET_NO_BASE_ACCESSOR"));
    EXPECT_TRUE(has(
        codesAfter([](morph::FixDocument& d) { d.json["meshes"][0]["weights"].push_back(0.5); }),
        "MESH_INVALID_WEIGHTS_COUNT"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) {
                        json& prims = d.json["meshes"][0]["primitives"];
                        prims.push_back(prims[0]);
                        prims.back().erase("targets");
                    }),
                    "MESH_PRIMITIVES_UNEQUAL_TARGETS_COUNT"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) {
                        d.json["animations"][0]["samplers"][0]["interpolation"] = "CUBICSPLINE";
                    }),
                    "ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT"));
    EXPECT_TRUE(has(codesAfter([](morph::FixDocument& d) {
                        d.json["buffers"][0]["byteLength"] = d.bin.size() + 64;
                    }),
                    "BUFFER_BYTE_LENGTH_MISMATCH"));
}

}  // namespace gltf_rules_test
