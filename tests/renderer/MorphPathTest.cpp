// The GL-free half of the morph paths: names and lists, the cost model (MorphCost per path) and
// auto's rule (chooseMorphPath), on shapes like the benchmark's scenarios.
#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "renderer/morph/MorphPath.h"

namespace morph_path_test {

namespace {

using renderer::MorphPath;
using renderer::MorphShape;

// V vertices, T targets each moving density * V of them, POSITION + NORMAL.
MorphShape shape(uint32_t vertices, uint32_t targets, double density) {
    MorphShape s;
    s.vertexCount = vertices;
    s.targetCount = targets;
    s.denseStride = 2;
    s.sparseStride = 2;
    s.cpuStride = 2;
    s.sparseCovers = true;
    s.setTargetEntries(std::vector<uint32_t>(targets, uint32_t(vertices * density)));
    return s;
}

std::vector<morph::ActiveWeights> firstTargets(uint32_t count, uint32_t instances = 1) {
    morph::ActiveWeights row;
    for (uint32_t t = 0; t < count; ++t) {
        row.targets.push_back(t);
        row.values.push_back(1.0f);
    }
    return std::vector<morph::ActiveWeights>(instances, row);
}

TEST(MorphPathTest, NamesRoundTripAndListsParse) {
    for (MorphPath p : {MorphPath::VsDense, MorphPath::VsActive, MorphPath::CsSparse,
                        MorphPath::Cpu, MorphPath::Auto}) {
        EXPECT_EQ(renderer::parseMorphPath(renderer::morphPathName(p)), p);
    }
    auto all = renderer::parseMorphPathList("all");
    ASSERT_TRUE(all.ok());
    EXPECT_EQ(all->size(), 5u);
    auto bad = renderer::parseMorphPathList("vs-dense,gpu");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, morph::ErrorCode::Usage);  // --morph-path
    EXPECT_NE(bad.error().message.find("'gpu'"), std::string::npos);
}

TEST(MorphPathTest, NoneAndMixedNameWhatRanAndAreNeverRequested) {
    EXPECT_STREQ(renderer::morphPathName(MorphPath::None), "none");
    EXPECT_STREQ(renderer::morphPathName(MorphPath::Mixed), "mixed");
    EXPECT_EQ(renderer::parseMorphPath("none"), std::nullopt);
    EXPECT_EQ(renderer::parseMorphPath("mixed"), std::nullopt);
    EXPECT_FALSE(renderer::isConcrete(MorphPath::Auto));
    EXPECT_FALSE(renderer::isConcrete(MorphPath::None));
    // A primitive with nothing to morph runs no path, whatever was asked.
    for (MorphPath p : {MorphPath::VsDense, MorphPath::Cpu, MorphPath::Auto}) {
        EXPECT_EQ(renderer::resolveMorphPath(p, MorphShape(), 3), MorphPath::None);
    }
    EXPECT_EQ(renderer::resolveMorphPath(MorphPath::Mixed, shape(1000, 10, 0.25), 3),
              MorphPath::None);
}

TEST(MorphPathTest, ShaderDefinesNumberTheConcretePathsAsTheEnumDoes) {
    const std::string& defines = renderer::morphPathDefines();
    EXPECT_NE(defines.find("#define MV_MORPH_PATH_VS_DENSE " +
                           std::to_string(int(MorphPath::VsDense)) + "\n"),
              std::string::npos);
    EXPECT_NE(defines.find("#define MV_MORPH_PATH_VS_ACTIVE " +
                           std::to_string(int(MorphPath::VsActive)) + "\n"),
              std::string::npos);
    EXPECT_NE(defines.find("#define MV_MORPH_PATH_CS_SPARSE " +
                           std::to_string(int(MorphPath::CsSparse)) + "\n"),
              std::string::npos);
    EXPECT_NE(
        defines.find("#define MV_MORPH_PATH_CPU " + std::to_string(int(MorphPath::Cpu)) + "\n"),
        std::string::npos);
    EXPECT_EQ(defines.find("AUTO"), std::string::npos);
}

TEST(MorphPathTest, DensityIsEntriesOverVerticesTimesTargets) {
    EXPECT_DOUBLE_EQ(shape(1000, 10, 0.25).density(), 0.25);
    EXPECT_EQ(shape(1000, 10, 0.25).entries(), 2500u);
    EXPECT_EQ(MorphShape().density(), 0.0);
}

TEST(MorphPathTest, AutoPicksCsSparseForSparseTargetsAndManyActive) {
    // production: 50,000 v x 300 t at 5%, 40 active: vs-active reads 40 texel pairs per vertex,
    // cs-sparse about 15 target ids and 2 active entries.
    EXPECT_EQ(renderer::chooseMorphPath(shape(50000, 300, 0.05), 40), MorphPath::CsSparse);
    EXPECT_EQ(renderer::chooseMorphPath(shape(50000, 300, 0.02), 8), MorphPath::CsSparse);
    // dense scenario: 1,000,000 v x 64 t at 20%, 16 active.
    EXPECT_EQ(renderer::chooseMorphPath(shape(1000000, 64, 0.2), 16), MorphPath::CsSparse);
    // arkit: 52 targets at 30%, 16 active.
    EXPECT_EQ(renderer::chooseMorphPath(shape(1220, 52, 0.3), 16), MorphPath::CsSparse);
}

TEST(MorphPathTest, AutoKeepsVsActiveForFewActiveOnDenseTargets) {
    // Every vertex moved by every target, one active: one texel fetch per channel beats walking
    // 52 entries per vertex.
    EXPECT_EQ(renderer::chooseMorphPath(shape(1220, 52, 1.0), 1), MorphPath::VsActive);
    EXPECT_EQ(renderer::chooseMorphPath(shape(1220, 52, 0.3), 2), MorphPath::VsActive);
    // Nothing active: nothing to read at all.
    EXPECT_EQ(renderer::chooseMorphPath(shape(50000, 300, 0.05), 0), MorphPath::VsActive);
}

TEST(MorphPathTest, AutoMovesToCsSparseWithMorePasses) {
    // The vs paths morph again in every pass; cs-sparse once per frame.
    const MorphShape s = shape(1220, 52, 0.3);
    EXPECT_EQ(renderer::chooseMorphPath(s, 3, 1), MorphPath::VsActive);
    EXPECT_EQ(renderer::chooseMorphPath(s, 3, 3), MorphPath::CsSparse);
}

TEST(MorphPathTest, AutoPicksCpuOnASoftwareRenderer) {
    // Every scenario's shape, any active count: on a CPU rasterizer the CPU sum of the active
    // entries is the least work (MorphPath.cpp).
    for (const MorphShape& s :
         {shape(50000, 300, 0.05), shape(1220, 52, 0.3), shape(1000000, 64, 0.2)}) {
        for (uint32_t active : {0u, 1u, 16u, 40u}) {
            EXPECT_EQ(renderer::chooseMorphPath(s, active, 1, renderer::kDefaultSparseMethod, true),
                      MorphPath::Cpu);
        }
    }
    EXPECT_EQ(renderer::chooseMorphPath(MorphShape(), 4, 1, renderer::kDefaultSparseMethod, true),
              MorphPath::VsActive);  // nothing to morph
}

TEST(MorphPathTest, SoftwareRenderersAreKnownByName) {
    EXPECT_TRUE(renderer::isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
    EXPECT_TRUE(renderer::isSoftwareRenderer("softpipe"));
    EXPECT_TRUE(renderer::isSoftwareRenderer("Google SwiftShader"));
    EXPECT_TRUE(renderer::isSoftwareRenderer(
        "ANGLE (Mesa, llvmpipe (LLVM 15.0.6, 256 bits), OpenGL 4.5 (Core Profile) Mesa 22.3.6)"));
    EXPECT_FALSE(renderer::isSoftwareRenderer("NVIDIA H200/PCIe/SSE2"));
    EXPECT_FALSE(
        renderer::isSoftwareRenderer("AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.6)"));
    EXPECT_FALSE(renderer::isSoftwareRenderer(""));
}

TEST(MorphPathTest, AutoNeverPicksCsSparseForChannelsSparseCannotHold) {
    MorphShape s = shape(50000, 300, 0.05);
    s.sparseCovers = false;  // e.g. TANGENT or COLOR_0 targets
    EXPECT_EQ(renderer::chooseMorphPath(s, 40), MorphPath::VsActive);
}

TEST(MorphPathTest, CostOfProductionAtFivePercentFortyActive) {
    const MorphShape s = shape(50000, 300, 0.05);
    const auto active = firstTargets(40);
    const renderer::MorphCost dense = renderer::morphCost(MorphPath::VsDense, s, active);
    const renderer::MorphCost sparse = renderer::morphCost(MorphPath::CsSparse, s, active);
    // The texture array: V x T x 2 texels of 16 bytes, plus one row of weights.
    EXPECT_EQ(dense.residentBytes, 50000ull * 300 * 2 * 16 + 300 * 4);
    // 40 active targets x V x 2 texels, plus the loop's weight read for every target per vertex.
    EXPECT_EQ(dense.bytesReadPerFrame, 40ull * 50000 * 2 * 16 + 50000ull * 300 * 4);
    // The target: cs-sparse holds at most 1/8 of vs-dense's bytes.
    EXPECT_LE(sparse.residentBytes * 8, dense.residentBytes);
    EXPECT_LT(sparse.bytesReadPerFrame, dense.bytesReadPerFrame);
}

TEST(MorphPathTest, CostGrowsWithInstancesAndPasses) {
    const MorphShape s = shape(1220, 52, 0.3);
    const auto one = renderer::morphCost(MorphPath::CsSparse, s, firstTargets(16, 1));
    const auto crowd = renderer::morphCost(MorphPath::CsSparse, s, firstTargets(16, 1000));
    EXPECT_GT(crowd.bytesReadPerFrame, 900 * one.bytesReadPerFrame);
    const auto vs1 = renderer::morphCost(MorphPath::VsActive, s, firstTargets(16), 1);
    const auto vs3 = renderer::morphCost(MorphPath::VsActive, s, firstTargets(16), 3);
    EXPECT_EQ(vs3.bytesReadPerFrame, 3 * vs1.bytesReadPerFrame);
    EXPECT_EQ(vs3.residentBytes, vs1.residentBytes);
    // No targets: no cost whatever the path.
    EXPECT_EQ(renderer::morphCost(MorphPath::VsDense, MorphShape(), firstTargets(3)).residentBytes,
              0u);
}

}  // namespace

namespace {

TEST(MorphPathTest, ScatterReadsFollowTheActiveSetGatherReadsEveryEntryId) {
    const renderer::MorphShape s = shape(50000, 300, 0.05);
    using renderer::SparseMethod;
    const auto few = firstTargets(8), many = firstTargets(120);
    const auto scatterFew =
        renderer::morphCost(MorphPath::CsSparse, s, few, 1, SparseMethod::Scatter);
    const auto scatterMany =
        renderer::morphCost(MorphPath::CsSparse, s, many, 1, SparseMethod::Scatter);
    const auto gatherFew =
        renderer::morphCost(MorphPath::CsSparse, s, few, 1, SparseMethod::Gather);
    // 112 more active targets x 2,500 entries x (16 B entry + 24 B of atomics) + their jobs.
    EXPECT_EQ(scatterMany.bytesReadPerFrame - scatterFew.bytesReadPerFrame,
              112ull * 2500 * 40 + 112ull * 24);
    // The gather reads the 4-byte target id of all 750,000 entries even with 8 active.
    EXPECT_GT(gatherFew.bytesReadPerFrame, 750000ull * 4);
    EXPECT_LT(scatterFew.bytesReadPerFrame, gatherFew.bytesReadPerFrame);
}

}  // namespace

}  // namespace morph_path_test
