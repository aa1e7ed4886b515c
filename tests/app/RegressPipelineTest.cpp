// What makes regress fast without changing a byte: the task pool that checks shots while the
// next one draws (results in queue order, a task's exception through its own future, every
// queued task run before the pool is gone), the frame check's shortcuts (a reference copy is
// the bytes writePngFile writes for the reference's pixels, whichever path made it), and the
// command through the binary (every shot's files written before the report, a write error the
// row of its own shot).
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/regress/FrameCheck.h"
#include "app/regress/TaskPool.h"
#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"

namespace regress_pipeline_test {

namespace {

namespace fs = std::filesystem;
using app::regress::checkFrame;
using app::regress::FrameOutcome;
using app::regress::ShotStatus;
using app::regress::TaskPool;

TEST(RegressPipeline, PoolResultsComeInQueueOrderWhateverFinishesFirst) {
    TaskPool pool(3);
    std::vector<std::future<int>> results;
    for (int i = 0; i < 12; ++i) {
        results.push_back(pool.submit([i] {
            // Early tasks take longest, so later ones finish first on the other workers.
            std::this_thread::sleep_for(std::chrono::microseconds(200 * (12 - i)));
            return i * i;
        }));
    }
    for (int i = 0; i < 12; ++i) EXPECT_EQ(results[size_t(i)].get(), i * i);
}

TEST(RegressPipeline, ATasksExceptionReachesOnlyItsFuture) {
    TaskPool pool(2);
    auto fine = pool.submit([] { return std::string("fine"); });
    auto broken = pool.submit([]() -> std::string { throw std::runtime_error("s2.png: full"); });
    auto after = pool.submit([] { return std::string("after"); });
    EXPECT_EQ(fine.get(), "fine");
    try {
        broken.get();
        ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& error) {
        EXPECT_STREQ(error.what(), "s2.png: full");
    }
    EXPECT_EQ(after.get(), "after");
}

TEST(RegressPipeline, ThePoolRunsEveryQueuedTaskBeforeItIsGone) {
    std::atomic<int> ran{0};
    {
        TaskPool pool(1);
        for (int i = 0; i < 20; ++i) (void)pool.submit([&ran] { ++ran; });
    }
    EXPECT_EQ(ran.load(), 20);
}

morph::RgbaImage gradient(int width, int height, uint8_t shift) {
    morph::RgbaImage image{width, height, {}};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            image.pixels.insert(image.pixels.end(),
                                {uint8_t(x * 7 + shift), uint8_t(y * 5), uint8_t(x ^ y), 255});
    return image;
}

std::vector<uint8_t> pngOf(const morph::RgbaImage& image) {
    auto png = morph::encodePng(image);
    EXPECT_TRUE(png.ok());
    return png.ok() ? *png : std::vector<uint8_t>{};
}

std::vector<uint8_t> fileBytes(const std::string& path) {
    const std::string text = fixtures::readWholeFile(path);
    return std::vector<uint8_t>(text.begin(), text.end());
}

void writeBytes(const std::string& path, std::vector<uint8_t> bytes, size_t trailing = 0) {
    bytes.insert(bytes.end(), trailing, uint8_t(0));  // after IEND: the same pixels, other bytes
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

TEST(RegressPipeline, AReferenceCopyIsThePngOfItsPixelsWhicheverWayItWasRead) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::RgbaImage image = gradient(24, 16, 0);
    const std::vector<uint8_t> expected = pngOf(image);
    // The same bytes (not decoded), the same pixels in other bytes, and other pixels.
    writeBytes(dir + "/same.png", expected);
    writeBytes(dir + "/padded.png", expected, 16);
    const morph::RgbaImage other = gradient(24, 16, 40);
    writeBytes(dir + "/other.png", pngOf(other));
    for (const char* name : {"same", "padded"}) {
        const FrameOutcome outcome =
            checkFrame(image, dir + "/" + name + ".png", {}, dir + "/out_" + name, false);
        EXPECT_EQ(outcome.status, ShotStatus::Pass) << name << ": " << outcome.message;
        EXPECT_EQ(fileBytes(dir + "/out_" + name + ".png"), expected) << name;
        EXPECT_EQ(fileBytes(dir + "/out_" + name + ".reference.png"), expected) << name;
        EXPECT_FALSE(fs::exists(dir + "/out_" + name + ".diff.png")) << name;
    }
    const FrameOutcome failed = checkFrame(image, dir + "/other.png", {}, dir + "/out_other", true);
    EXPECT_EQ(failed.status, ShotStatus::Fail) << failed.message;
    EXPECT_TRUE(failed.hasDiff);
    EXPECT_EQ(fileBytes(dir + "/out_other.reference.png"), pngOf(other));
    EXPECT_EQ(fileBytes(dir + "/out_other.diff.png"), pngOf(morph::diffImage(other, image)));
    // --update: the reference rewritten with the result's bytes, the line printed in order.
    EXPECT_EQ(fileBytes(dir + "/other.png"), expected);
    EXPECT_EQ(failed.updateLine, "updated " + dir + "/other.png (was fail)");
}

TEST(RegressPipeline, AFileThatCannotBeWrittenIsTheFramesError) {
    const std::string dir = fixtures::caseScratchDir();
    fs::create_directories(dir + "/blocked.png");
    const FrameOutcome outcome =
        checkFrame(gradient(8, 8, 0), dir + "/missing.png", {}, dir + "/blocked", false);
    EXPECT_EQ(outcome.status, ShotStatus::Error);
    EXPECT_NE(outcome.message.find("blocked.png"), std::string::npos) << outcome.message;
}

// Eight shots through the workers, the fourth unwritable: every other shot's files are on disk
// when the report is, rows in shot order, the error on the fourth alone.
TEST(RegressPipeline, EveryShotsFilesAreWrittenAndAnErrorStaysWithItsShot) {
    const std::string dir = fixtures::caseScratchDir();
    nlohmann::json shots = nlohmann::json::array();
    for (int i = 0; i < 8; ++i) {
        shots.push_back({{"name", "s" + std::to_string(i)},
                         {"model", fixtures::bundledFace()},
                         {"weights", "jawOpen=" + std::to_string(0.1 * i)},
                         {"size", i % 2 ? "48x32" : "32x48"}});
    }
    std::ofstream(dir + "/shots.json") << shots.dump();
    auto regress = [&](const std::string& out, std::vector<std::string> extra) {
        std::vector<std::string> args = {"regress",      dir + "/shots.json",
                                         "--references", dir + "/refs",
                                         "--out",        dir + "/" + out};
        args.insert(args.end(), extra.begin(), extra.end());
        return fixtures::runMorphview(args);
    };
    const auto made = regress("first", {"--update"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;  // all new, and accepted
    fs::create_directories(dir + "/out/s3.png");
    const auto run = regress("out", {});
    EXPECT_EQ(run.exitCode, 3) << run.out << run.err;
    const nlohmann::json report =
        nlohmann::json::parse(fixtures::readWholeFile(dir + "/out/report.json"));
    ASSERT_EQ(report["shots"].size(), 8u) << report.dump();
    for (int i = 0; i < 8; ++i) {
        const nlohmann::json& row = report["shots"][size_t(i)];
        const std::string name = "s" + std::to_string(i);
        EXPECT_EQ(row["name"], name);
        if (i == 3) {
            EXPECT_EQ(row["status"], "error");
            EXPECT_NE(row["message"].get<std::string>().find("s3.png"), std::string::npos);
            continue;
        }
        EXPECT_EQ(row["status"], "pass") << row.dump();
        // The result is the reference's bytes, and so is its copy beside it.
        const std::string reference = fixtures::readWholeFile(dir + "/refs/" + name + ".png");
        EXPECT_EQ(fixtures::readWholeFile(dir + "/out/" + name + ".png"), reference) << name;
        EXPECT_EQ(fixtures::readWholeFile(dir + "/out/" + name + ".reference.png"), reference);
        auto image = morph::readImageFile(dir + "/out/" + name + ".png");
        ASSERT_TRUE(image.ok()) << name;
        EXPECT_EQ(image->width, i % 2 ? 48 : 32) << name;
    }
    const size_t printed = run.out.find("[8/8] s7: pass");
    EXPECT_NE(printed, std::string::npos) << run.out;
    EXPECT_LT(run.out.find("[4/8] s3: error"), printed) << run.out;
}

}  // namespace

}  // namespace regress_pipeline_test
