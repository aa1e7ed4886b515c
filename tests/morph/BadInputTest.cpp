// Broken and hostile files: each import fails with ONE line that starts with the file name and
// names the offending field, and never crashes (the run under ASan/UBSan checks the "never").
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/BadFixtures.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/TestPaths.h"
#include "morph/ErrorText.h"
#include "morph/anim/Animate.h"
#include "morph/gltf/GltfImport.h"
#include "morph/io/Files.h"

namespace bad_input_test {

namespace {

using morph::ErrorCode;
using testing::AllOf;
using testing::AnyOf;
using testing::HasSubstr;
using testing::StartsWith;

// The error message of a file that must not load ("" after a reported failure when it loads);
// its code must be `expected`.
std::string importError(const fixtures::Bytes& bytes, ErrorCode expected,
                        const std::string& name = "bad.glb") {
    morph::Result<morph::Scene> r = morph::importGltfMemory(bytes, name, "");
    if (r.ok()) {
        ADD_FAILURE() << name << " loaded, but it should have failed";
        return "";
    }
    const std::string& message = r.error().message;
    EXPECT_EQ(r.error().code, expected) << message;
    EXPECT_THAT(message, StartsWith(name + ": "));
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_GT(message.size(), name.size() + 2) << "the message says nothing after the name";
    return message;
}

TEST(BadInput, TruncatedGlb) {
    EXPECT_THAT(importError(fixtures::bad::truncatedGlb(), ErrorCode::Container),
                AnyOf(HasSubstr("truncated"), HasSubstr("length")));
    EXPECT_THAT(importError(fixtures::bad::truncatedGlbHeader(), ErrorCode::Container),
                AnyOf(HasSubstr("truncated"), HasSubstr("length"), HasSubstr("header")));
}

TEST(BadInput, BadMagic) {
    EXPECT_THAT(importError(fixtures::bad::badMagic(), ErrorCode::Container),
                AnyOf(HasSubstr("magic"), HasSubstr("glTF"), HasSubstr("GLB")));
}

TEST(BadInput, EmptyFile) {
    EXPECT_THAT(importError(fixtures::bad::emptyFile(), ErrorCode::Container), HasSubstr("empty"));
    EXPECT_THAT(importError(fixtures::bad::emptyFile(), ErrorCode::Container, "empty.gltf"),
                HasSubstr("empty"));
}

TEST(BadInput, JsonThatIsNotGltf) {
    // A loader that crashes on valid JSON that is not glTF is the counterexample (Filament's
    // loader did): it must be one clean error.
    EXPECT_THAT(importError(fixtures::bad::jsonNotGltf(), ErrorCode::Schema, "hello.gltf"),
                HasSubstr("asset"));
    EXPECT_THAT(importError(fixtures::bad::jsonWrongTypes(), ErrorCode::Schema, "types.gltf"),
                HasSubstr("meshes"));
    const std::string array = "[1, 2, 3]";
    importError(fixtures::Bytes(array.begin(), array.end()), ErrorCode::Schema, "array.gltf");
    const std::string broken = "{\"asset\": {\"version\": \"2.0\"";
    importError(fixtures::Bytes(broken.begin(), broken.end()), ErrorCode::Json, "broken.gltf");
}

TEST(BadInput, UnknownMajorVersion) {
    EXPECT_THAT(importError(fixtures::bad::unknownMajorVersion(), ErrorCode::Unsupported),
                AllOf(HasSubstr("version"), HasSubstr("3.0")));
}

TEST(BadInput, AccessorPastItsBufferView) {
    EXPECT_THAT(importError(fixtures::bad::accessorPastBufferView(), ErrorCode::OutOfBounds),
                HasSubstr("accessors[3]"));
}

TEST(BadInput, BufferViewPastItsBuffer) {
    EXPECT_THAT(importError(fixtures::bad::bufferViewPastBuffer(), ErrorCode::OutOfBounds),
                HasSubstr("bufferViews[3]"));
}

TEST(BadInput, StrideSmallerThanTheElement) {
    EXPECT_THAT(importError(fixtures::bad::strideTooSmall(), ErrorCode::Inconsistent),
                HasSubstr("byteStride"));
}

TEST(BadInput, SparseIndexOutOfRange) {
    EXPECT_THAT(importError(fixtures::bad::sparseIndexOutOfRange(), ErrorCode::OutOfBounds),
                AllOf(HasSubstr("accessors[2]"), HasSubstr("sparse"), HasSubstr("out of range")));
}

TEST(BadInput, SparseIndicesNotStrictlyIncreasing) {
    // glTF 2.0 5.4 accessor.sparse.indices: "strictly increasing".
    EXPECT_THAT(importError(fixtures::bad::sparseIndicesUnsorted(), ErrorCode::BadValue),
                AllOf(HasSubstr("accessors[2]"), HasSubstr("sparse")));
    EXPECT_THAT(importError(fixtures::bad::sparseIndicesRepeated(), ErrorCode::BadValue),
                AllOf(HasSubstr("accessors[2]"), HasSubstr("sparse")));
}

TEST(BadInput, TargetCountDiffersFromBase) {
    EXPECT_THAT(importError(fixtures::bad::targetCountDiffersFromBase(), ErrorCode::Inconsistent),
                AllOf(HasSubstr("targets[1]"), HasSubstr("2"), HasSubstr("3")));
}

TEST(BadInput, PrimitivesWithDifferentTargetCounts) {
    EXPECT_THAT(
        importError(fixtures::bad::primitivesWithDifferentTargetCounts(), ErrorCode::Inconsistent),
        AllOf(HasSubstr("meshes[0]"), HasSubstr("primitives[1]"), HasSubstr("targets")));
}

TEST(BadInput, MeshWeightsOfTheWrongLength) {
    EXPECT_THAT(importError(fixtures::bad::meshWeightsWrongLength(), ErrorCode::Inconsistent),
                AllOf(HasSubstr("meshes[0]"), HasSubstr("weights")));
}

TEST(BadInput, NodeWeightsOfTheWrongLength) {
    EXPECT_THAT(importError(fixtures::bad::nodeWeightsWrongLength(), ErrorCode::Inconsistent),
                AllOf(HasSubstr("nodes[0]"), HasSubstr("weights")));
}

TEST(BadInput, WeightsOutputNotKeysTimesTargets) {
    EXPECT_THAT(importError(fixtures::bad::weightsOutputWrongCount(), ErrorCode::Inconsistent),
                AllOf(HasSubstr("animations[0]"), HasSubstr("output")));
}

TEST(BadInput, UnknownAccessorType) {
    EXPECT_THAT(importError(fixtures::bad::unknownAccessorType(), ErrorCode::BadValue),
                AllOf(HasSubstr("accessors[2]"), HasSubstr("type")));
}

TEST(BadInput, FloatIndices) {
    // glTF 2.0 3.7.2.1: indices are UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT.
    EXPECT_THAT(importError(fixtures::bad::floatIndices(), ErrorCode::BadValue),
                AllOf(AnyOf(HasSubstr("indices"), HasSubstr("accessors[4]")), HasSubstr("FLOAT")));
}

TEST(BadInput, SparseMemoryBombStopsAtTheBudget) {
    // 10 million VEC3 floats twice: 240 MB expanded from a file of a few hundred bytes. The
    // budget (1 MiB here) must refuse it from the declared sizes, before allocating.
    morph::ImportOptions options;
    options.maxMemoryBytes = 1 << 20;
    morph::Result<morph::Scene> r = morph::importGltfMemory(
        fixtures::bad::sparseMemoryBomb(10'000'000), "bomb.glb", "", options);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Limit);
    EXPECT_THAT(r.error().message, StartsWith("bomb.glb: "));
    EXPECT_THAT(r.error().message, HasSubstr("accessors["));
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
}

TEST(BadInput, AnimationInputNotIncreasing) {
    EXPECT_THAT(importError(fixtures::bad::animationInputNotIncreasing(), ErrorCode::BadValue),
                AllOf(HasSubstr("animations[0]"), HasSubstr("samplers[0]"), HasSubstr("input")));
}

TEST(BadInput, CubicSplineOutputOfTheWrongSize) {
    EXPECT_THAT(importError(fixtures::bad::cubicSplineOutputWrongSize(), ErrorCode::Inconsistent),
                AllOf(HasSubstr("animations[0]"), HasSubstr("output")));
}

TEST(BadInput, IndicesPastTheVertexCount) {
    EXPECT_THAT(importError(fixtures::bad::indicesPastVertexCount(), ErrorCode::OutOfBounds),
                HasSubstr("indices"));
}

TEST(BadInput, ReferencesToMissingObjects) {
    EXPECT_THAT(importError(fixtures::bad::missingMesh(), ErrorCode::BadReference),
                AllOf(HasSubstr("nodes[0]"), HasSubstr("mesh")));
    EXPECT_THAT(importError(fixtures::bad::missingMaterial(), ErrorCode::BadReference),
                HasSubstr("material"));
    EXPECT_THAT(importError(fixtures::bad::missingAccessor(), ErrorCode::BadReference),
                HasSubstr("99"));
    EXPECT_THAT(importError(fixtures::bad::missingSceneNode(), ErrorCode::BadReference),
                HasSubstr("scenes[0]"));
    EXPECT_THAT(importError(fixtures::bad::missingAnimationNode(), ErrorCode::BadReference),
                AllOf(HasSubstr("animations[0]"), HasSubstr("node")));
}

TEST(BadInput, NodeCycle) {
    EXPECT_THAT(importError(fixtures::bad::nodeCycle(), ErrorCode::Inconsistent),
                AllOf(HasSubstr("nodes["), AnyOf(HasSubstr("cycle"), HasSubstr("parent"))));
}

TEST(BadInput, DeepNodeChainLoadsWithoutRecursion) {
    constexpr int kDepth = 100000;
    morph::Result<morph::Scene> r =
        morph::importGltfMemory(fixtures::bad::deepNodeChain(kDepth), "deep.glb", "");
    ASSERT_TRUE(r.ok()) << r.error().message;
    const morph::Scene& scene = r.value();
    ASSERT_EQ(scene.nodes.size(), size_t(kDepth));
    EXPECT_EQ(scene.roots, std::vector<int>{0});
    EXPECT_EQ(scene.nodes[kDepth - 1].parent, kDepth - 2);
    EXPECT_EQ(scene.nodes[kDepth - 1].mesh, 0);
    std::vector<glm::mat4> world = morph::worldMatrices(scene, morph::restPose(scene));
    ASSERT_EQ(world.size(), size_t(kDepth));
    EXPECT_EQ(world[kDepth - 1], glm::mat4(1.0f));
}

TEST(BadInput, NaNInPositions) {
    EXPECT_THAT(importError(fixtures::bad::nanInPositions(), ErrorCode::BadValue),
                AllOf(HasSubstr("accessors[0]"), AnyOf(HasSubstr("NaN"), HasSubstr("finite"))));
}

TEST(BadInput, UndecodableImageStillLoadsWithAWarning) {
    morph::Result<morph::Scene> r =
        morph::importGltfMemory(fixtures::bad::undecodableImage(), "image.glb", "");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->images.size(), 1u);
    EXPECT_TRUE(r->images[0].rgba.empty());
    ASSERT_EQ(r->meshes.size(), 1u);
    EXPECT_EQ(r->meshes[0].primitives[0].targets.size(), 2u);
    ASSERT_FALSE(r->warnings.empty());
    bool named = false;
    for (const std::string& w : r->warnings) {
        EXPECT_THAT(w, StartsWith("image.glb: "));
        EXPECT_EQ(w.find('\n'), std::string::npos);
        named = named || w.find("images[0]") != std::string::npos;
    }
    EXPECT_TRUE(named) << "no warning names images[0]";
}

TEST(BadInput, MissingExternalBuffer) {
    std::string dir = fixtures::scratchDir("BadInput.MissingExternalBuffer");
    std::string text = fixtures::bad::gltfWithMissingBin();
    morph::Result<morph::Scene> r =
        morph::importGltfMemory(fixtures::Bytes(text.begin(), text.end()), "missing.gltf", dir);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Io);  // the file is missing, not the bytes wrong
    EXPECT_THAT(r.error().message, StartsWith("missing.gltf: "));
    EXPECT_THAT(r.error().message, HasSubstr("missing.bin"));
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
}

TEST(BadInput, DataUriThatIsNotBase64) {
    std::string text = fixtures::bad::gltfWithBadDataUri();
    EXPECT_THAT(
        importError(fixtures::Bytes(text.begin(), text.end()), ErrorCode::Decode, "datauri.gltf"),
        HasSubstr("buffers[0]"));
}

// Every prefix of a valid GLB, and every byte of it set to 0xFF, either loads or fails with one
// line naming the file: no crash, no exception, no hang (ASan/UBSan builds check the memory).
TEST(BadInput, TruncationsAndByteFlipsNeverCrash) {
    const fixtures::Bytes good = fixtures::triangleWithTwoTargets();
    auto check = [](const fixtures::Bytes& bytes, const std::string& what) {
        morph::Result<morph::Scene> r = morph::importGltfMemory(bytes, "mutant.glb", "");
        if (r.ok()) return;
        EXPECT_TRUE(fixtures::isInputFault(r.error().code))
            << what << ": " << morph::errorCodeName(r.error().code) << ": " << r.error().message;
        EXPECT_THAT(r.error().message, StartsWith("mutant.glb: ")) << what;
        EXPECT_EQ(r.error().message.find('\n'), std::string::npos)
            << what << ": " << r.error().message;
    };
    for (size_t length = 0; length < good.size(); ++length)
        check(fixtures::Bytes(good.begin(), good.begin() + length),
              "prefix " + std::to_string(length));
    for (size_t i = 0; i < good.size(); ++i) {
        fixtures::Bytes mutant = good;
        mutant[i] = 0xFF;
        check(mutant, "byte " + std::to_string(i) + " = 0xFF");
        // Digits in the JSON turned into 9: larger counts, offsets and indices everywhere.
        if (good[i] >= '0' && good[i] <= '8') {
            mutant[i] = '9';
            check(mutant, "byte " + std::to_string(i) + " = '9'");
        }
    }
}

TEST(BadInput, UriEscapingTheFolderIsRefusedUnlessAllowed) {
    std::string dir = fixtures::scratchDir("BadInput.UriEscapingTheFolder");
    std::string path = fixtures::bad::writeGltfEscapingFolder(dir);
    ASSERT_FALSE(path.empty());

    morph::Result<morph::Scene> refused = morph::importGltf(path);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::UriDenied);
    EXPECT_THAT(refused.error().message, StartsWith(path + ": "));
    EXPECT_THAT(refused.error().message, HasSubstr("../outside.bin"));
    EXPECT_EQ(refused.error().message.find('\n'), std::string::npos);

    morph::ImportOptions options;
    options.allowAnyUri = true;
    morph::Result<morph::Scene> allowed = morph::importGltf(path, options);
    ASSERT_TRUE(allowed.ok()) << allowed.error().message;
    EXPECT_EQ(allowed->meshes.size(), 1u);
}

TEST(BadInput, AbsoluteAndFileUrisAreRefused) {
    // Both point outside the model's folder; a model must not read arbitrary files by default.
    std::string dir = fixtures::scratchDir("BadInput.AbsoluteUris");
    std::string outside = fixtures::scratchDir("BadInput.AbsoluteUris.outside") + "/stolen.bin";
    std::vector<uint8_t> bin = fixtures::triangleWithTwoTargetsBuilder().bin();
    ASSERT_TRUE(morph::writeFileAtomic(outside, bin.data(), bin.size()));
    for (const std::string& uri : {outside, "file://" + outside}) {
        SCOPED_TRACE(uri);
        std::string text = fixtures::triangleWithTwoTargetsBuilder().gltfText(uri);
        fixtures::Bytes bytes(text.begin(), text.end());
        morph::Result<morph::Scene> refused = morph::importGltfMemory(bytes, "abs.gltf", dir);
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::UriDenied);
        EXPECT_THAT(refused.error().message, StartsWith("abs.gltf: "));
        EXPECT_THAT(refused.error().message, HasSubstr("stolen.bin"));
    }
}

TEST(BadInput, UnsupportedRequiredExtensionIsNamed) {
    EXPECT_THAT(importError(fixtures::bad::unsupportedRequiredExtension(), ErrorCode::Unsupported),
                HasSubstr("EXT_imaginary_morphs"));
}

}  // namespace

}  // namespace bad_input_test
