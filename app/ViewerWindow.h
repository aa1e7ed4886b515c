#pragma once
// The viewer's main loop and what it owns: the window, ImGui, the renderer, the document, the
// camera and the settings file. Frame order: poll events, build the panels (they edit the state
// and post requests), camera and shortcut input (only what ImGui does not want), advance the
// clock, draw the scene, draw ImGui last, screenshot, swap, then carry out the requests.
#include <memory>
#include <string>
#include <vector>

#include "app/GlfwContext.h"
#include "app/ViewerApp.h"
#include "app/ViewerCamera.h"
#include "app/ViewerUi.h"
#include "morph/ImageFile.h"
#include "renderer/SceneRenderer.h"

namespace app {

class ViewerWindow {
public:
    // Opens the window, starts ImGui and the renderer, loads the first model. A model that fails
    // to load is an error only in screenshot mode; interactively the window opens and shows it.
    static morph::Result<std::unique_ptr<ViewerWindow>> create(const ViewerOptions& options);
    ~ViewerWindow();
    ViewerWindow(const ViewerWindow&) = delete;
    ViewerWindow& operator=(const ViewerWindow&) = delete;

    int run();

private:
    explicit ViewerWindow(const ViewerOptions& options, GlfwContext context);

    // ViewerWindow.cpp
    void buildPanels(int width, int height);
    void drawScene(int fbWidth, int fbHeight);
    ViewRegion viewRegion() const;  // framebuffer pixels
    morph::RgbaImage readWindow() const;
    void saveScreenshot(const std::string& path);

    // ViewerInput.cpp
    void handleCameraInput();
    void handleShortcuts();
    void handleRequests();
    bool openModel(const std::string& path, bool keepState);
    renderer::Aabb sceneBounds() const;
    void frameModel();
    void saveSettings();
    static void onDrop(struct GLFWwindow* window, int count, const char** paths);

    ViewerOptions mOptions;
    GlfwContext mContext;
    renderer::SceneRenderer mRenderer;
    ViewerDocument mDoc;
    ViewerUi mUi;
    OrbitCamera mCamera;
    Settings mSettings;
    bool mImGuiStarted = false;
    bool mNeedsFraming = true;  // frame the model once the panels' size is known
    int mFrames = 0;
    double mLastTime = 0;
    std::vector<std::string> mDropped;
};

}  // namespace app
