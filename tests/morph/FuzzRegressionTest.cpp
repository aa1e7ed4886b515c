// Every input the fuzzers (tests/fuzz) ever crashed on, kept in tests/fuzz/regressions/: each must
// now import to a Scene that survives the CPU pipeline (PipelineFuzzer's check), or give one clean
// error line, under the same options the fuzzers use.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/HostilePipeline.h"
#include "fixtures/TestPaths.h"
#include "morph/ErrorText.h"
#include "morph/glb/Glb.h"
#include "morph/gltf/GltfImport.h"

namespace fuzz_regression_test {

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> regressionFiles() {
    std::vector<fs::path> files;
    for (const auto& entry :
         fs::directory_iterator(fs::path(MORPHVIEW_SOURCE_DIR) / "tests/fuzz/regressions")) {
        if (entry.is_regular_file() && entry.path().filename() != "README.md")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

TEST(FuzzRegression, EveryFoundCrashNowEndsCleanly) {
    const std::vector<fs::path> files = regressionFiles();
    ASSERT_FALSE(files.empty()) << "tests/fuzz/regressions/ holds no inputs";
    // The fuzzer's options: an empty folder for external URIs and a 256 MiB budget.
    const std::string empty = fixtures::scratchDir("FuzzRegression.empty");
    morph::ImportOptions options;
    options.maxMemoryBytes = 256ull << 20;
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.filename().string());
        std::ifstream in(file, std::ios::binary);
        const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                         std::istreambuf_iterator<char>()};
        const std::string name =
            morph::looksLikeGlb(bytes.data(), bytes.size()) ? "fuzz.glb" : "fuzz.gltf";
        morph::Result<morph::Scene> r = morph::importGltfMemory(bytes, name, empty, options);
        if (r.ok()) {
            // What the pipeline fuzzer checks past the importer.
            const morph::Status pipeline = fixtures::runPipeline(*r);
            EXPECT_TRUE(pipeline.ok()) << pipeline.error().message;
            continue;
        }
        EXPECT_THAT(r.error().message, testing::StartsWith(name + ": "));
        EXPECT_TRUE(fixtures::isInputFault(r.error().code))
            << morph::errorCodeName(r.error().code) << ": " << r.error().message;
        EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << r.error().message;
    }
}

}  // namespace

}  // namespace fuzz_regression_test
