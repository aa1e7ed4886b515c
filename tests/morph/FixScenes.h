#pragma once
// What the tests of morph/fix share: a fixed document imported back as the importer sees it, and
// a textured sheet (POSITION, NORMAL, TANGENT, TEXCOORD_0) with targets written as one GLB, for
// the tests of TANGENT deltas.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "morph/fix/FixDocument.h"
#include "morph/glb/GltfBuilder.h"
#include "morph/gltf/GltfImport.h"

namespace morphtest {

// `doc` written as a GLB and imported as `name`, images left undecoded; a failure to import fails
// the current case and gives an empty scene.
inline morph::Scene importFixed(const morph::FixDocument& doc, const std::string& name) {
    morph::ImportOptions options;
    options.decodeImages = false;
    auto scene = morph::importGltfMemory(morph::fixDocumentGlb(doc), name, "", options);
    EXPECT_TRUE(scene) << scene.error().message;
    return scene ? std::move(scene).value() : morph::Scene{};
}

// One target of a sheet: its deltas as VEC3 floats, an attribute left empty not written.
struct SheetTarget {
    std::string name;
    std::vector<float> positions, normals, tangents;
};

// A triangle list with a texture: VEC3 positions and normals, VEC4 tangents, VEC2 UVs.
struct TexturedSheet {
    std::vector<float> positions, normals, tangents, uvs;
    std::vector<uint32_t> indices;
    std::vector<SheetTarget> targets;
};

// `sheet` as a GLB of one mesh on one node in one scene, its target names in the mesh's extras.
inline std::vector<uint8_t> sheetGlb(const TexturedSheet& sheet) {
    using nlohmann::json;
    morph::GltfBuilder b;
    const int index = b.addAccessor(sheet.indices.data(), morph::ComponentType::UnsignedInt,
                                    sheet.indices.size(), "SCALAR");
    const json attributes = {{"POSITION", b.addFloats(sheet.positions, "VEC3")},
                             {"NORMAL", b.addFloats(sheet.normals, "VEC3")},
                             {"TANGENT", b.addFloats(sheet.tangents, "VEC4")},
                             {"TEXCOORD_0", b.addFloats(sheet.uvs, "VEC2")}};
    json targets = json::array(), names = json::array();
    for (const SheetTarget& t : sheet.targets) {
        json target = json::object();
        for (const auto& [attribute, deltas] :
             {std::pair{"POSITION", &t.positions}, std::pair{"NORMAL", &t.normals},
              std::pair{"TANGENT", &t.tangents}}) {
            if (!deltas->empty()) target[attribute] = b.addFloats(*deltas, "VEC3");
        }
        targets.push_back(target);
        names.push_back(t.name);
    }
    b.json()["meshes"] = json::array(
        {{{"primitives", {{{"attributes", attributes}, {"indices", index}, {"targets", targets}}}},
          {"extras", {{"targetNames", names}}}}});
    b.json()["nodes"] = json::array({{{"mesh", 0}}});
    b.json()["scenes"] = json::array({{{"nodes", {0}}}});
    b.json()["scene"] = 0;
    return b.glb();
}

}  // namespace morphtest
