#pragma once
// A feature of the viewer beside the model it shows (the script, live input, speech, the
// autosave, recording): an object in its own room that the loop walks, in the order
// ViewerWindow.cpp's makeFeatures lists them.
// The window keeps the window, ImGui, the renderer, the document and the loop; a feature keeps
// its own state, reaches the document and the panels' state through the FeatureContext, and is
// called at fixed points of a frame (ViewerLoop.cpp):
//
//   a model opens  modelChanged (before its first frame resolves), opened (once it is shown)
//   each frame     fixedStep (the clock's step), driveInput (ImGui's input replaced, the
//                  script's step: the first stage of a frame), poll (before the frame
//                  resolves), drawPanels
//                  (after the window's panels), drawMenus (the menu bar's, between View and
//                  Help), sceneDrawn (the 3D view drawn, before ImGui),
//                  frameDrawn (the scene and ImGui drawn), afterFrame (the frame shown: the
//                  panels' and the script's requests), addMotion (whether the next frame
//                  draws)
//   the window     takeDrop (a dropped file of its kind), allowClose (the window asked to
//                  close), end (the loop ended)
//
// A feature that is a source of weights names its external layer (layerName): the window adds
// it to each opened model's state in the list's order, and the feature writes its weights there
// (externalLayer, app/document/WeightLayers.h).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "app/document/FrameTimes.h"
#include "app/document/Redraw.h"
#include "app/viewer/GlfwContext.h"
#include "app/viewer/OrbitCamera.h"
#include "app/viewer/ViewerApp.h"
#include "app/viewer/ViewerUi.h"

struct GLFWwindow;

namespace app {

// What a feature reaches of the window.
struct FeatureContext {
    const ViewerOptions& options;
    ViewerDocument& doc;
    ViewerUi& ui;
    GLFWwindow* window;
    const GlfwContext& context;  // reading the window back (recording)
};

// What a --script asks of one frame (script/ScriptFeature.h): the window carries out the
// screenshot, the drops and the exit, and hands the step to every feature after the frame.
struct ScriptStep {
    std::optional<std::string> screenshot;  // save the window after this frame's draw
    std::vector<std::string> dropped;       // files dropped on the window this frame
    std::optional<int> exitCode;            // quit after this frame
    std::optional<std::string> sample;      // `sample LABEL`: the autosave feature prints it
    // `idle`: the script does not drive the next frames; the window draws by its own rules and
    // wakes for the script after at most this many seconds. < 0: the script drives.
    double idleSeconds = -1;
};

// Lowers `motion`'s wake timer to at most `seconds` (a feature's timer never delays another's).
inline void wakeWithin(Motion& motion, double seconds) {
    motion.wakeAfter = motion.wakeAfter < 0 ? seconds : std::min(motion.wakeAfter, seconds);
}

class ViewerFeature {
public:
    explicit ViewerFeature(const FeatureContext& context)
        : mOptions(context.options), mDoc(context.doc), mUi(context.ui), mWindow(context.window) {}
    virtual ~ViewerFeature() = default;
    ViewerFeature(const ViewerFeature&) = delete;
    ViewerFeature& operator=(const ViewerFeature&) = delete;

    // The external layer this feature writes (WeightLayers.h); nullptr: none.
    virtual const char* layerName() const { return nullptr; }
    // The document shows another scene (opened or reloaded), before its first frame resolves.
    virtual void modelChanged() {}
    // The scene is opened and shown: its message out, the command line's start options applied.
    virtual void opened(bool /*reloaded*/) {}
    // A fixed clock step the feature needs for this frame, in seconds (a recording: one frame of
    // its rate, whatever the machine's speed); 0: none.
    virtual float fixedStep() const { return 0; }
    // The frame's first stage, between the platform backend's NewFrame and ImGui's, before any
    // feature's poll: a feature that drives the UI (the script) replaces ImGui's input here and
    // writes what it asks of the frame into `step`. `width` and `height` are the window's, in
    // ImGui's units.
    virtual void driveInput(int /*width*/, int /*height*/, ScriptStep& /*step*/) {}
    // Once a frame, before the frame resolves; `dt` is the frame's clock step.
    virtual void poll(float /*dt*/) {}
    // The feature's ImGui windows, after the window's panels, also while the panels are hidden
    // (then viewX and viewY, the 3D view's top left corner, are 0).
    virtual void drawPanels(float /*viewX*/, float /*viewY*/) {}
    // The feature's top-level menus on the main menu bar, between View and Help (only while the
    // panels show); each title recorded with trackMenuTitle so a script can click it.
    virtual void drawMenus() {}
    // The 3D view was drawn into the window, before ImGui; `view` is its region (framebuffer
    // pixels).
    virtual void sceneDrawn(const ViewRegion& /*view*/) {}
    // The frame was drawn (the scene and ImGui): what the feature adds to the frame times.
    virtual void frameDrawn(FrameTimes& /*times*/) {}
    // After the frame is shown: the panels' requests, and the script's step as it concerns the
    // feature.
    virtual void afterFrame(const ScriptStep& /*scripted*/) {}
    // What the feature says about the next frame: `moving` when the picture changes by itself,
    // a `wakeAfter` timer (only ever lowered).
    virtual void addMotion(Motion& /*motion*/) const {}
    // A file dropped on the window: true when it is the feature's to take (speech: a .wav).
    virtual bool takeDrop(const std::string& /*path*/) { return false; }
    // The window was asked to close: false keeps it open (the feature asks the user first).
    virtual bool allowClose() { return true; }
    // The loop ended (a closed window, a signal, the script's end).
    virtual void end() {}

protected:
    const ViewerOptions& mOptions;
    ViewerDocument& mDoc;
    ViewerUi& mUi;
    GLFWwindow* mWindow;
};

}  // namespace app
