#pragma once
// Runs a --script (ViewerStateScript.h) through the real UI: before each ImGui frame it sets
// ImGuiIO's mouse position, buttons, keys and characters as a person would (the platform
// backend has just written the real ones; these replace them), aiming at the rectangles the
// panels recorded for named widgets on the previous frame (trackItem). Checks read the state.
#include <optional>
#include <string>
#include <vector>

#include "app/document/ViewerStateScript.h"
#include "app/viewer/ViewerFeature.h"
#include "app/viewer/ViewerUi.h"

namespace app {

// The `sample` line (the soak, tests/soak/): the label, resident memory after the heap's free
// pages went back to the system, the GL objects the renderer holds, the GL errors since the last
// check (drained here), and the autosave folder's files and bytes as the window measured them.
void printSampleLine(const std::string& label, size_t autosaveFiles, uint64_t autosaveBytes);

class ScriptRunner {
public:
    ScriptRunner(std::vector<ScriptCommand> commands, std::string folder);

    using Step = ScriptStep;  // what the script asks of one frame (ViewerFeature.h)
    // Between the backend's NewFrame and ImGui::NewFrame. `viewX..` is the 3D view in ImGui's
    // units (for click-view).
    Step beforeFrame(ViewerDocument& doc, ViewerUi& ui, float viewX, float viewY, float viewWidth,
                     float viewHeight);

    // Seconds the clock advances per frame while a script runs: fixed, so a run is repeatable.
    static constexpr float kFrameSeconds = 1.0f / 60.0f;

private:
    // What one command's action sees this frame.
    struct Frame {
        ViewerDocument& doc;
        ViewerUi& ui;
        float viewX, viewY, viewWidth, viewHeight;
        Step& step;
    };
    // A command's action for one frame; true when it is done (the next command starts).
    using Action = bool (ScriptRunner::*)(const ScriptCommand& c, Frame& frame);
    // The runner's half of the table of commands (scriptOps() holds the names and parsers),
    // keyed by the same ScriptOp.
    static Action action(ScriptOp op);

    // The frames before a command runs: a key released, a failed or finished script, the panels
    // settling, a model loading. Returns false when no command runs this frame.
    bool ready(const ViewerUi& ui, Step& step);
    void applyMouse() const;
    bool fail(const ScriptCommand& c, const std::string& problem);
    // The selected mesh's weight of the command's target as drawn; the script fails without it.
    std::optional<float> targetWeight(const ScriptCommand& c, const ViewerDocument& doc);
    void next();
    std::optional<WidgetRect> widget(const ViewerUi& ui, const ScriptCommand& c);
    bool click(float x, float y);  // move, press, release, one frame to act: true at the end

    bool runClick(const ScriptCommand& c, Frame& frame);
    bool runDrop(const ScriptCommand& c, Frame& frame);
    bool runDoubleClick(const ScriptCommand& c, Frame& frame);
    bool runHover(const ScriptCommand& c, Frame& frame);
    bool runClickView(const ScriptCommand& c, Frame& frame);
    bool runType(const ScriptCommand& c, Frame& frame);
    bool runDrag(const ScriptCommand& c, Frame& frame);
    bool runKey(const ScriptCommand& c, Frame& frame);
    bool runWait(const ScriptCommand& c, Frame& frame);
    bool runIdle(const ScriptCommand& c, Frame& frame);
    bool runExpectClip(const ScriptCommand& c, Frame& frame);
    bool runExpectWeight(const ScriptCommand& c, Frame& frame);
    bool runExpectWeightEverywhere(const ScriptCommand& c, Frame& frame);
    bool runExpectCurve(const ScriptCommand& c, Frame& frame);
    bool runExpectMessage(const ScriptCommand& c, Frame& frame);
    bool runExpectNoError(const ScriptCommand& c, Frame& frame);
    bool runExpectError(const ScriptCommand& c, Frame& frame);
    bool runSay(const ScriptCommand& c, Frame& frame);
    bool runWaitSpeech(const ScriptCommand& c, Frame& frame);
    bool runScreenshot(const ScriptCommand& c, Frame& frame);
    bool runCloseWindow(const ScriptCommand& c, Frame& frame);
    bool runSample(const ScriptCommand& c, Frame& frame);
    bool runProfileSeconds(const ScriptCommand& c, Frame& frame);
    bool runClipLimit(const ScriptCommand& c, Frame& frame);
    bool runQuit(const ScriptCommand& c, Frame& frame);

    std::vector<ScriptCommand> mCommands;
    std::string mFolder;
    size_t mIndex = 0;
    int mPhase = 0;    // frames spent on the current command
    int mWaiting = 0;  // frames spent looking for a widget that is not drawn yet
    bool mFailed = false;
    float mMouseX = -1, mMouseY = -1;
    bool mMouseDown = false;
    int mHeldKey = -1;
    WidgetRect mRect;       // the current command's widget
    int mSettle = 2;        // frames to let pass before the first command
    double mIdleStart = 0;  // `idle`: when it began (glfwGetTime) and the frames drawn since
    int mIdleFrames = 0;
    float mPeak = 0;  // wait-speech: the target's highest weight while the line played
};

}  // namespace app
