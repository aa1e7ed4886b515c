// The cache of prefiltered environments (renderer/light/EnvironmentCache.h): an entry read back
// is bit for bit what prefiltering computes; anything that changes the result is another entry;
// a damaged entry or a folder that cannot be written costs only the time to recompute.
#include <filesystem>
#include <fstream>
#include <string>

#include <glm/glm.hpp>
#include <gtest/gtest.h>
#include <unistd.h>

#include "GlFixture.h"
#include "Panoramas.h"
#include "renderer/light/EnvironmentCache.h"
#include "renderer/light/GpuEnvironment.h"

namespace environment_cache_gl_test {

namespace {

namespace fs = std::filesystem;
using renderer::CachedEnvironment;
using renderer::GpuEnvironment;

// Small, so each prefilter takes milliseconds; the cache does not care about the sizes.
renderer::EnvironmentQuality smallQuality() {
    renderer::EnvironmentQuality quality;
    quality.cubeSize = 32;
    quality.levels = 3;
    quality.samples = 16;
    quality.maxSamples = 64;
    quality.lutSize = 32;
    quality.lutSamples = 64;
    return quality;
}

morph::FloatImage sky() {
    return fixtures::panorama(128, [](const glm::vec3& d) {
        return glm::vec3(0.2f) + glm::vec3(4.0f, 3.0f, 2.0f) * std::max(0.0f, d.y);
    });
}

std::vector<fs::path> entries(const fs::path& folder) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& file : fs::directory_iterator(folder, ec)) out.push_back(file.path());
    return out;
}

void expectSame(const CachedEnvironment& a, const CachedEnvironment& b) {
    EXPECT_EQ(a.cubeSize, b.cubeSize);
    EXPECT_EQ(a.levels, b.levels);
    EXPECT_EQ(a.lutSize, b.lutSize);
    EXPECT_TRUE(a.specular == b.specular) << "specular texels differ";
    EXPECT_TRUE(a.lut == b.lut) << "BRDF table differs";
    EXPECT_TRUE(a.sheen == b.sheen) << "sheen texels differ";
    for (size_t i = 0; i < a.irradiance.size(); ++i) {
        EXPECT_EQ(a.irradiance[i], b.irradiance[i]) << "SH coefficient " << i;
    }
}

class EnvironmentCacheTest : public fixtures::GlTest {
protected:
    void SetUp() override {
        fixtures::GlTest::SetUp();
        mFolder = fs::temp_directory_path() /
                  ("morphview-envcache-" + std::to_string(getpid()) + "-" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(mFolder);
    }
    void TearDown() override {
        fs::remove_all(mFolder);
        fixtures::GlTest::TearDown();
    }
    GpuEnvironment load(const morph::FloatImage& panorama,
                        const renderer::EnvironmentQuality& quality = smallQuality()) {
        auto env = GpuEnvironment::create(panorama, "sky", renderer::ShaderLibrary(), quality,
                                          mFolder.string());
        EXPECT_TRUE(env.ok()) << env.error().message;
        return env.ok() ? std::move(env).value() : GpuEnvironment();
    }
    fs::path mFolder;
};

TEST_F(EnvironmentCacheTest, ASecondLoadReadsWhatTheFirstComputedBitForBit) {
    auto uncached = GpuEnvironment::create(sky(), "sky", renderer::ShaderLibrary(), smallQuality());
    ASSERT_TRUE(uncached.ok()) << uncached.error().message;
    EXPECT_FALSE(uncached->fromCache());

    const GpuEnvironment first = load(sky());
    EXPECT_FALSE(first.fromCache());
    ASSERT_EQ(entries(mFolder).size(), 1u);
    const GpuEnvironment second = load(sky());
    EXPECT_TRUE(second.fromCache());
    EXPECT_EQ(second.levels(), first.levels());
    EXPECT_EQ(second.specular().width(), 32);

    const CachedEnvironment computed = uncached->readBack();
    expectSame(first.readBack(), computed);
    expectSame(second.readBack(), computed);
    // Not a trivially equal pair: the sky is lit from above, so the texels vary.
    ASSERT_FALSE(computed.specular.empty());
    EXPECT_NE(computed.specular.front(), computed.specular[computed.specular.size() / 2]);
    // The sheen's cube too (half the side; level 0 black, level 1 the sky's blend).
    EXPECT_EQ(second.sheen().width(), 16);
    ASSERT_EQ(computed.sheen.size(), CachedEnvironment::specularHalves(16, 3));
    EXPECT_NE(computed.sheen.front(), computed.sheen.back());
}

TEST_F(EnvironmentCacheTest, OtherPixelsOrAnotherQualityAreOtherEntries) {
    load(sky());
    morph::FloatImage brighter = sky();
    brighter.rgb[100] += 1.0f;  // one channel of one texel
    EXPECT_FALSE(load(brighter).fromCache());
    renderer::EnvironmentQuality finer = smallQuality();
    finer.samples = 32;
    EXPECT_FALSE(load(sky(), finer).fromCache());
    EXPECT_EQ(entries(mFolder).size(), 3u);
    EXPECT_TRUE(load(brighter).fromCache());
    EXPECT_TRUE(load(sky(), finer).fromCache());
}

TEST_F(EnvironmentCacheTest, ADamagedEntryIsRecomputedAndReplaced) {
    const CachedEnvironment computed = load(sky()).readBack();
    ASSERT_EQ(entries(mFolder).size(), 1u);
    const fs::path entry = entries(mFolder).front();
    const auto size = fs::file_size(entry);

    // One bit flipped in the texels: the checksum catches it.
    {
        std::fstream file(entry, std::ios::in | std::ios::out | std::ios::binary);
        file.seekg(std::streamoff(size - 100));
        const char byte = char(file.get());
        file.seekp(std::streamoff(size - 100));
        file.put(char(byte ^ 0x10));
    }
    GpuEnvironment again = load(sky());
    EXPECT_FALSE(again.fromCache());
    expectSame(again.readBack(), computed);
    EXPECT_TRUE(load(sky()).fromCache()) << "the damaged entry was not replaced";

    // Cut short, as a full disk would leave it.
    fs::resize_file(entry, size / 2);
    again = load(sky());
    EXPECT_FALSE(again.fromCache());
    expectSame(again.readBack(), computed);

    // Not an entry at all.
    std::ofstream(entry, std::ios::trunc) << "hello";
    EXPECT_FALSE(load(sky()).fromCache());
    EXPECT_TRUE(load(sky()).fromCache());
}

TEST_F(EnvironmentCacheTest, AFolderThatCannotBeWrittenStillLights) {
    fs::create_directories(mFolder);
    std::ofstream(mFolder / "file") << "in the way";
    auto env = GpuEnvironment::create(sky(), "sky", renderer::ShaderLibrary(), smallQuality(),
                                      (mFolder / "file" / "cache").string());
    ASSERT_TRUE(env.ok()) << env.error().message;
    EXPECT_FALSE(env->fromCache());
    EXPECT_GT(env->levels(), 1);
}

TEST_F(EnvironmentCacheTest, TheFolderKeepsOnlyTheNewestEntries) {
    CachedEnvironment tiny;
    tiny.cubeSize = 1;
    tiny.levels = 1;
    tiny.lutSize = 1;
    tiny.specular.assign(CachedEnvironment::specularHalves(1, 1), 0x3c00);  // 1.0
    tiny.lut.assign(2, 0);
    tiny.sheen.assign(CachedEnvironment::specularHalves(1, 1), 0);
    for (uint64_t key = 0; key < uint64_t(renderer::kMaxCacheEntries) + 5; ++key) {
        ASSERT_TRUE(renderer::writeCachedEnvironment(mFolder.string(), key, tiny));
    }
    EXPECT_EQ(entries(mFolder).size(), size_t(renderer::kMaxCacheEntries));
    const uint64_t newest = uint64_t(renderer::kMaxCacheEntries) + 4;
    auto read = renderer::readCachedEnvironment(mFolder.string(), newest, 1, 1, 1);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->specular, tiny.specular);
    // Asked with other sizes than it holds: a miss, not a misread.
    EXPECT_FALSE(renderer::readCachedEnvironment(mFolder.string(), newest, 2, 1, 1).has_value());
}

TEST(EnvironmentCacheFolder, FollowsTheXdgRulesAndCanBeTurnedOff) {
    using renderer::environmentCacheFolder;
    EXPECT_EQ(environmentCacheFolder("/c", "/x", "/h"), "/c");
    EXPECT_EQ(environmentCacheFolder("off", "/x", "/h"), "");
    EXPECT_EQ(environmentCacheFolder("", "/x", "/h"), "");
    EXPECT_EQ(environmentCacheFolder(nullptr, "/x", "/h"), "/x/morphview");
    EXPECT_EQ(environmentCacheFolder(nullptr, "relative", "/h"), "/h/.cache/morphview");
    EXPECT_EQ(environmentCacheFolder(nullptr, nullptr, "/h"), "/h/.cache/morphview");
    EXPECT_EQ(environmentCacheFolder(nullptr, nullptr, nullptr), "");
}

}  // namespace

}  // namespace environment_cache_gl_test
