// The viewer's input: the camera (mouse over the 3D view only), the keyboard shortcuts (only
// while no text field has the keyboard), dropped files, and the requests panels post.
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "app/viewer/ViewerWindow.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

namespace fs = std::filesystem;

namespace {

bool pressed(int key) {
    return ImGui::IsKeyPressed(key, false);
}
bool repeated(int key) {
    return ImGui::IsKeyPressed(key, true);
}

}  // namespace

void ViewerWindow::onDrop(GLFWwindow* window, int count, const char** paths) {
    auto* self = static_cast<ViewerWindow*>(glfwGetWindowUserPointer(window));
    if (!self || count <= 0 || !paths) return;
    // Several files at once: the last one is opened (one document at a time).
    self->mDropped.assign(paths, paths + count);
}

void ViewerWindow::handleCameraInput() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse) return;
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    // ImGui's mouse is in window units; the camera works in framebuffer pixels.
    const float dx = io.MouseDelta.x * io.DisplayFramebufferScale.x;
    const float dy = io.MouseDelta.y * io.DisplayFramebufferScale.y;
    const bool moved = io.MouseDelta.x != 0 || io.MouseDelta.y != 0;
    const bool panning = io.MouseDown[2] || (io.MouseDown[0] && io.KeyShift);
    if ((moved && (panning || io.MouseDown[0])) || io.MouseWheel != 0) leaveFileCamera();
    if (moved && panning) {
        mCamera.pan(dx, dy, fbHeight);
    } else if (moved && io.MouseDown[0]) {
        mCamera.orbit(dx, dy);
    }
    if (io.MouseWheel != 0) mCamera.zoom(io.MouseWheel);
    // A click (pressed and released without dragging past a few pixels) picks a vertex.
    constexpr float kClickSlopSq = 16.0f;
    if (ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < kClickSlopSq && !io.KeyShift)
        pickAtMouse();
}

void ViewerWindow::handleShortcuts() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureKeyboard || io.WantTextInput) return;
    ViewerRequests& r = mUi.requests;
    const bool ctrl = io.KeyCtrl;
    if (pressed(GLFW_KEY_TAB)) mUi.visible = !mUi.visible;
    if (pressed(GLFW_KEY_F1)) mUi.showShortcuts = !mUi.showShortcuts;
    if (pressed(GLFW_KEY_F5)) r.reload = true;
    if (pressed(GLFW_KEY_F11)) r.toggleFullscreen = true;
    if (pressed(GLFW_KEY_F12)) r.screenshot = true;
    if (pressed(GLFW_KEY_F) && !ctrl) r.frame = Framing::All;
    if (pressed(GLFW_KEY_M) && !ctrl) r.frame = Framing::Morphed;
    if (pressed(GLFW_KEY_S) && !ctrl) r.frame = Framing::SelectedMesh;
    if (pressed(GLFW_KEY_HOME)) r.resetCamera = true;
    if (pressed(GLFW_KEY_1) || pressed(GLFW_KEY_KP_1))
        r.view = ctrl ? CameraPreset::Back : CameraPreset::Front;
    if (pressed(GLFW_KEY_3) || pressed(GLFW_KEY_KP_3))
        r.view = ctrl ? CameraPreset::Left : CameraPreset::Right;
    if (pressed(GLFW_KEY_7) || pressed(GLFW_KEY_KP_7))
        r.view = ctrl ? CameraPreset::Bottom : CameraPreset::Top;
    if (pressed(GLFW_KEY_W) && !ctrl) mUi.wireframe = Wireframe((int(mUi.wireframe) + 1) % 3);
    if (pressed(GLFW_KEY_N) && !ctrl) mUi.inspect.normals = !mUi.inspect.normals;
    if (pressed(GLFW_KEY_G) && !ctrl)
        mUi.inspect.ghost = renderer::GhostMode((int(mUi.inspect.ghost) + 1) % 3);
    if (pressed(GLFW_KEY_H) && !ctrl) mUi.inspect.heat = !mUi.inspect.heat;
    if (pressed(GLFW_KEY_T) && !ctrl) mUi.turntable.on = !mUi.turntable.on;
    if (pressed(GLFW_KEY_P) && !ctrl) mUi.presetCycle.on = !mUi.presetCycle.on;
    if (pressed(GLFW_KEY_F9)) r.toggleRecording = true;
    if (pressed(GLFW_KEY_O) && ctrl) openBrowser(mUi, BrowserMode::OpenModel, mDoc.model.path);
    if (pressed(GLFW_KEY_Q) && ctrl) r.quit = true;
    if (pressed(GLFW_KEY_ESCAPE)) {
        if (mContext.fullscreen()) {
            r.toggleFullscreen = true;
        } else if (mUi.browser.visible) {
            mUi.browser.visible = false;
        } else {
            r.quit = true;
        }
    }
    if (!mDoc.loaded) return;
    ViewerState& state = mDoc.state;
    if (pressed(GLFW_KEY_SPACE)) togglePlay(state, mDoc.scene);
    if (repeated(GLFW_KEY_LEFT)) stepToPrevKey(state, mDoc.scene);
    if (repeated(GLFW_KEY_RIGHT)) stepToNextKey(state, mDoc.scene);
    if (pressed(GLFW_KEY_K)) keyPose(mDoc, mUi);
    if (pressed(GLFW_KEY_DELETE) && mUi.selectedKey >= 0 && state.keyClip >= 0 &&
        size_t(state.keyClip) < state.userClips.size()) {
        morph::deleteKey(state.userClips[size_t(state.keyClip)], size_t(mUi.selectedKey));
        mUi.selectedKey = -1;
    }
}

renderer::Aabb ViewerWindow::sceneBounds() const {
    if (!mDoc.loaded) return {};
    return mDoc.gpu.bounds(mDoc.frame.pose);
}

renderer::Aabb ViewerWindow::framingBounds(Framing framing) const {
    if (!mDoc.loaded) return {};
    renderer::Aabb box;
    switch (framing) {
        case Framing::All: break;
        case Framing::Morphed: box = mDoc.gpu.morphedRegion(mDoc.frame.pose); break;
        case Framing::SelectedMesh:
            if (mDoc.state.selectedMesh >= 0)
                box = mDoc.gpu.bounds(mDoc.frame.pose, mDoc.state.selectedMesh);
            break;
    }
    return box.valid ? box : sceneBounds();  // nothing morphs, nothing selected: the model
}

renderer::Camera ViewerWindow::viewCamera(const ViewRegion& region, int fbWidth,
                                          int fbHeight) const {
    if (mUi.fileCamera >= 0 && mDoc.loaded) {
        auto file =
            renderer::fileCamera(mDoc.gpu.layout(), mDoc.frame.pose, mUi.fileCamera, sceneBounds());
        if (file) return *file;
    }
    return mCamera.camera(region, fbWidth, fbHeight);
}

void ViewerWindow::leaveFileCamera() {
    if (mUi.fileCamera < 0) return;
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    mCamera.lookFrom(viewCamera(viewRegion(), fbWidth, fbHeight));
    mUi.fileCamera = -1;
}

void ViewerWindow::frameModel() {
    leaveFileCamera();
    int fbWidth = 0, fbHeight = 0;
    mContext.framebufferSize(fbWidth, fbHeight);
    mCamera.frame(framingBounds(mUi.framing), viewRegion(), fbWidth, fbHeight);
}

void ViewerWindow::handleRequests() {
    ViewerRequests& r = mUi.requests;
    if (!mDropped.empty()) {
        // An .hdr is a light, anything else a model; of several files, the last of each.
        for (const std::string& path : mDropped) {
            std::string ext = fs::path(path).extension().string();
            std::transform(ext.begin(), ext.end(), ext.begin(),
                           [](unsigned char c) { return char(std::tolower(c)); });
            (ext == ".hdr" ? r.environment : r.open) = path;
        }
        mDropped.clear();
    }
    if (r.environment) {
        const std::string spec = *r.environment;
        r.environment.reset();
        if (useEnvironment(spec)) mViewKey.reset();
    }
    if (r.open) {
        const std::string path = *r.open;
        r.open.reset();
        openModel(path, false);
    }
    if (r.reload) {
        r.reload = false;
        if (mDoc.loaded) openModel(mDoc.model.path, true);
    }
    if (r.scene) {
        if (mDoc.loaded) {
            mDoc.state.scene = *r.scene;
            ++mDoc.state.revision;
            refreshFrame(mDoc);
            mUi.inspect.picked = false;  // a vertex of the other scene
            if (mUi.fileCamera < 0) r.frame = mUi.framing;
        }
        r.scene.reset();
    }
    if (r.variant) {
        // Only the material each draw binds changes: nothing is uploaded or morphed again.
        if (mDoc.loaded) mDoc.state.variant = *r.variant;
        r.variant.reset();
    }
    if (r.fileCamera && *r.fileCamera < 0) {
        leaveFileCamera();
        r.fileCamera.reset();
    }
    if (r.fileCamera) {
        if (mDoc.loaded) {
            const int previous = mUi.fileCamera;
            mUi.fileCamera = *r.fileCamera;
            auto file = renderer::fileCamera(mDoc.gpu.layout(), mDoc.frame.pose, mUi.fileCamera,
                                             sceneBounds());
            if (!file) {
                showError(mUi, file.error().message);
                mUi.fileCamera = previous;
            }
        }
        r.fileCamera.reset();
    }
    if (r.view) {
        leaveFileCamera();
        switch (*r.view) {
            case CameraPreset::Front: mCamera.setAngles(0, 0); break;
            case CameraPreset::Back: mCamera.setAngles(180, 0); break;
            case CameraPreset::Right: mCamera.setAngles(90, 0); break;
            case CameraPreset::Left: mCamera.setAngles(-90, 0); break;
            case CameraPreset::Top: mCamera.setAngles(0, 90); break;
            case CameraPreset::Bottom: mCamera.setAngles(0, -90); break;
        }
        r.view.reset();
        r.frame = mUi.framing;
    }
    if (r.resetCamera) {
        r.resetCamera = false;
        mUi.fileCamera = -1;  // Home: the orbit camera's front view, not the file's
        mCamera.setAngles(0, 0);
        r.frame = mUi.framing;
    }
    if (r.frame) {
        mUi.framing = *r.frame;
        r.frame.reset();
        frameModel();
    }
    if (r.toggleFullscreen) {
        r.toggleFullscreen = false;
        mContext.setFullscreen(!mContext.fullscreen());
    }
    if (r.toggleRecording) {
        r.toggleRecording = false;
        toggleRecording();
    }
    if (r.quit) {
        r.quit = false;
        glfwSetWindowShouldClose(mContext.window(), GLFW_TRUE);
    }
}

bool ViewerWindow::openModel(const std::string& path, bool keepState, bool wait) {
    ModelOptions model = mDoc.loaded || !mDoc.model.path.empty() ? mDoc.model : mOptions.model;
    model.path = path;
    // --pose files belong to the model they were given with, not to one opened later.
    if (path != mOptions.model.path) model.poses.clear();
    BackgroundLoad::Request request{model, keepState};
    if (wait) return finishOpen({request, loadModel(model)});
    mLoad.start(std::move(request));
    return true;
}

void ViewerWindow::pollLoad() {
    LoadingUi& loading = mUi.loading;
    loading.active = mLoad.busy();
    if (loading.active) {
        loading.file = std::filesystem::path(mLoad.path()).filename().string();
        loading.stage = mLoad.stage();
        loading.fraction = mLoad.fraction();
        loading.seconds = mLoad.seconds();
    }
    if (std::optional<BackgroundLoad::Loaded> loaded = mLoad.take()) {
        finishOpen(std::move(*loaded));
        loading.active = mLoad.busy();
    }
}

bool ViewerWindow::finishOpen(BackgroundLoad::Loaded loaded) {
    const ModelOptions& model = loaded.request.model;
    const std::string& path = model.path;
    const bool keepState = loaded.request.keepState;
    morph::Result<morph::Scene>& scene = loaded.scene;
    if (!scene) {  // the model shown stays
        showError(mUi, scene.error().message);
        mPendingStart.reset();  // they were meant for this file
        return false;
    }
    renderer::UploadOptions upload;
    upload.maxBytes = model.maxMemoryBytes;  // the same budget bounds GPU bytes
    auto gpu = renderer::GpuScene::upload(*scene, upload);
    if (!gpu) {
        showError(mUi, gpu.error().message);  // names the file already
        return false;
    }
    for (const std::string& warning : scene->warnings)
        std::fprintf(stderr, "warning: %s\n", warning.c_str());

    ViewerState state;
    if (keepState && mDoc.loaded) {
        state = remapState(mDoc.state, mDoc.scene, *scene);
    } else {
        state = makeViewerState(*scene);
        applySettings(state, mSettings);
        // User clips and presets are stored by target name: they carry over to the next model.
        state.userClips = std::move(mDoc.state.userClips);
        state.presets = std::move(mDoc.state.presets);
        state.abPresets = mDoc.state.abPresets;
        state.abActive = mDoc.state.abActive;
        mUi.curveTargets.clear();
        mUi.selectedKey = -1;
        mNeedsFraming = true;
    }
    mDoc.model = model;
    mDoc.scene = std::move(scene).value();
    mDoc.gpu = std::move(gpu).value();
    mDoc.state = std::move(state);
    mDoc.loaded = true;
    refreshFrame(mDoc);          // whatever reads the frame before the next one reads this scene's
    mUi.inspect.picked = false;  // its indices belong to the previous scene
    if (!keepState) mUi.fileCamera = -1;  // another file's cameras
    mUi.error.clear();
    measureMorphMemory(mDoc, mUi.stats);
    showMessage(mUi, (keepState ? "reloaded " : "opened ") + path);
    if (mPendingStart) {  // the command line's --weights/--animation, for its first model
        const StartOptions start = std::move(*mPendingStart);
        mPendingStart.reset();
        if (auto applied = applyStartOptions(mDoc, start.weights, start.animation, start.time,
                                             start.scene, start.variant);
            !applied) {
            showError(mUi, applied.error().message);
        }
    }

    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    addRecentFile(mSettings, ec ? path : absolute);
    mUi.recentFiles = mSettings.recentFiles;
    saveSettings();
    return true;
}

void ViewerWindow::saveSettings() {
    if (reproducible()) return;
    const std::string path = settingsPath();
    if (path.empty()) return;
    if (mDoc.loaded) captureSettings(mSettings, mDoc.state);
    mSettings.recentFiles = mUi.recentFiles;
    if (auto saved = app::saveSettings(mSettings, path); !saved) {
        std::fprintf(stderr, "morphview: %s\n", saved.error().message.c_str());
    }
}

bool ViewerWindow::useEnvironment(const std::string& spec) {
    if (spec == renderer::kRigLighting || mEnvironments.count(spec)) {
        mUi.environment = spec;
        return true;
    }
    auto loaded = renderer::GpuEnvironment::load(spec);
    if (!loaded) {
        showError(mUi, loaded.error().message);
        return false;
    }
    mEnvironments.emplace(spec, std::move(loaded).value());
    mUi.environment = spec;
    return true;
}

}  // namespace app
