// The hostile-file sweep, in process (a broad set of hostile files nobody wrote by hand must each
// end with a Scene or one clean error line): every mutant of fixtures::sweepMutants (truncations,
// bit flips, chunk-length edits, JSON mutations of the fixtures and corpus GLBs) goes through the
// full importer and, when it loads, the whole CPU pipeline (fixtures::runPipeline). Each must give
// a scene that survives the pipeline or one line starting with its name. Under ASan + UBSan in CI;
// tests/app/HostileSweepCliTest.cpp runs the same files through the morphview binary.
#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "fixtures/HostilePipeline.h"
#include "fixtures/Mutants.h"
#include "fixtures/TestPaths.h"
#include "morph/ErrorText.h"
#include "morph/gltf/GltfImport.h"

namespace hostile_sweep_test {

namespace {

TEST(HostileSweep, GeneratorIsDeterministicAndBroad) {
    const auto seeds = fixtures::sweepSeeds();
    ASSERT_GT(seeds.size(), 40u) << "fixtures and corpus GLBs";
    const auto a = fixtures::makeMutants(seeds, 6, 1);
    const auto b = fixtures::makeMutants(seeds, 6, 1);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a[i].name, b[i].name);
        ASSERT_EQ(a[i].bytes, b[i].bytes) << a[i].name;
    }
    // Every kind of mutation is made (checked on the full, unsampled set of one seed).
    const auto all = fixtures::makeMutants({seeds.front()}, 100000, 1);
    for (const char* kind : {".cut",
                             ".flip",
                             ".jsonlen",
                             ".binlen",
                             ".total",
                             ".version",
                             "=m1.",
                             "=2p31.",
                             "=2p32p1.",
                             "=1e308.",
                             "=nanstr.",
                             "=arr.",
                             ".del_",
                             ".dup_",
                             ".all_count2p30.",
                             ".all_stride252.",
                             ".deep_arrays.",
                             ".node_self_cycle.",
                             ".node_chain_100k.",
                             ".giant_image.",
                             ".sparse_bomb."}) {
        bool found = false;
        for (const auto& m : all) found = found || m.name.find(kind) != std::string::npos;
        EXPECT_TRUE(found) << kind;
    }
    EXPECT_GT(all.size(), 500u);
}

TEST(HostileSweep, EveryMutantLoadsAndSurvivesThePipelineOrFailsInOneLine) {
    const std::string empty = fixtures::scratchDir("HostileSweep.empty");
    morph::ImportOptions options;
    options.maxMemoryBytes = 256ull << 20;  // the fuzzers' budget
    size_t loaded = 0, total = 0;
    std::map<std::string, size_t> refusedBy;              // code name -> files
    std::vector<std::pair<double, std::string>> seconds;  // the slowest files are printed
    fixtures::forEachSweepMutant(5, [&](const fixtures::Mutant& m) {
        ++total;
        const auto start = std::chrono::steady_clock::now();
        struct Clock {
            std::chrono::steady_clock::time_point start;
            std::vector<std::pair<double, std::string>>& out;
            const std::string& name;
            ~Clock() {
                out.emplace_back(
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                    name);
            }
        } clock{start, seconds, m.name};
        morph::Result<morph::Scene> scene =
            morph::importGltfMemory(m.bytes, m.name, empty, options);
        if (!scene) {
            const std::string& message = scene.error().message;
            EXPECT_EQ(message.rfind(m.name + ": ", 0), 0u) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << m.name << ": " << message;
            // In memory, over an empty folder: only the bytes can be at fault, so never Io,
            // Usage or Gpu (a mutant naming a file that is not there would be Io: none does).
            EXPECT_TRUE(fixtures::isInputFault(scene.error().code))
                << morph::errorCodeName(scene.error().code) << ": " << message;
            ++refusedBy[morph::errorCodeName(scene.error().code)];
            return;
        }
        ++loaded;
        const morph::Status pipeline = fixtures::runPipeline(*scene);
        EXPECT_TRUE(pipeline.ok()) << m.name << ": " << pipeline.error().message;
    });
    ASSERT_GT(total, 200u);
    std::printf("hostile sweep: %zu files, %zu loaded, %zu refused in one line\n", total, loaded,
                total - loaded);
    for (const auto& [code, files] : refusedBy) std::printf("  %s: %zu\n", code.c_str(), files);
    std::sort(seconds.rbegin(), seconds.rend());
    for (size_t i = 0; i < std::min<size_t>(5, seconds.size()); ++i) {
        std::printf("  slowest: %.3f s %s\n", seconds[i].first, seconds[i].second.c_str());
    }
    // Both outcomes occur: the sweep reaches past the importer, not only its first checks.
    EXPECT_GT(loaded, total / 10);
    EXPECT_GT(total - loaded, total / 10);
}

}  // namespace

}  // namespace hostile_sweep_test
