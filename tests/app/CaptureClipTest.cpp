// `morphview capture MODEL --clip NAME --fps F --out-dir DIR`: a clip as a numbered PNG sequence
// (the viewer's recording layout), headless. Each frame is exactly the single capture at its time;
// with ffmpeg on PATH the frames are also piped into it and the MP4 appears under its final name
// only when ffmpeg succeeds. ffmpeg is stood in for by small shell scripts on PATH, so the pipe
// is tested whether or not the real one is installed.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"

namespace capture_clip_test {

namespace {

namespace fs = std::filesystem;

// A stand-in ffmpeg: the shell `body` runs with the real ffmpeg's arguments ("$@"; the output
// file is the last).
void writeFakeFfmpeg(const std::string& folder, const std::string& body) {
    const std::string path = folder + "/ffmpeg";
    { std::ofstream(path) << "#!/bin/sh\nfor last; do :; done\n" << body << "\n"; }
    chmod(path.c_str(), 0755);
}

// `capture` of the face's talk clip at 1 fps and `size` into DIR/frames, with a stand-in ffmpeg
// running `ffmpegBody` first on PATH.
fixtures::RunOutcome captureTalkThrough(const std::string& dir, const std::string& ffmpegBody,
                                        const std::string& size) {
    writeFakeFfmpeg(dir, ffmpegBody);
    const char* path = std::getenv("PATH");
    return fixtures::runMorphview({"capture", fixtures::bundledFace(), "--clip", "talk", "--fps",
                                   "1", "--size", size, "--out-dir", dir + "/frames"},
                                  {}, {"PATH=" + dir + ":" + (path ? path : "")});
}

TEST(CaptureClipTest, WritesEveryFrameOfTheClip) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string frames = dir + "/frames";
    // No ffmpeg anywhere on PATH: the PNGs come alone, and the summary says why.
    const auto run = fixtures::runMorphview({"capture", fixtures::bundledFace(), "--clip", "talk",
                                             "--fps", "2", "--size", "64x48", "--out-dir", frames},
                                            {"DISPLAY"}, {"PATH=" + dir});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("captured 7 frames of 'talk'"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("ffmpeg not on PATH: PNG frames only"), std::string::npos) << run.out;
    // talk lasts 3.14 s: frames at 0, 0.5, ... 3.0 s.
    size_t count = 0;
    for (const auto& entry : fs::directory_iterator(frames))
        count += entry.path().extension() == ".png";
    EXPECT_EQ(count, 7u);
    EXPECT_FALSE(fs::exists(frames + "/frame-000007.png"));

    // Frame 3 is the single capture at 1.5 s, byte for byte.
    const std::string single = dir + "/single.png";
    const auto one =
        fixtures::runMorphview({"capture", fixtures::bundledFace(), "--animation", "talk", "--time",
                                "1.5", "--size", "64x48", "--out", single});
    ASSERT_EQ(one.exitCode, 0) << one.err;
    auto a = morph::readImageFile(frames + "/frame-000003.png");
    auto b = morph::readImageFile(single);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->pixels, b->pixels);
    auto first = morph::readImageFile(frames + "/frame-000000.png");
    ASSERT_TRUE(first.ok());
    EXPECT_NE(first->pixels, a->pixels) << "the face moves during talk";
}

TEST(CaptureClipTest, PipesRawFramesIntoFfmpeg) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string frames = dir + "/frames";
    const auto run = captureTalkThrough(dir, "cat > \"$last\"", "33x21");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("talk.mp4 written"), std::string::npos) << run.out;
    // 4 frames (0..3 s) of raw RGBA, cropped to the even size yuv420p needs: 32x20.
    ASSERT_TRUE(fs::exists(frames + "/talk.mp4"));
    EXPECT_EQ(fs::file_size(frames + "/talk.mp4"), 4u * 32u * 20u * 4u);
    EXPECT_FALSE(fs::exists(frames + "/talk.mp4.partial"));
    auto png = morph::readImageFile(frames + "/frame-000000.png");
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png->width, 32);
}

TEST(CaptureClipTest, AFailingFfmpegKeepsThePngs) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string frames = dir + "/frames";
    const auto run = captureTalkThrough(dir, "cat > /dev/null; echo broken >&2; exit 3", "32x32");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("ffmpeg failed"), std::string::npos) << run.out;
    EXPECT_TRUE(fs::exists(frames + "/frame-000003.png"));
    EXPECT_FALSE(fs::exists(frames + "/talk.mp4"));
    EXPECT_FALSE(fs::exists(frames + "/talk.mp4.partial"));
}

TEST(CaptureClipTest, AnFfmpegThatExitsAtOnceKeepsThePngs) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string frames = dir + "/frames";
    const auto run = captureTalkThrough(dir, "exit 1", "32x32");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("captured 4 frames"), std::string::npos) << run.out;
    EXPECT_TRUE(fs::exists(frames + "/frame-000003.png"));
    EXPECT_FALSE(fs::exists(frames + "/talk.mp4"));
}

TEST(CaptureClipTest, UsageAndMissingClips) {
    const std::string dir = fixtures::caseScratchDir();
    EXPECT_EQ(fixtures::runMorphview(
                  {"capture", fixtures::bundledFace(), "--clip", "talk", "--out", dir + "/x.png"})
                  .exitCode,
              2);
    EXPECT_EQ(
        fixtures::runMorphview({"capture", fixtures::bundledFace(), "--clip", "talk"}).exitCode, 2)
        << "needs --out-dir";
    EXPECT_EQ(fixtures::runMorphview({"capture", fixtures::bundledFace(), "--clip", "talk",
                                      "--animation", "talk", "--out-dir", dir})
                  .exitCode,
              2);
    EXPECT_EQ(fixtures::runMorphview(
                  {"capture", fixtures::bundledFace(), "--fps", "5", "--out", dir + "/x.png"})
                  .exitCode,
              2)
        << "--fps needs --clip";
    const auto missing = fixtures::runMorphview(
        {"capture", fixtures::bundledFace(), "--clip", "walk", "--out-dir", dir + "/none"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("--clip: no clip 'walk'"), std::string::npos) << missing.err;
    EXPECT_FALSE(fs::exists(dir + "/none")) << "nothing is made for a clip that is not there";
}

}  // namespace

}  // namespace capture_clip_test
