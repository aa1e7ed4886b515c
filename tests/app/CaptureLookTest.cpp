// `capture`'s light and display transform: --environment studio|rig|FILE.hdr,
// --environment-rotation, --exposure, --tone-mapping, --background environment|blurred, the
// same keys in a shots file, and one clear error for each bad value.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"
#include "morph/image/HdrImage.h"
#include "morph/image/ImageFile.h"

namespace capture_look_test {

namespace {

morph::RgbaImage shoot(const std::string& out, std::vector<std::string> extra) {
    std::vector<std::string> args = {"capture", fixtures::bundledFace(), "--out", out, "--size",
                                     "96x96"};
    args.insert(args.end(), extra.begin(), extra.end());
    return fixtures::runCapture(args, out);
}

const uint8_t* at(const morph::RgbaImage& image, int x, int y) {
    return &image.pixels[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
}

TEST(CaptureLookTest, EachSettingChangesThePicture) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::RgbaImage studio = shoot(dir + "/studio.png", {});
    EXPECT_EQ(shoot(dir + "/named.png", {"--environment", "studio"}).pixels, studio.pixels);
    for (const std::vector<std::string>& change : {std::vector<std::string>{"--environment", "rig"},
                                                   {"--environment-rotation", "180"},
                                                   {"--exposure", "2"},
                                                   {"--tone-mapping", "aces"},
                                                   {"--tone-mapping", "agx"},
                                                   {"--tone-mapping", "none"}}) {
        EXPECT_NE(shoot(dir + "/" + change[0].substr(2) + change[1] + ".png", change).pixels,
                  studio.pixels)
            << change[0] << " " << change[1];
    }
}

TEST(CaptureLookTest, TheEnvironmentCanBeTheBackground) {
    const std::string dir = fixtures::caseScratchDir();
    const morph::RgbaImage plain = shoot(dir + "/plain.png", {});
    const morph::RgbaImage sharp = shoot(dir + "/sharp.png", {"--background", "environment"});
    const morph::RgbaImage blurred = shoot(dir + "/blurred.png", {"--background", "blurred"});
    // The top left corner is background in all three: #2e3036 in the first, the studio's
    // ceiling in the others (brighter than the default grey).
    EXPECT_EQ(int(at(plain, 1, 1)[0]), 0x2e);
    EXPECT_GT(int(at(sharp, 1, 1)[0]), 0x2e + 20);
    EXPECT_GT(int(at(blurred, 1, 1)[0]), 0x2e + 20);
    EXPECT_NE(sharp.pixels, blurred.pixels);
    // The model is lit the same whatever is behind it: the centre pixel.
    EXPECT_EQ(std::vector<uint8_t>(at(plain, 48, 40), at(plain, 48, 40) + 4),
              std::vector<uint8_t>(at(sharp, 48, 40), at(sharp, 48, 40) + 4));
    // The rig has no environment to show: the colour stays.
    const morph::RgbaImage rig =
        shoot(dir + "/rig.png", {"--environment", "rig", "--background", "environment"});
    EXPECT_EQ(int(at(rig, 1, 1)[0]), 0x2e);
}

TEST(CaptureLookTest, AnHdrFileLightsTheModel) {
    const std::string dir = fixtures::caseScratchDir();
    // A red sky over a black floor: the face turns red (no tone mapping: PBR Neutral would
    // desaturate the brightest reds towards white).
    morph::FloatImage sky;
    sky.width = 64;
    sky.height = 32;
    for (int y = 0; y < sky.height; ++y) {
        for (int x = 0; x < sky.width; ++x) {
            const float r = y < sky.height / 2 ? 2.0f : 0.0f;
            sky.rgb.insert(sky.rgb.end(), {r, 0.0f, 0.0f});
        }
    }
    ASSERT_TRUE(morph::writeHdrFile(dir + "/red.hdr", sky).ok());
    const morph::RgbaImage red =
        shoot(dir + "/red.png", {"--environment", dir + "/red.hdr", "--tone-mapping", "none"});
    const uint8_t* face = at(red, 48, 40);
    EXPECT_GT(int(face[0]), 60);
    EXPECT_LT(int(face[1]), 8);
    EXPECT_LT(int(face[2]), 8);

    // The same through a shots file, relative to its folder, with the other keys.
    std::ofstream(dir + "/shots.json")
        << nlohmann::json::array({{{"name", "red"},
                                   {"model", fixtures::bundledFace()},
                                   {"size", "96x96"},
                                   {"environment", "red.hdr"},
                                   {"toneMapping", "none"}},
                                  {{"name", "rig"},
                                   {"model", fixtures::bundledFace()},
                                   {"size", "96x96"},
                                   {"environment", "rig"},
                                   {"exposure", 2},
                                   {"environmentRotation", 90},
                                   {"toneMapping", "agx"}}})
               .dump();
    const auto run = fixtures::runMorphview(
        {"capture", "--shots", dir + "/shots.json", "--out-dir", dir + "/shots"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(morph::readImageFile(dir + "/shots/red.png")->pixels, red.pixels);
    EXPECT_EQ(morph::readImageFile(dir + "/shots/rig.png")->pixels,
              shoot(dir + "/rig.png", {"--environment", "rig", "--exposure", "2",
                                       "--environment-rotation", "90", "--tone-mapping", "agx"})
                  .pixels);
}

// `environment` writes the studio, so other renderers can have the same light: lit by that file,
// capture matches its default (RGBE keeps 8 bits of mantissa: within compare's tolerance).
TEST(CaptureLookTest, TheStudioWrittenOutLightsTheSame) {
    const std::string dir = fixtures::caseScratchDir();
    const auto written =
        fixtures::runMorphview({"environment", "--out", dir + "/studio.hdr", "--width", "512"});
    ASSERT_EQ(written.exitCode, 0) << written.err;
    auto image = morph::readHdrFile(dir + "/studio.hdr", 1 << 30);
    ASSERT_TRUE(image.ok());
    EXPECT_EQ(image->width, 512);
    EXPECT_EQ(image->height, 256);
    shoot(dir + "/builtin.png", {});
    shoot(dir + "/file.png", {"--environment", dir + "/studio.hdr"});
    const auto same = fixtures::runMorphview({"compare", dir + "/builtin.png", dir + "/file.png"});
    EXPECT_EQ(same.exitCode, 0) << same.out;

    const auto missing =
        fixtures::runMorphview({"environment", dir + "/none.hdr", "--out", dir + "/y.hdr"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("none.hdr: cannot read"), std::string::npos) << missing.err;
}

TEST(CaptureLookTest, BadValuesAreOneClearError) {
    const std::string dir = fixtures::caseScratchDir();
    auto run = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = {"capture", fixtures::bundledFace(), "--out",
                                         dir + "/x.png"};
        args.insert(args.end(), extra.begin(), extra.end());
        return fixtures::runMorphview(args);
    };
    const auto missing = run({"--environment", dir + "/nowhere.hdr"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("nowhere.hdr: cannot read"), std::string::npos) << missing.err;

    std::ofstream(dir + "/fake.hdr") << "not radiance at all";
    const auto fake = run({"--environment", dir + "/fake.hdr"});
    EXPECT_EQ(fake.exitCode, 1);
    EXPECT_NE(fake.err.find("fake.hdr: not a Radiance .hdr image"), std::string::npos) << fake.err;

    for (const std::vector<std::string>& bad :
         {std::vector<std::string>{"--tone-mapping", "filmic"},
          {"--exposure", "0"},
          {"--exposure", "-1"},
          {"--environment-rotation", "east"},
          {"--background", "sky"}}) {
        const auto usage = run(bad);
        EXPECT_EQ(usage.exitCode, 2) << bad[0] << " " << bad[1] << ": " << usage.err;
        EXPECT_NE(usage.err.find(bad[0]), std::string::npos) << usage.err;
    }

    std::ofstream(dir + "/bad.json")
        << R"([{"name": "a", "model": "x.glb", "toneMapping": "filmic"}])";
    const auto shots =
        fixtures::runMorphview({"capture", "--shots", dir + "/bad.json", "--out-dir", dir});
    EXPECT_NE(shots.exitCode, 0);
    EXPECT_NE(shots.err.find("[0].toneMapping: 'filmic'"), std::string::npos) << shots.err;
}

}  // namespace

}  // namespace capture_look_test
