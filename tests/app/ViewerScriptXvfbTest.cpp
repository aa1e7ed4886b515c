// The editing workflow's "done when" through the REAL UI, under Xvfb: `morphview --script` moves
// ImGui's mouse onto the widgets as drawn, presses, types and drags. A new user opens the face,
// finds jawOpen by typing "jaw" in the filter, drags it, plays `talk`, keys a new clip, saves and
// exports it, reopens the export and sees the clip. The test then checks the exported .glb with
// the importer (the clip is there; its keys are the keyed weights, as the saved clip JSON holds
// them) and the screenshots the script took. Script mistakes fail with the line.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/TestPaths.h"
#include "fixtures/ViewerRun.h"
#include "morph/edit/UserClip.h"
#include "morph/gltf/GltfImport.h"
#include "morph/image/ImageFile.h"

namespace viewer_script_xvfb_test {

namespace {

namespace fs = std::filesystem;

// The luminance variance: a blank or single-colour picture has almost none.
double variance(const morph::RgbaImage& image) {
    double sum = 0, sumSq = 0;
    const size_t count = size_t(image.width) * size_t(image.height);
    for (size_t i = 0; i < count; ++i) {
        const double l = 0.299 * image.pixels[i * 4] + 0.587 * image.pixels[i * 4 + 1] +
                         0.114 * image.pixels[i * 4 + 2];
        sum += l;
        sumSq += l * l;
    }
    return sumSq / double(count) - (sum / double(count)) * (sum / double(count));
}

// Each step is a widget a person would use, named by its label (docs/VIEWER.md lists them).
const char* const kWorkflow =
    R"script(# open the face (the command line), find jawOpen by typing "jaw", drag it
click "Filter"
type jaw
drag "jawOpen" 0.6
expect-weight "jawOpen" 0.6 0.01
screenshot filtered.png
# play talk
click "Clip"
click "clip:talk"
click "Play"
wait 10
expect-clip "talk" playing
screenshot talk.png
click "Play"
expect-clip "talk" paused
# key a new clip: two keys, jawOpen 0.6 then 0.2 at talk's next key, everything else 0
click "Zero all"
drag "jawOpen" 0.6
click "Key"
expect-message "keyed 'clip 1'"
key right
drag "jawOpen" 0.2
click "Key"
expect-message "(2 keys)"
# save the clip as JSON (what the test compares with) and export it
click "Save clip"
click "Browser OK"
expect-message "saved clip"
click "File"
click "Export .glb with the user clip..."
click "Browser OK"
expect-message "exported 'clip 1'"
# reopen the export and see the clip
click "File"
click "Open..."
click "file:face-clip_1.glb"
click "Browser OK"
expect-message "opened"
expect-no-error
click "Clip"
click "clip:clip 1"
expect-clip "clip 1" paused
screenshot reopened.png
quit
)script";

TEST(ViewerScriptXvfbTest, TheIssueWorkflowThroughTheRealUi) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    // A copy: the export lands next to the model it came from.
    const std::string face = dir + "/face.glb";
    fs::copy_file(fixtures::bundledFace(), face, fs::copy_options::overwrite_existing);
    fixtures::ViewerRun viewer{dir, face};
    viewer.script = kWorkflow;
    viewer.scriptName = "workflow.txt";
    const auto run = viewer.run();
    ASSERT_EQ(run.exitCode, 0) << run.err;

    // The export: the source's clips plus the keyed one, its keys exactly the saved clip's.
    auto saved = morph::loadUserClip(dir + "/clip.json");
    ASSERT_TRUE(saved.ok()) << saved.error().message;
    ASSERT_EQ(saved->name, "clip 1");
    ASSERT_EQ(saved->keys.size(), 2u);
    const auto jaw = std::find(saved->targetNames.begin(), saved->targetNames.end(), "jawOpen");
    ASSERT_NE(jaw, saved->targetNames.end());
    const size_t jawIndex = size_t(jaw - saved->targetNames.begin());
    // The drag moves a real slider by whole pixels: within one pixel's worth of the aim.
    EXPECT_NEAR(saved->keys[0].weights[jawIndex], 0.6f, 0.01f);
    EXPECT_NEAR(saved->keys[1].weights[jawIndex], 0.2f, 0.01f);
    EXPECT_LT(saved->keys[0].time, saved->keys[1].time);
    for (const morph::UserKey& key : saved->keys) {
        for (size_t t = 0; t < key.weights.size(); ++t) {
            if (t != jawIndex) {
                EXPECT_EQ(key.weights[t], 0.0f) << saved->targetNames[t] << " after Zero all";
            }
        }
    }

    auto exported = morph::importGltf(dir + "/face-clip_1.glb");
    ASSERT_TRUE(exported.ok()) << exported.error().message;
    auto source = morph::importGltf(face);
    ASSERT_TRUE(source.ok());
    EXPECT_EQ(exported->animations.size(), source->animations.size() + 1);
    const auto clip = std::find_if(exported->animations.begin(), exported->animations.end(),
                                   [](const morph::Animation& a) { return a.name == "clip 1"; });
    ASSERT_NE(clip, exported->animations.end());
    ASSERT_FALSE(clip->channels.empty());
    const morph::AnimationChannel& channel = clip->channels[0];
    EXPECT_EQ(channel.path, morph::AnimationPath::Weights);
    const morph::AnimationSampler& sampler = clip->samplers[size_t(channel.sampler)];
    const morph::Mesh& mesh = exported->meshes[size_t(exported->nodes[size_t(channel.node)].mesh)];
    ASSERT_EQ(sampler.input.size(), 2u);
    ASSERT_EQ(sampler.width, mesh.targetCount());
    for (size_t k = 0; k < 2; ++k) {
        EXPECT_FLOAT_EQ(sampler.input[k], saved->keys[k].time);
        for (size_t t = 0; t < mesh.targetCount(); ++t) {
            const auto named = std::find(saved->targetNames.begin(), saved->targetNames.end(),
                                         mesh.targetNames[t]);
            ASSERT_NE(named, saved->targetNames.end()) << mesh.targetNames[t];
            EXPECT_FLOAT_EQ(sampler.output[k * sampler.width + t],
                            saved->keys[k].weights[size_t(named - saved->targetNames.begin())])
                << mesh.targetNames[t] << " key " << k;
        }
    }

    // The screenshots the script took: the window's size, with a picture in them; playing talk
    // changed the face, so the shot during playback differs from the filtered one.
    morph::RgbaImage shots[3];
    const char* names[3] = {"filtered.png", "talk.png", "reopened.png"};
    for (int i = 0; i < 3; ++i) {
        auto image = morph::readImageFile(dir + "/" + names[i]);
        ASSERT_TRUE(image.ok()) << image.error().message;
        EXPECT_EQ(image->width, 1024);
        EXPECT_EQ(image->height, 700);
        EXPECT_GT(variance(*image), 50.0) << names[i] << " looks blank";
        shots[i] = std::move(image).value();
    }
    EXPECT_NE(shots[0].pixels, shots[1].pixels);
}

// `script` run on the face in a small window.
fixtures::RunOutcome runSmallScript(const std::string& script) {
    fixtures::ViewerRun viewer{fixtures::caseScratchDir(), fixtures::bundledFace(), "320x240"};
    viewer.script = script;
    return viewer.run();
}

TEST(ViewerScriptXvfbTest, AFailedExpectationNamesItsLine) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const auto run = runSmallScript("wait 1\nexpect-clip \"talk\"\nquit\n");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("script line 2: expected clip \"talk\""), std::string::npos) << run.err;
}

TEST(ViewerScriptXvfbTest, AWidgetThatIsNeverDrawnFails) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const auto run = runSmallScript("click \"No such button\"\nquit\n");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("script line 1: no widget \"No such button\" was drawn"),
              std::string::npos)
        << run.err;
}

// Picking and the heat map through the UI: a click on the face picks a vertex (its panel
// appears, listing jawOpen, whose S solos it: tongueOut's 0.5 is no longer drawn), H turns on
// the heat map, hovering jawOpen's slider shows that target alone.
TEST(ViewerScriptXvfbTest, PickAVertexAndShowTheHeatMap) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    fixtures::ViewerRun viewer{dir, fixtures::bundledFace(), "800x600"};
    viewer.args = {"--weights", "tongueOut=0.5"};
    viewer.script = R"(click-view 0.5 0.6
expect-message "picked vertex"
click "pick:jawOpen"
expect-weight "tongueOut" 0.5
click "pick solo:jawOpen"
expect-weight "tongueOut" 0 0.0001
key h
hover "jawOpen" 3
screenshot heat.png
quit
)";
    const auto shots = viewer.runForShots({"heat.png"});
    ASSERT_TRUE(shots);
    const morph::RgbaImage& image = (*shots)[0];
    EXPECT_EQ(image.width, 800);
    // The heat map recolours the face: the unmoved skin in the ramp's slate (bluer than the
    // background and than any skin tone), jawOpen's chin towards the ramp's red end. The same
    // run without H counted 341 such bluish and 6 such red pixels (the irises, the lips); with
    // it, about 4000 and 1100 while the camera looked at the view off its axis, and 1800 slate
    // since the view draws into its own target with the model on its axis (the picked-vertex
    // panel covers more of the narrower head-on face).
    size_t slate = 0, red = 0;
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        const int r = image.pixels[i], g = image.pixels[i + 1], b = image.pixels[i + 2];
        slate += b > r + 20 && b > g + 10 && b < 130;
        red += r > 150 && g < 110 && b < 90;
    }
    EXPECT_GT(slate, 1000u) << "no heat-mapped face";
    EXPECT_GT(red, 200u) << "jawOpen's displacement does not reach the red end";
}

// F9 records through the real window: a timestamped folder of numbered frames in the current
// folder, one per frame drawn while recording, the window's size; with the turntable on (T) the
// camera moved between the first and the last frame. No ffmpeg on PATH: the message says so.
TEST(ViewerScriptXvfbTest, RecordsAPngSequenceWithF9) {
    ASSERT_TRUE(fixtures::haveXvfb()) << "Xvfb is not installed (third_party/setup.sh installs it)";
    const std::string dir = fixtures::caseScratchDir();
    fixtures::ViewerRun viewer{dir, fixtures::bundledFace(), "320x240"};
    viewer.workingDirectory = dir;
    viewer.script = R"(key t
key f9
expect-message "recording to morphview-rec-"
wait 4
key f9
expect-message "frames to morphview-rec-"
quit
)";
    viewer.env = {"PATH=/usr/bin:/bin"};  // no stand-in ffmpeg here
    const bool realFfmpeg =
        access("/usr/bin/ffmpeg", X_OK) == 0 || access("/bin/ffmpeg", X_OK) == 0;
    const auto run = viewer.run();
    ASSERT_EQ(run.exitCode, 0) << run.err;
    std::vector<fs::path> folders;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.is_directory() &&
            entry.path().filename().string().rfind("morphview-rec-", 0) == 0) {
            folders.push_back(entry.path());
        }
    }
    ASSERT_EQ(folders.size(), 1u);
    std::vector<std::string> frames;
    for (const auto& entry : fs::directory_iterator(folders[0])) {
        if (entry.path().extension() == ".png") frames.push_back(entry.path().filename().string());
    }
    std::sort(frames.begin(), frames.end());
    // The frame F9 is pressed on, the 4 waited, and the frame the key's release is seen on.
    ASSERT_GE(frames.size(), 5u);
    EXPECT_EQ(frames.front(), "frame-000000.png");
    EXPECT_EQ(frames.back(), "frame-" +
                                 std::string(6 - std::to_string(frames.size() - 1).size(), '0') +
                                 std::to_string(frames.size() - 1) + ".png")
        << "numbered without gaps";
    auto first = morph::readImageFile((folders[0] / frames.front()).string());
    auto last = morph::readImageFile((folders[0] / frames.back()).string());
    ASSERT_TRUE(first.ok() && last.ok());
    EXPECT_EQ(first->width, 320);
    EXPECT_EQ(first->height, 240);
    EXPECT_NE(first->pixels, last->pixels) << "the turntable turned the face";
    if (!realFfmpeg) {
        EXPECT_FALSE(fs::exists(folders[0] / "recording.mp4"));
    }
}

// A script that cannot be read or parsed fails before any window opens.
TEST(ViewerScriptXvfbTest, ABadScriptFailsWithItsLine) {
    const std::string dir = fixtures::caseScratchDir();
    { std::ofstream(dir + "/bad.txt") << "click \"Filter\"\ndance\n"; }
    const auto run = fixtures::runMorphview({fixtures::bundledFace(), "--script", dir + "/bad.txt"},
                                            {"DISPLAY"});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("bad.txt:2: unknown command 'dance'"), std::string::npos) << run.err;
}

}  // namespace

}  // namespace viewer_script_xvfb_test
