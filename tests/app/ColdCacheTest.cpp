// A first picture with cold caches: `capture --timings` says where the time went, and
// `warm-cache` fills the driver's shader cache (Mesa's, in a folder of the test's own) ahead of
// a capture, drawing nothing it keeps.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace cold_cache_test {

namespace {

namespace fs = std::filesystem;

// Mesa's cache in `dir` and on (whatever the test's own environment says), and no prefiltered
// light kept outside the test's folder.
std::vector<std::string> cacheIn(const std::string& dir) {
    return {"MESA_SHADER_CACHE_DIR=" + dir, "MESA_SHADER_CACHE_DISABLE=false",
            "MESA_GLSL_CACHE_DISABLE=false", "MORPHVIEW_CACHE_DIR=off"};
}

size_t filesUnder(const std::string& dir) {
    size_t count = 0;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file()) ++count;
    return count;
}

}  // namespace

TEST(ColdCache, WarmCacheFillsAnEmptyShaderCacheAndWritesNothingElse) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string cache = dir + "/mesa";
    fs::create_directories(cache);
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"warm-cache", fixtures::bundledFace()}, {}, cacheIn(cache), dir);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("programs linked"), std::string::npos) << run.out;
    EXPECT_GT(filesUnder(cache), 0u);
    EXPECT_EQ(filesUnder(dir), filesUnder(cache));  // no image, no file of its own
}

TEST(ColdCache, WarmCacheNamesAModelItCannotRead) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string bad = fixtures::writeFixture(dir, "bad.glb", {'n', 'o', 't', ' ', 'g', 'l'});
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"warm-cache", bad}, {}, cacheIn(dir + "/mesa"));
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_NE(run.err.find("bad.glb"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

TEST(ColdCache, WarmCacheUsageErrorsExit2) {
    EXPECT_EQ(fixtures::runMorphview({"warm-cache"}).exitCode, 2);
    EXPECT_EQ(fixtures::runMorphview({"warm-cache", "face.glb", "--size", "8"}).exitCode, 2);
}

// The regress command line a CI runs, with --warm-cache: the shots' programs compiled under its
// defaults, no report, no result, no folder made for --out.
TEST(ColdCache, RegressWarmCacheCompilesTheShotsAndComparesNothing) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string cache = dir + "/mesa";
    fs::create_directories(cache);
    std::ofstream(dir + "/shots.json")
        << R"([{"name": "open", "model": ")" << fixtures::bundledFace()
        << R"(", "weights": "jawOpen=1"}, {"name": "side", "model": ")" << fixtures::bundledFace()
        << R"(", "camera": "orbit:60,0"}])";
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"regress", "shots.json", "--references", "refs", "--out", "report",
                                "--warm-cache", "--size", "64x64", "--tone-mapping", "aces"},
                               {}, cacheIn(cache), dir);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("warm-cache: 2 looks of 1 models"), std::string::npos) << run.out;
    EXPECT_GT(filesUnder(cache), 0u);
    EXPECT_FALSE(fs::exists(dir + "/report"));
    EXPECT_FALSE(fs::exists(dir + "/refs"));

    for (const std::vector<std::string>& extra :
         {std::vector<std::string>{"--update"}, {"--jobs", "2"}, {"--merge", "report"}}) {
        std::vector<std::string> args = {"regress", "shots.json", "--warm-cache"};
        args.insert(args.end(), extra.begin(), extra.end());
        EXPECT_EQ(fixtures::runMorphview(args, {}, cacheIn(cache), dir).exitCode, 2) << extra[0];
    }
}

TEST(ColdCache, CaptureTimingsSplitTheFirstPicture) {
    const std::string dir = fixtures::caseScratchDir();
    const fixtures::RunOutcome run =
        fixtures::runMorphview({"capture", fixtures::bundledFace(), "--size", "64x64", "--out",
                                dir + "/face.png", "--timings", "--json"},
                               {}, cacheIn(dir + "/mesa"));
    const nlohmann::json json = fixtures::parseRunJson(run);
    EXPECT_EQ(json["width"], 64);
    for (const char* key :
         {"import", "context", "environment", "compile", "draw", "encode", "total"}) {
        ASSERT_TRUE(json["timings"].contains(key)) << key;
        EXPECT_GE(json["timings"][key].get<double>(), 0.0) << key;
    }
    EXPECT_GT(json["timings"]["programs"].get<int>(), 0);
    EXPECT_NE(run.err.find("timings: import "), std::string::npos) << run.err;
    // Without MODEL --out it is a usage error.
    EXPECT_EQ(
        fixtures::runMorphview({"capture", "--shots", "s.json", "--out-dir", dir, "--timings"})
            .exitCode,
        2);
}

}  // namespace cold_cache_test
