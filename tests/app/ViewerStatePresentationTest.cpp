// The GL-free parts of the viewer's presentation, recording and scripting: the preset cycle's
// timing and blend, the turntable, recording folder/frame names and the fixed frame clock, PATH
// lookup and the ffmpeg command, and the --script parser.
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "app/document/ViewerStatePresentation.h"
#include "app/document/ViewerStateScript.h"
#include "app/record/Recording.h"
#include "fixtures/ErrorCodes.h"
#include "fixtures/TestPaths.h"

namespace viewer_state_presentation_test {

namespace {

using namespace app;

morph::Scene twoTargetScene() {
    morph::Scene scene;
    scene.meshes.resize(1);
    scene.meshes[0].targetNames = {"jawOpen", "smile"};
    scene.meshes[0].defaultWeights = {0, 0};
    scene.nodes.resize(1);
    scene.nodes[0].mesh = 0;
    scene.roots = {0};
    return scene;
}

// The commands `text` (the script file s.txt) parses to; none, after a failure, when it does not.
std::vector<ScriptCommand> parsed(const std::string& text) {
    auto script = parseScript(text, "s.txt");
    EXPECT_TRUE(script.ok()) << script.error().message;
    return script.ok() ? std::move(script).value() : std::vector<ScriptCommand>{};
}

// The one command `text` parses to; a failure, and a default command, when it is not one.
ScriptCommand onlyCommand(const std::string& text) {
    const std::vector<ScriptCommand> commands = parsed(text);
    EXPECT_EQ(commands.size(), 1u) << text;
    return commands.size() == 1 ? commands[0] : ScriptCommand{};
}

// `text` refused as the user's error (a usage error) with `message`.
void expectRefused(const std::string& text, const std::string& message) {
    const auto script = parseScript(text, "s.txt");
    ASSERT_FALSE(script.ok()) << text;
    EXPECT_EQ(script.error().code, morph::ErrorCode::Usage) << text;  // the user's script
    EXPECT_EQ(script.error().message, message);
}

TEST(PresetCycle, PhaseHoldsThenBlendsIntoTheNext) {
    // Three presets, 2 s each, the last 0.5 s of each blending.
    CyclePhase p = presetCyclePhase(0.0, 3, 2.0f, 0.5f);
    EXPECT_EQ(p.from, 0);
    EXPECT_EQ(p.to, 1);
    EXPECT_FLOAT_EQ(p.mix, 0.0f);
    EXPECT_FLOAT_EQ(presetCyclePhase(1.5, 3, 2.0f, 0.5f).mix, 0.0f)
        << "held until the blend starts";
    EXPECT_FLOAT_EQ(presetCyclePhase(1.75, 3, 2.0f, 0.5f).mix, 0.5f) << "smoothstep at its middle";
    p = presetCyclePhase(2.0, 3, 2.0f, 0.5f);
    EXPECT_EQ(p.from, 1);
    EXPECT_FLOAT_EQ(p.mix, 0.0f);
    p = presetCyclePhase(5.0, 3, 2.0f, 0.5f);
    EXPECT_EQ(p.from, 2);
    EXPECT_EQ(p.to, 0) << "wraps around";
    p = presetCyclePhase(6.1, 3, 2.0f, 0.0f);
    EXPECT_EQ(p.from, 0);
    EXPECT_FLOAT_EQ(p.mix, 0.0f) << "no blend: a cut";
    EXPECT_EQ(presetCyclePhase(1.0, 0, 2.0f, 0.5f).from, -1);
}

TEST(PresetCycle, BlendsPresetsByNameIntoOverrides) {
    const morph::Scene scene = twoTargetScene();
    ViewerState state = makeViewerState(scene);
    state.presets = {{"open", {{"jawOpen", 1.0f}}},
                     {"smile", {{"smile", 0.8f}, {"jawOpen", 0.2f}}}};
    ASSERT_TRUE(applyPresetBlend(state, scene, 0, 1, 0.5f));
    EXPECT_FLOAT_EQ(state.meshes[0].targets[0].value, 0.6f);
    EXPECT_FLOAT_EQ(state.meshes[0].targets[1].value, 0.4f) << "missing in 'open': 0 there";
    EXPECT_TRUE(state.meshes[0].targets[1].overridden);

    PresetCycle cycle;
    cycle.on = true;
    cycle.period = 1.0f;
    cycle.blend = 0.0f;
    ASSERT_TRUE(stepPresetCycle(state, scene, cycle, 1.25f));
    EXPECT_FLOAT_EQ(state.meshes[0].targets[1].value, 0.8f) << "the second preset after one period";
    cycle.on = false;
    EXPECT_FALSE(stepPresetCycle(state, scene, cycle, 1.0f));
}

TEST(Turntable, TurnsAndWraps) {
    Turntable t;
    EXPECT_FLOAT_EQ(turntableAzimuth(10, t, 1.0f), 10.0f) << "off: no turn";
    t.on = true;
    t.degreesPerSecond = 30;
    EXPECT_FLOAT_EQ(turntableAzimuth(10, t, 1.0f), 40.0f);
    EXPECT_FLOAT_EQ(turntableAzimuth(170, t, 1.0f), -160.0f);
    t.degreesPerSecond = -30;
    EXPECT_FLOAT_EQ(turntableAzimuth(-170, t, 1.0f), 160.0f);
}

TEST(Recording, NamesSortAndTheClockIsFixedStep) {
    std::tm local{};
    local.tm_year = 126;
    local.tm_mon = 10;
    local.tm_mday = 30;
    local.tm_hour = 9;
    local.tm_min = 5;
    local.tm_sec = 7;
    EXPECT_EQ(recordingFolderName(local, 42), "morphview-rec-20261130-090507-042");
    EXPECT_EQ(frameFileName(0), "frame-000000.png");
    EXPECT_EQ(frameFileName(1234), "frame-001234.png");
    EXPECT_LT(frameFileName(9), frameFileName(10)) << "zero padding keeps name order = frame order";
    EXPECT_DOUBLE_EQ(frameTime(45, 30), 1.5);
    EXPECT_FLOAT_EQ(frameStep(25), 0.04f);
    EXPECT_EQ(framesForDuration(2.0f, 30), 61u) << "both ends of the clip";
    EXPECT_EQ(framesForDuration(0.0f, 30), 1u);
    EXPECT_EQ(framesForDuration(0.1f, 24), 3u);
}

TEST(Recording, FindsProgramsOnPathAndBuildsTheFfmpegLine) {
    const std::string dir = fixtures::scratchDir("Recording_FindsProgramsOnPath");
    const std::string tool = dir + "/fakeffmpeg";
    { std::ofstream(tool) << "#!/bin/sh\n"; }
    chmod(tool.c_str(), 0755);
    { std::ofstream(dir + "/notexec") << "x"; }
    const std::string path = "/nonexistent:" + dir;
    EXPECT_EQ(findOnPath("fakeffmpeg", path.c_str()), tool);
    EXPECT_EQ(findOnPath("notexec", path.c_str()), "") << "not executable";
    EXPECT_EQ(findOnPath("fakeffmpeg", "/nonexistent"), "");
    EXPECT_EQ(findOnPath("fakeffmpeg", nullptr), "");
    const auto args = ffmpegArguments("/usr/bin/ffmpeg", 640, 360, 30, "out.mp4");
    std::string line;
    for (const std::string& arg : args) line += (line.empty() ? "" : " ") + arg;
    EXPECT_EQ(args.size(), 22u);
    EXPECT_EQ(line,
              "/usr/bin/ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt rgba "
              "-s 640x360 -r 30 -i - -c:v libx264 -pix_fmt yuv420p -f mp4 out.mp4");
    line.clear();
    for (const std::string& arg :
         ffmpegArguments("/usr/bin/ffmpeg", 64, 48, 25, "out.mp4", "dir/speech.wav"))
        line += (line.empty() ? "" : " ") + arg;
    EXPECT_EQ(line,
              "/usr/bin/ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt rgba "
              "-s 64x48 -r 25 -i - -i dir/speech.wav -map 0:v -map 1:a -c:a aac -b:a 96k "
              "-c:v libx264 -pix_fmt yuv420p -f mp4 out.mp4");
}

TEST(Script, ParsesEveryCommand) {
    const std::vector<ScriptCommand> c = parsed(R"(# the editing workflow
click "Filter"
type jaw open
type "  padded"
drag "jawOpen" 0.6

key ctrl+K
key space
wait 10
hover "smile" 5
click-view 0.5 0.25
double-click "file:face.glb"
expect-clip "talk" playing
expect-weight "jawOpen" 0.6 0.02
expect-message "exported"
expect-no-error
screenshot out.png
quit
)");
    ASSERT_EQ(c.size(), 16u);
    EXPECT_EQ(c[0].op, ScriptOp::Click);
    EXPECT_EQ(c[0].target, "Filter");
    EXPECT_EQ(c[0].line, 2);
    EXPECT_EQ(c[1].text, "jaw open");
    EXPECT_EQ(c[2].text, "  padded");
    EXPECT_EQ(c[3].op, ScriptOp::Drag);
    EXPECT_FLOAT_EQ(c[3].value, 0.6f);
    EXPECT_EQ(c[4].key.name, "k");
    EXPECT_TRUE(c[4].key.ctrl);
    EXPECT_EQ(c[4].line, 7);
    EXPECT_EQ(c[5].key.name, "space");
    EXPECT_EQ(c[6].frames, 10);
    EXPECT_EQ(c[7].frames, 5);
    EXPECT_FLOAT_EQ(c[8].value2, 0.25f);
    EXPECT_EQ(c[9].op, ScriptOp::DoubleClick);
    EXPECT_EQ(c[10].text, "playing");
    EXPECT_FLOAT_EQ(c[11].value2, 0.02f);
    EXPECT_EQ(c[12].target, "exported");
    EXPECT_EQ(c[13].op, ScriptOp::ExpectNoError);
    EXPECT_EQ(c[14].target, "out.png");
    EXPECT_EQ(c[15].op, ScriptOp::Quit);
}

TEST(Script, IdleTakesSecondsAndAFrameRange) {
    const ScriptCommand idle = onlyCommand("idle 1.5 2 40\n");
    EXPECT_EQ(idle.op, ScriptOp::Idle);
    EXPECT_FLOAT_EQ(idle.value, 1.5f);
    EXPECT_EQ(idle.frames, 2);
    EXPECT_EQ(idle.maxFrames, 40);
}

TEST(Script, ProfileSecondsTakesOverZeroToAMinute) {
    const ScriptCommand profile = onlyCommand("profile-seconds 2.5\n");
    EXPECT_EQ(profile.op, ScriptOp::ProfileSeconds);
    EXPECT_FLOAT_EQ(profile.value, 2.5f);
    for (const char* bad : {"profile-seconds\n", "profile-seconds 0\n", "profile-seconds 61\n",
                            "profile-seconds ten\n"})
        expectRefused(bad, "s.txt:1: profile-seconds needs SECONDS (over 0, at most 60)");
}

TEST(Script, ClipLimitTakesOverZeroToTenMinutes) {
    const ScriptCommand limit = onlyCommand("clip-limit 0.5\n");
    EXPECT_EQ(limit.op, ScriptOp::ClipLimit);
    EXPECT_FLOAT_EQ(limit.value, 0.5f);
    for (const char* bad : {"clip-limit\n", "clip-limit 0\n", "clip-limit 601\n"})
        expectRefused(bad, "s.txt:1: clip-limit needs SECONDS (over 0, at most 600)");
}

TEST(Script, SayTakesALineAndWaitSpeechATargetItsPeakAndSeconds) {
    const std::vector<ScriptCommand> c = parsed(
        "say \"Hello, there\"\nsay hi you\nwait-speech \"jawOpen\" 0.3\nwait-speech viseme_aa "
        "0.2 4\n");
    ASSERT_EQ(c.size(), 4u);
    EXPECT_EQ(c[0].op, ScriptOp::Say);
    EXPECT_EQ(c[0].text, "Hello, there");
    EXPECT_EQ(c[1].text, "hi you");
    EXPECT_EQ(c[2].op, ScriptOp::WaitSpeech);
    EXPECT_EQ(c[2].target, "jawOpen");
    EXPECT_FLOAT_EQ(c[2].value, 0.3f);
    EXPECT_FLOAT_EQ(c[2].value2, 10.0f);  // the default limit
    EXPECT_EQ(c[3].target, "viseme_aa");
    EXPECT_FLOAT_EQ(c[3].value2, 4.0f);
    for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
             {"say", "s.txt:1: say needs a line"},
             {"wait-speech jawOpen",
              "s.txt:1: wait-speech needs a target and the least peak weight"},
             {"wait-speech jawOpen 0.3 99",
              "s.txt:1: wait-speech: bad seconds '99' (over 0, at most 60)"}})
        expectRefused(text, message);
}

TEST(Script, ExpectCurveTakesATargetATimeAValueAndATolerance) {
    const std::vector<ScriptCommand> c =
        parsed("expect-curve \"jawOpen25\" 0.5 0.25\nexpect-curve jawOpen 1 0.9 0.05\n");
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(c[0].op, ScriptOp::ExpectCurve);
    EXPECT_EQ(c[0].target, "jawOpen25");
    EXPECT_FLOAT_EQ(c[0].time, 0.5f);
    EXPECT_FLOAT_EQ(c[0].value, 0.25f);
    EXPECT_FLOAT_EQ(c[0].value2, 0.01f);  // the default tolerance
    EXPECT_FLOAT_EQ(c[1].value2, 0.05f);
    for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
             {"expect-curve jawOpen 0.5",
              "s.txt:1: expect-curve needs a target, a time and a value"},
             {"expect-curve jawOpen soon 0.5",
              "s.txt:1: expect-curve needs a target, a time and a value"},
             {"expect-curve jawOpen 0.5 0.5 -1", "s.txt:1: expect-curve: bad tolerance '-1'"}})
        expectRefused(text, message);
}

TEST(Script, ErrorsNameTheLine) {
    expectRefused("click \"Filter\"\nfly away", "s.txt:2: unknown command 'fly'");
    expectRefused("click \"Filter", "s.txt:1: unterminated quote");
    expectRefused("drag \"jawOpen\"", "s.txt:1: drag needs a widget and a value");
    expectRefused("drag \"jawOpen\" lots", "s.txt:1: drag needs a widget and a value");
    expectRefused("key hyper", "s.txt:1: unknown key 'hyper'");
    expectRefused("wait -3", "s.txt:1: wait needs a frame count");
    expectRefused("click-view 2 0",
                  "s.txt:1: click-view needs X Y, fractions of the view from 0 to 1");
    expectRefused("expect-clip talk running",
                  "s.txt:1: expect-clip: 'running' is not playing|paused");
    expectRefused("quit now", "s.txt:1: quit takes no arguments");
    const std::string idle =
        "s.txt:1: idle needs SECONDS (over 0, at most 60) and the fewest and most frames drawn "
        "meanwhile";
    expectRefused("idle 2", idle);
    expectRefused("idle 0 0 3", idle);
    expectRefused("idle 2 4 3", idle);
    expectRefused("idle 61 0 3", idle);
    EXPECT_FALSE(loadScript("/nonexistent/script.txt").ok());
}

// The language is one table: a row per ScriptOp, in its order, each with its own name, so the
// runner's table (ViewerScript.cpp, keyed by the same op) and the parser cannot disagree.
TEST(Script, EveryCommandIsOneRowOfTheTable) {
    const std::vector<app::ScriptOpSpec>& ops = app::scriptOps();
    ASSERT_EQ(ops.size(), size_t(ScriptOp::Quit) + 1);
    std::set<std::string> names;
    for (size_t i = 0; i < ops.size(); ++i) {
        EXPECT_EQ(size_t(ops[i].op), i) << ops[i].name;
        EXPECT_NE(ops[i].parse, nullptr) << ops[i].name;
        EXPECT_TRUE(names.insert(ops[i].name).second) << ops[i].name;
        // Every command names itself in its line's first word, and parses from there.
        const auto script = parseScript(std::string(ops[i].name) + " x y z w", "s.txt");
        if (!script.ok()) {
            EXPECT_EQ(script.error().message.rfind("s.txt:1: ", 0), 0u) << ops[i].name;
            EXPECT_EQ(script.error().message.find("unknown command"), std::string::npos);
        }
    }
}

}  // namespace

}  // namespace viewer_state_presentation_test
