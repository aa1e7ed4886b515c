// A real multi-mesh skinned avatar through the binary (../shared/avatars/RPM_VisageMale, a Ready
// Player Me export: head, teeth and eyes share 57 target names on a 67-joint body; body and
// outfit carry the body shapes `male` and `female`), and the code-built one
// (fixtures::multiMeshAvatar) written to a file: `capture --frame morphed` frames the face,
// `--weights jawOpen=1` moves the teeth with the jaw.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/AvatarFixtures.h"
#include "fixtures/Golden.h"
#include "fixtures/RunJson.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/ImageCompare.h"
#include "morph/image/ImageFile.h"
#include "morph/io/Files.h"

namespace avatar_cli_test {

namespace {

const std::string kAvatar = fixtures::avatarPath("RPM_VisageMale/male.glb");

morph::RgbaImage capture(const std::string& model, const std::string& out,
                         const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"capture", model, "--size", "160x160", "--out", out};
    args.insert(args.end(), extra.begin(), extra.end());
    return fixtures::runCapture(args, out);
}

nlohmann::json eval(const std::string& model, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"eval", model, "--space", "world"};
    args.insert(args.end(), extra.begin(), extra.end());
    return fixtures::parseRunJson(fixtures::runMorphview(args));
}

// Largest distance a vertex of the node named like `name` moved between two evals.
double largestMove(const nlohmann::json& a, const nlohmann::json& b, const std::string& name) {
    double largest = -1;
    for (size_t i = 0; i < a["items"].size() && i < b["items"].size(); ++i) {
        const auto& x = a["items"][i];
        if (x.value("nodeName", "").find(name) == std::string::npos) continue;
        const auto& p = x["positions"];
        const auto& q = b["items"][i]["positions"];
        largest = std::max(largest, 0.0);
        for (size_t k = 0; k + 2 < p.size(); k += 3) {
            const double dx = p[k].get<double>() - q[k].get<double>(),
                         dy = p[k + 1].get<double>() - q[k + 1].get<double>(),
                         dz = p[k + 2].get<double>() - q[k + 2].get<double>();
            largest = std::max(largest, std::sqrt(dx * dx + dy * dy + dz * dz));
        }
    }
    return largest;  // -1: no such node
}

TEST(AvatarCliTest, FrameMorphedFillsTheImageWithTheFace) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::RgbaImage all = capture(kAvatar, dir + "/all.png", {});
    const morph::RgbaImage face = capture(kAvatar, dir + "/face.png", {"--frame", "morphed"});
    const morph::RgbaImage same = capture(kAvatar, dir + "/default.png", {"--frame", "all"});
    // Framed whole, a standing body leaves most of a square image empty (about 0.2 here);
    // framed on where the targets move (the face, without the body shapes) the head, hair and
    // collar cover more than half of it (0.55).
    EXPECT_LT(fixtures::modelShare(all), 0.3) << "whole body";
    EXPECT_GT(fixtures::modelShare(face), 0.45) << "face";
    EXPECT_GT(fixtures::modelShare(face), 2 * fixtures::modelShare(all));
    EXPECT_EQ(morph::compareImages(all, same).largestDifference, 0) << "--frame all is the default";
    // The jaw opens inside that frame: the same camera, a different picture.
    const morph::RgbaImage open =
        capture(kAvatar, dir + "/open.png", {"--frame", "morphed", "--weights", "jawOpen=1"});
    EXPECT_FALSE(morph::compareImages(face, open).withinTolerance);
    const auto bad =
        fixtures::runMorphview({"capture", kAvatar, "--out", dir + "/x.png", "--frame", "face"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--frame"), std::string::npos) << bad.err;
}

TEST(AvatarCliTest, JawOpenMovesTheTeethWithTheJaw) {
    const nlohmann::json rest = eval(kAvatar, {});
    const nlohmann::json open = eval(kAvatar, {"--weights", "jawOpen=1"});
    ASSERT_TRUE(rest.is_object() && open.is_object());
    EXPECT_GT(largestMove(rest, open, "Teeth"), 0.005) << "teeth follow the jaw (metres)";
    EXPECT_GT(largestMove(rest, open, "Head"), 0.005);
    EXPECT_EQ(largestMove(rest, open, "Body"), 0.0) << "the body has no jawOpen";
}

TEST(AvatarCliTest, ShotFilesTakeTheFrame) {
    const std::string dir = fixtures::caseScratchDir();
    const std::string model = dir + "/avatar.glb";
    const std::vector<uint8_t> glb = fixtures::multiMeshAvatar();
    ASSERT_TRUE(morph::writeFileAtomic(model, glb.data(), glb.size()));
    std::ofstream(dir + "/shots.json")
        << R"([{"name": "all", "model": "avatar.glb", "size": "96x96"},
               {"name": "face", "model": "avatar.glb", "size": "96x96", "frame": "morphed"}])";
    const auto run = fixtures::runMorphview(
        {"capture", "--shots", dir + "/shots.json", "--out-dir", dir + "/out"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    auto all = morph::readImageFile(dir + "/out/all.png");
    auto face = morph::readImageFile(dir + "/out/face.png");
    ASSERT_TRUE(all.ok() && face.ok());
    EXPECT_GT(fixtures::modelShare(*face), 2 * fixtures::modelShare(*all));
    std::ofstream(dir + "/bad.json")
        << R"([{"name": "x", "model": "avatar.glb", "frame": "head"}])";
    const auto bad = fixtures::runMorphview(
        {"capture", "--shots", dir + "/bad.json", "--out-dir", dir + "/out"});
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.err.find("[0].frame: 'head' is not all or morphed"), std::string::npos)
        << bad.err;
}

}  // namespace

}  // namespace avatar_cli_test
