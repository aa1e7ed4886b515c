// Writes the code-built test fixtures (tests/fixtures) as seed files for the importer fuzzer:
// every rule fixture and every broken one, so the fuzzer starts from inputs that reach each reader.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "fixtures/BadFixtures.h"
#include "fixtures/Fixtures.h"
#include "fixtures/SkinFixtures.h"

namespace {

using fixtures::Bytes;
using morph::ComponentType;

std::vector<std::pair<std::string, std::function<Bytes()>>> seeds() {
    namespace b = fixtures::bad;
    auto text = [](std::string (*make)()) { return [make] { std::string s = make(); return Bytes(s.begin(), s.end()); }; };
    std::vector<std::pair<std::string, std::function<Bytes()>>> list = {
        {"triangleWithTwoTargets.glb", fixtures::triangleWithTwoTargets},
        {"sparseTargetWithoutBufferView.glb", fixtures::sparseTargetWithoutBufferView},
        {"sparseTargetWithBufferView.glb", fixtures::sparseTargetWithBufferView},
        {"sparseBasePositions.glb", fixtures::sparseBasePositions},
        {"sparseAnimationOutput.glb", fixtures::sparseAnimationOutput},
        {"quantizedNormalTargetShort.glb", [] { return fixtures::quantizedNormalTarget(ComponentType::Short); }},
        {"quantizedBaseNormalsByte.glb", [] { return fixtures::quantizedBaseNormals(ComponentType::Byte); }},
        {"interleavedPositionAndTarget.glb", fixtures::interleavedPositionAndTarget},
        {"targetWithUnknownAttribute.glb", fixtures::targetWithUnknownAttribute},
        {"glbWithUnknownChunk.glb", fixtures::glbWithUnknownChunk},
        {"nodesWithoutScene.glb", fixtures::nodesWithoutScene},
        {"weightsOnNodeAndMesh.glb", fixtures::weightsOnNodeAndMesh},
        {"multiPrimitiveDifferentAttributeSets.glb", fixtures::multiPrimitiveDifferentAttributeSets},
        {"targetNamesPresent.glb", fixtures::targetNamesPresent},
        {"weightsAnimationLinear.glb", [] { return fixtures::weightsAnimation("LINEAR"); }},
        {"weightsAnimationCubic.glb", [] { return fixtures::weightsAnimation("CUBICSPLINE"); }},
        {"normalizedAnimationOutput.glb", fixtures::normalizedAnimationOutput},
        {"trsAnimation.glb", fixtures::trsAnimation},
        {"texcoordAndColorTargets.glb", fixtures::texcoordAndColorTargets},
        {"tangentTargets.glb", fixtures::tangentTargets},
        {"gltfWithDataUri.gltf", text(fixtures::gltfWithDataUri)},
        {"bad-truncatedGlb.glb", b::truncatedGlb},
        {"bad-jsonWrongTypes.gltf", b::jsonWrongTypes},
        {"bad-strideTooSmall.glb", b::strideTooSmall},
        {"bad-sparseIndexOutOfRange.glb", b::sparseIndexOutOfRange},
        {"bad-sparseIndicesUnsorted.glb", b::sparseIndicesUnsorted},
        {"bad-targetCountDiffersFromBase.glb", b::targetCountDiffersFromBase},
        {"bad-primitivesWithDifferentTargetCounts.glb", b::primitivesWithDifferentTargetCounts},
        {"bad-cubicSplineOutputWrongSize.glb", b::cubicSplineOutputWrongSize},
        {"bad-indicesPastVertexCount.glb", b::indicesPastVertexCount},
        {"bad-nodeCycle.glb", b::nodeCycle},
        {"bad-deepNodeChain.glb", [] { return b::deepNodeChain(64); }},
        {"bad-nanInPositions.glb", b::nanInPositions},
        {"bad-undecodableImage.glb", b::undecodableImage},
        {"bad-sparseMemoryBomb.glb", [] { return b::sparseMemoryBomb(1u << 20); }},
        {"bad-gltfWithBadDataUri.gltf", text(b::gltfWithBadDataUri)},
    };
    for (ComponentType t : {ComponentType::Byte, ComponentType::UnsignedByte, ComponentType::Short,
                            ComponentType::UnsignedShort, ComponentType::Float}) {
        const std::string n = std::to_string(int(t));
        list.emplace_back("quantizedTarget" + n + ".glb", [t] { return fixtures::quantizedTarget(t, t != ComponentType::Float); });
        list.emplace_back("quantizedBase" + n + ".glb", [t] { return fixtures::quantizedBase(t, false); });
    }
    using fixtures::SkinCase;
    const std::pair<const char*, SkinCase> skins[] = {
        {"skinnedArm.glb", SkinCase::Arm},
        {"skinnedArmQuantized.glb", SkinCase::QuantizedOverweight},
        {"skinnedArmEightInfluences.glb", SkinCase::EightInfluences},
        {"skinnedArmTwoSkins.glb", SkinCase::TwoSkins},
        {"bad-skinJointOutOfRange.glb", SkinCase::JointOutOfRange},
    };
    for (const auto& [name, skinCase] : skins) {
        list.emplace_back(name, [c = skinCase] { return fixtures::skinnedArm(c); });
    }
    return list;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: FuzzSeedWriter <folder>\n");
        return 2;
    }
    std::filesystem::create_directories(argv[1]);
    for (const auto& [name, make] : seeds()) {
        const Bytes bytes = make();
        std::ofstream out(std::filesystem::path(argv[1]) / name, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out) {
            std::fprintf(stderr, "FuzzSeedWriter: cannot write %s\n", name.c_str());
            return 1;
        }
    }
    return 0;
}
