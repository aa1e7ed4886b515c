#pragma once
// The viewer's window and what it owns: the GL context, ImGui, the renderer, the document, the
// settings file, the 3D view (view/ViewerView.h), the mouse and keyboard (input/ViewerInput.h)
// and the background load (load/BackgroundLoad.h) as plain objects it calls, and the loop over
// its features (ViewerFeature.h: the script, live input, speech, the autosave, recording, each
// in its own room). Its
// members live in the file named for what they do: the window, its features, the settings file
// and HiDPI changes (ViewerWindow.cpp), the loop and the requests after a frame (ViewerLoop.cpp),
// and loading (ViewerLoad.cpp).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/document/FrameTimes.h"
#include "app/document/Redraw.h"
#include "app/viewer/GlfwContext.h"
#include "app/viewer/QuitSignals.h"
#include "app/viewer/ViewerApp.h"
#include "app/viewer/ViewerFeature.h"
#include "app/viewer/ViewerUi.h"
#include "app/viewer/input/ViewerInput.h"
#include "app/viewer/load/BackgroundLoad.h"
#include "app/viewer/view/ViewerView.h"
#include "morph/image/ImageFile.h"
#include "renderer/scene/SceneRenderer.h"

namespace app {

class ScriptRunner;  // script/ViewerScript.h

class ViewerWindow {
public:
    // Opens the window, starts ImGui and the renderer, loads the first model. A model that fails
    // to load is an error only in screenshot mode; interactively the window opens and shows it.
    static morph::Result<std::unique_ptr<ViewerWindow>> create(const ViewerOptions& options);
    ~ViewerWindow();
    ViewerWindow(const ViewerWindow&) = delete;
    ViewerWindow& operator=(const ViewerWindow&) = delete;

    // The main loop; it draws only when something changes (state/Redraw.h).
    Outcome run();  // and, with --frame-times, writes them at exit

private:
    ViewerWindow(const ViewerOptions& options, GlfwContext context,
                 std::unique_ptr<BackgroundLoad> load);

    // ViewerWindow.cpp: opening the window, reading it back.
    morph::Status startRenderers();
    void startImGui();
    void applyViewOptions();  // --morph-path, --msaa, --shading and the look options
    morph::RgbaImage readWindow() const;
    void saveScreenshot(const std::string& path);
    // The features the loop walks, in order: each is called at the points ViewerFeature.h names,
    // in this order (live input's layer under speech's); `script` is the --script's runner
    // (nullptr: none).
    std::vector<std::unique_ptr<ViewerFeature>> makeFeatures(std::unique_ptr<ScriptRunner> script);
    // A screenshot, scripted or --screenshot-after run: no settings read or written.
    bool reproducible() const { return mOptions.screenshotAfter > 0 || !mOptions.script.empty(); }

    // ViewerLoop.cpp: the main loop, one frame in order.
    struct FrameSize {
        int width = 0, height = 0;      // the window, in ImGui's units
        int fbWidth = 0, fbHeight = 0;  // its framebuffer, in pixels
    };
    Outcome runFrames();
    bool waitForEvents(const RedrawWait& wait);  // true when it waited for an event
    // The clock's step for this frame (fixed while a script drives or a recording runs), and
    // the frame times.
    float frameSeconds(bool waited, double& frameStart);
    FrameSize beginFrame();
    // The features' first stage (ViewerFeature::driveInput): what the script asks of the frame.
    ScriptStep driveInput(const FrameSize& size);
    void updateFrame(float dt, const FrameSize& size);  // the clips, the frame, panels, input
    void buildPanels(int width, int height);            // the window's panels, then the features'
    void drawPanels(int width, int height);             // the window's own (not while hidden)
    void drawFrame(const FrameSize& size);              // the scene, then ImGui, recorded
    // Screenshots, the script's exit: the exit code when the loop ends here.
    std::optional<Outcome> endFrame(const ScriptStep& scripted);
    Motion motion() const;  // what the frame just drawn says about the next (Redraw.h)
    // Whether the loop ends: the window was closed and no feature holds it open.
    bool closeConfirmed();
    bool quitSignalled() const;  // SIGINT or SIGTERM: the loop ends as if the window closed

    // ViewerLoop.cpp: after the frame, the requests: dropped files, the document's, the view's
    // camera requests (ViewerView), the window's, in order.
    void handleRequests();
    void handleWindowRequests();  // fullscreen, quit
    static void onDrop(struct GLFWwindow* window, int count, const char** paths);

    // ViewerLoad.cpp: models, lights and dropped files.
    // The command line's model (else the bundled face), whose import create() started: in a
    // reproducible run waited for and opened here, with the start options applied (either
    // failing is the error); else left to the worker, and opened by pollLoad.
    morph::Status openFirstModel();
    // Loads on mLoad's worker. A script waits for a background load before its next step
    // (ScriptRunner).
    void openModel(const std::string& path, bool keepState);
    void pollLoad();  // per frame: progress for the panels, and the finished load
    // Uploads a loaded scene and makes it the document; on failure the current one stays.
    bool finishOpen(BackgroundLoad::Loaded loaded);
    // The state a newly opened scene starts with: remapped on a reload, else fresh with the
    // settings, keeping the user clips and presets.
    ViewerState openedState(const morph::Scene& scene, bool keepState);
    // Switches the light to `spec` (studio, rig or an .hdr file), prefiltering it on first use;
    // on failure the message shows and the current light stays.
    bool useEnvironment(const std::string& spec);
    // The start's light: useEnvironment, but the studio made on a thread beside (mLightBeside).
    bool startEnvironment(const std::string& spec);
    void takeDroppedFiles();        // a feature's, else a light or a model
    void handleDocumentRequests();  // the light, the model, the scene, rig logic, the variant

    // ViewerWindow.cpp: the settings file.
    void loadSettingsFile();
    void saveSettings();

    // ViewerWindow.cpp: a monitor's content scale changing (HiDPI).
    void applyPendingScale();
    static void onContentScale(struct GLFWwindow* window, float x, float y);

    ViewerOptions mOptions;
    GlfwContext mContext;
    renderer::SceneRenderer mRenderer;
    renderer::Shading mShading = renderer::Shading::Auto;  // --shading, checked by CLI11
    // Environments prefiltered so far, by spec: switching back is instant.
    std::map<std::string, renderer::GpuEnvironment> mEnvironments;
    // The start's studio, made on a thread beside until the first picture takes it (ViewerView).
    std::unique_ptr<renderer::LightBeside> mLightBeside;
    RedrawPolicy mRedraw;
    FrameTimes mFrameTimes;
    float mPendingScale = 0;  // a content scale change to apply before the next frame
    ViewerDocument mDoc;
    ViewerUi mUi;
    Settings mSettings;
    ViewerView mView{ViewContext{mContext, mRenderer, mDoc, mUi, mEnvironments, mLightBeside,
                                 mShading, mFrameTimes}};
    ViewerInput mInput{mContext, mDoc, mUi, mView};
    bool mImGuiStarted = false;
    bool mNeedsFraming = true;  // frame the model once the panels' size is known
    int mFrames = 0;
    double mLastTime = 0;
    std::vector<std::string> mDropped;
    std::unique_ptr<BackgroundLoad> mLoad;  // made before the window: see create()
    // --weights, --animation and --time wait for the first model when it loads in the background.
    struct StartOptions {
        std::string weights;
        std::string animation;
        float time = 0;
        int scene = -1;
        std::string variant;
    };
    std::optional<StartOptions> mPendingStart;
    // The features the loop walks (ViewerFeature.h), in makeFeatures' order.
    std::vector<std::unique_ptr<ViewerFeature>> mFeatures;
    QuitSignals mQuitSignals;
};

}  // namespace app
