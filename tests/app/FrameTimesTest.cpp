// The viewer's --frame-times summary (app/document/FrameTimes.h): nearest-rank median and
// 95th percentile, and the JSON the benchmark reads.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/document/FrameTimes.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace frame_times_test {

namespace {

TEST(FrameTimes, MedianAndP95AreNearestRank) {
    app::FrameTimes times;
    EXPECT_EQ(times.medianMs(), 0);
    EXPECT_EQ(times.p95Ms(), 0);
    // 1..20 ms in a shuffled order: median the 10th, p95 the 19th.
    for (int ms : {7, 3, 20, 1, 14, 9, 18, 2, 11, 5, 16, 4, 13, 19, 6, 10, 8, 17, 12, 15})
        times.add(ms);
    EXPECT_EQ(times.count(), 20u);
    EXPECT_DOUBLE_EQ(times.medianMs(), 10);
    EXPECT_DOUBLE_EQ(times.p95Ms(), 19);
}

// A viewer not asked for --frame-times keeps none: its memory does not grow a frame at a time.
TEST(FrameTimes, NotKeptKeepsNothing) {
    app::FrameTimes times;
    times.setKept(false);
    for (int i = 0; i < 1000; ++i) {
        times.add(16.0);
        times.addLiveAge(3.0);
    }
    EXPECT_EQ(times.count(), 0u);
    EXPECT_EQ(times.json().find("liveAgeMs"), std::string::npos);
}

TEST(FrameTimes, WritesTheJsonTheBenchmarkReads) {
    app::FrameTimes times;
    for (double ms : {40.0, 50.0, 60.0}) times.add(ms);
    times.addViewDraw();
    const std::string path = fixtures::scratchDir("FrameTimesTest") + "/times.json";
    ASSERT_TRUE(times.write(path).ok());
    const nlohmann::json doc = nlohmann::json::parse(fixtures::readWholeFile(path));
    EXPECT_EQ(doc["frames"], 3);
    EXPECT_DOUBLE_EQ(doc["medianMs"].get<double>(), 50);
    EXPECT_DOUBLE_EQ(doc["p95Ms"].get<double>(), 60);
    EXPECT_DOUBLE_EQ(doc["fps"].get<double>(), 20);
    EXPECT_EQ(doc["ms"].size(), 3u);
    EXPECT_EQ(doc["viewDraws"], 1);
}

TEST(FrameTimes, LiveAgesAreAColumnOnlyWithLiveInput) {
    app::FrameTimes times;
    times.add(16);
    EXPECT_FALSE(nlohmann::json::parse(times.json()).contains("liveAgeMs"));
    times.addLiveAge(std::nullopt);  // drawn before the first sample
    times.addLiveAge(4.5);
    const nlohmann::json doc = nlohmann::json::parse(times.json());
    EXPECT_EQ(doc["liveAgeMs"], nlohmann::json::parse("[null, 4.5]"));
    EXPECT_EQ(doc["ms"], nlohmann::json::parse("[16.0]")) << "the existing columns unchanged";
}

TEST(FrameTimes, AnUnwritablePathIsAnErrorNamingIt) {
    app::FrameTimes times;
    const auto written = times.write("/nonexistent-dir/times.json");
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().message.find("/nonexistent-dir/times.json"), std::string::npos)
        << written.error().message;
}

}  // namespace

}  // namespace frame_times_test
