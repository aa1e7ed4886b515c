// `morphview thumbnail` through the binary, as a file manager's thumbnailer runs it: an N x N
// PNG that is exactly capture's picture of the same framing (the morphed region of a face, the
// whole of a model without targets), and one line with exit 1 for a file it cannot draw or a
// run past its time limit.
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageFile.h"

namespace thumbnail_test {

namespace {

// A skinned figure without morph targets.
const std::string kFigure = fixtures::avatarPath("RiggedFigure/RiggedFigure.glb");

// The PNG's bytes, or "" when the run failed or wrote none.
std::string thumbnail(const std::string& model, const std::string& out,
                      const std::vector<std::string>& extra = {}) {
    // A limit no busy machine reaches (the default, 20 s, is for file managers; a sanitized
    // build on a loaded CI machine may need more): the time limit has its own test below.
    std::vector<std::string> args = {"thumbnail", model, out, "--timeout", "600"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = fixtures::runMorphview(args);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return fixtures::readWholeFile(out);
}

std::string capture(const std::string& model, const std::string& out, const std::string& size,
                    const std::string& frame) {
    const auto run =
        fixtures::runMorphview({"capture", model, "--out", out, "--size", size, "--frame", frame});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return fixtures::readWholeFile(out);
}

TEST(ThumbnailTest, AFaceIsFramedOnTheRegionItsTargetsMove) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string thumb =
        thumbnail(fixtures::bundledFace(), dir + "/face.png", {"--size", "96"});
    ASSERT_FALSE(thumb.empty());
    auto image = morph::readImageFile(dir + "/face.png");
    ASSERT_TRUE(image.ok()) << image.error().message;
    EXPECT_EQ(image->width, 96);
    EXPECT_EQ(image->height, 96);
    EXPECT_EQ(thumb, capture(fixtures::bundledFace(), dir + "/morphed.png", "96x96", "morphed"));
    EXPECT_NE(thumb, capture(fixtures::bundledFace(), dir + "/all.png", "96x96", "all"));
}

TEST(ThumbnailTest, AModelWithoutTargetsIsFramedWhole) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string thumb = thumbnail(kFigure, dir + "/figure.png", {"--size", "64"});
    ASSERT_FALSE(thumb.empty());
    EXPECT_EQ(thumb, capture(kFigure, dir + "/all.png", "64x64", "all"));
}

TEST(ThumbnailTest, TheDefaultSizeIs256) {
    const std::string out = fixtures::caseScratchDir() + "/face.png";
    ASSERT_FALSE(thumbnail(fixtures::bundledFace(), out).empty());
    auto image = morph::readImageFile(out);
    ASSERT_TRUE(image.ok());
    EXPECT_EQ(image->width, 256);
    EXPECT_EQ(image->height, 256);
}

TEST(ThumbnailTest, AFileItCannotDrawIsOneLineAndNoPicture) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string junk = dir + "/junk.glb";
    {
        std::ofstream file(junk, std::ios::binary);
        file << "glTF not really";
    }
    for (const std::string& model : {junk, dir + "/missing.glb"}) {
        const std::string out = dir + "/out.png";
        const auto run = fixtures::runMorphview({"thumbnail", model, out, "--timeout", "600"});
        EXPECT_EQ(run.exitCode, 1) << model;
        EXPECT_NE(run.err.find(model.substr(dir.size() + 1)), std::string::npos) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_TRUE(fixtures::readWholeFile(out).empty()) << "a picture of a file it cannot draw";
    }
    const auto tooSmall = fixtures::runMorphview(
        {"thumbnail", fixtures::bundledFace(), dir + "/x.png", "--size", "8"});
    EXPECT_EQ(tooSmall.exitCode, 2) << tooSmall.err;
}

// The time limit: a run that is not done by then ends with one line and exit 1 (here a limit no
// run can meet: making the context alone takes longer).
TEST(ThumbnailTest, ARunPastItsTimeLimitEndsWithOneLine) {
    const std::string out = fixtures::caseScratchDir() + "/face.png";
    const auto run =
        fixtures::runMorphview({"thumbnail", fixtures::bundledFace(), out, "--timeout", "0.001"});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("took longer than 0.001 s"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("face.glb"), std::string::npos) << run.err;
}

}  // namespace

}  // namespace thumbnail_test
