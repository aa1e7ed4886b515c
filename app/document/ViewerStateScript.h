#pragma once
// `morphview --script FILE`: a viewer session driven without a person. Each line is one action
// on the REAL widgets (the runner moves ImGui's mouse onto a widget's rectangle as last drawn,
// presses and releases, types characters, presses keys), or a check of the state. Each command
// is one row of a table: its name and its arguments' parse here (scriptOps(), GL-free and
// unit-tested), its action in the runner's table of ViewerScript.cpp (through ImGuiIO), keyed
// by the same ScriptOp.
//
//   # a comment            blank lines are ignored
//   click "Filter"         press and release on the widget recorded as "Filter"
//   double-click "NAME"    two clicks in a row (file browser entries)
//   hover "jawOpen" [N]    rest the mouse on a widget for N frames (default 2)
//   click-view X Y         click the 3D view at fractions X, Y (0..1) of its width and height
//   type jaw               characters into the widget that has the keyboard (rest of the line,
//                          or a "quoted string")
//   drag "jawOpen" 0.6     drag a slider's grab from its left end to the value
//   key space              press and release: space, enter, escape, tab, left, right, up, down,
//                          delete, home, f1..f12, a..z, 0..9; ctrl+ / shift+ prefixes
//   wait 10                let 10 frames pass (the clock advances 1/60 s a frame in a script)
//   idle 2 0 3             stop driving the window for 2 seconds of wall time (it draws by its
//                          own rules, Redraw.h), then check it drew from 0 to 3 frames meanwhile
//   expect-clip "talk" [playing|paused]    the current clip's name (and state)
//   expect-weight "jawOpen" 0.6 [TOL]      the selected mesh's weight as drawn (default 0.01)
//   expect-weight-everywhere "jawOpen" 0.6 [TOL]  that weight as drawn on every node whose mesh
//                                          has the target (head, teeth, tongue), and at least two
//   expect-curve "jawOpen25" 0.5 0.5 [TOL] the curve view's curve of the target as last drawn,
//                                          at 0.5 s into the clip (default tolerance 0.01)
//   expect-message "exported"              the last message contains this text
//   expect-no-error                        no error is shown
//   expect-error "cannot read"             the error shown contains this text
//   say "Hello there"      the Speech panel says the line (as typing it and pressing Say)
//   wait-speech "jawOpen" 0.3 [SECONDS]    wait until the line is said (at most SECONDS of
//                          wall time, default 10), checking the selected mesh's target peaked
//                          at 0.3 or more meanwhile
//   drop "line.wav"        the file dropped on the window, as from a file manager (relative: to
//                          the script's folder)
//   screenshot out.png     save the whole window (relative: to the script's folder)
//   close-window           close the window as a user does (with unsaved work the viewer asks)
//   sample LABEL           print `sample LABEL rss_kb=N gl_objects=N gl_errors=N autosave_files=N
//                          autosave_bytes=N` on stdout at the frame's end, the autosave flushed
//                          (the soak, tests/soak/: resident memory, GL objects held, GL errors
//                          since)
//   profile-seconds 2.5    File > Live's "Record 10 s for a profile" records that many seconds
//                          of the voice instead (a test's shorter line); a script waits for
//                          the profile being learned before its next line
//   clip-limit 0.5         File > Live's Record to clip of a voice stops after that many seconds
//                          instead of its limit of 600 (a test's shorter recording)
//   quit                   exit: 0 when every expectation held, 1 otherwise
#include <string>
#include <vector>

#include "morph/Result.h"

namespace app {

enum class ScriptOp {
    Click,
    DoubleClick,
    Hover,
    ClickView,
    Type,
    Drag,
    Key,
    Wait,
    Idle,
    ExpectClip,
    ExpectWeight,
    ExpectWeightEverywhere,
    ExpectCurve,
    ExpectMessage,
    ExpectNoError,
    ExpectError,
    Say,
    WaitSpeech,
    Drop,
    Screenshot,
    CloseWindow,
    Sample,
    ProfileSeconds,
    ClipLimit,
    Quit,
};

struct ScriptKey {
    std::string name;  // lower case: "space", "k", "f12"
    bool ctrl = false;
    bool shift = false;
};

struct ScriptCommand {
    ScriptOp op = ScriptOp::Wait;
    int line = 0;        // 1-based, for messages
    std::string target;  // widget, clip, target name, message text or file
    std::string text;    // type and say: the characters; expect-clip: "playing"/"paused"/""
    float value = 0;     // drag and expect-weight: the value; click-view: X; profile-seconds
    float value2 = 0;    // click-view: Y; expect-weight: the tolerance; wait-speech: seconds
    float time = 0;      // expect-curve: seconds into the clip
    int frames = 0;      // wait and hover; idle: the fewest frames
    int maxFrames = 0;   // idle: the most frames (value: its seconds)
    ScriptKey key;
};

// Every key name `key` accepts, for messages and the runner's mapping.
const std::vector<std::string>& scriptKeyNames();

// One command of the language: its name and how its arguments parse into a ScriptCommand.
struct ScriptOpSpec {
    ScriptOp op;
    const char* name;
    // `words` is the line split into words (words[0]: the name; "quoted" words keep their
    // spaces), `line` the line itself. An error's message says what is wrong with the arguments.
    morph::Status (*parse)(const std::vector<std::string>& words, const std::string& line,
                           ScriptCommand& command);
};
// Every command, in ScriptOp order.
const std::vector<ScriptOpSpec>& scriptOps();

// Errors name the source and the line: "demo.txt:3: drag needs a widget and a value".
morph::Result<std::vector<ScriptCommand>> parseScript(const std::string& text,
                                                      const std::string& source);
morph::Result<std::vector<ScriptCommand>> loadScript(const std::string& path);

}  // namespace app
